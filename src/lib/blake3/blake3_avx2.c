/* BLAKE3 on AVX2: 8 inputs at once in 256-bit vectors, then 4 in 128-bit
 * ones for what is left (blake3_lanes.h; VEX-encoded here, so no SSE/AVX
 * transitions). */
#include "x86_intrinsics.h"

#include "blake3_impl.h"
#include "simd.h"

#define B3_SIMD_LEVEL HC_SIMD_AVX2

#define FN(name) name##_avx2_8
#include "blake3_vec256.h"
#include "blake3_lanes.h"

#define FN(name) name##_avx2_4
#include "blake3_vec128.h"
#include "blake3_lanes.h"

/* pad_from 3: a call costs ~600 cycles a block, two scalar blocks ~500
 * (measured on Zen 4). */
const b3_kernel hc_b3_kernels_avx2[] = {
    {8, 3, hash_avx2_8, xof_avx2_8},
    {4, 3, hash_avx2_4, xof_avx2_4},
    {0, 0, NULL, NULL},
};
