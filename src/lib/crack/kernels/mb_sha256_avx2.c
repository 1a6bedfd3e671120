/* The SHA-224/SHA-256 brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_sha256.h. */
#include "vec_avx2.h"

#define SHA_INTERLEAVE 1 /* vectors in flight */
#include "mb_sha256.h"

size_t hc_mb_sha256_avx2(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                         unsigned *count)
{
    return sha256_kernel(args, u, end, hits, cap, count);
}
