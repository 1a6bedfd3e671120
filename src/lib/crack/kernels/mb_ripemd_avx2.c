/* The RIPEMD-128/160/256/320 brute-force and free-lanes kernels in AVX2: eight 32-bit lanes.
 * The family's code: mb_ripemd.h. */
#include "vec_avx2.h"

#include "mb_ripemd.h"

MB_RIPEMD_ENTRIES(avx2)
