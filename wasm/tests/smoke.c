/*
 * Smoke test of TagCloud's WebAssembly C libraries (scripts/build-wasm-libs): the same program is
 * built natively against the system's libraries and for wasm32-wasi against the built archives, and
 * scripts/check-wasm-libs requires the two outputs to be identical. It prints only integers and
 * checksums (no floating-point formatting, whose libc implementations could differ).
 *
 *   smoke FONT [EMOJI_FONT]
 *
 * (a) decodes a palette PNG with transparency held in memory with libpng (expanded to RGBA);
 * (b) loads FONT with FreeType at 48 px and renders a word's glyphs upright (grey, monochrome,
 *     light, LCD, unhinted: both rasterisers, the hinters, Debian's subpixel option), two glyphs
 *     at 700 px (the rasterisers' overflow path, a longjmp), then the word rotated by 30 degrees
 *     with FT_Set_Transform; EMOJI_FONT's first strike gives one colour glyph, a PNG inside the
 *     font that FreeType decodes with libpng and zlib;
 * (c) shapes "office affine" with HarfBuzz through hb-ft (hb_ft_font_create_referenced);
 * (d) subsets the face to "abc" with hb_subset_or_fail;
 * (e) decodes a PNG with a corrupt chunk: libpng's error leaves through longjmp to our setjmp,
 *     which in WebAssembly is the exception-handling lowering and wasm/runtime/sjlj.c.
 */
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb-ft.h>
#include <hb-subset.h>
#include <hb.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

/* A 6x5 palette image (4 colours, tRNS with 4 alphas), 123 bytes, made with Python's zlib. */
static const unsigned char small_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x05, 0x08, 0x03, 0x00, 0x00, 0x00, 0x51, 0x86, 0x6d,
    0xd4, 0x00, 0x00, 0x00, 0x0c, 0x50, 0x4c, 0x54, 0x45, 0xff, 0x00, 0x00, 0x00, 0x80, 0xff, 0x14,
    0xc8, 0x3c, 0xfa, 0xfa, 0x0a, 0x8f, 0xf7, 0x3b, 0xb8, 0x00, 0x00, 0x00, 0x04, 0x74, 0x52, 0x4e,
    0x53, 0xff, 0x80, 0x00, 0xc8, 0x19, 0x1c, 0x31, 0x69, 0x00, 0x00, 0x00, 0x1a, 0x49, 0x44, 0x41,
    0x54, 0x78, 0xda, 0x63, 0x60, 0x60, 0x64, 0x62, 0x66, 0x60, 0x84, 0x90, 0x4c, 0x0c, 0x60, 0x92,
    0x99, 0x01, 0x42, 0x32, 0x40, 0x44, 0x01, 0x03, 0x12, 0x00, 0x2c, 0x3a, 0xf9, 0x5a, 0xee, 0x00,
    0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};
enum { idat_data_offset = 81 };

static uint32_t fnv1a(uint32_t hash, const void *bytes, size_t count)
{
    const unsigned char *p = bytes;
    for (size_t i = 0; i < count; i++)
        hash = (hash ^ p[i]) * 16777619u;
    return hash;
}

/* Hashes a value as 64 bits, so that long (32 bits in wasm32, 64 natively) hashes alike. */
static uint32_t fnv1a_int(uint32_t hash, int64_t value)
{
    return fnv1a(hash, &value, sizeof value);
}

/* ---- (a) and (e): libpng from memory, errors through longjmp ---- */

struct png_source {
    const unsigned char *bytes;
    size_t size, at;
    char error[128];
};

static void png_read_memory(png_structp png, png_bytep out, png_size_t count)
{
    struct png_source *source = png_get_io_ptr(png);
    if (count > source->size - source->at)
        png_error(png, "read past the end");
    memcpy(out, source->bytes + source->at, count);
    source->at += count;
}

static void png_keep_error(png_structp png, png_const_charp message)
{
    struct png_source *source = png_get_error_ptr(png);
    snprintf(source->error, sizeof source->error, "%s", message);
    png_longjmp(png, 1);
}

static void png_quiet_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void decode_png(const char *label, const unsigned char *bytes, size_t size)
{
    struct png_source source = { bytes, size, 0, "" };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, png_keep_error, png_quiet_warning);
    png_infop info = png_create_info_struct(png);
    unsigned char pixels[16 * 16 * 4];
    png_bytep rows[16];
    volatile int stage = 0;
    if (setjmp(png_jmpbuf(png))) {
        printf("png %s: error after stage %d recovered by longjmp: %s\n", label, stage, source.error);
        png_destroy_read_struct(&png, &info, NULL);
        return;
    }
    png_set_read_fn(png, &source, png_read_memory);
    png_read_info(png, info);
    stage = 1;
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);
    if (width > 16 || height > 16)
        png_error(png, "image too large for this test");
    png_set_palette_to_rgb(png);
    png_set_tRNS_to_alpha(png);
    png_read_update_info(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    for (png_uint_32 y = 0; y < height; y++)
        rows[y] = pixels + y * rowbytes;
    png_read_image(png, rows);
    stage = 2;
    png_read_end(png, NULL);
    printf("png %s: %ux%u colour type %d -> %d channels, rowbytes %zu, pixels %08x, first RGBA %u %u %u %u\n",
           label, (unsigned)width, (unsigned)height, color_type, png_get_channels(png, info), rowbytes,
           fnv1a(2166136261u, pixels, rowbytes * height), pixels[0], pixels[1], pixels[2], pixels[3]);
    png_destroy_read_struct(&png, &info, NULL);
}

