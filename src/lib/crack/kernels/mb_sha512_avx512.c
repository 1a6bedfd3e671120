/* The SHA-384/SHA-512 brute-force kernel in AVX-512: eight 64-bit lanes, vprolq and vpternlogq.
 * The family's code: mb_sha512.h. */
#include "vec_avx512.h"

#define SHA_INTERLEAVE 2 /* vectors in flight */
#include "mb_sha512.h"

size_t hc_mb_sha512_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                           unsigned *count)
{
    return sha512_kernel(args, u, end, hits, cap, count);
}

bool hc_mb_sha512_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    return sha512_filter_key(args, target, key);
}
