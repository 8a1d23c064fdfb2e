#include "cpng_read.h"

#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cpng_reader {
    png_structp png;
    png_infop info;

    const uint8_t *data;
    size_t size;
    size_t offset;

    uint64_t max_pixels;    /* width * height */
    uint64_t max_chunk;     /* bytes libpng may allocate for one ancillary chunk */

    int header_read;
    int header_ok;
    int pixels_read;

    png_uint_32 width;
    png_uint_32 height;
    int bit_depth;
    int color_type;
    int interlaced;
    size_t rowbytes;        /* one row as libpng delivers it (after unpacking) */
    uint64_t working;       /* bytes read_rgba allocates besides its output */

    int has_key;            /* grey/RGB tRNS colour key present */
    unsigned key_r, key_g, key_b; /* raw sample values (grey uses key_r) */

    int num_palette;
    uint8_t palette[256 * 4]; /* RGBA, alpha from tRNS */

    /* The fast path (8-bit RGB or RGBA, not interlaced, no colour key): the IDAT
     * stream inflated whole by libdeflate and unfiltered here; anything it does
     * not take as it expects goes back to libpng, which gives the error. */
    int fast;
    int fast_disabled;      /* libpng only (no memory for the fast path, or tests) */
    uint64_t fast_bytes;    /* what the fast path allocates besides read_rgba's working bytes */
    size_t idat_start;      /* offset of the first IDAT chunk */
    size_t idat_bytes;      /* the compressed stream's length, all IDATs */
    int idat_count;

    uint8_t *row;           /* one decoded row */
    uint8_t *image;         /* all rows (interlaced 16-bit) */
    png_bytep *rows;        /* row pointers (interlaced) */

    char message[512];
};

/* The fast path's filtered rows are held whole: it is taken up to this size
 * (a 3x screen of the largest phone is 14.4 MB), libpng's row by row beyond. */
#define CPNG_FAST_MAX_BYTES (64u << 20)

static int fast_scan(cpng_reader *r);

void cpng_reader_set_fast(cpng_reader *r, int enabled) {
    if (r != NULL) r->fast_disabled = !enabled;
}

uint64_t cpng_reader_fast_bytes(const cpng_reader *r) {
    return r != NULL && r->fast && !r->fast_disabled ? r->fast_bytes : 0;
}

static void set_message(cpng_reader *r, const char *msg) {
    snprintf(r->message, sizeof r->message, "%s", msg ? msg : "unknown error");
}

static void on_error(png_structp png, png_const_charp msg) {
    cpng_reader *r = (cpng_reader *)png_get_error_ptr(png);
    if (r != NULL) set_message(r, msg);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) {
    /* Warnings (bad ancillary chunks, ...) do not stop decoding. */
    (void)png;
    (void)msg;
}

