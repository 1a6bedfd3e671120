/* The SHA-384/SHA-512 brute-force and free-lanes kernels in AVX-512: eight 64-bit lanes, vprolq and
 * vpternlogq. The family's code: mb_sha512.h. */
#include "vec_avx512.h"

#define SHA_INTERLEAVE 2 /* vectors in flight */
#include "mb_sha512.h"

MB_ENTRY(hc_mb_sha512_avx512, sha512_kernel)

MB_LANES_ENTRY(hc_lanes_sha512_avx512, sha512_lanes)

MB_FILTER_KEY_ENTRY(hc_mb_sha512_filter_key, sha512_filter_key)
