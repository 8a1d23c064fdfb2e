/* A lean C baseline for the diff benchmark: decode two PNGs with libpng and count the pixels
 * whose RGBA bytes differ. `proofsheet diff --json` is measured against this end to end. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *load(const char *path, png_uint_32 *w, png_uint_32 *h) {
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) { fprintf(stderr, "%s: %s\n", path, img.message); return NULL; }
    img.format = PNG_FORMAT_RGBA;
    unsigned char *buf = malloc(PNG_IMAGE_SIZE(img));
    if (!buf || !png_image_finish_read(&img, NULL, buf, 0, NULL)) { fprintf(stderr, "%s: %s\n", path, img.message); free(buf); return NULL; }
    *w = img.width; *h = img.height;
    return buf;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: DiffReference a.png b.png\n"); return 2; }
    png_uint_32 w1, h1, w2, h2;
    unsigned char *a = load(argv[1], &w1, &h1), *b = load(argv[2], &w2, &h2);
    if (!a || !b) return 2;
    if (w1 != w2 || h1 != h2) { printf("{\"passed\":false}\n"); return 1; }
    size_t n = (size_t)w1 * h1, diff = 0;
    const unsigned int *pa = (const unsigned int *)a, *pb = (const unsigned int *)b;
    for (size_t i = 0; i < n; i++) diff += pa[i] != pb[i];
    printf("{\"mismatched\":%zu,\"total\":%zu}\n", diff, n);
    free(a); free(b);
    return diff ? 1 : 0;
}
