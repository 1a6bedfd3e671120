/* The free-lanes kernels (mb_lanes.h) in portable C: four lanes of GCC vector code (SSE2 on x86-64, NEON on AArch64). */
#include "vec_portable.h"

#define LANES_INTERLEAVE 2 /* vectors in flight */
#define SHA_INTERLEAVE 2
#include "mb_lanes.h"

LANES_ENTRIES(portable)
