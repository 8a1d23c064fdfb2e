#include "pixels.h"
#include "png_shared.h"
#include <libdeflate.h>
#include <zlib.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void ps_set_err(char *err, size_t n, const char *msg) {
    if (err && n) { strncpy(err, msg, n - 1); err[n - 1] = 0; }
}
#define set_err ps_set_err

void ps_put32be(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }
#define put32 ps_put32be

void ps_png_chunk(uint8_t *out, size_t *pos, const char *type, const uint8_t *data, size_t len) {
    put32(out + *pos, (uint32_t)len);
    memcpy(out + *pos + 4, type, 4);
    if (len) memcpy(out + *pos + 8, data, len);
    uint32_t crc = libdeflate_crc32(0, out + *pos + 4, len + 4);
    put32(out + *pos + 8 + len, crc);
    *pos += 12 + len;
}
#define chunk ps_png_chunk

size_t ps_png_head(uint8_t *out, uint32_t w, uint32_t h, int bpp) {
    size_t pos = 8;
    memcpy(out, "\x89PNG\r\n\x1a\n", 8);
    uint8_t ihdr[13];
    put32(ihdr, w); put32(ihdr + 4, h);
    ihdr[8] = 8; ihdr[9] = bpp == 4 ? 6 : 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    chunk(out, &pos, "IHDR", ihdr, 13);
    return pos;
}

/* Filters one row of `bpp`-byte pixels (`cur`, previous row `prev` or NULL) into dst[0..n]. */
static void filter_row(int filter, const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *dst) {
    dst[0] = (uint8_t)filter;
    uint8_t *d = dst + 1;
    switch (filter) {
    case 1:
        for (int i = 0; i < bpp; i++) d[i] = cur[i];
        for (size_t i = bpp; i < n; i++) d[i] = cur[i] - cur[i - bpp];
        break;
    case 2:
        if (prev) { for (size_t i = 0; i < n; i++) d[i] = cur[i] - prev[i]; }
        else memcpy(d, cur, n);
        break;
    default:
        memcpy(d, cur, n);
    }
}

static int sum_abs(const uint8_t *d, size_t n) {
    long s = 0;
    for (size_t i = 0; i < n; i++) s += d[i] < 128 ? d[i] : 256 - d[i];
    return s > 0x7fffffff ? 0x7fffffff : (int)s;
}

/* Filters one row into dst (its filter byte, then the filtered bytes): with `filter` 5 the
 * filter of 0, 1 and 2 whose bytes have the smallest sum of absolute values, the first on a tie
 * (`trial` holds rowlen + 1 bytes). */
static void filter_into(int filter, const uint8_t *cur, const uint8_t *prev, size_t rowlen, int bpp,
                        uint8_t *trial, uint8_t *dst) {
    if (filter == 5) {
        int best = -1, bestf = 0;
        for (int f = 0; f <= 2; f++) {
            filter_row(f, cur, prev, rowlen, bpp, trial);
            int s = sum_abs(trial + 1, rowlen);
            if (best < 0 || s < best) { best = s; bestf = f; }
        }
        filter_row(bestf, cur, prev, rowlen, bpp, dst);
    } else {
        filter_row(filter, cur, prev, rowlen, bpp, dst);
    }
}

/* The filtered rows of one image are built in a buffer each thread keeps for its next image (up
 * to `SCRATCH_KEEP` bytes; larger ones are freed at once): a frame's worth of fresh pages costs
 * more in page faults than filling it. The buffer is freed when the thread exits. */
#define SCRATCH_KEEP ((size_t)64 << 20)

struct scratch { uint8_t *bytes; size_t size; };
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void scratch_free(void *p) {
    struct scratch *s = p;
    free(s->bytes);
    free(s);
}

static void scratch_make_key(void) { pthread_key_create(&scratch_key, scratch_free); }

/* `n` bytes of scratch: the thread's kept buffer when it is large enough (grown if not and `n`
 * may be kept), else a buffer of its own. Give it back with scratch_release. */
