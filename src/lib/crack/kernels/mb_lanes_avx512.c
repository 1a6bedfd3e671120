/* The free-lanes kernels (mb_lanes.h) in AVX-512: sixteen 32-bit lanes. */
#include "vec_avx512.h"

#define LANES_INTERLEAVE 2 /* vectors in flight */
#define SHA_INTERLEAVE 2
#include "mb_lanes.h"

LANES_ENTRIES(avx512)
