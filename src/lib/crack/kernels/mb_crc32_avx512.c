/* The CRC-32/CRC-32C brute-force kernel in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_crc32.h. */
#include "vec_avx512.h"

#include "mb_crc32.h"

MB_ENTRY(hc_mb_crc32_avx512, crc32_kernel)
