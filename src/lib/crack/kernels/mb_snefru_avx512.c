/* The Snefru kernel with AVX-512: sixteen 32-bit lanes, a vpgatherdd per
 * step. The family's code: mb_snefru.h. Compiled with the AVX-512 flags
 * (CMake, by file name). */
#include "vec_avx512.h"

/* Vectors in flight: the steps form one chain, and the gathers'
 * throughput, not their latency, bounds the kernel from 3 on (3 and 4
 * within the noise of each other at load 4, 2.8-3.5 M/s a thread; 2:
 * 2.75). */
#define SN_SETS 4
#include "mb_snefru.h"

SNEFRU_ENTRY(hc_mb_snefru_avx512)
