/*
 * Writes the small PNG and JPEG seed files in Corpus/png and Corpus/jpeg: one per colour type,
 * bit depth and coding option the decoders handle, each a few pixels, so that the fuzzer starts
 * from every branch of the readers. Run once; the outputs are checked in.
 *
 *   cc -O1 -o /tmp/make-image-seeds make-image-seeds.c $(pkg-config --cflags --libs libpng libjpeg)
 *   /tmp/make-image-seeds Corpus
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>

enum { W = 9, H = 7 };

static unsigned sample(int x, int y, int c, int depth) {
    unsigned max = (1u << depth) - 1;
    return ((unsigned)(x * 37 + y * 91 + c * 53) * 2654435761u >> 7) % (max + 1);
}

static void png_seed(const char *dir, const char *name, int color, int depth, int interlace, int trns, int extras) {
    char path[512];
    snprintf(path, sizeof path, "%s/png/%s.png", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "%s: libpng error\n", name); exit(1); }
    png_init_io(png, f);
    png_set_IHDR(png, info, W, H, depth, color, interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    int channels = color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_PALETTE ? 1
                 : color == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : color == PNG_COLOR_TYPE_RGB ? 3 : 4;
    if (color == PNG_COLOR_TYPE_PALETTE) {
        png_color plte[16];
        png_byte alpha[16];
        int n = 1 << (depth < 4 ? depth : 4);
        for (int i = 0; i < n; i++) {
            plte[i].red = (png_byte)(i * 17); plte[i].green = (png_byte)(255 - i * 13); plte[i].blue = (png_byte)(i * 5);
            alpha[i] = (png_byte)(i * 40);
        }
        png_set_PLTE(png, info, plte, n);
        if (trns) png_set_tRNS(png, info, alpha, n / 2, NULL);
    } else if (trns) {
        png_color_16 key = {0};
        key.gray = (png_uint_16)sample(0, 0, 0, depth);
        key.red = (png_uint_16)sample(0, 0, 0, depth);
        key.green = (png_uint_16)sample(0, 0, 1, depth);
        key.blue = (png_uint_16)sample(0, 0, 2, depth);
        png_set_tRNS(png, info, NULL, 0, &key);
    }
    if (extras) {
        png_set_gAMA(png, info, 1.0 / 2.2);
        png_set_pHYs(png, info, 2835, 2835, PNG_RESOLUTION_METER);
        png_text text = {0};
        text.compression = PNG_TEXT_COMPRESSION_zTXt;
        text.key = "Comment";
        text.text = "seed";
        png_set_text(png, info, &text, 1);
        png_unknown_chunk chunk = {{'p', 's', 'F', 'z', 0}, (png_byte *)"xyz", 3, PNG_HAVE_IHDR};
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep)"psFz", 1);
        png_set_unknown_chunks(png, info, &chunk, 1);
    }
    png_write_info(png, info);
    png_bytep rows[H];
    unsigned char buffer[H][W * 8];
    memset(buffer, 0, sizeof buffer);
    for (int y = 0; y < H; y++) {
        rows[y] = buffer[y];
        for (int x = 0; x < W; x++) {
            for (int c = 0; c < channels; c++) {
                unsigned v = color == PNG_COLOR_TYPE_PALETTE ? sample(x, y, c, depth < 4 ? depth : 4) : sample(x, y, c, depth);
                size_t bit = ((size_t)x * channels + c) * depth;
                if (depth == 16) { buffer[y][bit / 8] = (unsigned char)(v >> 8); buffer[y][bit / 8 + 1] = (unsigned char)v; }
                else if (depth == 8) buffer[y][bit / 8] = (unsigned char)v;
                else buffer[y][bit / 8] |= (unsigned char)(v << (8 - depth - bit % 8));
            }
        }
    }
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    fclose(f);
}

static void jpeg_seed(const char *dir, const char *name, int components, int progressive, int arith,
                      int restart, int h_samp, int optimize) {
    char path[512];
    snprintf(path, sizeof path, "%s/jpeg/%s.jpg", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, f);
    c.image_width = W;
    c.image_height = H;
    c.input_components = components;
    c.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&c);
    if (components == 4) jpeg_set_colorspace(&c, JCS_YCCK);
    jpeg_set_quality(&c, 75, TRUE);
    if (components >= 3) { c.comp_info[0].h_samp_factor = h_samp; c.comp_info[0].v_samp_factor = h_samp; }
    if (progressive) jpeg_simple_progression(&c);
    c.arith_code = arith;
    c.restart_interval = (unsigned)restart;
    c.optimize_coding = optimize;
    jpeg_start_compress(&c, TRUE);
    jpeg_write_marker(&c, JPEG_COM, (const JOCTET *)"seed", 4);
    unsigned char row[W * 4];
    while (c.next_scanline < H) {
        for (int x = 0; x < W; x++)
            for (int k = 0; k < components; k++) row[x * components + k] = (unsigned char)sample(x, (int)c.next_scanline, k, 8);
        JSAMPROW r = row;
        jpeg_write_scanlines(&c, &r, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    fclose(f);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "Corpus";
    static const int grey_depths[] = {1, 2, 4, 8, 16};
    char name[64];
    for (int i = 0; i < 5; i++) {
        snprintf(name, sizeof name, "grey%d", grey_depths[i]);
        png_seed(dir, name, PNG_COLOR_TYPE_GRAY, grey_depths[i], 0, i == 2 || i == 4, 0);
    }
    for (int d = 8; d <= 16; d += 8) {
        snprintf(name, sizeof name, "grey-alpha%d", d); png_seed(dir, name, PNG_COLOR_TYPE_GRAY_ALPHA, d, 0, 0, 0);
        snprintf(name, sizeof name, "rgb%d-trns", d); png_seed(dir, name, PNG_COLOR_TYPE_RGB, d, 0, 1, 0);
        snprintf(name, sizeof name, "rgba%d", d); png_seed(dir, name, PNG_COLOR_TYPE_RGB_ALPHA, d, 0, 0, 0);
        snprintf(name, sizeof name, "rgba%d-interlaced", d); png_seed(dir, name, PNG_COLOR_TYPE_RGB_ALPHA, d, 1, 0, 0);
    }
    for (int d = 1; d <= 8; d *= 2) {
        snprintf(name, sizeof name, "palette%d-trns", d); png_seed(dir, name, PNG_COLOR_TYPE_PALETTE, d, d == 2, 1, 0);
    }
    png_seed(dir, "rgb8-chunks", PNG_COLOR_TYPE_RGB, 8, 0, 0, 1);
    png_seed(dir, "grey4-interlaced", PNG_COLOR_TYPE_GRAY, 4, 1, 0, 0);

    jpeg_seed(dir, "rgb-420", 3, 0, 0, 0, 2, 0);
    jpeg_seed(dir, "rgb-444-optimized", 3, 0, 0, 0, 1, 1);
    jpeg_seed(dir, "rgb-progressive", 3, 1, 0, 0, 2, 0);
    jpeg_seed(dir, "rgb-arithmetic", 3, 0, 1, 0, 2, 0);
    jpeg_seed(dir, "rgb-restart", 3, 0, 0, 1, 2, 0);
    jpeg_seed(dir, "grey", 1, 0, 0, 0, 1, 0);
    jpeg_seed(dir, "grey-progressive-arithmetic", 1, 1, 1, 0, 1, 0);
    jpeg_seed(dir, "ycck", 4, 0, 0, 0, 1, 0);
    return 0;
}
