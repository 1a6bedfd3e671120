/* <immintrin.h> for the x86 SIMD files (*_sse41.c, *_avx2.c, *_avx512.c and
 * the headers only they include). CMake builds those files on x86 only and
 * then defines HC_X86_SIMD; anywhere else a stray one stops the build here,
 * with this message instead of a page of unknown intrinsics. */
#ifndef HC_X86_INTRINSICS_H
#define HC_X86_INTRINSICS_H

#if !(defined(__x86_64__) || defined(__i386__)) || !defined(HC_X86_SIMD)
#error "x86 SIMD code outside an x86 build with HC_X86_SIMD (CMakeLists.txt builds these files for x86 only)"
#endif

#include <immintrin.h>

#endif
