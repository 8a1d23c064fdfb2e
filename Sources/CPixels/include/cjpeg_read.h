#ifndef PROOFSHEET_CJPEG_READ_H
#define PROOFSHEET_CJPEG_READ_H

/*
 * setjmp-guarded JPEG decoding on top of libjpeg(-turbo).
 *
 * libjpeg's error_exit must not return, so it longjmps back into the public
 * function that made the failing call; errors come back as return codes plus
 * a message. Warnings that mean image data is missing or corrupt (a premature
 * end of the file or of a data segment, a lost restart marker, a bad Huffman
 * or arithmetic code) are errors: libjpeg would fill the rest with grey.
 * Other libjpeg warnings are ignored. Output is 8-bit RGBA with alpha 255;
 * CMYK/YCCK files are converted with a simple (non colour-managed) formula.
 * EXIF orientation is not applied.
 *
 * The size is checked against the pixel limit right after the header;
 * libjpeg's large buffers (a whole-image coefficient buffer for progressive
 * files) are allocated by cjpeg_reader_read_rgba only, which the caller calls
 * after checking cjpeg_reader_working_bytes against its memory budget, and
 * libjpeg's memory manager is held to that figure.
 *
 * The header declares no libjpeg types.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CJPEG_OK = 0,
    CJPEG_ERROR = 1,        /* libjpeg error; see cjpeg_reader_message */
    CJPEG_NOT_JPEG = 2,     /* data does not start with a JPEG SOI marker */
    CJPEG_OUT_OF_MEMORY = 3,
    CJPEG_BAD_STATE = 4,
    CJPEG_TOO_LARGE = 5     /* width * height exceeds the pixel limit (size is reported) */
};

typedef struct cjpeg_reader cjpeg_reader;

/* Creates a reader over `size` bytes at `data` (kept valid until destroy).
 * Returns NULL only if out of memory. */
cjpeg_reader *cjpeg_reader_create(const uint8_t *data, size_t size);

/* Sets the pixel limit (width * height) read_header enforces; call before it.
 * Until set: 100,000,000 pixels. */
void cjpeg_reader_set_limits(cjpeg_reader *reader, uint64_t max_pixels);

/* Reads the JPEG header and reports the image size. Returns CJPEG_TOO_LARGE,
 * with the size reported, when the image exceeds the pixel limit. */
int cjpeg_reader_read_header(cjpeg_reader *reader, uint32_t *width, uint32_t *height);

/* After a successful read_header: the bytes cjpeg_reader_read_rgba lets
 * libjpeg allocate besides the output (an upper bound it is held to). */
uint64_t cjpeg_reader_working_bytes(const cjpeg_reader *reader);

/* Decodes into `out` (exactly width * height * 4 bytes), once, after the header. */
int cjpeg_reader_read_rgba(cjpeg_reader *reader, uint8_t *out, size_t out_size);

/* Describes the last error (never NULL). */
const char *cjpeg_reader_message(const cjpeg_reader *reader);

/* Frees the reader. Accepts NULL. */
void cjpeg_reader_destroy(cjpeg_reader *reader);

#ifdef __cplusplus
}
#endif

#endif