static void on_read(png_structp png, png_bytep out, size_t length) {
    cpng_reader *r = (cpng_reader *)png_get_io_ptr(png);
    if (length > r->size - r->offset) {
        png_error(png, "unexpected end of data (file is truncated)");
    }
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

cpng_reader *cpng_reader_create(const uint8_t *data, size_t size) {
    cpng_reader *r = (cpng_reader *)calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->data = data;
    r->size = size;
    r->max_pixels = 100000000u;
    r->max_chunk = 8u << 20;
    return r;
}

void cpng_reader_set_limits(cpng_reader *r, uint64_t max_pixels, uint64_t max_chunk_bytes) {
    if (r == NULL) return;
    r->max_pixels = max_pixels;
    r->max_chunk = max_chunk_bytes;
}

uint64_t cpng_reader_working_bytes(const cpng_reader *r) {
    return r != NULL && r->header_ok ? r->working : 0;
}

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

const char *cpng_reader_message(const cpng_reader *r) {
    return r != NULL ? r->message : "no reader";
}

void cpng_reader_destroy(cpng_reader *r) {
    if (r == NULL) return;
    if (r->png != NULL) png_destroy_read_struct(&r->png, &r->info, NULL);
    free(r->row);
    free(r->image);
    free(r->rows);
    free(r);
}

/* Ancillary chunks that cannot change the decoded pixels (we apply no gamma,
 * colour management or background): skip them unparsed, as pngjs does. */
static const png_byte ignored_chunks[] = {
    'b', 'K', 'G', 'D', '\0', 'c', 'H', 'R', 'M', '\0', 'e', 'X', 'I', 'f', '\0',
    'g', 'A', 'M', 'A', '\0', 'h', 'I', 'S', 'T', '\0', 'i', 'C', 'C', 'P', '\0',
    'i', 'T', 'X', 't', '\0', 'o', 'F', 'F', 's', '\0', 'p', 'C', 'A', 'L', '\0',
    'p', 'H', 'Y', 's', '\0', 's', 'B', 'I', 'T', '\0', 's', 'C', 'A', 'L', '\0',
    's', 'P', 'L', 'T', '\0', 's', 'R', 'G', 'B', '\0', 't', 'E', 'X', 't', '\0',
    't', 'I', 'M', 'E', '\0', 'z', 'T', 'X', 't', '\0',
};

int cpng_reader_read_header(cpng_reader *r, uint32_t *width, uint32_t *height) {
    if (r == NULL || r->header_read) return CPNG_BAD_STATE;
    r->header_read = 1;

    if (r->size < 8 || png_sig_cmp((png_const_bytep)r->data, 0, 8) != 0) {
        set_message(r, "not a PNG file (missing PNG signature)");
        return CPNG_NOT_PNG;
    }

    /* The size, straight from the IHDR bytes (the first chunk: length 13, type,
     * width, height), before libpng allocates anything at all. A file without
     * a proper IHDR goes on to fail in libpng with its own message. */
    if (r->size >= 24 && be32(r->data + 8) == 13 && memcmp(r->data + 12, "IHDR", 4) == 0) {
        const uint32_t w = be32(r->data + 16), h = be32(r->data + 20);
        if ((uint64_t)w * h > r->max_pixels) {
            *width = w;
            *height = h;
            snprintf(r->message, sizeof r->message, "%ux%u pixels exceed the limit of %llu pixels",
                     w, h, (unsigned long long)r->max_pixels);
            return CPNG_TOO_LARGE;
        }
    }

    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    if (r->png == NULL) {
        set_message(r, "out of memory (png_create_read_struct)");
        return CPNG_OUT_OF_MEMORY;
    }
    r->info = png_create_info_struct(r->png);
    if (r->info == NULL) {
        set_message(r, "out of memory (png_create_info_struct)");
        return CPNG_OUT_OF_MEMORY;
    }

    if (setjmp(png_jmpbuf(r->png))) {
        return CPNG_ERROR;
    }

    png_set_read_fn(r->png, r, on_read);
    /* libpng's own checks, from the same limits: no side longer than the pixel
     * limit allows (a second line behind the IHDR check above), and no
     * ancillary chunk (iCCP, zTXt, ... should one ever be parsed rather than
     * skipped) inflated or stored beyond max_chunk bytes. */
    {
        const uint64_t side = r->max_pixels < 0x7fffffffu ? r->max_pixels : 0x7fffffffu;
        png_set_user_limits(r->png, (png_uint_32)(side > 0 ? side : 1), (png_uint_32)(side > 0 ? side : 1));
        png_set_chunk_malloc_max(r->png, (png_alloc_size_t)(r->max_chunk > 0 ? r->max_chunk : 1));
    }
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks,
                                (int)(sizeof ignored_chunks / 5));

    png_read_info(r->png, r->info);

    int interlace = 0;
    png_get_IHDR(r->png, r->info, &r->width, &r->height, &r->bit_depth, &r->color_type,
                 &interlace, NULL, NULL);
    r->interlaced = interlace != PNG_INTERLACE_NONE;

    if (r->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_colorp plte = NULL;
        int num = 0;
        if (png_get_PLTE(r->png, r->info, &plte, &num) == 0 || num <= 0) {
            png_error(r->png, "palette image without a PLTE chunk");
        }
        if (num > 256) num = 256;
        r->num_palette = num;
        for (int i = 0; i < num; i++) {
            r->palette[i * 4 + 0] = plte[i].red;
            r->palette[i * 4 + 1] = plte[i].green;
            r->palette[i * 4 + 2] = plte[i].blue;
            r->palette[i * 4 + 3] = 255;
        }
    }

    if (png_get_valid(r->png, r->info, PNG_INFO_tRNS)) {
        png_bytep trans_alpha = NULL;
        int num_trans = 0;
        png_color_16p trans_color = NULL;
        png_get_tRNS(r->png, r->info, &trans_alpha, &num_trans, &trans_color);
        if (r->color_type == PNG_COLOR_TYPE_PALETTE) {
            for (int i = 0; i < num_trans && i < r->num_palette; i++) {
                r->palette[i * 4 + 3] = trans_alpha[i];
            }
        } else if (trans_color != NULL && r->color_type == PNG_COLOR_TYPE_GRAY) {
            r->has_key = 1;
            r->key_r = trans_color->gray;
        } else if (trans_color != NULL && r->color_type == PNG_COLOR_TYPE_RGB) {
            r->has_key = 1;
            r->key_r = trans_color->red;
            r->key_g = trans_color->green;
            r->key_b = trans_color->blue;
        }
    }

    if ((uint64_t)r->width * r->height > r->max_pixels) {
        snprintf(r->message, sizeof r->message, "%ux%u pixels exceed the limit of %llu pixels",
                 (unsigned)r->width, (unsigned)r->height, (unsigned long long)r->max_pixels);
        *width = r->width;
        *height = r->height;
        return CPNG_TOO_LARGE;
    }

    /* Only unpack sub-byte samples to one byte each (values unchanged); every
     * other conversion happens in convert_row so it matches pngjs exactly.
     * png_read_update_info, which allocates libpng's row buffers, waits for
     * read_rgba: the caller checks the size and the working memory first. */
    if (r->bit_depth < 8) png_set_packing(r->png);
    if (r->interlaced) (void)png_set_interlace_handling(r->png);

    const uint64_t channels = png_get_channels(r->png, r->info);
    const uint64_t row = (uint64_t)r->width * channels * (r->bit_depth == 16 ? 2 : 1);
    /* libpng keeps two rows (the current and the previous one, for filtering)
     * and we one more; interlaced images are read whole: 16-bit ones into a
     * separate buffer, others straight into the output, plus row pointers. */
    r->working = 3 * row + 256;
    if (r->interlaced) {
        r->working += (uint64_t)r->height * sizeof(png_bytep);
        if (r->bit_depth == 16) r->working += row * r->height;
    }

    /* The fast path's eligibility and memory: its filtered rows (one filter byte
     * and the row's samples each) and, when the stream is split, a copy of it. */
    if (!r->interlaced && r->bit_depth == 8 && !r->has_key &&
        (r->color_type == PNG_COLOR_TYPE_RGB || r->color_type == PNG_COLOR_TYPE_RGB_ALPHA)) {
        const uint64_t filtered = (uint64_t)r->height * (row + 1);
        if (filtered <= CPNG_FAST_MAX_BYTES && fast_scan(r)) {
            r->fast = 1;
            r->fast_bytes = filtered + (r->idat_count > 1 ? r->idat_bytes : 0);
        }
    }

    *width = r->width;
    *height = r->height;
    r->header_ok = 1;
    return CPNG_OK;
}

