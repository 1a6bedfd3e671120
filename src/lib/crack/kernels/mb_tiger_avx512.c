/* Tiger and Tiger2 brute-force kernel: eight candidates per AVX-512
 * register, one 64-bit lane each. Tiger's rounds are S-box look-ups
 * (eight per round, 192 per block) and 64-bit arithmetic; the look-ups
 * become gathers (vpgatherqq) from the 8 KiB table, the rest lane-wise
 * operations. A one-block message (up to 55 bytes) is the eight
 * little-endian words with the padding already in them (0x01 for Tiger,
 * 0x80 for Tiger2, then the bit length). Compiled with the AVX-512 flags
 * (CMake, by file name).
 *
 * Work skipped (192 look-ups per candidate in full): in round 0, the bytes
 * of word 0 that no lane varies give the same look-ups in every lane, made
 * once per call (6 of round 0's 8 for a candidate of 6 characters), and
 * the compared digest word is b (the second), final after round 6 of the
 * last pass but for round 7's b ^= x7: round 6's look-ups for c and round
 * 7's are left out (12). In filter mode (many targets) the same word's low
 * half is the key (hc_mb_tiger_filter_key). */
#include "vec_avx512.h"

#include "mb_common.h"
#include "mb_filter64.h"

#include "../../algos/tiger.h"

/* Byte n of every lane as a gather index, in one instruction: the gathers
 * are the limit, but the instructions that feed them share their ports
 * (shift, mask and box offset took 3 per look-up, 4 with the mask reset).
 * Byte 0 is a mask, byte 7 a shift, the others a vpshufb that moves byte n
 * of each lane to its bottom and zeroes the rest. */
MB_INLINE V64 tg_byte(V64 c, unsigned n)
{
    if (n == 0)
        return c & 0xFF;
    if (n == 7)
        return c >> 56;
    const long long low = (long long)(0x8080808080808000ull | n), high = (long long)(0x8080808080808000ull | (8 + n));
    return (V64)_mm512_shuffle_epi8((__m512i)c, _mm512_set_epi64(high, low, high, low, high, low, high, low));
}

/* Tiger's own rounds (algos/tiger_rounds.h) on the lanes; S-box word
 * table[box * 256 + byte n of c] is a gather for the eight lanes, from the
 * box's own base address. */
#define TG_T V64
#define TG_SBOX(box, c, n) V64_GATHER(hc_tiger_sboxes + 256 * (box), tg_byte(c, n))
#include "../../algos/tiger_rounds.h"

/* Sets of eight candidates in flight: a round's look-ups wait on the
 * last round's result. */
enum { TG_SETS = 2 };

/* A round, a pass on every set of candidates in flight (x: the sets'
 * words). */
#define TG_ROUND_SETS(a, b, c, i, mul)                       \
    do {                                                     \
        for (unsigned s_ = 0; s_ < TG_SETS; s_++)            \
            TIGER_ROUND(a[s_], b[s_], c[s_], x[s_][i], mul); \
    } while (0)

/* Rounds 0-5 of a pass (the last pass stops after them, see below). */
#define TG_PASS_HEAD(a, b, c, mul)        \
    do {                                  \
        TG_ROUND_SETS(a, b, c, 0, mul);   \
        TG_ROUND_SETS(b, c, a, 1, mul);   \
        TG_ROUND_SETS(c, a, b, 2, mul);   \
        TG_ROUND_SETS(a, b, c, 3, mul);   \
        TG_ROUND_SETS(b, c, a, 4, mul);   \
        TG_ROUND_SETS(c, a, b, 5, mul);   \
    } while (0)

#define TG_PASS_SETS(a, b, c, mul)        \
    do {                                  \
        TG_PASS_HEAD(a, b, c, mul);       \
        TG_ROUND_SETS(a, b, c, 6, mul);   \
        TG_ROUND_SETS(b, c, a, 7, mul);   \
    } while (0)

/* Round 0 of the first pass when only some bytes of word 0 vary (vary:
 * their bits): c = c0 ^ x0 there, so the look-ups of the constant bytes
 * are the same for every lane, made once (even, odd: their XOR). */
typedef struct tg_first_round {
    uint64_t vary, even, odd;
} tg_first_round;

/* The boxes of byte n of c: a takes t1..t4 by bytes 0, 2, 4, 6; b takes
 * t4..t1 by bytes 1, 3, 5, 7 (TIGER_ROUND). */
static unsigned tg_box(unsigned n)
{
    return n % 2 == 0 ? n / 2 : 3 - n / 2;
}