uint8_t *ps_scratch_take(size_t n) {
    if (n > SCRATCH_KEEP) return ps_pixels_alloc(n);
    pthread_once(&scratch_once, scratch_make_key);
    struct scratch *s = pthread_getspecific(scratch_key);
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s || pthread_setspecific(scratch_key, s) != 0) { free(s); return ps_pixels_alloc(n); }
    }
    if (s->size < n) {
        free(s->bytes);
        s->bytes = ps_pixels_alloc(n);
        s->size = s->bytes ? n : 0;
    }
    return s->bytes;
}

void ps_scratch_release(uint8_t *p, size_t n) {
    if (n > SCRATCH_KEEP) free(p);
}

int ps_png_check_size(uint32_t w, uint32_t h, char *err, size_t err_len) {
    if (w == 0 || h == 0 || (uint64_t)w * h > 400000000u) { set_err(err, err_len, "image size out of range"); return 1; }
    return 0;
}

static int check_args(uint32_t w, uint32_t h, int filter, char *err, size_t err_len) {
    if (filter != 0 && filter != 1 && filter != 2 && filter != 5) { set_err(err, err_len, "filter must be 0, 1, 2 or 5"); return 1; }
    return ps_png_check_size(w, h, err, err_len);
}

/* Writes the PNG of `filtered` (h rows of a filter byte and w * bpp bytes; bpp 3 or 4). */
static int write_png(const uint8_t *filtered, uint32_t w, uint32_t h, int bpp, int level,
                     uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    size_t flen = ((size_t)w * bpp + 1) * h;
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(level < 1 ? 1 : level > 12 ? 12 : level);
    if (!c) { set_err(err, err_len, "cannot start the compressor"); return 1; }
    size_t bound = libdeflate_zlib_compress_bound(c, flen);
    uint8_t *png = ps_pixels_alloc(bound + 8 + 25 + 12 + 12);
    if (!png) { libdeflate_free_compressor(c); set_err(err, err_len, "out of memory"); return 1; }
    size_t pos = ps_png_head(png, w, h, bpp);
    size_t zlen = libdeflate_zlib_compress(c, filtered, flen, png + pos + 8, bound);
    libdeflate_free_compressor(c);
    if (!zlen) { free(png); set_err(err, err_len, "compression failed"); return 1; }
    /* The IDAT data is already in place; write its header and CRC around it. */
    put32(png + pos, (uint32_t)zlen);
    memcpy(png + pos + 4, "IDAT", 4);
    put32(png + pos + 8 + zlen, libdeflate_crc32(0, png + pos + 4, zlen + 4));
    pos += 12 + zlen;
    chunk(png, &pos, "IEND", NULL, 0);
    *out = png;
    *out_len = pos;
    return 0;
}

void ps_straight_row(const uint32_t *row, uint32_t width, int bpp, uint8_t *d) {
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = row[x];
        uint32_t a = p >> 24, r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
        if (a != 0xFF && a != 0) {
            r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
            if (r > 255) r = 255;
            if (g > 255) g = 255;
            if (b > 255) b = 255;
        }
        d[0] = r; d[1] = g; d[2] = b;
        if (bpp == 4) { d[3] = a; d += 4; } else d += 3;
    }
}

int ps_argb32_opaque(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride) {
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(argb + (size_t)y * stride);
        uint32_t all = 0xFFFFFFFFu;
        for (uint32_t x = 0; x < width; x++) all &= row[x];
        if ((all >> 24) != 0xFF) return 0;
    }
    return 1;
}

int ps_png_encode_argb32(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride,
                         int level, int filter, uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    if (check_args(width, height, filter, err, err_len)) return 1;
    int bpp = ps_argb32_opaque(argb, width, height, stride) ? 3 : 4;
    /* One pass: each row is made straight into `cur` and filtered against the previous one. */
    size_t rowlen = (size_t)width * bpp, flen = (rowlen + 1) * height;
    uint8_t *rows = malloc(rowlen * 2 + rowlen + 1);
    uint8_t *filtered = ps_scratch_take(flen);
    if (!rows || !filtered) { free(rows); ps_scratch_release(filtered, flen); set_err(err, err_len, "out of memory"); return 1; }
    uint8_t *cur = rows, *prev = rows + rowlen, *trial = rows + 2 * rowlen;
    for (uint32_t y = 0; y < height; y++) {
        ps_straight_row((const uint32_t *)(argb + (size_t)y * stride), width, bpp, cur);
        filter_into(filter, cur, y ? prev : NULL, rowlen, bpp, trial, filtered + y * (rowlen + 1));
        uint8_t *t = prev; prev = cur; cur = t;
    }
    free(rows);
    int rc = write_png(filtered, width, height, bpp, level, out, out_len, err, err_len);
    ps_scratch_release(filtered, flen);
    return rc;
}

