/* BLAKE3 on SSE4.1: 4 inputs at once in 128-bit vectors (blake3_lanes.h). */
#include "x86_intrinsics.h"

#include "blake3_impl.h"
#include "simd.h"

#define B3_SIMD_LEVEL HC_SIMD_SSE41

#define FN(name) name##_sse41_4
#include "blake3_vec128.h"
#include "blake3_lanes.h"

/* pad_from 3: a 4-lane call costs ~540 cycles a block, two scalar blocks
 * ~500 (measured on Zen 4). */
const b3_kernel hc_b3_kernels_sse41[] = {
    {4, 3, hash_sse41_4, xof_sse41_4},
    {0, 0, NULL, NULL},
};
