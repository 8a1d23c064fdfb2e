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

void ps_box_blur_argb32(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, double sigma) {
    long d = (long)floor(sigma * 3.0 * sqrt(2.0 * M_PI) / 4.0 + 0.5);
    if (d <= 1 || width == 0 || height == 0) return;
    long n = width > height ? width : height;
    uint32_t *a = malloc((size_t)n * 4), *b = malloc((size_t)n * 4);
    if (!a || !b) { free(a); free(b); return; }
    for (uint32_t y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(data + (size_t)y * stride);
        memcpy(a, row, (size_t)width * 4);
        three(a, b, width, d);
        memcpy(row, a, (size_t)width * 4);
    }
    for (uint32_t x = 0; x < width; x++) {
        for (uint32_t y = 0; y < height; y++) a[y] = ((uint32_t *)(data + (size_t)y * stride))[x];
        three(a, b, height, d);
        for (uint32_t y = 0; y < height; y++) ((uint32_t *)(data + (size_t)y * stride))[x] = a[y];
    }
    free(a); free(b);
}

void ps_tint_alpha_argb32(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                          uint32_t width, uint32_t height, double r, double g, double b, double a) {
    double pr = r * a, pg = g * a, pb = b * a;
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *s = (const uint32_t *)(src + (size_t)y * src_stride);
        uint32_t *o = (uint32_t *)(dst + (size_t)y * dst_stride);
        for (uint32_t x = 0; x < width; x++) {
            double k = (double)(s[x] >> 24);
            o[x] = (uint32_t)lround(a * k) << 24 | (uint32_t)lround(pr * k) << 16 |
                   (uint32_t)lround(pg * k) << 8 | (uint32_t)lround(pb * k);
        }
    }
}
