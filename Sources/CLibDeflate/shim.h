// libdeflate: whole-buffer DEFLATE, for the PNG files of images that fit in memory twice over.
#include <libdeflate.h>
