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
    CJPEG_BAD_STATE = 4
};

typedef struct cjpeg_reader cjpeg_reader;

/* Creates a reader over `size` bytes at `data` (kept valid until destroy).
 * Returns NULL only if out of memory. */
cjpeg_reader *cjpeg_reader_create(const uint8_t *data, size_t size);

/* Reads the JPEG header and reports the image size. */
int cjpeg_reader_read_header(cjpeg_reader *reader, uint32_t *width, uint32_t *height);

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
