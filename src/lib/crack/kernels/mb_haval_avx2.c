/* The HAVAL brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_haval.h. */
#include "vec_avx2.h"

#include "mb_haval.h"

MB_ENTRY(hc_mb_haval_avx2, haval_kernel)
