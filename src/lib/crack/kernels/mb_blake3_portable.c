/* The BLAKE3 brute-force kernel in portable C: four lanes of GCC vector code
 * (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_blake2s.h. */
#include "vec_portable.h"

#include "mb_blake2s.h"

size_t hc_mb_blake3_portable(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                             unsigned *count)
{
    return blake2s_blake3_kernel(args, u, end, hits, cap, count, true);
}