/* Finds the IDAT chunks after the header's (bounded by the data): 1 when they
 * are consecutive and their lengths add up within the data. CRCs are checked
 * when the stream is read. */
static int fast_scan(cpng_reader *r) {
    size_t at = 8;
    int seen = 0;
    r->idat_bytes = 0;
    r->idat_count = 0;
    while (at + 12 <= r->size) {
        const uint32_t len = be32(r->data + at);
        if (len > 0x7fffffffu || (uint64_t)len + 12 > r->size - at) return 0;
        const int idat = memcmp(r->data + at + 4, "IDAT", 4) == 0;
        if (idat) {
            if (!seen) r->idat_start = at;
            seen = 1;
            r->idat_count++;
            r->idat_bytes += len;
        } else if (seen) {
            return 1;
        }
        at += (size_t)len + 12;
        if (r->idat_count > 100000) return 0;
    }
    return seen ? 1 : 0;
}

static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    const int p = (int)a + b - c;
    const int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

/* Undoes one row's filter in place (`prev` the row above, unfiltered; NULL for
 * the first). 0 for an unknown filter type. */
static int unfilter(uint8_t type, uint8_t *cur, const uint8_t *prev, size_t n, size_t bpp) {
    switch (type) {
    case 0: return 1;
    case 1:
        for (size_t i = bpp; i < n; i++) cur[i] = (uint8_t)(cur[i] + cur[i - bpp]);
        return 1;
    case 2:
        if (prev) for (size_t i = 0; i < n; i++) cur[i] = (uint8_t)(cur[i] + prev[i]);
        return 1;
    case 3:
        for (size_t i = 0; i < n; i++) {
            const unsigned left = i >= bpp ? cur[i - bpp] : 0, up = prev ? prev[i] : 0;
            cur[i] = (uint8_t)(cur[i] + ((left + up) >> 1));
        }
        return 1;
    case 4:
        for (size_t i = 0; i < n; i++) {
            const uint8_t left = i >= bpp ? cur[i - bpp] : 0, up = prev ? prev[i] : 0;
            const uint8_t corner = (i >= bpp && prev) ? prev[i - bpp] : 0;
            cur[i] = (uint8_t)(cur[i] + paeth(left, up, corner));
        }
        return 1;
    default: return 0;
    }
}

