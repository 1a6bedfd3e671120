/* The HAVAL brute-force kernel in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_haval.h. */
#include "vec_avx512.h"

#include "mb_haval.h"

MB_ENTRY(hc_mb_haval_avx512, haval_kernel)
