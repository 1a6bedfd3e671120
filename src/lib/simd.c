/* The SIMD level a row dispatches to (simd.h). */
#include "simd.h"

#include "algorithm_row.h"

_Thread_local unsigned hc_simd_ran;

hc_simd_level hc_simd_pick(unsigned levels, hc_simd_level ceiling)
{
    for (int level = (int)ceiling; level > HC_SIMD_PORTABLE; level--)
        if (levels & (1u << level))
            return (hc_simd_level)level;
    return HC_SIMD_PORTABLE;
}

unsigned hc_row_levels(const hc_algorithm *alg)
{
    unsigned levels = alg->simd_levels;
    if (alg->flags & HC_ALG_CRC)
        levels &= hc_simd_clmul_levels();
    return levels;
}

hc_simd_level hc_row_simd(const hc_algorithm *alg)
{
    return hc_simd_pick(hc_row_levels(alg), hc_simd_active());
}
