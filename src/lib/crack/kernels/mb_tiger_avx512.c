/* Tiger and Tiger2 brute-force kernel: eight candidates per AVX-512
 * register, one 64-bit lane each. Tiger's rounds are S-box look-ups
 * (eight per round, 192 per block) and 64-bit arithmetic; the look-ups
 * become gathers (vpgatherqq) from the 8 KiB table, the rest lane-wise
 * operations. A one-block message (up to 55 bytes) is the eight
 * little-endian words with the padding already in them (0x01 for Tiger,
 * 0x80 for Tiger2, then the bit length). Compiled with the AVX-512 flags
 * (CMake, by file name). */
#include "vec_avx512.h"

#include "mb_common.h"

#include "../../algos/tiger.h"

/* Tiger's own rounds (algos/tiger_rounds.h) on the lanes; S-box word
 * table[box * 256 + byte n of c] is a gather for the eight lanes. */
#define TG_T V64
#define TG_SBOX(box, c, n) V64_GATHER(hc_tiger_sboxes, TIGER_BYTE(c, n) + 256 * (box))
#include "../../algos/tiger_rounds.h"

size_t hc_mb_tiger_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count)
{
    const unsigned J = args->word;
    const V64 zero = {0};
    /* The initial state; digest word 0 is a ^ its initial value. */
    const V64 a0 = zero + tiger_initial[0], b0 = zero + tiger_initial[1], c0 = zero + tiger_initial[2];
    const V64 want = V64_SET1(args->target64[0]);
    V64 xc[8];
    for (unsigned t = 0; t < 8; t++)
        xc[t] = V64_SET1(args->w64[t]);

    for (; u < end; u += VL64) {
        if (*count + VL64 > cap)
            return u;
        V64 x[8];
        MB_MESSAGE(x, 8, V64_LOAD, tab64_lo, tab64_hi);
        V64 a = a0, b = b0, c = c0;
        TIGER_PASS(a, b, c, 5);
        tiger_key_schedule(x);
        TIGER_PASS(c, a, b, 7);
        tiger_key_schedule(x);
        TIGER_PASS(b, c, a, 9);
        unsigned masks[1] = {V64_EQ(a ^ a0, want)};
        MB_REPORT(masks, 1, VL64);
    }
    return end;
}
