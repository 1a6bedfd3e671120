/* The EDON-R-256 brute-force kernel in portable C: four lanes of GCC vector code.
 * The family's code: mb_edonr.h. */
#include "vec_portable.h"

#define EDONR_WIDE 0
#include "mb_edonr.h"

EDONR_ENTRY(hc_mb_edonr256_portable)
