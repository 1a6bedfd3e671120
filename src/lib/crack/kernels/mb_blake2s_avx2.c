/* The BLAKE2s brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_blake2s.h. */
#include "vec_avx2.h"

#include "mb_blake2s.h"

size_t hc_mb_blake2s_avx2(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count)
{
    return blake2s_blake3_kernel(args, u, end, hits, cap, count, false);
}
