/* What the Keccak-f[1600] backends (keccak.c, keccak_avx512.c) share: the
 * round constants, the absorb ladder and the backend entry points. Not part
 * of the algorithm table's interface. */
#ifndef HC_ALGOS_KECCAK_IMPL_H
#define HC_ALGOS_KECCAK_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "keccak.h"

/* RC[ir] of the iota step, FIPS 202 §3.2.5 Algorithms 5 and 6 (rc(t) from
 * the LFSR x^8 + x^6 + x^5 + x^4 + 1), for the 24 rounds of Keccak-f[1600]. */
extern const uint64_t hc_keccak_round_constants[24];

/* XOR the first rate_lanes lanes of a block into the state. LANE(var, i)
 * XORs input lane i into the variable holding lane i = x + 5y, named var.
 * Only the rates of FIPS 202 and the Keccak submission occur: 9 (d = 512),
 * 13 (384), 17 (256, SHAKE256), 18 (224) and 21 (SHAKE128) lanes, so the
 * ladder tests four thresholds instead of 25 lanes. */
#define HC_KECCAK_ABSORB_LANES(LANE, rate_lanes)                                        \
    do {                                                                               \
        LANE(a00, 0); LANE(a10, 1); LANE(a20, 2); LANE(a30, 3); LANE(a40, 4);          \
        LANE(a01, 5); LANE(a11, 6); LANE(a21, 7); LANE(a31, 8);                        \
        if ((rate_lanes) > 9) {                                                        \
            LANE(a41, 9); LANE(a02, 10); LANE(a12, 11); LANE(a22, 12);                 \
        }                                                                              \
        if ((rate_lanes) > 13) {                                                       \
            LANE(a32, 13); LANE(a42, 14); LANE(a03, 15); LANE(a13, 16);                \
        }                                                                              \
        if ((rate_lanes) > 17)                                                         \
            LANE(a23, 17);                                                             \
        if ((rate_lanes) > 18) {                                                       \
            LANE(a33, 18); LANE(a43, 19); LANE(a04, 20);                               \
        }                                                                              \
    } while (0)

/* Every lane once, as VISIT(var, i): declaring, loading and storing the
 * state in 25 register variables. */
#define HC_KECCAK_EACH_LANE(VISIT)                                                      \
    VISIT(a00, 0) VISIT(a10, 1) VISIT(a20, 2) VISIT(a30, 3) VISIT(a40, 4)              \
    VISIT(a01, 5) VISIT(a11, 6) VISIT(a21, 7) VISIT(a31, 8) VISIT(a41, 9)              \
    VISIT(a02, 10) VISIT(a12, 11) VISIT(a22, 12) VISIT(a32, 13) VISIT(a42, 14)         \
    VISIT(a03, 15) VISIT(a13, 16) VISIT(a23, 17) VISIT(a33, 18) VISIT(a43, 19)         \
    VISIT(a04, 20) VISIT(a14, 21) VISIT(a24, 22) VISIT(a34, 23) VISIT(a44, 24)

/* Backends, one per file; all compute the same function. */
hc_keccak_absorb_fn hc_keccak_absorb_portable;
hc_keccak_absorb_fn hc_keccak_absorb_avx512;

#endif
