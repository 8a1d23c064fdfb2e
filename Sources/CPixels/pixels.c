#include "pixels.h"

#include <string.h>

void ps_rgba_to_argb32(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        const uint32_t a = p[3];
        const uint32_t r = (p[0] * a + 127) / 255;
        const uint32_t g = (p[1] * a + 127) / 255;
        const uint32_t b = (p[2] * a + 127) / 255;
        const uint32_t v = a << 24 | r << 16 | g << 8 | b;
        memcpy(p, &v, 4);
    }
}
