/* The SHA-3/Keccak brute-force and free-lanes kernels in AVX-512: eight 64-bit lanes, vprolq and vpternlogq.
 * The family's code: mb_keccak.h. */
#include "vec_avx512.h"

#include "mb_keccak.h"

MB_ENTRY(hc_mb_keccak_avx512, keccak_kernel)

MB_LANES_ENTRY(hc_lanes_keccak_avx512, keccak_lanes)