/* The fast path: 1 when the pixels are in `out`, 0 to go back to libpng (a CRC
 * that does not match, a stream that does not inflate to exactly the rows, an
 * unknown filter: libpng reads the file again and names what is wrong). */
static int fast_read(cpng_reader *r, uint8_t *out) {
    const size_t w = r->width, h = r->height;
    const size_t bpp = r->color_type == PNG_COLOR_TYPE_RGB_ALPHA ? 4 : 3;
    const size_t n = w * bpp;
    const size_t filtered = h * (n + 1);
    const uint8_t *stream = NULL;
    uint8_t *joined = NULL;
    size_t at = r->idat_start;
    if (r->idat_count > 1) {
        joined = (uint8_t *)malloc(r->idat_bytes ? r->idat_bytes : 1);
        if (joined == NULL) return 0;
    }
    size_t filled = 0;
    for (int k = 0; k < r->idat_count; k++) {
        const uint32_t len = be32(r->data + at);
        const uint8_t *body = r->data + at + 8;
        if (libdeflate_crc32(0, r->data + at + 4, (size_t)len + 4) != be32(body + len)) {
            free(joined);
            return 0;
        }
        if (joined) memcpy(joined + filled, body, len); else stream = body;
        filled += len;
        at += (size_t)len + 12;
    }
    if (joined) stream = joined;
    uint8_t *rows = (uint8_t *)malloc(filtered ? filtered : 1);
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    size_t got = 0;
    int ok = rows != NULL && d != NULL &&
             libdeflate_zlib_decompress(d, stream, r->idat_bytes, rows, filtered, &got) == LIBDEFLATE_SUCCESS && got == filtered;
    if (d) libdeflate_free_decompressor(d);
    free(joined);
    for (size_t y = 0; ok && y < h; y++) {
        uint8_t *cur = rows + y * (n + 1);
        ok = unfilter(cur[0], cur + 1, y ? rows + (y - 1) * (n + 1) + 1 : NULL, n, bpp);
    }
    if (ok) {
        for (size_t y = 0; y < h; y++) {
            const uint8_t *src = rows + y * (n + 1) + 1;
            uint8_t *o = out + y * w * 4;
            if (bpp == 4) {
                memcpy(o, src, n);
            } else {
                for (size_t x = 0; x < w; x++) {
                    o[x * 4] = src[x * 3];
                    o[x * 4 + 1] = src[x * 3 + 1];
                    o[x * 4 + 2] = src[x * 3 + 2];
                    o[x * 4 + 3] = 255;
                }
            }
        }
    }
    free(rows);
    return ok;
}

/* pngjs: Math.floor(v * 255 / (2^depth - 1) + 0.5). Exact for depth <= 8. */
static inline uint8_t scale16(unsigned v) {
    return (uint8_t)((v * 510u + 65535u) / 131070u);
}

static inline unsigned sample(const uint8_t *row, size_t index, int depth16) {
    return depth16 ? ((unsigned)row[index * 2] << 8) | row[index * 2 + 1] : row[index];
}

static inline uint8_t scale(unsigned v, int depth) {
    switch (depth) {
    case 16: return scale16(v);
    case 4: return (uint8_t)(v * 17u);
    case 2: return (uint8_t)(v * 85u);
    case 1: return (uint8_t)(v * 255u);
    default: return (uint8_t)v;
    }
}

