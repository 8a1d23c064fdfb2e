#include "cjpeg_read.h"

#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* Progressive files can hold thousands of tiny scans (a known CPU-exhaustion
 * trick); real encoders use about a dozen. */
#define CJPEG_MAX_SCANS 500

/* Memory libjpeg may use besides the buffers read_header accounts for: its
 * tables, per-scan state and line buffers for any image libjpeg accepts. */
#define CJPEG_MEMORY_SLACK (16u << 20)

struct cjpeg_reader {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr err;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;

    const uint8_t *data;
    size_t size;

    int created;
    int header_read;
    int header_ok;
    int pixels_read;
    int cmyk;
    uint64_t max_pixels;
    uint64_t working;

    uint8_t *row;
    char message[JMSG_LENGTH_MAX + 64];
};

static void fail(j_common_ptr cinfo) {
    cjpeg_reader *r = (cjpeg_reader *)cinfo->client_data;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    snprintf(r->message, sizeof r->message, "%s", buffer);
    longjmp(r->jump, 1);
}

static void on_error_exit(j_common_ptr cinfo) {
    fail(cinfo);
}

static void on_emit_message(j_common_ptr cinfo, int level) {
    /* Negative levels are warnings. These ones mean image data is missing or
     * unreadable (a truncated file, a data segment cut short, a lost restart
     * marker, a corrupt entropy code): libjpeg would go on and fill the rest
     * with grey, we refuse the file instead. */
    if (level >= 0) return;
    switch (cinfo->err->msg_code) {
    case JWRN_JPEG_EOF:
    case JWRN_HIT_MARKER:
    case JWRN_MUST_RESYNC:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
        fail(cinfo);
        break;
    default:
        break;
    }
}

static void on_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        if (d->input_scan_number > CJPEG_MAX_SCANS) {
            cjpeg_reader *r = (cjpeg_reader *)cinfo->client_data;
            snprintf(r->message, sizeof r->message,
                     "progressive JPEG has more than %d scans", CJPEG_MAX_SCANS);
            longjmp(r->jump, 1);
        }
    }
}

cjpeg_reader *cjpeg_reader_create(const uint8_t *data, size_t size) {
    cjpeg_reader *r = (cjpeg_reader *)calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->data = data;
    r->size = size;
    r->max_pixels = 100000000u;
    return r;
}

void cjpeg_reader_set_limits(cjpeg_reader *r, uint64_t max_pixels) {
    if (r != NULL) r->max_pixels = max_pixels;
}

uint64_t cjpeg_reader_working_bytes(const cjpeg_reader *r) {
    return r != NULL && r->header_ok ? r->working : 0;
}

const char *cjpeg_reader_message(const cjpeg_reader *r) {
    return r != NULL ? r->message : "no reader";
}

void cjpeg_reader_destroy(cjpeg_reader *r) {
    if (r == NULL) return;
    if (r->created) jpeg_destroy_decompress(&r->cinfo);
    free(r->row);
    free(r);
}

