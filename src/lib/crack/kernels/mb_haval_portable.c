/* The HAVAL brute-force and free-lanes kernels in portable C: four lanes of GCC vector code
 * (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_haval.h. */
#include "vec_portable.h"

#include "mb_haval.h"

MB_HAVAL_ENTRIES(portable)
