/* The SHA-3/Keccak brute-force kernel in AVX-512: eight 64-bit lanes, vprolq and vpternlogq.
 * The family's code: mb_keccak.h. */
#include "vec_avx512.h"

#include "mb_keccak.h"

size_t hc_mb_keccak_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                           unsigned *count)
{
    return keccak_kernel(args, u, end, hits, cap, count);
}