int ps_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                       uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    if (check_args(width, height, filter, err, err_len)) return 1;
    size_t rowlen = (size_t)width * 4, flen = (rowlen + 1) * height;
    uint8_t *trial = malloc(rowlen + 1);
    uint8_t *filtered = ps_scratch_take(flen);
    if (!trial || !filtered) { free(trial); ps_scratch_release(filtered, flen); set_err(err, err_len, "out of memory"); return 1; }
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *cur = rgba + y * rowlen;
        filter_into(filter, cur, y ? cur - rowlen : NULL, rowlen, 4, trial, filtered + y * (rowlen + 1));
    }
    free(trial);
    int rc = write_png(filtered, width, height, 4, level, out, out_len, err, err_len);
    ps_scratch_release(filtered, flen);
    return rc;
}

void ps_free(void *p) { free(p); }

/* Appends an IDAT chunk of `len` bytes to the growing PNG `*png` (`*cap` bytes allocated). */
static int append_idat(uint8_t **png, size_t *cap, size_t *pos, const uint8_t *data, size_t len) {
    if (*pos + len + 12 + 12 > *cap) {
        size_t want = *cap * 2 > *pos + len + 24 ? *cap * 2 : *pos + len + 24;
        uint8_t *grown = realloc(*png, want);
        if (!grown) return 1;
        *png = grown; *cap = want;
    }
    chunk(*png, pos, "IDAT", data, len);
    return 0;
}

int ps_png_stream_argb32(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride,
                         int level, int filter, uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    if (check_args(width, height, filter, err, err_len)) return 1;
    int bpp = ps_argb32_opaque(argb, width, height, stride) ? 3 : 4;
    size_t rowlen = (size_t)width * bpp;
    enum { zchunk = 1 << 16 };
    /* Three rows (current, previous, a trial filter), the filtered row, and deflate's output. */
    uint8_t *rows = malloc(rowlen * 3 + rowlen + 1 + zchunk);
    size_t cap = 1 << 16;
    uint8_t *png = malloc(cap);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!rows || !png || deflateInit2(&z, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(rows); free(png); set_err(err, err_len, "out of memory"); return 1;
    }
    uint8_t *cur = rows, *prev = rows + rowlen, *trial = rows + 2 * rowlen, *line = rows + 3 * rowlen;
    uint8_t *zout = line + rowlen + 1;
    size_t pos = ps_png_head(png, width, height, bpp);
    int failed = 0;
    z.next_out = zout; z.avail_out = zchunk;
    for (uint32_t y = 0; y <= height && !failed; y++) {
        int last = y == height;
        if (!last) {
            ps_straight_row((const uint32_t *)(argb + (size_t)y * stride), width, bpp, cur);
            filter_into(filter, cur, y ? prev : NULL, rowlen, bpp, trial, line);
            uint8_t *t = prev; prev = cur; cur = t;
            z.next_in = line; z.avail_in = (uInt)(rowlen + 1);
        }
        for (;;) {
            int rc = deflate(&z, last ? Z_FINISH : Z_NO_FLUSH);
            if (rc == Z_STREAM_ERROR) { failed = 1; break; }
            int full = z.avail_out == 0, done = last && rc == Z_STREAM_END;
            if (full || done) {
                if (append_idat(&png, &cap, &pos, zout, zchunk - z.avail_out)) { failed = 1; break; }
                z.next_out = zout; z.avail_out = zchunk;
            }
            if (done || (!last && z.avail_in == 0 && !full)) break;
        }
    }
    deflateEnd(&z);
    free(rows);
    if (!failed && pos + 12 > cap) {
        uint8_t *grown = realloc(png, pos + 12);
        if (grown) { png = grown; cap = pos + 12; } else failed = 1;
    }
    if (failed) { free(png); set_err(err, err_len, "compression failed"); return 1; }
    chunk(png, &pos, "IEND", NULL, 0);
    *out = png;
    *out_len = pos;
    return 0;
}
