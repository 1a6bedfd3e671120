/* The Snefru-128 and Snefru-256 kernel family (8 passes, Merkle 1990): one
 * candidate per 32-bit lane.
 *
 * Snefru's compression E512 works on a block of sixteen 32-bit words, the
 * chaining value (4 or 8 words) then the message (12 or 8 words, read
 * big-endian). Each pass has four rounds of sixteen steps; step i looks up
 * the low byte of word i in an S-box of the pass (box 2p + ((i >> 1) & 1))
 * and XORs the entry into the two neighbours, words i - 1 and i + 1 (mod
 * 16); after a round every word is rotated right by 16, 8, 16, 24. The
 * output is chaining word k ^ block word 15 - k.
 *
 * A look-up is a gather of the lanes from the 1 KiB box (vpgatherdd with
 * AVX-512 and AVX2); the steps form one
 * chain (each reads the word the last one changed), so several vectors of
 * candidates are in flight to hide the look-ups' latency. A candidate of up to 48 (Snefru-128) or 32 (Snefru-256) bytes
 * is one block zero-padded, hashed from a zero chaining value, then a
 * block holding only the 64-bit bit length in its last two words
 * (Snefru's strengthening, after the zero padding): two compressions. Of
 * the second, the first output word is compared; its last step (which
 * changes words 14 and 0, not 15) is skipped. That word is compared with
 * the target's, or in filter mode (many targets) looked up in the
 * targets' filter.
 *
 * The includer (mb_snefru_<isa>.c) includes its vec_<isa>.h, defines
 * SN_SETS (vectors in flight) and its entry point with SNEFRU_ENTRY. */
#ifndef HC_CRACK_MB_SNEFRU_H
#define HC_CRACK_MB_SNEFRU_H

#include <string.h>

#include "mb_common.h"

#include "../../algos/snefru.h"

/* One step on every vector in flight. */
#define SN_STEP(b, i, box_even, box_odd)                                                      \
    do {                                                                                      \
        for (unsigned s_ = 0; s_ < SN_SETS; s_++) {                                           \
            V e_ = V_GATHER(((i) & 2) ? (box_odd) : (box_even), (b)[s_][(i)] & V_SET1(0xFF)); \
            (b)[s_][((i) + 1) & 15] ^= e_;                                                    \
            (b)[s_][((i) + 15) & 15] ^= e_;                                                   \
        }                                                                                     \
    } while (0)

#define SN_ROUND(b, box_even, box_odd)                \
    do {                                              \
        SN_STEP(b, 0, box_even, box_odd);             \
        SN_STEP(b, 1, box_even, box_odd);             \
        SN_STEP(b, 2, box_even, box_odd);             \
        SN_STEP(b, 3, box_even, box_odd);             \
        SN_STEP(b, 4, box_even, box_odd);             \
        SN_STEP(b, 5, box_even, box_odd);             \
        SN_STEP(b, 6, box_even, box_odd);             \
        SN_STEP(b, 7, box_even, box_odd);             \
        SN_STEP(b, 8, box_even, box_odd);             \
        SN_STEP(b, 9, box_even, box_odd);             \
        SN_STEP(b, 10, box_even, box_odd);            \
        SN_STEP(b, 11, box_even, box_odd);            \
        SN_STEP(b, 12, box_even, box_odd);            \
        SN_STEP(b, 13, box_even, box_odd);            \
        SN_STEP(b, 14, box_even, box_odd);            \
    } while (0)

/* Every word rotated right by n (a constant: vprord takes an immediate). */
#define SN_ROTATE(b, n)                                 \
    do {                                                \
        for (unsigned s_ = 0; s_ < SN_SETS; s_++)       \
            for (unsigned i_ = 0; i_ < 16; i_++)        \
                (b)[s_][i_] = V_ROR((b)[s_][i_], (n));  \
    } while (0)

/* A round but its last step, then the last step and the rotation. */
#define SN_FULL_ROUND(b, n, box_even, box_odd) \
    do {                                       \
        SN_ROUND(b, box_even, box_odd);        \
        SN_STEP(b, 15, box_even, box_odd);     \
        SN_ROTATE(b, n);                       \
    } while (0)

