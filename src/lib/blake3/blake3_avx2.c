/* BLAKE3 on AVX2: 8 inputs at once in 256-bit vectors, then 4 in 128-bit
 * ones for what is left (blake3_lanes.h; VEX-encoded here, so no SSE/AVX
 * transitions). */
#include <immintrin.h>

#include "blake3_impl.h"

#define FN(name) name##_avx2_8
#include "blake3_vec256.h"
#include "blake3_lanes.h"

#define FN(name) name##_avx2_4
#include "blake3_vec128.h"
#include "blake3_lanes.h"

const b3_kernel hc_b3_kernels_avx2[] = {
    {8, hash_avx2_8, xof_avx2_8},
    {4, hash_avx2_4, xof_avx2_4},
    {0, NULL, NULL},
};
