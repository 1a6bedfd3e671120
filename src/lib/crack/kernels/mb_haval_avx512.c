/* The HAVAL brute-force and free-lanes kernels in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_haval.h. */
#include "vec_avx512.h"

#include "mb_haval.h"

MB_HAVAL_ENTRIES(avx512)
