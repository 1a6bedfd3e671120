/* The HAVAL brute-force kernel in portable C: four lanes of GCC vector code
 * (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_haval.h. */
#include "vec_portable.h"

#include "mb_haval.h"

size_t hc_mb_haval_portable(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                            unsigned *count)
{
    return haval_kernel(args, u, end, hits, cap, count);
}
