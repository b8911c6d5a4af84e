// ICU's data handed to the WebAssembly engine at run time (udata_setCommonData), in place of the
// data linked into the native build: the engine links an empty data package, and the host gives
// the site's icu/icudata.dat the first time a text needs it.
#ifndef TAGCLOUD_ICU_DATA_H
#define TAGCLOUD_ICU_DATA_H

#include <stdint.h>

/// Makes `data` (an ICU common data package, kept for the life of the module) ICU's data;
/// 0 on success, else ICU's error code.
int32_t tagcloud_icu_set_data(const void *data);

#endif
