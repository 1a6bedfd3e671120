/* The SHA-224/SHA-256 brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_sha256.h. */
#include "vec_avx2.h"

#define SHA_INTERLEAVE 1 /* vectors in flight */
#include "mb_sha256.h"

MB_ENTRY(hc_mb_sha256_avx2, sha256_kernel)
