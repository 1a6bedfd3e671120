/* The SHA-224/SHA-256 brute-force kernel in portable C: four lanes of GCC
 * vector code (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_sha256.h. */
#include "vec_portable.h"

#define SHA_INTERLEAVE 1 /* vectors in flight */
#include "mb_sha256.h"

MB_ENTRY(hc_mb_sha256_portable, sha256_kernel)

MB_FILTER_KEY_ENTRY(hc_mb_sha256_filter_key, sha256_filter_key)
