/* Pixel work for Proofsheet: a fast PNG encoder, the blur kernel behind shadows and blurs, and
 * conversions between straight RGBA and Cairo's premultiplied ARGB32.
 * (PNG and JPEG decoding are in cpng_read.h and cjpeg_read.h.) */
#ifndef PROOFSHEET_CODECS_H
#define PROOFSHEET_CODECS_H
#include <stddef.h>
#include <stdint.h>

/* Encodes premultiplied native-endian ARGB32 (Cairo's format) as PNG: un-premultiplies, writes
 * RGB when every pixel is opaque (else RGBA), filters rows with `filter` (0 none, 1 sub, 2 up,
 * 5 = choose per row), compresses with libdeflate at `level` (1 fastest … 12). */
int ps_png_encode_argb32(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride,
                         int level, int filter, uint8_t **out, size_t *out_len, char *err,
                         size_t err_len);

/* The same PNG through zlib's streaming deflate (`level` 1 … 9): each row is made straight,
 * filtered and compressed in turn, so besides the raster the memory is a few rows and the
 * compressed bytes (IDAT chunks of at most 64 KiB), not a filtered copy of the whole raster.
 * For large sheets; the bytes differ from ps_png_encode_argb32's (another compressor). */
int ps_png_stream_argb32(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride,
                         int level, int filter, uint8_t **out, size_t *out_len, char *err,
                         size_t err_len);

/* Encodes straight RGBA rows (stride 4*w) as an RGBA PNG, with the same options. */
int ps_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                       uint8_t **out, size_t *out_len, char *err, size_t err_len);

/* The fastest PNG writer (png_fastest.c): rows filtered with sub, up or Paeth (the smallest sum
 * of absolute values per row), then one deflate block with a Huffman code built for the image,
 * every byte a literal and runs of zeros matches at distance 1. Premultiplied ARGB32 is written as
 * RGB when every pixel is opaque, else as straight RGBA, like ps_png_encode_argb32.
 * `simd`: -1 the AVX2 path when the CPU has it and PROOFSHEET_SIMD is not "off"; 0 the scalar
 * path; 1 the AVX2 path when the CPU has it. Every path writes the same bytes. */
int ps_png_fastest_argb32(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride, int simd,
                          uint8_t **out, size_t *out_len, char *err, size_t err_len);
/* The same bytes as ps_png_fastest_argb32, from pixels the caller gives up: they may be
 * overwritten (an opaque image's filtered rows go over its own, sparing fresh memory). */
int ps_png_fastest_argb32_consuming(uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride, int simd,
                                    uint8_t **out, size_t *out_len, char *err, size_t err_len);
int ps_png_fastest_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int simd, uint8_t **out,
                        size_t *out_len, char *err, size_t err_len);
/* Runs fn(first) here and fn(second) on a thread of its own, and returns when both are done
 * (both here when no thread can be started; only the first when `second` is NULL): the one way
 * the pixel routines split a large output into two halves of rows. */
void ps_two_halves(void *(*fn)(void *), void *first, void *second);
/* The filtered bytes from which the fastest writer encodes an image as two parts at once (the
 * second on a thread of its own), writing the same bytes as one part would (tests set it low to
 * split small images). */
void ps_png_fastest_set_split(size_t min_bytes);
size_t ps_png_fastest_split(void);
/* How many images the fastest writer has encoded as two parts (restarts included). */
unsigned long ps_png_fastest_split_count(void);

/* 1 when every pixel of the premultiplied ARGB32 rows has an alpha of 255. */
int ps_argb32_opaque(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride);

/* 1 when the CPU has AVX2 (and the build targets x86). */
int ps_cpu_has_avx2(void);
/* 1 when the vector paths are used by default: the CPU has AVX2 and PROOFSHEET_SIMD is not
 * "off". */
int ps_simd_enabled(void);

/* Gaussian blurs (blur.c). Pixels are bytes, `channels` (1 or 4) to a pixel, rows `stride` bytes
 * apart; every byte is blurred alike, so premultiplied ARGB32 is blurred as 4 channels. `clamp`:
 * 1 extends the image past its edges with its edge pixels, 0 treats outside as transparent (0).
 *
 * ps_blur: a Gaussian of `sigma` pixels, in place. Below sigma 2 the sampled kernel; up to 6,
 * three extended box passes per direction whose variances add to sigma^2; from 6 up, the image
 * is shrunk by ps_blur_factor(sigma), blurred there by ps_blur_sigma_at_factor, and grown back
 * bilinearly. Returns 0, or -1 when out of memory (the image is then left as it was). */
