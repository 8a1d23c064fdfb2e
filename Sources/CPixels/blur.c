#include "pixels.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One box pass over `n` pixels (4 channels each) from src to dst: each output is the mean of
 * the `size` inputs from i - left to i + size - 1 - left, outside pixels counting as zero. */
static void box(const uint32_t *src, uint32_t *dst, long n, long size, long left) {
    long right = size - 1 - left;
    long sa = 0, sr = 0, sg = 0, sb = 0;
    for (long i = -left; i <= right; i++) {
        if (i >= 0 && i < n) {
            uint32_t p = src[i];
            sa += p >> 24; sr += (p >> 16) & 0xFF; sg += (p >> 8) & 0xFF; sb += p & 0xFF;
        }
    }
    long half = size / 2;
    for (long i = 0; i < n; i++) {
        dst[i] = (uint32_t)((sa + half) / size) << 24 | (uint32_t)((sr + half) / size) << 16 |
                 (uint32_t)((sg + half) / size) << 8 | (uint32_t)((sb + half) / size);
        long out = i - left, in = i + right + 1;
        if (out >= 0) {
            uint32_t p = src[out];
            sa -= p >> 24; sr -= (p >> 16) & 0xFF; sg -= (p >> 8) & 0xFF; sb -= p & 0xFF;
        }
        if (in < n) {
            uint32_t p = src[in];
            sa += p >> 24; sr += (p >> 16) & 0xFF; sg += (p >> 8) & 0xFF; sb += p & 0xFF;
        }
    }
}

/* Three passes over one line held in a and b (results end in a). */
static void three(uint32_t *a, uint32_t *b, long n, long d) {
    if (d % 2 == 1) {
        box(a, b, n, d, d / 2); box(b, a, n, d, d / 2); box(a, b, n, d, d / 2);
    } else {
        /* Even widths: two boxes offset half a pixel each way, then one of d + 1, centred. */
        box(a, b, n, d, d / 2); box(b, a, n, d, d / 2 - 1); box(a, b, n, d + 1, d / 2);
    }
    memcpy(a, b, (size_t)n * 4);
}

/* One vertical box pass over the whole image, src → dst, streaming rows: per-column running
 * sums are updated one row at a time, so memory is read in order. */
static void box_vertical(const uint8_t *src, uint8_t *dst, uint32_t width, uint32_t height, uint32_t stride,
                         long size, long left, long *sums) {
    long right = size - 1 - left, half = size / 2;
    memset(sums, 0, (size_t)width * 4 * sizeof(long));
    for (long r = -left; r <= right; r++) {
        if (r < 0 || r >= (long)height) continue;
        const uint32_t *row = (const uint32_t *)(src + (size_t)r * stride);
        for (uint32_t x = 0; x < width; x++) {
            uint32_t p = row[x];
            long *s = sums + 4 * x;
            s[0] += p >> 24; s[1] += (p >> 16) & 0xFF; s[2] += (p >> 8) & 0xFF; s[3] += p & 0xFF;
        }
    }
    for (long y = 0; y < (long)height; y++) {
        uint32_t *out = (uint32_t *)(dst + (size_t)y * stride);
        for (uint32_t x = 0; x < width; x++) {
            const long *s = sums + 4 * x;
            out[x] = (uint32_t)((s[0] + half) / size) << 24 | (uint32_t)((s[1] + half) / size) << 16 |
                     (uint32_t)((s[2] + half) / size) << 8 | (uint32_t)((s[3] + half) / size);
        }
        long leave = y - left, enter = y + right + 1;
        if (leave >= 0) {
            const uint32_t *row = (const uint32_t *)(src + (size_t)leave * stride);
            for (uint32_t x = 0; x < width; x++) {
                uint32_t p = row[x];
                long *s = sums + 4 * x;
                s[0] -= p >> 24; s[1] -= (p >> 16) & 0xFF; s[2] -= (p >> 8) & 0xFF; s[3] -= p & 0xFF;
            }
        }
        if (enter < (long)height) {
            const uint32_t *row = (const uint32_t *)(src + (size_t)enter * stride);
            for (uint32_t x = 0; x < width; x++) {
                uint32_t p = row[x];
                long *s = sums + 4 * x;
                s[0] += p >> 24; s[1] += (p >> 16) & 0xFF; s[2] += (p >> 8) & 0xFF; s[3] += p & 0xFF;
            }
        }
    }
}

