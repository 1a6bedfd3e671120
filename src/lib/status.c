#include "hc/status.h"

const char *hc_status_text(hc_status status)
{
    switch (status) {
    case HC_OK:
        return "success";
    case HC_ERR_NOMEM:
        return "out of memory";
    case HC_ERR_INVALID:
        return "invalid input";
    case HC_ERR_UNSUPPORTED:
        return "not supported";
    case HC_ERR_IO:
        return "input/output error";
    case HC_ERR_RANGE:
        return "value out of range";
    case HC_ERR_CANCELLED:
        return "cancelled";
    case HC_ERR_ABI:
        return "compiled with the headers of another libhc";
    }
    return "unknown status";
}
