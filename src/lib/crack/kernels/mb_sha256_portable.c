/* The SHA-224/SHA-256 brute-force kernel in portable C: four lanes of GCC
 * vector code (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_sha256.h. */
#include "vec_portable.h"

#define SHA_INTERLEAVE 1 /* vectors in flight */
#include "mb_sha256.h"

size_t hc_mb_sha256_portable(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                             unsigned *count)
{
    return sha256_kernel(args, u, end, hits, cap, count);
}

bool hc_mb_sha256_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    return sha256_filter_key(args, target, key);
}
