#include "pixels.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Gaussian blurs for shadows, blur(radius:) and materials.
 *
 * One pipeline for every sigma: the image is shrunk by a whole factor k (box averages of k x k
 * blocks), blurred there with three extended box passes per direction (the box widths chosen so
 * that the three passes have exactly the Gaussian's variance, Gwosdek et al. 2011), and grown
 * back with bilinear interpolation. k is 1 (no shrinking) below sigma 6; above, the shrunk image
 * keeps about 3 pixels of sigma, so large blurs cost about as little as small ones. The sigma
 * used on the shrunk image subtracts the variance the box shrink and the bilinear growth add, so
 * the whole stays a Gaussian of the sigma asked for. Very small sigmas (under 2 pixels, where
 * three boxes are too coarse) use the sampled Gaussian kernel directly.
 *
 * Pixels are bytes, `channels` to a pixel (4 for premultiplied ARGB32, 1 for a shadow's alpha);
 * every byte is blurred alike. Box sums are divided by multiplying with 16.16 reciprocals. */

/* ---- Planning ---- */

uint32_t ps_blur_factor(double sigma) {
    if (!(sigma >= 6.0)) return 1;
    double k = floor(sigma / 3.0);
    return k > 4096 ? 4096 : (uint32_t)k;
}

double ps_blur_sigma_at_factor(double sigma, uint32_t k) {
    if (k <= 1) return sigma;
    double kk = (double)k;
    /* A k-box shrink adds (k^2 - 1) / 12 px^2 and bilinear growth about (k^2 - 1) / 6. */
    double v = sigma * sigma - (kk * kk - 1.0) / 4.0;
    return v > 0 ? sqrt(v) / kk : 0;
}

/* ---- One line of an extended box: weights 1 inside radius r, alpha on the two taps at r + 1 ---- */

typedef struct {
    long r;
    uint32_t inner, edge; /* 16.16 weights: 1 / (2r + 1 + 2 alpha) and alpha / (2r + 1 + 2 alpha) */
} ebox;

/* Three passes whose variances add to sigma^2. */
static void plan_boxes(double sigma, ebox out[3]) {
    double v = sigma * sigma / 3.0;
    long r = (long)floor(0.5 * sqrt(12.0 * v + 1.0) - 0.5);
    if (r < 0) r = 0;
    while ((double)(r + 1) * (r + 2) / 3.0 <= v) r++;
    while (r > 0 && (double)r * (r + 1) / 3.0 > v) r--;
    double l = 2.0 * r + 1.0;
    double alpha = l * ((double)r * (r + 1) / 3.0 - v) / (2.0 * (v - (double)(r + 1) * (r + 1)));
    if (alpha < 0) alpha = 0;
    if (alpha > 1) alpha = 1;
    double norm = l + 2.0 * alpha;
    for (int i = 0; i < 3; i++) {
        out[i].r = r;
        out[i].inner = (uint32_t)lround(65536.0 / norm);
        out[i].edge = (uint32_t)lround(65536.0 * alpha / norm);
    }
}

/* src[i * step] for i in 0..n-1, with the edge rule outside. */
static inline uint32_t at(const uint8_t *src, long i, long n, long step, int clamp) {
    if (i < 0) return clamp ? src[0] : 0;
    if (i >= n) return clamp ? src[(n - 1) * step] : 0;
    return src[i * step];
}

/* One extended-box pass over a line of n samples `step` bytes apart, src -> dst (distinct). */
static void ebox_line(const uint8_t *src, uint8_t *dst, long n, long step, const ebox *b, int clamp) {
    long r = b->r;
    uint32_t sum = 0;
    for (long i = -r; i <= r; i++) sum += at(src, i, n, step, clamp);
    for (long i = 0; i < n; i++) {
        uint32_t e = at(src, i - r - 1, n, step, clamp) + at(src, i + r + 1, n, step, clamp);
        uint32_t v = (sum * b->inner + e * b->edge + 32768) >> 16;
        dst[i * step] = (uint8_t)(v > 255 ? 255 : v);
        sum += at(src, i + r + 1, n, step, clamp);
        sum -= at(src, i - r, n, step, clamp);
    }
}

/* The sampled, normalised Gaussian kernel as 16.16 weights, radius ceil(3 sigma). */
static long gauss_kernel(double sigma, uint32_t *w, long cap) {
    long r = (long)ceil(3.0 * sigma);
    if (r > cap) r = cap;
    double sum = 0, tmp[64];
    for (long i = -r; i <= r; i++) sum += tmp[i + r] = exp(-(double)(i * i) / (2.0 * sigma * sigma));
    for (long i = -r; i <= r; i++) w[i + r] = (uint32_t)lround(65536.0 * tmp[i + r] / sum);
    return r;
}

static void gauss_line(const uint8_t *src, uint8_t *dst, long n, long step, const uint32_t *w, long r, int clamp) {
    for (long i = 0; i < n; i++) {
        uint32_t acc = 32768;
        for (long j = -r; j <= r; j++) acc += w[j + r] * at(src, i + j, n, step, clamp);
        uint32_t v = acc >> 16;
        dst[i * step] = (uint8_t)(v > 255 ? 255 : v);
    }
}

/* Blurs in place at the image's own resolution: rows, then columns, each channel alone. Each
 * line is copied into a buffer with a margin on both sides (zeros, or the edge values when
 * clamping) as wide as the passes reach, so that what a pass spreads past the edge comes back
 * in the next one, as it does on an endless image. */
static int blur_here(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, uint32_t channels, double sigma, int clamp) {
    if (!(sigma > 0.25) || width == 0 || height == 0) return 0;
    long w = width, h = height, c = channels;
    long longest = w > h ? w : h;
    int direct = sigma < 2.0;
    uint32_t kernel[64];
    long kr = direct ? gauss_kernel(sigma, kernel, 31) : 0;
    ebox boxes[3];
    if (!direct) plan_boxes(sigma, boxes);
    long margin = direct ? 0 : 3 * (boxes[0].r + 1);
    uint8_t *a = malloc((size_t)(longest + 2 * margin)), *b = malloc((size_t)(longest + 2 * margin));
    if (!a || !b) { free(a); free(b); return -1; }
    for (int pass = 0; pass < 2; pass++) {
        long lines = pass == 0 ? h : w, n = pass == 0 ? w : h, m = n + 2 * margin;
        for (long line = 0; line < lines; line++) {
            for (long ch = 0; ch < c; ch++) {
                uint8_t *base = pass == 0 ? data + (size_t)line * stride + ch : data + (size_t)line * c + ch;
                long step = pass == 0 ? c : (long)stride;
                /* Gather the line, run the passes between a and b, scatter it back. */
                for (long i = 0; i < n; i++) a[margin + i] = base[i * step];
                memset(a, clamp ? a[margin] : 0, (size_t)margin);
                memset(a + margin + n, clamp ? a[margin + n - 1] : 0, (size_t)margin);
                if (direct) {
                    gauss_line(a, b, n, 1, kernel, kr, clamp);
                } else {
                    ebox_line(a, b, m, 1, &boxes[0], clamp);
                    ebox_line(b, a, m, 1, &boxes[1], clamp);
                    ebox_line(a, b, m, 1, &boxes[2], clamp);
                }
                for (long i = 0; i < n; i++) base[i * step] = b[margin + i];
            }
        }
    }
    free(a); free(b);
    return 0;
}

int ps_blur_at_scale(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, uint32_t channels, double sigma, int clamp) {
    return blur_here(data, width, height, stride, channels, sigma, clamp);
}

/* ---- Shrinking and growing by a whole factor ---- */

void ps_shrink(const uint8_t *src, uint32_t width, uint32_t height, uint32_t src_stride, uint32_t channels, uint32_t k, int clamp,
               uint8_t *dst, uint32_t dst_stride) {
    uint32_t sw = (width + k - 1) / k, sh = (height + k - 1) / k;
    uint32_t *acc = malloc((size_t)sw * channels * sizeof(uint32_t));
    if (!acc) return;
    for (uint32_t by = 0; by < sh; by++) {
        memset(acc, 0, (size_t)sw * channels * sizeof(uint32_t));
        uint32_t y0 = by * k, y1 = y0 + k < height ? y0 + k : height;
        for (uint32_t y = y0; y < y1; y++) {
            const uint8_t *row = src + (size_t)y * src_stride;
            for (uint32_t bx = 0; bx < sw; bx++) {
                uint32_t x0 = bx * k, x1 = x0 + k < width ? x0 + k : width;
                uint32_t *a = acc + (size_t)bx * channels;
                if (channels == 4) {
                    /* Premultiplied ARGB32: the four bytes of each pixel word. */
                    const uint32_t *p = (const uint32_t *)(row + (size_t)x0 * 4);
                    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                    for (uint32_t i = 0; i < x1 - x0; i++) {
                        uint32_t v = p[i];
                        s0 += v & 0xFF; s1 += (v >> 8) & 0xFF; s2 += (v >> 16) & 0xFF; s3 += v >> 24;
                    }
                    a[0] += s0; a[1] += s1; a[2] += s2; a[3] += s3;
                } else {
                    const uint8_t *p = row + (size_t)x0 * channels;
                    for (uint32_t i = 0; i < (x1 - x0) * channels; i++) a[i % channels] += p[i];
                }
            }
        }
        uint8_t *out = dst + (size_t)by * dst_stride;
        for (uint32_t bx = 0; bx < sw; bx++) {
            uint32_t x0 = bx * k, x1 = x0 + k < width ? x0 + k : width;
            /* A block cut by the image's edge: outside counts as transparent, or is not there. */
            uint64_t count = clamp ? (uint64_t)(x1 - x0) * (y1 - y0) : (uint64_t)k * k;
            for (uint32_t c = 0; c < channels; c++)
                out[(size_t)bx * channels + c] = (uint8_t)((acc[(size_t)bx * channels + c] + count / 2) / count);
        }
    }
    free(acc);
}

/* One source row interpolated across to `width` columns. */
static void across(const uint8_t *s, uint32_t src_width, long c, const long *x0, const uint16_t *fx, uint32_t width, uint8_t *o) {
    if (c == 4) {
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *p = s + (size_t)x0[x] * 4;
            const uint8_t *p1 = x0[x] + 1 < (long)src_width ? p + 4 : p;
            uint32_t w1 = fx[x], w0 = 256 - w1;
            for (int ch = 0; ch < 4; ch++) o[(size_t)x * 4 + ch] = (uint8_t)((p[ch] * w0 + p1[ch] * w1 + 128) >> 8);
        }
        return;
    }
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = s + (size_t)x0[x] * c;
        const uint8_t *p1 = x0[x] + 1 < (long)src_width ? p + c : p;
        uint32_t w1 = fx[x], w0 = 256 - w1;
        for (long ch = 0; ch < c; ch++) o[(size_t)x * c + ch] = (uint8_t)((p[ch] * w0 + p1[ch] * w1 + 128) >> 8);
    }
}

