/* The SHA-1 brute-force kernel in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_sha1.h. */
#include "vec_avx512.h"

#define SHA_INTERLEAVE 2 /* vectors in flight */
#include "mb_sha1.h"

MB_ENTRY(hc_mb_sha1_avx512, sha1_kernel)
