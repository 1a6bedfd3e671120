/* BLAKE3 on SSE4.1: 4 inputs at once in 128-bit vectors (blake3_lanes.h). */
#include <immintrin.h>

#include "blake3_impl.h"

#define FN(name) name##_sse41_4
#include "blake3_vec128.h"
#include "blake3_lanes.h"

const b3_kernel hc_b3_kernels_sse41[] = {
    {4, hash_sse41_4, xof_sse41_4},
    {0, NULL, NULL},
};
