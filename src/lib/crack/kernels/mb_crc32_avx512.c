/* The CRC-32/CRC-32C brute-force kernel in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_crc32.h. */
#include "vec_avx512.h"

#include "mb_crc32.h"

size_t hc_mb_crc32_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count)
{
    return crc32_kernel(args, u, end, hits, cap, count);
}
