/* hc — status codes shared by every part of libhc.
 *
 * Computation itself cannot fail and returns void; only allocation, I/O and
 * decoding report a status (design guide §5). */
#ifndef HC_STATUS_H
#define HC_STATUS_H

#include "hc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hc_status {
    HC_OK = 0,
    HC_ERR_NOMEM,       /* an allocation failed */
    HC_ERR_INVALID,     /* malformed input (hex, Base64, UTF-8, parameters) */
    HC_ERR_UNSUPPORTED, /* the algorithm does not offer this operation */
    HC_ERR_IO,          /* a system call failed; errno tells why */
    HC_ERR_RANGE,       /* a number does not fit */
    HC_ERR_CANCELLED,   /* stopped on request */
    HC_ERR_ABI          /* the program was compiled with the headers of another libhc */
} hc_status;

/* A short English description of a status, never NULL. */
HC_API const char *hc_status_text(hc_status status);

#ifdef __cplusplus
}
#endif

#endif
