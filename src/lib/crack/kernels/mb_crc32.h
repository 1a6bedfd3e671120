/* The CRC-32 / CRC-32C kernel family: the scan of the suffix table for the
 * one entry value a match needs (kernel.h explains why that finds CRC
 * matches), written once over the vector abstraction (vec_portable.h) and
 * compiled per instruction set by mb_crc32_<isa>.c. The polynomial only
 * shapes the table, which the engine builds from the row. */
#ifndef HC_CRACK_MB_CRC32_H
#define HC_CRACK_MB_CRC32_H

#include "mb_common.h"

/* Vectors per iteration: enough loads (one target) or bitmap gathers
 * (filter mode) in flight to hide their latency. */
enum { CRC32_NI = 4 };

/* Filter mode: w[0] is the prefix's part of the final CRC (kernel.h), so
 * w[0] ^ entry is each lane's whole CRC, the value the digest prints most
 * significant byte first, and the target set's key for the CRC rows. One
 * XOR per vector more than the scan for one value, then the filter's
 * bitmap gather and the exact lookup of the few lanes that pass, as in
 * every other family (MB_REPORT_WORDS's filter branch). */
MB_INLINE size_t crc32_filter_scan(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                   unsigned *count)
{
    const V prefix_part = V_SET1(args->w[0]);
    for (; u < end; u += (size_t)VL * CRC32_NI) {
        if (*count + VL * CRC32_NI > cap)
            return u;
        V crcs[CRC32_NI];
        unsigned masks[CRC32_NI];
        MB_UNROLL for (int k = 0; k < CRC32_NI; k++) {
            crcs[k] = prefix_part ^ V_LOAD(args->tab_hi + u + (size_t)k * VL);
            masks[k] = mb_filter_mask(crcs[k], args->filter);
        }
        MB_FILTER_REPORT(crcs, masks, CRC32_NI, VL, args->filter, u, end, hits, count);
    }
    return end;
}

/* One target: the lanes whose table entry equals w[0]. Kept apart from
 * filter mode so that this loop stays a load and a compare per vector. */
MB_INLINE size_t crc32_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                              unsigned *count)
{
    if (args->filter != NULL)
        return crc32_filter_scan(args, u, end, hits, cap, count);
    const V want = V_SET1(args->w[0]);
    for (; u < end; u += (size_t)VL * CRC32_NI) {
        if (*count + VL * CRC32_NI > cap)
            return u;
        unsigned masks[CRC32_NI];
        MB_UNROLL for (int k = 0; k < CRC32_NI; k++) masks[k] = V_EQ(V_LOAD(args->tab_hi + u + (size_t)k * VL), want);
        MB_REPORT(masks, CRC32_NI, VL, u, end, hits, count);
    }
    return end;
}

#endif
