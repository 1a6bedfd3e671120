/* The Snefru kernel with AVX2: eight 32-bit lanes, a vpgatherdd per step.
 * The family's code: mb_snefru.h. */
#include "vec_avx2.h"

/* Vectors in flight: 8 (3.1 M/s a thread, load 6) against 4 (2.3) and 2
 * (1.6); 12 no better. */
#define SN_SETS 8
#include "mb_snefru.h"

SNEFRU_ENTRY(hc_mb_snefru_avx2)
