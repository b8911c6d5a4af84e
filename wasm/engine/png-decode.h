// The PNG decoder of the WebAssembly engine: libpng with the transformations Cairo 1.16 applies,
// so an image reads as the same pixels as the native build's (Cairo's) reader gives.
#ifndef TAGCLOUD_PNG_DECODE_H
#define TAGCLOUD_PNG_DECODE_H

#include <stddef.h>
#include <stdint.h>

/// Decodes the PNG `bytes` (its header and chunks already checked) of `width`×`height` pixels
/// into `pixels` as premultiplied 0xAARRGGBB words, as Cairo's ARGB32 (or, `*opaque` set, RGB24)
/// image surface holds them. Returns 0, or 1 when libpng fails (its message in `message`).
int tagcloud_png_decode(const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint32_t *pixels,
                        int *opaque, char *message, size_t message_size);

#endif
