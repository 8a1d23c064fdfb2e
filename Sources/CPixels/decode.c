#include "pixels.h"
#include <png.h>
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

void ps_free(void *p) { free(p); }

static void set_err(char *err, size_t n, const char *msg) {
    if (err && n) { strncpy(err, msg, n - 1); err[n - 1] = 0; }
}

/* ---- PNG: libpng's simplified API reports errors by return code. ---- */
static int decode_png(const uint8_t *data, size_t len, int header_only, uint32_t *w, uint32_t *h,
                      uint8_t **pixels, char *err, size_t err_len) {
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, data, len)) {
        set_err(err, err_len, img.message[0] ? img.message : "not a readable PNG");
        png_image_free(&img);
        return 1;
    }
    *w = img.width; *h = img.height;
    if ((uint64_t)img.width * img.height > PS_MAX_PIXELS || img.width == 0 || img.height == 0) {
        png_image_free(&img);
        set_err(err, err_len, "image size is zero or larger than 100 megapixels");
        return 1;
    }
    if (header_only) { png_image_free(&img); return 0; }
    img.format = PNG_FORMAT_RGBA;
    size_t size = (size_t)img.width * img.height * 4;
    uint8_t *buf = malloc(size);
    if (!buf) { png_image_free(&img); set_err(err, err_len, "out of memory"); return 1; }
    if (!png_image_finish_read(&img, NULL, buf, (png_int_32)img.width * 4, NULL)) {
        set_err(err, err_len, img.message[0] ? img.message : "corrupt PNG data");
        free(buf);
        png_image_free(&img);
        return 1;
    }
    *pixels = buf;
    return 0;
}

/* ---- JPEG: libjpeg's error_exit must not return; it longjmps back here. ---- */
struct jerr { struct jpeg_error_mgr pub; jmp_buf jump; char msg[JMSG_LENGTH_MAX]; };

static void jpeg_fail(j_common_ptr cinfo) {
    struct jerr *e = (struct jerr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->msg);
    longjmp(e->jump, 1);
}
static void jpeg_quiet(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

static int decode_jpeg(const uint8_t *data, size_t len, int header_only, uint32_t *w, uint32_t *h,
                       uint8_t **pixels, char *err, size_t err_len) {
    struct jpeg_decompress_struct cinfo;
    struct jerr jerr;
    uint8_t *volatile buf = NULL;
    uint8_t *volatile row = NULL;
    cinfo.err = jpeg_std_error(&jerr.pub);
    jerr.pub.error_exit = jpeg_fail;
    jerr.pub.emit_message = jpeg_quiet;
    jerr.msg[0] = 0;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(buf); free(row);
        set_err(err, err_len, jerr.msg[0] ? jerr.msg : "corrupt JPEG data");
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)len);
    jpeg_read_header(&cinfo, TRUE);
    *w = cinfo.image_width; *h = cinfo.image_height;
    if ((uint64_t)cinfo.image_width * cinfo.image_height > PS_MAX_PIXELS || !cinfo.image_width || !cinfo.image_height) {
        jpeg_destroy_decompress(&cinfo);
        set_err(err, err_len, "image size is zero or larger than 100 megapixels");
        return 1;
    }
    if (header_only) { jpeg_destroy_decompress(&cinfo); return 0; }
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    size_t width = cinfo.output_width;
    buf = malloc(width * cinfo.output_height * 4);
    row = malloc(width * 3);
    if (!buf || !row) { jpeg_destroy_decompress(&cinfo); free(buf); free(row); set_err(err, err_len, "out of memory"); return 1; }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW r = row;
        size_t y = cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &r, 1);
        uint8_t *dst = buf + y * width * 4;
        for (size_t x = 0; x < width; x++) {
            dst[4 * x] = row[3 * x]; dst[4 * x + 1] = row[3 * x + 1]; dst[4 * x + 2] = row[3 * x + 2]; dst[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *pixels = buf;
    return 0;
}

int ps_image_decode(const uint8_t *data, size_t len, int header_only, uint32_t *width,
                    uint32_t *height, uint8_t **pixels, char *err, size_t err_len) {
    *pixels = NULL;
    if (len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0)
        return decode_png(data, len, header_only, width, height, pixels, err, err_len);
    if (len >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF)
        return decode_jpeg(data, len, header_only, width, height, pixels, err, err_len);
    set_err(err, err_len, "not a PNG or JPEG file");
    return 1;
}