/* ---- (b): FreeType ---- */

static uint32_t bitmap_hash(uint32_t hash, const FT_Bitmap *bitmap)
{
    int bytes_per_row = bitmap->pitch < 0 ? -bitmap->pitch : bitmap->pitch;
    hash = fnv1a_int(hash, bitmap->width);
    hash = fnv1a_int(hash, bitmap->rows);
    hash = fnv1a_int(hash, bitmap->pixel_mode);
    for (unsigned y = 0; y < bitmap->rows; y++)
        hash = fnv1a(hash, bitmap->buffer + (size_t)y * bytes_per_row, bytes_per_row);
    return hash;
}

/* Renders each character of word with the load flags and render mode; one line per glyph if
 * per_glyph, and one line for the word. */
static int render_word(FT_Face face, const char *label, const char *word, FT_Int32 flags,
                       FT_Render_Mode mode, int per_glyph)
{
    uint32_t word_hash = 2166136261u;
    for (const char *c = word; *c; c++) {
        FT_UInt index = FT_Get_Char_Index(face, (unsigned char)*c);
        FT_Error error = FT_Load_Glyph(face, index, flags);
        if (!error)
            error = FT_Render_Glyph(face->glyph, mode);
        if (error) {
            printf("ft %s: '%c' error %d\n", label, *c, error);
            return 1;
        }
        FT_GlyphSlot slot = face->glyph;
        uint32_t hash = bitmap_hash(2166136261u, &slot->bitmap);
        if (per_glyph)
            printf("ft %s: '%c' glyph %u bitmap %ux%u at %d,%d advance %ld,%ld hash %08x\n", label, *c,
                   index, slot->bitmap.width, slot->bitmap.rows, slot->bitmap_left, slot->bitmap_top,
                   (long)slot->advance.x, (long)slot->advance.y, hash);
        word_hash = fnv1a_int(word_hash, slot->bitmap_left);
        word_hash = fnv1a_int(word_hash, slot->bitmap_top);
        word_hash = fnv1a_int(word_hash, slot->advance.x);
        word_hash = fnv1a_int(word_hash, slot->advance.y);
        word_hash = fnv1a_int(word_hash, hash);
    }
    printf("ft %s: word \"%s\" hash %08x\n", label, word, word_hash);
    return 0;
}

static int freetype_tests(FT_Face face)
{
    const char *word = "Wolke&Tag";
    int failed = 0;
    printf("ft face: %s %s, %ld glyphs, %d units/em\n", face->family_name, face->style_name,
           face->num_glyphs, face->units_per_EM);
    if (FT_Set_Pixel_Sizes(face, 0, 48))
        return printf("ft: FT_Set_Pixel_Sizes failed\n"), 1;
    failed |= render_word(face, "grey", word, FT_LOAD_DEFAULT, FT_RENDER_MODE_NORMAL, 1);
    failed |= render_word(face, "mono", word, FT_LOAD_TARGET_MONO, FT_RENDER_MODE_MONO, 0);
    failed |= render_word(face, "light", word, FT_LOAD_TARGET_LIGHT, FT_RENDER_MODE_LIGHT, 0);
    failed |= render_word(face, "lcd", word, FT_LOAD_TARGET_LCD, FT_RENDER_MODE_LCD, 0);
    failed |= render_word(face, "unhinted", word, FT_LOAD_NO_HINTING, FT_RENDER_MODE_NORMAL, 0);
    /* Large glyphs overflow the rasterisers' cell pools, which leave through longjmp and then
     * render in smaller bands: that path in both rasterisers. */
    if (FT_Set_Pixel_Sizes(face, 0, 700))
        return printf("ft: FT_Set_Pixel_Sizes failed\n"), 1;
    failed |= render_word(face, "grey700", "@W", FT_LOAD_DEFAULT, FT_RENDER_MODE_NORMAL, 1);
    failed |= render_word(face, "mono700", "@W", FT_LOAD_TARGET_MONO, FT_RENDER_MODE_MONO, 1);
    FT_Set_Pixel_Sizes(face, 0, 48);
    /* 30 degrees in 16.16 fixed point: cos = 56756 (0.866025), sin = 32768 (0.5); integers, so the
     * matrix is the same everywhere whatever libm says. */
    FT_Matrix rotation = { 56756, -32768, 32768, 56756 };
    FT_Vector shift = { 17, -5 };
    FT_Set_Transform(face, &rotation, &shift);
    failed |= render_word(face, "rotated30", word, FT_LOAD_DEFAULT, FT_RENDER_MODE_NORMAL, 1);
    FT_Set_Transform(face, NULL, NULL);
    return failed;
}

