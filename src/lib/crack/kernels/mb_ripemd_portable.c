/* The RIPEMD-128/160/256/320 brute-force kernel in portable C: four lanes of
 * GCC vector code (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_ripemd.h. */
#include "vec_portable.h"

#include "mb_ripemd.h"

size_t hc_mb_ripemd_portable(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                             unsigned *count)
{
    return ripemd_kernel(args, u, end, hits, cap, count);
}