static tg_first_round tg_first_round_of(const hc_mb_args *args, size_t u, size_t end)
{
    tg_first_round f = {UINT64_MAX, 0, 0};
    if (args->word != 0 || args->two)
        return f;
    f.vary = 0;
    for (size_t i = u; i < end; i++)
        f.vary |= args->tab64_hi[i];
    const uint64_t c = tiger_initial[2] ^ args->w64[0];
    for (unsigned n = 0; n < 8; n++) {
        if ((f.vary >> (8 * n)) & 0xFF)
            continue;
        uint64_t entry = hc_tiger_sboxes[256 * tg_box(n) + TIGER_BYTE(c, n)];
        if (n % 2 == 0)
            f.even ^= entry;
        else
            f.odd ^= entry;
    }
    return f;
}

/* hc_mb_filter_key_fn (filter mode, kernel.h): the low half of the word
 * the kernel compares, digest word 1 plus b's initial value, the same at
 * any length. target holds the digest as little-endian 32-bit words: the
 * low half of 64-bit word 1 is target[2]. TTH's digest is a Tiger digest
 * too (of 0x00 and the message): the same key. */
bool hc_mb_tiger_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    (void)args;
    *key = target[2] + (uint32_t)tiger_initial[1];
    return true;
}

size_t hc_mb_tiger_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count)
{
    const unsigned J = args->word;
    const V64 zero = {0};
    const V64 a0 = zero + tiger_initial[0], b0 = zero + tiger_initial[1], c0 = zero + tiger_initial[2];
    /* Digest word 1 is b - its initial value, and b is final after round 6
     * of the last pass but for round 7's b ^= x7: the look-ups of round
     * 6's c and of round 7 are skipped (12 of 192). */
    const V64 want = V64_SET1(args->target64[1] + tiger_initial[1]);
    const tg_first_round first = tg_first_round_of(args, u, end);
    V64 xc[8];
    for (unsigned t = 0; t < 8; t++)
        xc[t] = V64_SET1(args->w64[t]);

    for (; u < end; u += TG_SETS * VL64) {
        if (*count + TG_SETS * VL64 > cap)
            return u;
        V64 x[TG_SETS][8], a[TG_SETS], b[TG_SETS], c[TG_SETS];
        for (unsigned s = 0; s < TG_SETS; s++) {
            for (unsigned i = 0; i < 8; i++)
                x[s][i] = xc[i];
            x[s][J] += V64_LOAD(args->tab64_hi + u + s * VL64);
            if (args->two)
                x[s][J - 1] += V64_LOAD(args->tab64_lo + u + s * VL64);
            a[s] = a0;
            b[s] = b0;
            c[s] = c0 ^ x[s][0];
            /* Round 0 with the constant bytes' look-ups made once. */
            V64 even = zero + first.even, odd = zero + first.odd;
            MB_UNROLL
            for (unsigned n = 0; n < 8; n++) {
                if (!((first.vary >> (8 * n)) & 0xFF))
                    continue;
                V64 entry = V64_GATHER(hc_tiger_sboxes + 256 * tg_box(n), tg_byte(c[s], n));
                if (n % 2 == 0)
                    even ^= entry;
                else
                    odd ^= entry;
            }
            a[s] -= even;
            b[s] = (b[s] + odd) * 5;
        }
        TG_ROUND_SETS(b, c, a, 1, 5);
        TG_ROUND_SETS(c, a, b, 2, 5);
        TG_ROUND_SETS(a, b, c, 3, 5);
        TG_ROUND_SETS(b, c, a, 4, 5);
        TG_ROUND_SETS(c, a, b, 5, 5);
        TG_ROUND_SETS(a, b, c, 6, 5);
        TG_ROUND_SETS(b, c, a, 7, 5);
        for (unsigned s = 0; s < TG_SETS; s++)
            tiger_key_schedule(x[s]);
        TG_PASS_SETS(c, a, b, 7);
        for (unsigned s = 0; s < TG_SETS; s++)
            tiger_key_schedule(x[s]);
        TG_PASS_HEAD(b, c, a, 9);
        V64 last[TG_SETS];
        for (unsigned s = 0; s < TG_SETS; s++) {
            /* Round 6's a ^= x6 and b -= (its look-ups by a's even bytes). */
            V64 r = a[s] ^ x[s][6];
            b[s] -= TG_SBOX(0, r, 0) ^ TG_SBOX(1, r, 2) ^ TG_SBOX(2, r, 4) ^ TG_SBOX(3, r, 6);
            last[s] = b[s] ^ x[s][7];
        }
        /* filter mode: hc_mb_tiger_filter_key's low halves */
        MB_REPORT_WORDS64(last, TG_SETS, want, 0, args->filter, u, end, hits, count);
    }
    return end;
}
