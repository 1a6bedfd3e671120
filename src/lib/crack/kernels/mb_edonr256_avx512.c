/* The EDON-R-256 brute-force kernel in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_edonr.h. */
#include "vec_avx512.h"

#define EDONR_WIDE 0
#include "mb_edonr.h"

EDONR_ENTRY(hc_mb_edonr256_avx512)