/* Where output coordinate `x` samples a source of n pixels shrunk by k, output origin at `d`:
 * the first source pixel and the weight of the next one (0..256). */
static void place(long x, long d, uint32_t k, uint32_t n, long *i, uint16_t *w) {
    double u = ((double)x + (double)d + 0.5) / (double)k - 0.5;
    double f = floor(u);
    long at = (long)f;
    long wt = lround((u - f) * 256.0);
    if (wt == 256) { at++; wt = 0; }
    if (at < 0) { at = 0; wt = 0; }
    if (at >= (long)n - 1) { at = (long)n - 1; wt = 0; }
    *i = at; *w = (uint16_t)wt;
}

/* Output pixels from which ps_grow fills the two halves of its rows at once (ps_two_halves):
 * each output row depends on the source alone, so the bytes are the same. */
static _Atomic size_t grow_split_min = (size_t)1 << 20;

void ps_grow_set_split(size_t min_pixels) { grow_split_min = min_pixels; }
size_t ps_grow_split(void) { return grow_split_min; }

/* Output rows [y0, y1) of a grow, with two rows of scratch of its own. */
typedef struct {
    const uint8_t *src;
    uint32_t src_width, src_height, src_stride, k, width, y0, y1, dst_stride;
    long c, dy;
    const long *x0;
    const uint16_t *fx;
    uint8_t *dst, *r0, *r1;
} grow_part;

