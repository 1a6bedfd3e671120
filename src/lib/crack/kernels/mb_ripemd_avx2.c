/* The RIPEMD-128/160/256/320 brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_ripemd.h. */
#include "vec_avx2.h"

#include "mb_ripemd.h"

size_t hc_mb_ripemd_avx2(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                         unsigned *count)
{
    return ripemd_kernel(args, u, end, hits, cap, count);
}
