/* The EDON-R-256 brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_edonr.h. */
#include "vec_avx2.h"

#define EDONR_WIDE 0
#include "mb_edonr.h"

EDONR_ENTRY(hc_mb_edonr256_avx2)
