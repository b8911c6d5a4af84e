// See png-decode.h. The transformations are Cairo 1.16's read_png (cairo-png.c): palette and
// low-depth grey expanded, tRNS to alpha, 16 bits stripped to 8, grey to RGB, a filler byte,
// then each row premultiplied with Cairo's rounding or packed as opaque RGB.
#include "png-decode.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct source {
    const uint8_t *bytes;
    size_t count, offset;
    char *message;
    size_t message_size;
};

static void read_bytes(png_structp png, png_bytep into, png_size_t size) {
    struct source *source = png_get_io_ptr(png);
    if (size > source->count - source->offset) png_error(png, "the image data ends early");
    memcpy(into, source->bytes + source->offset, size);
    source->offset += size;
}

static void fail(png_structp png, png_const_charp text) {
    struct source *source = png_get_error_ptr(png);
    if (source->message_size > 0) {
        strncpy(source->message, text ? text : "libpng failed", source->message_size - 1);
        source->message[source->message_size - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void ignore(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

// Cairo's multiply_alpha: alpha × colour / 255, rounded.
static uint8_t multiply_alpha(unsigned alpha, unsigned colour) {
    unsigned temp = alpha * colour + 0x80;
    return (uint8_t)((temp + (temp >> 8)) >> 8);
}

static void premultiply_row(const uint8_t *row, uint32_t *out, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = row + 4 * x;
        unsigned alpha = p[3];
        if (alpha == 0) {
            out[x] = 0;
        } else if (alpha == 0xff) {
            out[x] = 0xff000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        } else {
            out[x] = (uint32_t)alpha << 24 | (uint32_t)multiply_alpha(alpha, p[0]) << 16
                | (uint32_t)multiply_alpha(alpha, p[1]) << 8 | multiply_alpha(alpha, p[2]);
        }
    }
}

static void opaque_row(const uint8_t *row, uint32_t *out, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = row + 4 * x;
        out[x] = 0xff000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
}

static void set_transforms(png_structp png, png_infop info) {
    png_uint_32 w, h;
    int depth, colour, interlace;
    png_get_IHDR(png, info, &w, &h, &depth, &colour, &interlace, NULL, NULL);
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (depth < 8) png_set_packing(png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (interlace != PNG_INTERLACE_NONE) png_set_interlace_handling(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
}

int tagcloud_png_decode(const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint32_t *pixels,
                        int *opaque, char *message, size_t message_size) {
    struct source source = {bytes, count, 0, message, message_size};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, fail, ignore);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    // Freed on libpng's error path too, where locals not declared volatile are lost.
    uint8_t *volatile rows = NULL;
    png_bytep *volatile pointers = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        free(rows);
        free(pointers);
        return 1;
    }
    png_set_read_fn(png, &source, read_bytes);
    png_read_info(png, info);
    set_transforms(png, info);
    png_uint_32 w, h;
    int depth, colour;
    png_get_IHDR(png, info, &w, &h, &depth, &colour, NULL, NULL, NULL);
    if (w != width || h != height || depth != 8 || png_get_rowbytes(png, info) != 4 * (size_t)width) {
        png_error(png, "its decoded size differs from its header's");
    }
    rows = malloc((size_t)height * 4 * width);
    pointers = malloc(sizeof(png_bytep) * height);
    if (!rows || !pointers) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) pointers[y] = rows + (size_t)y * 4 * width;
    png_read_image(png, pointers);
    *opaque = colour == PNG_COLOR_TYPE_RGB;
    for (uint32_t y = 0; y < height; y++) {
        uint32_t *out = pixels + (size_t)y * width;
        if (*opaque) opaque_row(rows + (size_t)y * 4 * width, out, width);
        else premultiply_row(rows + (size_t)y * 4 * width, out, width);
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    free(pointers);
    return 0;
}
