/* The SHA-1 brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_sha1.h. */
#include "vec_avx2.h"

#define SHA_INTERLEAVE 1 /* vectors in flight */
#include "mb_sha1.h"

MB_ENTRY(hc_mb_sha1_avx2, sha1_kernel)