void ps_box_blur_argb32(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, double sigma) {
    long d = (long)floor(sigma * 3.0 * sqrt(2.0 * M_PI) / 4.0 + 0.5);
    if (d <= 1 || width == 0 || height == 0) return;
    uint32_t *a = malloc((size_t)width * 4), *b = malloc((size_t)width * 4);
    uint8_t *tmp = ps_pixels_alloc((size_t)stride * height);
    long *sums = malloc((size_t)width * 4 * sizeof(long));
    if (!a || !b || !tmp || !sums) { free(a); free(b); free(tmp); free(sums); return; }
    for (uint32_t y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(data + (size_t)y * stride);
        memcpy(a, row, (size_t)width * 4);
        three(a, b, width, d);
        memcpy(row, a, (size_t)width * 4);
    }
    if (d % 2 == 1) {
        box_vertical(data, tmp, width, height, stride, d, d / 2, sums);
        box_vertical(tmp, data, width, height, stride, d, d / 2, sums);
        box_vertical(data, tmp, width, height, stride, d, d / 2, sums);
    } else {
        box_vertical(data, tmp, width, height, stride, d, d / 2, sums);
        box_vertical(tmp, data, width, height, stride, d, d / 2 - 1, sums);
        box_vertical(data, tmp, width, height, stride, d + 1, d / 2, sums);
    }
    memcpy(data, tmp, (size_t)stride * height);
    free(a); free(b); free(tmp); free(sums);
}

/* ---- Single channel (shadows need only the alpha) ---- */

static void box1(const uint8_t *src, uint8_t *dst, long n, long size, long left) {
    long right = size - 1 - left, sum = 0, half = size / 2;
    for (long i = -left; i <= right; i++) if (i >= 0 && i < n) sum += src[i];
    for (long i = 0; i < n; i++) {
        dst[i] = (uint8_t)((sum + half) / size);
        long out = i - left, in = i + right + 1;
        if (out >= 0) sum -= src[out];
        if (in < n) sum += src[in];
    }
}

static void box1_vertical(const uint8_t *src, uint8_t *dst, long w, long h, long size, long left, long *sums) {
    long right = size - 1 - left, half = size / 2;
    memset(sums, 0, (size_t)w * sizeof(long));
    for (long r = -left; r <= right; r++) {
        if (r < 0 || r >= h) continue;
        for (long x = 0; x < w; x++) sums[x] += src[r * w + x];
    }
    for (long y = 0; y < h; y++) {
        for (long x = 0; x < w; x++) dst[y * w + x] = (uint8_t)((sums[x] + half) / size);
        long leave = y - left, enter = y + right + 1;
        if (leave >= 0) for (long x = 0; x < w; x++) sums[x] -= src[leave * w + x];
        if (enter < h) for (long x = 0; x < w; x++) sums[x] += src[enter * w + x];
    }
}

void ps_shadow_argb32(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                      uint32_t width, uint32_t height, double sigma, double r, double g, double b, double a) {
    long w = width, h = height;
    uint8_t *plane = malloc((size_t)w * h), *tmp = malloc((size_t)w * h);
    long *sums = malloc((size_t)w * sizeof(long));
    if (!plane || !tmp || !sums) { free(plane); free(tmp); free(sums); return; }
    for (long y = 0; y < h; y++) {
        const uint32_t *s = (const uint32_t *)(src + (size_t)y * src_stride);
        for (long x = 0; x < w; x++) plane[y * w + x] = (uint8_t)(s[x] >> 24);
    }
    long d = (long)floor(sigma * 3.0 * sqrt(2.0 * M_PI) / 4.0 + 0.5);
    if (d > 1) {
        long l1 = d / 2, l2 = d % 2 ? d / 2 : d / 2 - 1, s3 = d % 2 ? d : d + 1;
        for (long y = 0; y < h; y++) {
            uint8_t *row = plane + y * w, *t = tmp + y * w;
            box1(row, t, w, d, l1); box1(t, row, w, d, l2); box1(row, t, w, s3, d / 2);
        }
        box1_vertical(tmp, plane, w, h, d, l1, sums);
        box1_vertical(plane, tmp, w, h, d, l2, sums);
        box1_vertical(tmp, plane, w, h, s3, d / 2, sums);
    }
    /* Premultiplied colour for each alpha level. */
    uint32_t lut[256];
    r = r < 0 ? 0 : r > 1 ? 1 : r; g = g < 0 ? 0 : g > 1 ? 1 : g; b = b < 0 ? 0 : b > 1 ? 1 : b; a = a < 0 ? 0 : a > 1 ? 1 : a;
    for (int k = 0; k < 256; k++) {
        double f = k / 255.0;
        lut[k] = (uint32_t)lround(a * f * 255) << 24 | (uint32_t)lround(r * a * f * 255) << 16 |
                 (uint32_t)lround(g * a * f * 255) << 8 | (uint32_t)lround(b * a * f * 255);
    }
    for (long y = 0; y < h; y++) {
        uint32_t *o = (uint32_t *)(dst + (size_t)y * dst_stride);
        for (long x = 0; x < w; x++) o[x] = lut[plane[y * w + x]];
    }
    free(plane); free(tmp); free(sums);
}
