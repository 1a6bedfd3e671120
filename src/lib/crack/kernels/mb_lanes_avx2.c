/* The free-lanes kernels (mb_lanes.h) in AVX2: eight 32-bit lanes. */
#include "vec_avx2.h"

#define LANES_INTERLEAVE 2 /* vectors in flight */
#define SHA_INTERLEAVE 2
#include "mb_lanes.h"

LANES_ENTRIES(avx2)
