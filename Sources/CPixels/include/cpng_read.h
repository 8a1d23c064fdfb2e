#ifndef PROOFSHEET_CPNG_READ_H
#define PROOFSHEET_CPNG_READ_H

/*
 * setjmp-guarded PNG decoding on top of libpng's classic read API.
 *
 * libpng reports fatal errors by longjmp-ing out of the failing call; Swift
 * cannot establish a setjmp point, so every libpng call that can fail is made
 * from this file, each public function sets its own jump target, and errors
 * come back as return codes plus a message.
 *
 * Output is 8-bit straight (non-premultiplied) RGBA converted the way the
 * node `pngjs` package (used by pixelmatch's tests) converts samples:
 *  - no gamma correction (gAMA/sRGB/iCCP/cHRM are ignored),
 *  - 16-bit samples: floor(v * 255 / 65535 + 0.5),
 *  - 1/2/4-bit grey: scaled to 0...255 (v * 255 / (2^depth - 1)),
 *  - palette: tRNS entries give alpha, missing entries are opaque, an index
 *    outside the palette is an error,
 *  - grey/RGB tRNS colour key: a matching pixel becomes (0, 0, 0, 0).
 *
 * Hostile sizes are refused before anything the size decides is allocated:
 * the IHDR's width and height are checked against the pixel limit before
 * libpng parses the file (libpng's own per-side and chunk-size limits are set
 * from it too), and libpng's row buffers are only allocated by
 * cpng_reader_read_rgba, which the caller calls after checking the size and
 * cpng_reader_working_bytes against its memory budget.
 *
 * Header declares no libpng types, so importing it leaks nothing.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
enum {
    CPNG_OK = 0,
    CPNG_ERROR = 1,         /* libpng or conversion error; see cpng_reader_message */
    CPNG_NOT_PNG = 2,       /* data does not start with the PNG signature */
    CPNG_OUT_OF_MEMORY = 3,
    CPNG_BAD_STATE = 4,     /* functions called out of order / bad buffer size */
    CPNG_TOO_LARGE = 5      /* width * height exceeds the pixel limit (size is reported) */
};

/* Opaque decoder state. */
typedef struct cpng_reader cpng_reader;

/* Creates a reader over `size` bytes at `data`; the bytes must stay valid and
 * unchanged until cpng_reader_destroy. Returns NULL only if out of memory. */
cpng_reader *cpng_reader_create(const uint8_t *data, size_t size);

/* Sets the limits read_header enforces (call before it): at most `max_pixels`
 * pixels (width * height), and at most `max_chunk_bytes` allocated for any one
 * ancillary chunk. Until set: 100,000,000 pixels and 8 MiB. */
void cpng_reader_set_limits(cpng_reader *reader, uint64_t max_pixels, uint64_t max_chunk_bytes);

/* Whether 8-bit RGB and RGBA images that are not interlaced are inflated whole by
 * libdeflate and unfiltered here (the default), or read by libpng row by row as
 * every other image is. Both give the same pixels; tests compare them. */
void cpng_reader_set_fast(cpng_reader *reader, int enabled);

/* After read_header: the bytes the fast path would allocate while it reads (its
 * filtered rows, and a copy of a stream split over several chunks), besides the
 * working bytes; 0 when the image does not take it. The caller reserves them, or
 * turns the fast path off. */
uint64_t cpng_reader_fast_bytes(const cpng_reader *reader);

/* Parses everything up to the first IDAT and reports the image size. Allocates
 * nothing whose size depends on the image size. Returns CPNG_TOO_LARGE, with
 * the size reported, when the image exceeds the pixel limit. */
int cpng_reader_read_header(cpng_reader *reader, uint32_t *width, uint32_t *height);

/* After a successful read_header: the bytes cpng_reader_read_rgba will
 * allocate besides its output (libpng's row buffers and ours). */
uint64_t cpng_reader_working_bytes(const cpng_reader *reader);

/* Decodes the whole image into `out`, which must hold exactly
 * width * height * 4 bytes. Call once, after cpng_reader_read_header. */
int cpng_reader_read_rgba(cpng_reader *reader, uint8_t *out, size_t out_size);

/* Describes the last error (never NULL; empty if none). Valid until destroy. */
const char *cpng_reader_message(const cpng_reader *reader);

/* Frees the reader and everything it allocated. Accepts NULL. */
void cpng_reader_destroy(cpng_reader *reader);

#ifdef __cplusplus
}
#endif

#endif
