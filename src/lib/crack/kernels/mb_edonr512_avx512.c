/* The EDON-R-512 brute-force kernel in AVX-512: eight 64-bit lanes, vprolq and vpternlogq.
 * The family's code: mb_edonr.h. */
#include "vec_avx512.h"

#define EDONR_WIDE 1
#include "mb_edonr.h"

EDONR_ENTRY(hc_mb_edonr512_avx512)
