/* hc — CPU features, read once, and the SIMD level the dispatchers use. */
#ifndef HC_CPU_H
#define HC_CPU_H

#include "hc/export.h"

#include <stdbool.h>

#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Ordered: a higher level implies every lower one. */
typedef enum hc_simd_level {
    HC_SIMD_PORTABLE = 0,
    HC_SIMD_SSE41,
    HC_SIMD_AVX2,
    HC_SIMD_AVX512,   /* AVX-512 F + VL + BW, with OS support for the zmm state */
    HC_SIMD_LEVEL_COUNT
} hc_simd_level;

/* What the hardware and the OS support and this build has code for
 * (portable only where no SIMD files were built). */
HC_API hc_simd_level hc_simd_detected(void);

/* What dispatchers use: the detected level, lowered to the one the HC_SIMD
 * environment variable names (portable, sse41, avx2 or avx512; read once,
 * with the CPU features; any other value is ignored). */
HC_API hc_simd_level hc_simd_active(void);

/* "portable", "sse41", "avx2", "avx512". */
HC_API const char *hc_simd_name(hc_simd_level level);

/* Parse one of the names above; HC_ERR_INVALID otherwise. */
HC_API hc_status hc_simd_parse(const char *name, hc_simd_level *level);

/* SHA-1/SHA-256 instructions (used through OpenSSL and by brute force). */
HC_API bool hc_cpu_has_sha_ni(void);

/* Number of CPUs this process may run on (sched_getaffinity), at least 1. */
HC_API unsigned hc_cpu_count(void);

#ifdef __cplusplus
}
#endif

#endif