/* E512 on the vectors in flight: each pass's four rounds rotate by 16, 8,
 * 16 and 24. With `last`, the very last step (word 15 is final before it)
 * and the last rotation are left out (the caller rotates the one word it
 * reads). Not inlined: the four copies (two compressions, two chaining
 * lengths) made the file take over two minutes to compile under ASan. */
static __attribute__((noinline)) void sn_compress(V state[SN_SETS][16], bool last)
{
    V b[SN_SETS][16];
    memcpy(b, state, sizeof(b));
    MB_ROLLED
    for (unsigned pass = 0; pass < HC_SNEFRU_PASSES; pass++) {
        const uint32_t *box_even = hc_snefru_sboxes + 512 * pass, *box_odd = box_even + 256;
        SN_FULL_ROUND(b, 16, box_even, box_odd);
        SN_FULL_ROUND(b, 8, box_even, box_odd);
        SN_FULL_ROUND(b, 16, box_even, box_odd);
        if (last && pass == HC_SNEFRU_PASSES - 1) {
            SN_ROUND(b, box_even, box_odd);
            break;
        }
        SN_FULL_ROUND(b, 24, box_even, box_odd);
    }
    memcpy(state, b, sizeof(b));
}

/* The kernel for `chain` chaining words (a constant in each caller, so
 * the words stay in registers). */
MB_INLINE size_t sn_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                           unsigned *count, const unsigned chain)
{
    /* The block's word of the last varying characters. */
    const unsigned at = chain + args->word;
    const bool two = args->two;
    const uint64_t bits = (uint64_t)args->msg_bytes * 8;
    const V want = V_SET1(args->target[0]);
    /* The first block with the varying bits zero, after the zero chaining
     * value. */
    V xc[16];
    for (unsigned i = 0; i < 16; i++)
        xc[i] = V_SET1(i < chain ? 0 : args->w[i - chain]);

    for (; u < end; u += SN_SETS * VL) {
        if (*count + SN_SETS * VL > cap)
            return u;
        V b[SN_SETS][16], h0[SN_SETS];
        for (unsigned s = 0; s < SN_SETS; s++) {
            MB_UNROLL
            for (unsigned i = 0; i < 16; i++) {
                b[s][i] = xc[i];
                if (i == at)
                    b[s][i] += V_LOAD(args->tab_hi + u + s * VL);
                if (i + 1 == at && two)
                    b[s][i] += V_LOAD(args->tab_lo + u + s * VL);
            }
        }
        sn_compress(b, false);
        /* The chaining value, input word k ^ block word 15 - k with the
         * input zero, then the length block: zeros and the 64-bit bit
         * length. */
        for (unsigned s = 0; s < SN_SETS; s++) {
            h0[s] = b[s][15];
            for (unsigned k = 0; k < chain; k++)
                b[s][k] = b[s][15 - k];
            for (unsigned i = chain; i < 14; i++)
                b[s][i] = V_SET1(0);
            b[s][14] = V_SET1((uint32_t)(bits >> 32));
            b[s][15] = V_SET1((uint32_t)bits);
        }
        sn_compress(b, true);
        /* The first digest word: the target's, or in filter mode one of
         * the targets' keys. */
        V first[SN_SETS];
        for (unsigned s = 0; s < SN_SETS; s++)
            first[s] = h0[s] ^ V_ROR(b[s][15], 24);
        MB_REPORT_WORDS(first, SN_SETS, VL, want, args->filter, u, end, hits, count);
    }
    return end;
}

/* Snefru-128: 4 chaining words and 48 message bytes; Snefru-256: 8 and 32. */
#define SNEFRU_ENTRY(name)                                                                                   \
    size_t name(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap, unsigned *count) \
    {                                                                                                        \
        if (args->digest_len == 16)                                                                          \
            return sn_kernel(args, u, end, hits, cap, count, 4);                                             \
        return sn_kernel(args, u, end, hits, cap, count, 8);                                                 \
    }

#endif
