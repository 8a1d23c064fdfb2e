#include "pixels.h"
#include <pthread.h>

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)

void *ps_pixels_alloc(size_t n) {
    if (n < HUGE_PAGE) return malloc(n ? n : 1);
    size_t rounded = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    void *p = NULL;
    if (posix_memalign(&p, HUGE_PAGE, rounded) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, rounded, MADV_HUGEPAGE); /* advice only: without huge pages the block still works */
#endif
    return p;
}

static inline void premultiply_one(uint8_t *p) {
    const uint32_t a = p[3];
    const uint32_t r = (p[0] * a + 127) / 255;
    const uint32_t g = (p[1] * a + 127) / 255;
    const uint32_t b = (p[2] * a + 127) / 255;
    const uint32_t v = a << 24 | r << 16 | g << 8 | b;
    memcpy(p, &v, 4);
}

/* Opaque pixels only change byte order ((c * 255 + 127) / 255 is c): groups of eight opaque
 * pixels (all of a photo) swap red and blue, the others take the general path. */
void ps_rgba_to_argb32(uint8_t *pixels, size_t count) {
    size_t i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= count; i += 8) {
        uint8_t *p = pixels + i * 4;
        unsigned all = 255;
        for (int k = 0; k < 8; k++) all &= p[k * 4 + 3];
        if (all != 255) {
            for (int k = 0; k < 8; k++) premultiply_one(p + k * 4);
            continue;
        }
        for (int k = 0; k < 8; k++) {
            uint8_t r = p[k * 4];
            p[k * 4] = p[k * 4 + 2];
            p[k * 4 + 2] = r;
        }
    }
#endif
    for (; i < count; i++) premultiply_one(pixels + i * 4);
}

void ps_argb32_to_rgba(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride, uint8_t *rgba) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = argb + (size_t)y * stride;
        uint8_t *o = rgba + (size_t)y * width * 4;
        for (uint32_t x = 0; x < width; x++, o += 4) {
            uint32_t p;
            memcpy(&p, row + (size_t)x * 4, 4);
            const uint32_t a = p >> 24, r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            if (a == 255) {
                /* (c * 255 + 127) / 255 == c for every c. */
                o[0] = (uint8_t)r; o[1] = (uint8_t)g; o[2] = (uint8_t)b;
            } else if (a == 0) {
                o[0] = o[1] = o[2] = 0;
            } else {
                const uint32_t ur = (r * 255 + a / 2) / a, ug = (g * 255 + a / 2) / a, ub = (b * 255 + a / 2) / a;
                o[0] = (uint8_t)(ur > 255 ? 255 : ur);
                o[1] = (uint8_t)(ug > 255 ? 255 : ug);
                o[2] = (uint8_t)(ub > 255 ? 255 : ub);
            }
            o[3] = (uint8_t)a;
        }
    }
}

void ps_rgba_shrink(const uint8_t *src, uint32_t width, uint32_t height, uint32_t factor, uint8_t *dst) {
    const size_t k = factor ? factor : 1;
    const size_t out_w = (width + k - 1) / k, out_h = (height + k - 1) / k;
    for (size_t oy = 0; oy < out_h; oy++) {
        const size_t y0 = oy * k, y1 = y0 + k < height ? y0 + k : height;
        for (size_t ox = 0; ox < out_w; ox++) {
            const size_t x0 = ox * k, x1 = x0 + k < width ? x0 + k : width;
            uint64_t sr = 0, sg = 0, sb = 0, sa = 0;
            for (size_t y = y0; y < y1; y++) {
                const uint8_t *p = src + (y * width + x0) * 4;
                for (size_t x = x0; x < x1; x++, p += 4) {
                    sr += (uint64_t)p[0] * p[3];
                    sg += (uint64_t)p[1] * p[3];
                    sb += (uint64_t)p[2] * p[3];
                    sa += p[3];
                }
            }
            const uint64_t n = (uint64_t)(y1 - y0) * (x1 - x0);
            uint8_t *o = dst + (oy * out_w + ox) * 4;
            o[0] = sa ? (uint8_t)((sr + sa / 2) / sa) : 0;
            o[1] = sa ? (uint8_t)((sg + sa / 2) / sa) : 0;
            o[2] = sa ? (uint8_t)((sb + sa / 2) / sa) : 0;
            o[3] = (uint8_t)((sa + n / 2) / n);
        }
    }
}

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void ps_keep_large_blocks(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20); /* glibc's largest: blocks up to 32 MiB come from the heap */
    mallopt(M_TRIM_THRESHOLD, 1 << 30);  /* and up to 1 GiB freed stays there */
    /* As many heaps as processors, not glibc's eight a processor: each thread that allocates
     * takes a heap, and every heap keeps its large blocks, so a long run of short-lived
     * workers would otherwise hold more memory the more frames it draws. */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    mallopt(M_ARENA_MAX, cores < 2 ? 2 : cores > 64 ? 64 : (int)cores);
#endif
}

/* MARK: - Two halves at once */

void ps_two_halves(void *(*fn)(void *), void *first, void *second) {
    if (!second) {
        fn(first);
        return;
    }
    pthread_t th;
    int threaded = pthread_create(&th, NULL, fn, second) == 0;
    fn(first);
    if (threaded) pthread_join(th, NULL);
    else fn(second);
}