static void grow_rows(grow_part *g) {
    long c = g->c;
    size_t n = (size_t)g->width * c;
    uint8_t *r0 = g->r0, *r1 = g->r1;
    long have0 = -1, have1 = -1;
    for (uint32_t y = g->y0; y < g->y1; y++) {
        long j;
        uint16_t wy;
        place(y, g->dy, g->k, g->src_height, &j, &wy);
        long j1 = j + 1 < (long)g->src_height ? j + 1 : j;
        /* The two rows interpolated across, kept while consecutive output rows share them. */
        if (have0 != j) {
            if (have1 == j) {
                uint8_t *t = r0; r0 = r1; r1 = t;
                long h = have0; have0 = have1; have1 = h;
            } else {
                across(g->src + (size_t)j * g->src_stride, g->src_width, c, g->x0, g->fx, g->width, r0);
                have0 = j;
            }
        }
        if (have1 != j1) {
            across(g->src + (size_t)j1 * g->src_stride, g->src_width, c, g->x0, g->fx, g->width, r1);
            have1 = j1;
        }
        uint8_t *out = g->dst + (size_t)y * g->dst_stride;
        uint16_t w1 = wy, w0 = (uint16_t)(256 - wy);
        if (w1 == 0) {
            memcpy(out, r0, n);
            continue;
        }
        /* 16-bit lanes: 255 * 256 fits. */
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)((uint16_t)(r0[i] * w0 + r1[i] * w1 + 128) >> 8);
    }
}

