/* Pieces both PNG writers share (private to CPixels). */
#ifndef PROOFSHEET_PNG_SHARED_H
#define PROOFSHEET_PNG_SHARED_H
#include <stddef.h>
#include <stdint.h>

void ps_set_err(char *err, size_t n, const char *msg);
void ps_put32be(uint8_t *p, uint32_t v);

/* Appends one chunk (length, type, data, CRC) at out + *pos. */
void ps_png_chunk(uint8_t *out, size_t *pos, const char *type, const uint8_t *data, size_t len);

/* Writes the signature and the IHDR chunk of an 8-bit RGB (bpp 3) or RGBA (bpp 4) image at out;
 * returns the bytes written (33). */
size_t ps_png_head(uint8_t *out, uint32_t width, uint32_t height, int bpp);

/* Straight RGB (bpp 3) or RGBA (bpp 4) of one row of premultiplied ARGB32. A pixel of alpha 0
 * keeps its colour bytes as they are. */
void ps_straight_row(const uint32_t *row, uint32_t width, int bpp, uint8_t *d);

/* 1 when every pixel of the premultiplied ARGB32 rows is opaque. */
int ps_argb32_opaque(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride);

/* `n` bytes of scratch: a buffer the thread keeps for its next image when `n` is not too large,
 * else one of its own. Give it back with ps_scratch_release. */
uint8_t *ps_scratch_take(size_t n);
void ps_scratch_release(uint8_t *p, size_t n);

/* Width, height and filter checks shared by the encoders; sets `err` and returns 1 when out of
 * range. */
int ps_png_check_size(uint32_t w, uint32_t h, char *err, size_t err_len);
#endif
