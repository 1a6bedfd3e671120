/* The RIPEMD-128/160/256/320 brute-force and free-lanes kernels in portable C: four lanes of
 * GCC vector code (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_ripemd.h. */
#include "vec_portable.h"

#include "mb_ripemd.h"

MB_RIPEMD_ENTRIES(portable)