static void *grow_thread(void *g) { grow_rows(g); return NULL; }

void ps_grow(const uint8_t *src, uint32_t src_width, uint32_t src_height, uint32_t src_stride, uint32_t channels, uint32_t k,
             long dx, long dy, uint8_t *dst, uint32_t width, uint32_t height, uint32_t dst_stride) {
    long c = channels;
    if (src_width == 0 || src_height == 0) {
        for (uint32_t y = 0; y < height; y++) memset(dst + (size_t)y * dst_stride, 0, (size_t)width * c);
        return;
    }
    int parts = (size_t)width * height >= grow_split_min && height >= 2 ? 2 : 1;
    long *x0 = malloc((size_t)width * sizeof(long));
    uint16_t *fx = malloc((size_t)width * sizeof(uint16_t));
    size_t n = (size_t)width * c;
    uint8_t *rows = malloc(2 * (size_t)parts * n);
    if (!x0 || !fx || !rows) {
        /* Out of memory: transparent rather than whatever the output held. */
        for (uint32_t y = 0; y < height; y++) memset(dst + (size_t)y * dst_stride, 0, (size_t)width * c);
        free(x0); free(fx); free(rows);
        return;
    }
    for (uint32_t x = 0; x < width; x++) place(x, dx, k, src_width, &x0[x], &fx[x]);
    uint32_t mid = parts == 2 ? height / 2 : height;
    grow_part g[2];
    for (int p = 0; p < parts; p++) {
        g[p] = (grow_part){.src = src, .src_width = src_width, .src_height = src_height, .src_stride = src_stride, .k = k,
                           .width = width, .y0 = p ? mid : 0, .y1 = p ? height : mid, .dst_stride = dst_stride, .c = c,
                           .dy = dy, .x0 = x0, .fx = fx, .dst = dst, .r0 = rows + 2 * p * n, .r1 = rows + (2 * p + 1) * n};
    }
    ps_two_halves(grow_thread, &g[0], parts == 2 ? &g[1] : NULL);
    free(x0); free(fx); free(rows);
}

