/* The CRC-32/CRC-32C brute-force kernel in portable C: four lanes of GCC
 * vector code (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_crc32.h. */
#include "vec_portable.h"

#include "mb_crc32.h"

MB_ENTRY(hc_mb_crc32_portable, crc32_kernel)
