/* The SHA-1 brute-force kernel in portable C: four lanes of GCC vector code
 * (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_sha1.h. */
#include "vec_portable.h"

#define SHA_INTERLEAVE 1 /* vectors in flight */
#include "mb_sha1.h"

MB_ENTRY(hc_mb_sha1_portable, sha1_kernel)

MB_FILTER_KEY_ENTRY(hc_mb_sha1_filter_key, sha1_filter_key)
