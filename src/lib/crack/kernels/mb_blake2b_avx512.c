/* The BLAKE2b brute-force kernel in AVX-512: eight 64-bit lanes, vprolq and vpternlogq.
 * The family's code: mb_blake2b.h. */
#include "vec_avx512.h"

#include "mb_blake2b.h"

MB_ENTRY(hc_mb_blake2b_avx512, blake2b_kernel)
