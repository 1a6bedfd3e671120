#include "hc/status.h"

const char *hc_status_text(hc_status status)
{
    static const char *const texts[] = {
        [HC_OK] = "success",
        [HC_ERR_NOMEM] = "out of memory",
        [HC_ERR_INVALID] = "invalid input",
        [HC_ERR_UNSUPPORTED] = "not supported",
        [HC_ERR_IO] = "input/output error",
        [HC_ERR_RANGE] = "value out of range",
        [HC_ERR_CANCELLED] = "cancelled",
        [HC_ERR_ABI] = "compiled with the headers of another libhc",
    };
    /* a value from a newer libhc's headers, or none at all */
    if ((unsigned)status >= sizeof(texts) / sizeof(texts[0]))
        return "unknown status";
    return texts[status];
}
