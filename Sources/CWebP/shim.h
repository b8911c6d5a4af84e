// libwebp: the still-image encoder and decoder, the animation encoder (libwebpmux) and the animation
// decoder (libwebpdemux), which the tests read the encoder's output back with.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
