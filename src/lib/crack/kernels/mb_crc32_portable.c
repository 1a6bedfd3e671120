/* The CRC-32/CRC-32C brute-force kernel in portable C: four lanes of GCC
 * vector code (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_crc32.h. */
#include "vec_portable.h"

#include "mb_crc32.h"

size_t hc_mb_crc32_portable(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                            unsigned *count)
{
    return crc32_kernel(args, u, end, hits, cap, count);
}
