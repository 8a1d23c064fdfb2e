/* A lean C baseline for the frames benchmark: what a hand-written renderer does for a swipe at
 * its simplest. For each of N frames it draws, with Cairo on one thread, a full-screen fill and
 * the screen's rest frame (a PNG) as a card carried off to the right and turned as it goes,
 * then writes the frame as an 8-bit RGBA PNG: Up-filtered rows, zlib through libdeflate at
 * level 1, CRCs by libdeflate. `proofsheet frames` of the same timeline, at the same size and
 * frame count, is timed against this process end to end.
 *
 *   FramesReference rest.png out-folder frames */
#include <cairo.h>
#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void be32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }

/* One chunk: length, type, data, CRC of type and data. */
static int chunk(FILE *f, const char *type, const uint8_t *data, size_t n) {
    static const uint8_t none[1] = { 0 };
    uint8_t head[8], tail[4];
    be32(head, (uint32_t)n);
    memcpy(head + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, head + 4, 4);
    crc = libdeflate_crc32(crc, n ? data : none, n); /* libdeflate gives 0 for a NULL buffer */
    be32(tail, crc);
    return fwrite(head, 1, 8, f) == 8 && fwrite(data, 1, n, f) == n && fwrite(tail, 1, 4, f) == 4 ? 0 : -1;
}

/* The surface's premultiplied ARGB32 as straight RGBA rows, each Up-filtered, compressed.
 * `lines` holds two unfiltered rows, the current one and the one above. */
static int write_png(const char *path, cairo_surface_t *s, struct libdeflate_compressor *z, uint8_t *rows, uint8_t *lines,
                     uint8_t *packed, size_t packed_cap) {
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const uint8_t *px = cairo_image_surface_get_data(s);
    size_t line = (size_t)w * 4 + 1, bytes = (size_t)w * 4;
    uint8_t *cur = lines, *prev = lines + bytes;
    memset(prev, 0, bytes);
    for (int y = 0; y < h; y++) {
        const uint32_t *src = (const uint32_t *)(px + (size_t)y * stride);
        for (int x = 0; x < w; x++) {
            uint32_t p = src[x], a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a != 255 && a != 0) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
            cur[x * 4] = (uint8_t)r; cur[x * 4 + 1] = (uint8_t)g; cur[x * 4 + 2] = (uint8_t)b; cur[x * 4 + 3] = (uint8_t)a;
        }
        uint8_t *out = rows + (size_t)y * line;
        out[0] = 2; /* Up */
        for (size_t i = 0; i < bytes; i++) out[1 + i] = (uint8_t)(cur[i] - prev[i]);
        uint8_t *t = cur; cur = prev; prev = t;
    }
    size_t n = libdeflate_zlib_compress(z, rows, line * (size_t)h, packed, packed_cap);
    if (n == 0) return -1;
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    static const uint8_t sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    uint8_t ihdr[13];
    be32(ihdr, (uint32_t)w);
    be32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    int bad = fwrite(sig, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, 13) || chunk(f, "IDAT", packed, n) || chunk(f, "IEND", NULL, 0);
    return fclose(f) != 0 || bad ? -1 : 0;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: FramesReference rest.png out-folder frames\n"); return 2; }
    char *end = NULL;
    long frames = strtol(argv[3], &end, 10);
    if (end == argv[3] || *end != 0 || frames < 1 || frames > 100000) {
        fprintf(stderr, "frames '%s': a whole number from 1 to 100000\n", argv[3]);
        return 2;
    }
    struct stat folder;
    if (stat(argv[2], &folder) != 0 || !S_ISDIR(folder.st_mode)) {
        fprintf(stderr, "%s: not a folder (make it first)\n", argv[2]);
        return 2;
    }
    cairo_surface_t *rest = cairo_image_surface_create_from_png(argv[1]);
    if (cairo_surface_status(rest) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "%s: cannot read as a PNG (%s)\n", argv[1], cairo_status_to_string(cairo_surface_status(rest)));
        return 2;
    }
    int w = cairo_image_surface_get_width(rest), h = cairo_image_surface_get_height(rest);
    size_t raw = ((size_t)w * 4 + 1) * (size_t)h;
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(1);
    size_t cap = libdeflate_zlib_compress_bound(z, raw);
    uint8_t *rows = malloc(raw), *lines = malloc((size_t)w * 8), *packed = malloc(cap);
    if (!z || !rows || !lines || !packed) { fprintf(stderr, "out of memory\n"); return 3; }
    char path[4096];
    for (long i = 0; i < frames; i++) {
        double t = frames > 1 ? (double)i / (frames - 1) : 0;
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
        cairo_t *cr = cairo_create(s);
        cairo_set_source_rgb(cr, 0.95, 0.95, 0.97);
        cairo_paint(cr);
        /* The card: the rest frame carried right by 1.5 widths, turned up to 20 degrees about
         * a point below the screen, as a swiped card goes. */
        cairo_translate(cr, w / 2.0 + t * 1.5 * w, h * 1.2);
        cairo_rotate(cr, t * 20.0 * 3.14159265358979 / 180.0);
        cairo_translate(cr, -w / 2.0, -h * 1.2);
        cairo_set_source_surface(cr, rest, 0, 0);
        cairo_paint(cr);
        cairo_destroy(cr);
        cairo_surface_flush(s);
        int len = snprintf(path, sizeof path, "%s/frame-%05ld.png", argv[2], i);
        if (len < 0 || (size_t)len >= sizeof path) { fprintf(stderr, "%.80s...: folder name too long\n", argv[2]); return 2; }
        if (write_png(path, s, z, rows, lines, packed, cap) != 0) { fprintf(stderr, "%s: cannot write\n", path); return 3; }
        cairo_surface_destroy(s);
    }
    libdeflate_free_compressor(z);
    free(rows); free(lines); free(packed);
    cairo_surface_destroy(rest);
    return 0;
}