int ps_blur(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, uint32_t channels, double sigma, int clamp);
/* The whole factor a blur of `sigma` pixels shrinks its image by (1: not shrunk). */
uint32_t ps_blur_factor(double sigma);
/* The sigma to blur with on an image shrunk by k (box averages) and grown back bilinearly, for
 * a blur of `sigma` at full size: the variance the shrink and growth add is taken off. */
double ps_blur_sigma_at_factor(double sigma, uint32_t k);
/* The blur step alone, at the image's own resolution (no shrinking). */
int ps_blur_at_scale(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, uint32_t channels, double sigma, int clamp);
/* Shrinks by k: each output pixel is the mean of a k x k block (a block cut by the edge counts
 * the missing pixels as 0 unless `clamp`). dst holds ceil(width / k) x ceil(height / k) pixels. */
void ps_shrink(const uint8_t *src, uint32_t width, uint32_t height, uint32_t src_stride, uint32_t channels, uint32_t k, int clamp,
               uint8_t *dst, uint32_t dst_stride);
/* Grows by k with bilinear interpolation: output pixel (x, y) samples the source at
 * ((x + dx + 0.5) / k - 0.5, (y + dy + 0.5) / k - 0.5), source pixel centres at whole numbers,
 * clamped at the source's edges. (dx, dy): the output's origin in the grown grid. */
void ps_grow(const uint8_t *src, uint32_t src_width, uint32_t src_height, uint32_t src_stride, uint32_t channels, uint32_t k,
             long dx, long dy, uint8_t *dst, uint32_t width, uint32_t height, uint32_t dst_stride);
/* The output pixels from which ps_grow fills the two halves of its rows at once, the second on a
 * thread of its own (the same bytes; tests set it low to split small outputs). */
void ps_grow_set_split(size_t min_pixels);
size_t ps_grow_split(void);
/* ps_blur of premultiplied ARGB32 with transparent edges (blur(radius:)). */
void ps_box_blur_argb32(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, double sigma);
/* A material's colour steps on premultiplied ARGB32, in place: saturation multiplied by
 * `saturation` (SVG's feColorMatrix saturate, Rec. 709 luma), then the tint colour (straight
 * r, g, b, a in 0...1) composited over. */
void ps_saturate_tint_argb32(uint8_t *data, uint32_t width, uint32_t height, uint32_t stride, double saturation, double tr, double tg,
                             double tb, double ta);

/* Writes into dst (ARGB32) a shadow of src: src's alpha blurred like ps_box_blur_argb32 (ps_blur, transparent edges), then
 * filled with the colour (r, g, b, a in 0…1), premultiplied. */
void ps_shadow_argb32(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                      uint32_t width, uint32_t height, double sigma, double r, double g, double b, double a);

/* Converts `count` straight RGBA pixels in place to premultiplied native-endian ARGB32 (Cairo's
 * format), rounding each channel as (c * a + 127) / 255. */
void ps_rgba_to_argb32(uint8_t *pixels, size_t count);

/* Converts premultiplied native-endian ARGB32 rows (`stride` bytes apart) to straight RGBA,
 * packed (`rgba` holds width * height * 4 bytes): each channel becomes
 * min(255, (c * 255 + a / 2) / a), and 0 where a is 0. */
void ps_argb32_to_rgba(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride, uint8_t *rgba);

/* Shrinks straight RGBA by a whole `factor`: each output pixel averages a factor x factor block
 * (smaller at the right and bottom edges), colours weighted by alpha. `dst` holds
 * ceil(width / factor) * ceil(height / factor) pixels. */
void ps_rgba_shrink(const uint8_t *src, uint32_t width, uint32_t height, uint32_t factor, uint8_t *dst);

/* At least `n` bytes for pixels, not cleared, freed with free() (or ps_free); NULL when out of
 * memory. From 2 MiB up the block is aligned to 2 MiB and asks the kernel for huge pages, so that
 * memory touched for the first time costs one fault per 2 MiB rather than one per 4 KiB (a 3x
 * frame's surface otherwise spends about as long faulting in as drawing). */
void *ps_pixels_alloc(size_t n);

void ps_free(void *p);
/* Keeps large freed blocks in the process's heap (glibc), so that buffers allocated again and
 * again (frames, images) do not cost fresh zeroed pages each time. For command-line processes. */
void ps_keep_large_blocks(void);

#endif
