/* The BLAKE3 brute-force kernel in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_blake2s.h. */
#include "vec_avx512.h"

#include "mb_blake2s.h"

size_t hc_mb_blake3_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                           unsigned *count)
{
    return blake2s_blake3_kernel(args, u, end, hits, cap, count, true);
}
