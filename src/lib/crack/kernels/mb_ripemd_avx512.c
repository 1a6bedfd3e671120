/* The RIPEMD-128/160/256/320 brute-force and free-lanes kernels in AVX-512: sixteen 32-bit
 * lanes, vprold and vpternlogd.
 * The family's code: mb_ripemd.h. */
#include "vec_avx512.h"

#include "mb_ripemd.h"

MB_RIPEMD_ENTRIES(avx512)
