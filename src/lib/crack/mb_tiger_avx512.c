/* Tiger and Tiger2 brute-force kernel: eight candidates per AVX-512
 * register, one 64-bit lane each. Tiger's rounds are S-box look-ups
 * (eight per round, 192 per block) and 64-bit arithmetic; the look-ups
 * become gathers (vpgatherqq) from the 8 KiB table, the rest lane-wise
 * operations. A one-block message (up to 55 bytes) is the eight
 * little-endian words with the padding already in them (0x01 for Tiger,
 * 0x80 for Tiger2, then the bit length). Compiled with the AVX-512 flags
 * (CMake, by file name). */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <stdint.h>

#include "../algos/tiger.h"
#include "multibuffer.h"

typedef uint64_t tiger_v __attribute__((vector_size(64)));

/* Tiger's own rounds (algos/tiger_rounds.h) on the lanes; S-box word
 * table[box * 256 + byte n of c] is a gather for the eight lanes. */
#define TG_T tiger_v
#define TG_SBOX(box, c, n)                                                                           \
    ((tiger_v)_mm512_i64gather_epi64((__m512i)(TIGER_BYTE(c, n) + 256 * (box)), (const void *)hc_tiger_sboxes, 8))
#include "../algos/tiger_rounds.h"

size_t hc_mb_tiger_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count)
{
    enum { LANES = 8 };
    const unsigned J = args->word;
    const tiger_v zero = {0};
    /* The initial state; digest word 0 is a ^ its initial value. */
    const tiger_v a0 = zero + tiger_initial[0], b0 = zero + tiger_initial[1], c0 = zero + tiger_initial[2];
    const __m512i want = _mm512_set1_epi64((long long)args->target64[0]);
    tiger_v xc[8];
    for (unsigned t = 0; t < 8; t++)
        xc[t] = zero + args->w64[t];

    for (; u < end; u += LANES) {
        if (*count + LANES > cap)
            return u;
        tiger_v x[8];
        for (unsigned t = 0; t < 8; t++)
            x[t] = xc[t];
        x[J] += (tiger_v)_mm512_loadu_si512(args->tab64_hi + u);
        if (args->two)
            x[J - 1] += (tiger_v)_mm512_loadu_si512(args->tab64_lo + u);
        tiger_v a = a0, b = b0, c = c0;
        TIGER_PASS(a, b, c, 5);
        tiger_key_schedule(x);
        TIGER_PASS(c, a, b, 7);
        tiger_key_schedule(x);
        TIGER_PASS(b, c, a, 9);
        unsigned match = (unsigned)_mm512_cmpeq_epi64_mask((__m512i)(a ^ a0), want);
        while (match) {
            size_t pos = u + (size_t)__builtin_ctz(match);
            match &= match - 1;
            if (pos < end)
                hits[(*count)++] = (uint32_t)pos;
        }
    }
    return end;
}
#endif
