/* The HAVAL brute-force and free-lanes kernels in AVX2: eight 32-bit lanes.
 * The family's code: mb_haval.h. */
#include "vec_avx2.h"

#include "mb_haval.h"

MB_HAVAL_ENTRIES(avx2)
