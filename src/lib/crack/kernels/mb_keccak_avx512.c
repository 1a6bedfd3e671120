/* The SHA-3/Keccak brute-force and free-lanes kernels in AVX-512: eight 64-bit lanes, vprolq and vpternlogq.
 * The family's code: mb_keccak.h. */
#include "vec_avx512.h"

#include "mb_keccak.h"

MB_ENTRY(hc_mb_keccak_avx512, keccak_kernel)

void hc_lanes_keccak_avx512(const hc_lanes_args *args, size_t n, uint32_t *hits, unsigned *count)
{
    keccak_lanes(args, n, hits, count);
}
