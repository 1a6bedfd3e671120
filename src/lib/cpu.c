/* CPU feature detection (CPUID + XGETBV), done once, and the SIMD level
 * limit that the HC_SIMD environment variable and tests set. */
#include "hc/cpu.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "simd.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HC_X86 1
#endif

enum { FEATURES_UNKNOWN = -1 };

/* The only mutable globals of the library: filled once, then read-only. */
static _Atomic int detected_level = FEATURES_UNKNOWN;
static _Atomic int sha_ni_present = FEATURES_UNKNOWN;
static _Atomic int vbmi_present = FEATURES_UNKNOWN;
static _Atomic int gfni_present = FEATURES_UNKNOWN;
static _Atomic int clmul_levels = FEATURES_UNKNOWN;
static _Atomic int level_limit = HC_SIMD_AVX512;
static _Atomic int environment_limit = HC_SIMD_AVX512;

#ifdef HC_X86
static unsigned long long read_xcr0(void)
{
    unsigned eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return (unsigned long long)edx << 32 | eax;
}
#endif

static void detect(void)
{
    int level = HC_SIMD_PORTABLE;
    int sha = 0, vbmi = 0, gfni = 0;
    unsigned clmul = HC_SIMD_BIT(PORTABLE);
#ifdef HC_X86
    unsigned eax, ebx, ecx, edx;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
        bool sse41 = ecx & (1u << 19);
        bool osxsave = ecx & (1u << 27);
        bool avx = ecx & (1u << 28);
        unsigned long long xcr0 = osxsave ? read_xcr0() : 0;
        /* The OS must save xmm+ymm (bits 1, 2) and, for AVX-512, the
         * opmask and upper zmm state (bits 5, 6, 7). */
        bool ymm_saved = (xcr0 & 0x6) == 0x6;
        bool zmm_saved = (xcr0 & 0xE6) == 0xE6;
        unsigned b7 = 0, c7 = 0, d7 = 0, a7 = 0;
        __get_cpuid_count(7, 0, &a7, &b7, &c7, &d7);
        bool avx2 = avx && ymm_saved && (b7 & (1u << 5));
        bool avx512 = zmm_saved && (b7 & (1u << 16)) /* F */ && (b7 & (1u << 30)) /* BW */ && (b7 & (1u << 31)) /* VL */;
        sha = (b7 & (1u << 29)) != 0;
        vbmi = avx512 && (c7 & (1u << 1)) != 0; /* AVX512_VBMI: vpermb, vpermt2b */
        gfni = avx512 && (c7 & (1u << 8)) != 0; /* GFNI, here with EVEX encodings */
        if (sse41)
            level = HC_SIMD_SSE41;
        if (sse41 && avx2)
            level = HC_SIMD_AVX2;
        if (sse41 && avx2 && avx512)
            level = HC_SIMD_AVX512;
        /* Carry-less multiplies (the CRC rows' folding) came apart from
         * the levels: PCLMULQDQ after SSE4.1 (Westmere), VPCLMULQDQ on zmm
         * after AVX-512 (Ice Lake, Zen 4). */
        if (ecx & (1u << 1)) /* PCLMULQDQ */
            clmul |= HC_SIMD_BIT(SSE41) | HC_SIMD_BIT(AVX2);
        if ((ecx & (1u << 1)) && avx512 && (c7 & (1u << 10))) /* VPCLMULQDQ */
            clmul |= HC_SIMD_BIT(AVX512);
    }
#endif
#ifndef HC_X86_SIMD
    /* This build has no code for those levels (another architecture, or
     * HC_PORTABLE_ONLY): its dispatchers never go above portable. */
    level = HC_SIMD_PORTABLE;
    vbmi = gfni = 0;
    clmul = HC_SIMD_BIT(PORTABLE);
#endif
    /* HC_SIMD caps every dispatcher of the process (what the hc command's
     * tests use to cover each backend); a value that is not a level name
     * leaves the detected level (the command warns about it). */
    const char *cap = getenv("HC_SIMD");
    hc_simd_level cap_level;
    if (cap != NULL && hc_simd_parse(cap, &cap_level) == HC_OK)
        atomic_store(&environment_limit, (int)cap_level);
    atomic_store(&sha_ni_present, sha);
    atomic_store(&vbmi_present, vbmi);
    atomic_store(&gfni_present, gfni);
    atomic_store(&clmul_levels, (int)clmul);
    atomic_store(&detected_level, level);
}

hc_simd_level hc_simd_detected(void)
{
    int level = atomic_load(&detected_level);
    if (level == FEATURES_UNKNOWN) {
        /* Several threads may race here; they all compute the same value. */
        detect();
        level = atomic_load(&detected_level);
    }
    return (hc_simd_level)level;
}

hc_simd_level hc_simd_active(void)
{
    hc_simd_level detected = hc_simd_detected();
    int limit = atomic_load(&level_limit);
    if (atomic_load(&environment_limit) < limit)
        limit = atomic_load(&environment_limit);
    return (int)detected < limit ? detected : (hc_simd_level)limit;
}

void hc_simd_limit(hc_simd_level level)
{
    atomic_store(&level_limit, (int)level);
}

static const char *const level_names[HC_SIMD_LEVEL_COUNT] = {"portable", "sse41", "avx2", "avx512"};

const char *hc_simd_name(hc_simd_level level)
{
    return (unsigned)level < HC_SIMD_LEVEL_COUNT ? level_names[level] : "unknown";
}

hc_status hc_simd_parse(const char *name, hc_simd_level *level)
{
    for (int i = 0; i < HC_SIMD_LEVEL_COUNT; i++) {
        if (strcmp(name, level_names[i]) == 0) {
            *level = (hc_simd_level)i;
            return HC_OK;
        }
    }
    return HC_ERR_INVALID;
}

bool hc_cpu_has_sha_ni(void)
{
    hc_simd_detected();
    return atomic_load(&sha_ni_present) == 1;
}

bool hc_cpu_has_avx512_vbmi(void)
{
    hc_simd_detected();
    return atomic_load(&vbmi_present) == 1;
}

bool hc_cpu_has_gfni(void)
{
    hc_simd_detected();
    return atomic_load(&gfni_present) == 1;
}

unsigned hc_simd_clmul_levels(void)
{
    hc_simd_detected();
    return (unsigned)atomic_load(&clmul_levels);
}

unsigned hc_cpu_count(void)
{
    return plat_cpu_count();
}