/* ---- The whole blur ---- */

int ps_blur(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, uint32_t channels, double sigma, int clamp) {
    if (!(sigma > 0.25) || width == 0 || height == 0) return 0;
    uint32_t k = ps_blur_factor(sigma);
    if (k <= 1) return blur_here(data, width, height, stride, channels, sigma, clamp);
    uint32_t sw = (width + k - 1) / k, sh = (height + k - 1) / k;
    uint32_t sstride = sw * channels;
    uint8_t *small = malloc((size_t)sstride * sh);
    if (!small) return -1;
    ps_shrink(data, width, height, stride, channels, k, clamp, small, sstride);
    if (blur_here(small, sw, sh, sstride, channels, ps_blur_sigma_at_factor(sigma, k), clamp) != 0) { free(small); return -1; }
    ps_grow(small, sw, sh, sstride, channels, k, 0, 0, data, width, height, stride);
    free(small);
    return 0;
}

void ps_box_blur_argb32(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, double sigma) {
    ps_blur(data, width, height, stride, 4, sigma, 0);
}

void ps_shadow_argb32(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                      uint32_t width, uint32_t height, double sigma, double r, double g, double b, double a) {
    long w = width, h = height;
    uint8_t *plane = malloc((size_t)w * h);
    if (!plane) return;
    for (long y = 0; y < h; y++) {
        const uint32_t *s = (const uint32_t *)(src + (size_t)y * src_stride);
        for (long x = 0; x < w; x++) plane[y * w + x] = (uint8_t)(s[x] >> 24);
    }
    ps_blur(plane, width, height, width, 1, sigma, 0);
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
    free(plane);
}

/* ---- Materials: saturation and tint ---- */

void ps_saturate_tint_argb32(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, double saturation, double tr, double tg,
                             double tb, double ta) {
    /* The saturate matrix of SVG's feColorMatrix (Rec. 709 luma weights), on premultiplied
     * values (it keeps alpha, so it commutes with premultiplying), then the tint composited over. */
    double s = saturation;
    double m[3][3] = {
        {0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s},
        {0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s},
        {0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s},
    };
    int32_t fm[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) fm[i][j] = (int32_t)lround(m[i][j] * 65536.0);
    ta = ta < 0 ? 0 : ta > 1 ? 1 : ta;
    int32_t keep = (int32_t)lround((1.0 - ta) * 65536.0);
    int32_t tint[4] = {(int32_t)lround(ta * 255.0 * 65536.0), (int32_t)lround(tr * ta * 255.0 * 65536.0),
                       (int32_t)lround(tg * ta * 255.0 * 65536.0), (int32_t)lround(tb * ta * 255.0 * 65536.0)};
    for (uint32_t y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(data + (size_t)y * stride);
        for (uint32_t x = 0; x < width; x++) {
            uint32_t p = row[x];
            int32_t a = (int32_t)(p >> 24), c[3] = {(int32_t)((p >> 16) & 0xFF), (int32_t)((p >> 8) & 0xFF), (int32_t)(p & 0xFF)};
            int32_t out[4];
            out[0] = a;
            for (int i = 0; i < 3; i++) {
                int32_t v = (fm[i][0] * c[0] + fm[i][1] * c[1] + fm[i][2] * c[2] + 32768) >> 16;
                out[i + 1] = v < 0 ? 0 : v > a ? a : v;
            }
            uint32_t q = 0;
            for (int i = 0; i < 4; i++) {
                int32_t v = (out[i] * keep + tint[i] + 32768) >> 16;
                v = v < 0 ? 0 : v > 255 ? 255 : v;
                q |= (uint32_t)v << (i == 0 ? 24 : 24 - 8 * i);
            }
            row[x] = q;
        }
    }
}
