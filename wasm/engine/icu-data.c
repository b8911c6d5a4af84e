// See icu-data.h.
#include "icu-data.h"

#include <unicode/udata.h>

int32_t tagcloud_icu_set_data(const void *data) {
    UErrorCode error = U_ZERO_ERROR;
    udata_setCommonData(data, &error);
    return U_FAILURE(error) ? (int32_t)error : 0;
}
