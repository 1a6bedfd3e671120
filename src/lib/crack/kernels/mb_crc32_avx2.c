/* The CRC-32/CRC-32C brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_crc32.h. */
#include "vec_avx2.h"

#include "mb_crc32.h"

MB_ENTRY(hc_mb_crc32_avx2, crc32_kernel)