static int emoji_test(FT_Library library, const char *path)
{
    FT_Face face;
    FT_Error error = FT_New_Face(library, path, 0, &face);
    if (error)
        return printf("ft emoji: cannot open the font (error %d)\n", error), 1;
    printf("ft emoji face: %s, %d strikes, colour %d\n", face->family_name, face->num_fixed_sizes,
           FT_HAS_COLOR(face) ? 1 : 0);
    if (face->num_fixed_sizes > 0)
        error = FT_Select_Size(face, 0);
    FT_UInt index = FT_Get_Char_Index(face, 0x1F600);
    if (!error)
        error = FT_Load_Glyph(face, index, FT_LOAD_COLOR | FT_LOAD_RENDER);
    if (error)
        printf("ft emoji: U+1F600 glyph %u error %d\n", index, error);
    else
        printf("ft emoji: U+1F600 glyph %u bitmap %ux%u mode %d advance %ld hash %08x\n", index,
               face->glyph->bitmap.width, face->glyph->bitmap.rows, face->glyph->bitmap.pixel_mode,
               (long)face->glyph->advance.x, bitmap_hash(2166136261u, &face->glyph->bitmap));
    FT_Done_Face(face);
    return error != 0;
}

/* ---- (c) and (d): HarfBuzz ---- */

static int harfbuzz_tests(FT_Face face)
{
    hb_font_t *font = hb_ft_font_create_referenced(face);
    hb_buffer_t *buffer = hb_buffer_create();
    const char *text = "office affine";
    hb_buffer_add_utf8(buffer, text, -1, 0, -1);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    unsigned count;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    printf("hb shape \"%s\": %u glyphs (gid cluster advance offset)\n", text, count);
    hb_position_t pen = 0;
    for (unsigned i = 0; i < count; i++) {
        char name[64];
        hb_font_get_glyph_name(font, infos[i].codepoint, name, sizeof name);
        printf("  %u %s %u %d %d,%d\n", infos[i].codepoint, name, infos[i].cluster,
               positions[i].x_advance, positions[i].x_offset, positions[i].y_offset);
        pen += positions[i].x_advance;
    }
    printf("hb shape: total advance %d (26.6)\n", pen);
    hb_buffer_destroy(buffer);

    hb_face_t *hb_face = hb_font_get_face(font);
    hb_subset_input_t *input = hb_subset_input_create_or_fail();
    int failed = input == NULL;
    if (input) {
        for (const char *c = "abc"; *c; c++)
            hb_set_add(hb_subset_input_unicode_set(input), (unsigned char)*c);
        hb_face_t *subset = hb_subset_or_fail(hb_face, input);
        if (subset) {
            hb_blob_t *blob = hb_face_reference_blob(subset);
            unsigned length;
            const char *data = hb_blob_get_data(blob, &length);
            printf("hb subset \"abc\": %u bytes, %u glyphs, hash %08x\n", length,
                   hb_face_get_glyph_count(subset), fnv1a(2166136261u, data, length));
            hb_blob_destroy(blob);
            hb_face_destroy(subset);
        } else {
            printf("hb subset \"abc\": failed\n");
            failed = 1;
        }
        hb_subset_input_destroy(input);
    }
    hb_font_destroy(font);
    return failed;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FONT [EMOJI_FONT]\n", argv[0]);
        return 2;
    }
    FT_Int major, minor, patch;
    FT_Library library;
    if (FT_Init_FreeType(&library))
        return printf("ft: FT_Init_FreeType failed\n"), 1;
    FT_Library_Version(library, &major, &minor, &patch);
    printf("versions: zlib %s, libpng %s, FreeType %d.%d.%d, HarfBuzz %s\n", zlibVersion(),
           png_get_libpng_ver(NULL), major, minor, patch, hb_version_string());

    decode_png("good", small_png, sizeof small_png);
    unsigned char corrupt[sizeof small_png];
    memcpy(corrupt, small_png, sizeof small_png);
    corrupt[idat_data_offset + 5] ^= 0x5a;
    decode_png("corrupt", corrupt, sizeof corrupt);
    decode_png("truncated", small_png, idat_data_offset + 10);

    FT_Face face;
    FT_Error error = FT_New_Face(library, argv[1], 0, &face);
    if (error)
        return printf("ft: cannot open %s (error %d)\n", argv[1], error), 1;
    int failed = freetype_tests(face);
    if (argc > 2)
        failed |= emoji_test(library, argv[2]);
    failed |= harfbuzz_tests(face); /* hb_ft_font_create_referenced keeps face alive */
    FT_Done_Face(face);
    FT_Done_FreeType(library);
    return failed;
}
