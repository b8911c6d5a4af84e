#include <zlib.h>

/* deflateInit2 is a macro (it passes the header's version and struct size), which Swift cannot
   call; this is the same call as a function. */
static inline int tagcloud_deflate_init(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY);
}