static void convert_row(cpng_reader *r, const uint8_t *row, uint8_t *out) {
    const size_t w = r->width;
    const int depth = r->bit_depth;
    const int d16 = depth == 16;

    switch (r->color_type) {
    case PNG_COLOR_TYPE_RGB_ALPHA:
        if (!d16) {
            memcpy(out, row, w * 4);
        } else {
            for (size_t i = 0; i < w * 4; i++) out[i] = scale16(sample(row, i, 1));
        }
        break;

    case PNG_COLOR_TYPE_RGB:
        for (size_t x = 0; x < w; x++) {
            unsigned cr = sample(row, x * 3, d16);
            unsigned cg = sample(row, x * 3 + 1, d16);
            unsigned cb = sample(row, x * 3 + 2, d16);
            uint8_t *o = out + x * 4;
            if (r->has_key && cr == r->key_r && cg == r->key_g && cb == r->key_b) {
                o[0] = o[1] = o[2] = o[3] = 0;
            } else {
                o[0] = scale(cr, depth);
                o[1] = scale(cg, depth);
                o[2] = scale(cb, depth);
                o[3] = 255;
            }
        }
        break;

    case PNG_COLOR_TYPE_GRAY:
        for (size_t x = 0; x < w; x++) {
            unsigned g = sample(row, x, d16);
            uint8_t *o = out + x * 4;
            if (r->has_key && g == r->key_r) {
                o[0] = o[1] = o[2] = o[3] = 0;
            } else {
                o[0] = o[1] = o[2] = scale(g, depth);
                o[3] = 255;
            }
        }
        break;

    case PNG_COLOR_TYPE_GRAY_ALPHA:
        for (size_t x = 0; x < w; x++) {
            uint8_t g = scale(sample(row, x * 2, d16), depth);
            uint8_t *o = out + x * 4;
            o[0] = o[1] = o[2] = g;
            o[3] = scale(sample(row, x * 2 + 1, d16), depth);
        }
        break;

    case PNG_COLOR_TYPE_PALETTE:
        for (size_t x = 0; x < w; x++) {
            unsigned index = row[x];
            if ((int)index >= r->num_palette) {
                char msg[128];
                snprintf(msg, sizeof msg, "palette index %u out of range (palette has %d entries)",
                         index, r->num_palette);
                png_error(r->png, msg);
            }
            memcpy(out + x * 4, r->palette + index * 4, 4);
        }
        break;

    default:
        png_error(r->png, "unsupported colour type");
    }
}

int cpng_reader_read_rgba(cpng_reader *r, uint8_t *out, size_t out_size) {
    if (r == NULL || !r->header_ok || r->pixels_read) return CPNG_BAD_STATE;
    r->pixels_read = 1;

    const size_t w = r->width;
    const size_t h = r->height;
    if (w != 0 && (out_size / 4 / w != h || out_size % (4 * w) != 0)) {
        set_message(r, "output buffer size does not match the image size");
        return CPNG_BAD_STATE;
    }

    if (r->fast && !r->fast_disabled && fast_read(r, out)) return CPNG_OK;

    if (setjmp(png_jmpbuf(r->png))) {
        return CPNG_ERROR;
    }

    png_read_update_info(r->png, r->info);
    r->rowbytes = png_get_rowbytes(r->png, r->info);
    const int depth16 = r->bit_depth == 16;
    /* After unpacking a row holds at most 4 samples of 1 or 2 bytes a pixel,
     * as read_header assumed when it reported the working memory. */
    if (r->rowbytes > w * (depth16 ? 8 : 4)) png_error(r->png, "unexpected row size");

    r->row = (uint8_t *)malloc(r->rowbytes ? r->rowbytes : 1);
    if (r->row == NULL) png_error(r->png, "out of memory (row buffer)");
    if (!r->interlaced) {
        for (size_t y = 0; y < h; y++) {
            png_read_row(r->png, r->row, NULL);
            convert_row(r, r->row, out + y * w * 4);
        }
    } else {
        /* The passes fill whole rows: 8-bit rows (at most 4 bytes a pixel) fit
         * in the output's own rows and are converted in place through the row
         * buffer; 16-bit rows need a buffer of their own. */
        r->rows = (png_bytep *)malloc(h ? h * sizeof(png_bytep) : 1);
        if (r->rows == NULL) png_error(r->png, "out of memory (row pointers)");
        if (depth16) {
            if (h != 0 && r->rowbytes > SIZE_MAX / h) png_error(r->png, "image too large");
            r->image = (uint8_t *)malloc(r->rowbytes * h ? r->rowbytes * h : 1);
            if (r->image == NULL) png_error(r->png, "out of memory (image buffer)");
            for (size_t y = 0; y < h; y++) r->rows[y] = r->image + y * r->rowbytes;
        } else {
            for (size_t y = 0; y < h; y++) r->rows[y] = out + y * w * 4;
        }
        png_read_image(r->png, r->rows);
        for (size_t y = 0; y < h; y++) {
            if (!depth16) {
                memcpy(r->row, r->rows[y], r->rowbytes);
                convert_row(r, r->row, out + y * w * 4);
            } else {
                convert_row(r, r->rows[y], out + y * w * 4);
            }
        }
    }
    return CPNG_OK;
}
