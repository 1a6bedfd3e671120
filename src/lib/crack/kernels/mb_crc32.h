/* The CRC-32 / CRC-32C kernel family: the scan of the suffix table for the
 * one entry value a match needs (kernel.h explains why that finds CRC
 * matches), written once over the vector abstraction (vec_portable.h) and
 * compiled per instruction set by mb_crc32_<isa>.c. The polynomial only
 * shapes the table, which the engine builds from the row. */
#ifndef HC_CRACK_MB_CRC32_H
#define HC_CRACK_MB_CRC32_H

#include "mb_common.h"

/* The lanes whose table entry equals w[0]; four vectors per iteration. */
MB_INLINE size_t crc32_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                              unsigned *count)
{
    enum { NI = 4 };
    const V want = V_SET1(args->w[0]);
    for (; u < end; u += (size_t)VL * NI) {
        if (*count + VL * NI > cap)
            return u;
        unsigned masks[NI];
        MB_UNROLL for (int k = 0; k < NI; k++) masks[k] = V_EQ(V_LOAD(args->tab_hi + u + (size_t)k * VL), want);
        MB_REPORT(masks, NI, VL);
    }
    return end;
}

#endif