int cjpeg_reader_read_header(cjpeg_reader *r, uint32_t *width, uint32_t *height) {
    if (r == NULL || r->header_read) return CJPEG_BAD_STATE;
    r->header_read = 1;

    if (r->size < 3 || r->data[0] != 0xFF || r->data[1] != 0xD8 || r->data[2] != 0xFF) {
        snprintf(r->message, sizeof r->message, "not a JPEG file (missing SOI marker)");
        return CJPEG_NOT_JPEG;
    }
    r->cinfo.err = jpeg_std_error(&r->err);
    r->err.error_exit = on_error_exit;
    r->err.emit_message = on_emit_message;
    r->cinfo.client_data = r;

    if (setjmp(r->jump)) {
        return CJPEG_ERROR;
    }

    /* Safe to destroy even if creation fails half-way: cinfo starts zeroed. */
    r->created = 1;
    jpeg_create_decompress(&r->cinfo);
    r->cinfo.client_data = r;
    r->progress.progress_monitor = on_progress;
    r->cinfo.progress = &r->progress;

    jpeg_mem_src(&r->cinfo, (unsigned char *)r->data, (unsigned long)r->size);
    (void)jpeg_read_header(&r->cinfo, TRUE);

    if (r->cinfo.jpeg_color_space == JCS_CMYK || r->cinfo.jpeg_color_space == JCS_YCCK) {
        r->cmyk = 1;
        r->cinfo.out_color_space = JCS_CMYK;
    } else {
        r->cinfo.out_color_space = JCS_EXT_RGBA;
    }

    *width = r->cinfo.image_width;
    *height = r->cinfo.image_height;
    if ((uint64_t)r->cinfo.image_width * r->cinfo.image_height > r->max_pixels) {
        snprintf(r->message, sizeof r->message, "%ux%u pixels exceed the limit of %llu pixels",
                 (unsigned)r->cinfo.image_width, (unsigned)r->cinfo.image_height,
                 (unsigned long long)r->max_pixels);
        return CJPEG_TOO_LARGE;
    }

    /* What jpeg_start_decompress will ask for. A file with several scans
     * (progressive, or non-interleaved) is buffered whole as DCT coefficients:
     * 64 two-byte values per 8x8 block of every component, blocks padded to
     * whole MCUs. A single-scan file needs a few rows of blocks per component
     * (generously: 8 block rows), plus our CMYK row. */
    uint64_t working = 0;
    const int buffered = jpeg_has_multiple_scans(&r->cinfo);
    for (int c = 0; c < r->cinfo.num_components; c++) {
        const jpeg_component_info *comp = &r->cinfo.comp_info[c];
        const uint64_t h_samp = comp->h_samp_factor > 0 ? (uint64_t)comp->h_samp_factor : 1;
        const uint64_t v_samp = comp->v_samp_factor > 0 ? (uint64_t)comp->v_samp_factor : 1;
        const uint64_t blocks_wide = ((uint64_t)comp->width_in_blocks + h_samp - 1) / h_samp * h_samp;
        const uint64_t blocks_high = ((uint64_t)comp->height_in_blocks + v_samp - 1) / v_samp * v_samp;
        if (buffered) {
            working += blocks_wide * blocks_high * DCTSIZE2 * sizeof(JCOEF);
        } else {
            working += blocks_wide * DCTSIZE * v_samp * DCTSIZE * 8;
        }
    }
    if (r->cmyk) working += (uint64_t)r->cinfo.image_width * 4;
    r->working = working + CJPEG_MEMORY_SLACK;

    r->header_ok = 1;
    return CJPEG_OK;
}

int cjpeg_reader_read_rgba(cjpeg_reader *r, uint8_t *out, size_t out_size) {
    if (r == NULL || !r->header_ok || r->pixels_read) return CJPEG_BAD_STATE;
    r->pixels_read = 1;

    const size_t w = r->cinfo.image_width;
    const size_t h = r->cinfo.image_height;
    if (w != 0 && (out_size / 4 / w != h || out_size % (4 * w) != 0)) {
        snprintf(r->message, sizeof r->message, "output buffer size does not match the image size");
        return CJPEG_BAD_STATE;
    }

    if (setjmp(r->jump)) {
        return CJPEG_ERROR;
    }

    /* libjpeg's memory manager refuses whole-image buffers beyond this (it has
     * no backing store, so that is an error rather than a temporary file). */
    r->cinfo.mem->max_memory_to_use =
        r->working < (uint64_t)LONG_MAX ? (long)r->working : LONG_MAX;
    (void)jpeg_start_decompress(&r->cinfo);
    if (r->cinfo.output_width != w || r->cinfo.output_height != h) {
        snprintf(r->message, sizeof r->message, "unexpected output size");
        return CJPEG_ERROR;
    }

    if (!r->cmyk) {
        while (r->cinfo.output_scanline < h) {
            JSAMPROW row = out + (size_t)r->cinfo.output_scanline * w * 4;
            (void)jpeg_read_scanlines(&r->cinfo, &row, 1);
        }
    } else {
        /* Adobe writes inverted CMYK (255 = no ink); plain CMYK is rare. */
        const int inverted = r->cinfo.saw_Adobe_marker;
        r->row = (uint8_t *)malloc(w * 4 ? w * 4 : 1);
        if (r->row == NULL) {
            snprintf(r->message, sizeof r->message, "out of memory (row buffer)");
            return CJPEG_OUT_OF_MEMORY;
        }
        while (r->cinfo.output_scanline < h) {
            size_t y = r->cinfo.output_scanline;
            JSAMPROW row = r->row;
            (void)jpeg_read_scanlines(&r->cinfo, &row, 1);
            uint8_t *o = out + y * w * 4;
            for (size_t x = 0; x < w; x++) {
                unsigned c = r->row[x * 4], m = r->row[x * 4 + 1];
                unsigned yy = r->row[x * 4 + 2], k = r->row[x * 4 + 3];
                if (!inverted) {
                    c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k;
                }
                o[x * 4 + 0] = (uint8_t)((c * k + 127) / 255);
                o[x * 4 + 1] = (uint8_t)((m * k + 127) / 255);
                o[x * 4 + 2] = (uint8_t)((yy * k + 127) / 255);
                o[x * 4 + 3] = 255;
            }
        }
    }
    /* No jpeg_finish_decompress: all pixels are in; a missing EOI is harmless. */
    return CJPEG_OK;
}
