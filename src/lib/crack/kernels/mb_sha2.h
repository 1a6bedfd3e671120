/* What the SHA-256 and SHA-512 kernel families (mb_sha256.h, mb_sha512.h)
 * share: FIPS 180-4's rounds written once over a lane width.
 *
 * The whole schedule goes to a stack array first (a rolled loop), then the
 * rounds run in rolled groups of the renaming period (8 steps): step i of a
 * group reads its working variables from fixed slots and W[t], K[t] from
 * memory. Unrolled, SHA-256 and SHA-512 are too big for the
 * decoded-instruction cache, and their speed then depends on where the
 * linker happens to put them (measured: from 40 to 110 M/s for one SHA-256
 * build to the next). The varying words are word, and word - 1, which
 * always gets tab_lo (a zero table when it does not vary): one variant
 * serves every length. */
#ifndef HC_CRACK_MB_SHA2_H
#define HC_CRACK_MB_SHA2_H

#include "mb_common.h"

/* The 16 message words of every vector in flight. */
#define SHA_MESSAGE(NI, LOAD, tab_lo, tab_hi, width)                                \
    MB_UNROLL for (int k = 0; k < (NI); k++)                                        \
    {                                                                               \
        for (unsigned t = 0; t < 16; t++)                                           \
            w[k][t] = wc[t];                                                        \
        w[k][J] = wc[J] + LOAD(args->tab_hi + u + (size_t)k * (width));             \
        if (J > 0)                                                                  \
            w[k][J - 1] = wc[J - 1] + LOAD(args->tab_lo + u + (size_t)k * (width)); \
    }

/* §6.2.2, §6.4.2: step t reads A..H from s[k][(0..7 - t) mod 8]; D's slot
 * receives d + T1 (the new e) and H's T1 + T2 (the new a). SEL and MAJ are
 * the lane width's Ch and Maj. */
#define SHA2_SLOT(j, i) ((((j) - (i)) % 8 + 8) % 8)
#define SHA2_T1(i, BSIG1, KT, SEL)                               \
    ((s[k][SHA2_SLOT(7, i)] + (w[k][t0 + (i)] + KT(t0 + (i)))) + \
     (BSIG1(s[k][SHA2_SLOT(4, i)]) + SEL(s[k][SHA2_SLOT(4, i)], s[k][SHA2_SLOT(5, i)], s[k][SHA2_SLOT(6, i)])))
#define SHA2_STEP_W(i, NI, VT, BSIG0, BSIG1, KT, SEL, MAJ)                                 \
    MB_UNROLL for (int k = 0; k < (NI); k++) {                                             \
        VT t1_ = SHA2_T1(i, BSIG1, KT, SEL);                                               \
        VT t2_ = BSIG0(s[k][SHA2_SLOT(0, i)]) +                                            \
                 MAJ(s[k][SHA2_SLOT(0, i)], s[k][SHA2_SLOT(1, i)], s[k][SHA2_SLOT(2, i)]); \
        s[k][SHA2_SLOT(3, i)] = s[k][SHA2_SLOT(3, i)] + t1_;                               \
        s[k][SHA2_SLOT(7, i)] = t1_ + t2_;                                                 \
    }

#endif
