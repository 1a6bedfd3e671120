/* MD2 brute-force kernel: 64 candidates per AVX-512 register, one byte
 * lane each. MD2 (RFC 1319) is 1744 dependent S-box look-ups per
 * candidate of up to 15 bytes (16 for the checksum, then 18 rounds over
 * the 48 bytes of X for the message block and again for the checksum
 * block), each one a load that waits for the one before: about 0.3 M
 * candidates/s per core when scalar. With AVX-512 VBMI the whole 256-byte
 * S fits in four registers and one look-up for 64 lanes is two vpermt2b
 * (entries 0-127 and 128-255, by the index's low seven bits) and a blend
 * on its top bit. Compiled with the AVX-512 flags (CMake, by file name);
 * VBMI on top is asked for per function and checked at run time
 * (hc_kernel_layout, kernel.h). */
#include "vec_avx512.h"

#include "mb_common.h"

#include "../../algos/md2.h"

#define MD2_TARGET __attribute__((target("avx512vbmi")))

typedef struct md2_sbox {
    __m512i s0, s1, s2, s3; /* S[0..63], S[64..127], S[128..191], S[192..255] */
} md2_sbox;

/* S[idx] in every byte lane: the permutes are this kernel's own
 * instructions, so they stay intrinsics. */
static inline MD2_TARGET V8 md2_lookup(const md2_sbox *s, V8 idx)
{
    __m512i lo = _mm512_permutex2var_epi8(s->s0, (__m512i)idx, s->s1);
    __m512i hi = _mm512_permutex2var_epi8(s->s2, (__m512i)idx, s->s3);
    return (V8)_mm512_mask_blend_epi8(_mm512_movepi8_mask((__m512i)idx), lo, hi);
}

/* Independent candidate sets interleaved step by step: one set's chain of
 * look-ups leaves the vector units idle most of the time. */
enum { MD2_SETS = 2 };

/* The 18 rounds of §3.4 over x[48] of every set, from t = 0; in the last
 * round only the first `last_steps` bytes are computed (the caller reads no
 * more). */
static inline MD2_TARGET void md2_rounds(const md2_sbox *s, V8 x[MD2_SETS][48], unsigned last_steps)
{
    V8 t[MD2_SETS];
    for (unsigned i = 0; i < MD2_SETS; i++)
        t[i] = V8_SET1(0);
    for (unsigned round = 0; round < 18; round++) {
        unsigned steps = round == 17 ? last_steps : 48;
        for (unsigned k = 0; k < steps; k++) {
            for (unsigned i = 0; i < MD2_SETS; i++) {
                x[i][k] ^= md2_lookup(s, t[i]);
                t[i] = x[i][k];
            }
        }
        for (unsigned i = 0; i < MD2_SETS; i++)
            t[i] += V8_SET1(round);
    }
}

/* Byte `b` (0..3) of the little-endian words w[0..63], as 64 byte lanes. */
static inline MD2_TARGET V8 md2_word_bytes(const V w[4], unsigned b)
{
    __m512i out = _mm512_setzero_si512();
    for (unsigned q = 0; q < 4; q++) {
        __m128i bytes = _mm512_cvtepi32_epi8((__m512i)(w[q] >> (8 * b)));
        out = _mm512_inserti32x4(out, bytes, 0);
        /* the lane index must be an immediate: insert at 0, then rotate */
        out = _mm512_alignr_epi64(out, out, 2);
    }
    return (V8)out;
}

/* The 64 lanes' first four digest bytes x[0..3] as little-endian 32-bit
 * words: keys[q] holds lanes 16q..16q + 15 (vpmovzxbd of each quarter,
 * whose index must be an immediate). */
static inline MD2_TARGET void md2_keys(const V8 x[4], V keys[4])
{
    for (unsigned q = 0; q < 4; q++)
        keys[q] = V_SET1(0);
    for (unsigned b = 0; b < 4; b++) {
        const __m512i v = (__m512i)x[b];
        keys[0] |= (V)_mm512_cvtepu8_epi32(_mm512_castsi512_si128(v)) << (8 * b);
        keys[1] |= (V)_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 1)) << (8 * b);
        keys[2] |= (V)_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 2)) << (8 * b);
        keys[3] |= (V)_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(v, 3)) << (8 * b);
    }
}

MD2_TARGET size_t hc_mb_md2_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                   unsigned *count)
{
    enum { LANES = 64 };
    const unsigned J = args->word;
    uint8_t table[256];
    for (unsigned i = 0; i < 256; i++)
        table[i] = (uint8_t)hc_md2_pi_subst[i];
    md2_sbox s = {
        _mm512_loadu_si512(table), _mm512_loadu_si512(table + 64),
        _mm512_loadu_si512(table + 128), _mm512_loadu_si512(table + 192),
    };
    /* The digest's first four bytes, X[0..3] after the checksum block. */
    const uint32_t target = args->target[0];
    V8 want[4];
    for (unsigned b = 0; b < 4; b++)
        want[b] = V8_SET1(target >> (8 * b));

    /* The block's bytes with the varying ones zero, the same for every set. */
    V8 mc[16];
    for (unsigned p = 0; p < 16; p++)
        mc[p] = V8_SET1(args->w[p / 4] >> (8 * (p % 4)));

    for (; u < end; u += LANES * MD2_SETS) {
        if (*count + LANES * MD2_SETS > cap)
            return u;
        V8 x[MD2_SETS][48], c[MD2_SETS][16];
        for (unsigned i = 0; i < MD2_SETS; i++) {
            /* The padded block, byte by byte: constant bytes broadcast, the
             * varying word(s) from the tables (64 words = four registers). */
            const size_t base = u + (size_t)LANES * i;
            V8 m[16];
            for (unsigned p = 0; p < 16; p++)
                m[p] = mc[p];
            for (unsigned which = 0; which < (args->two ? 2u : 1u); which++) {
                unsigned word = J - which;
                const uint32_t *tab = which == 0 ? args->tab_hi : args->tab_lo;
                V w[4];
                for (unsigned q = 0; q < 4; q++)
                    w[q] = V_SET1(args->w[word]) + V_LOAD(tab + base + 16 * q);
                for (unsigned b = 0; b < 4; b++)
                    m[4 * word + b] = md2_word_bytes(w, b);
            }
            /* §3.2: the checksum of the one block, from C = 0, L = 0. */
            V8 last = V8_SET1(0);
            for (unsigned j = 0; j < 16; j++)
                last = c[i][j] = md2_lookup(&s, m[j] ^ last);
            /* §3.4: X for the message block */
            for (unsigned j = 0; j < 16; j++) {
                x[i][j] = V8_SET1(0);
                x[i][16 + j] = m[j];
                x[i][32 + j] = m[j];
            }
        }
        md2_rounds(&s, x, 48);
        /* then for the checksum block */
        for (unsigned i = 0; i < MD2_SETS; i++) {
            for (unsigned j = 0; j < 16; j++) {
                x[i][16 + j] = c[i][j];
                x[i][32 + j] = c[i][j] ^ x[i][j];
            }
        }
        md2_rounds(&s, x, 4);
        if (args->filter != NULL) {
            /* filter mode: the digest's first four bytes as 32-bit
             * little-endian words, the target set's keys, 16 lanes a vector */
            V keys[MD2_SETS * 4];
            for (unsigned i = 0; i < MD2_SETS; i++)
                md2_keys(x[i], keys + 4 * i);
            MB_REPORT_WORDS(keys, MD2_SETS * 4, VL, V_SET1(target), args->filter, u, end, hits, count);
            continue;
        }
        for (unsigned i = 0; i < MD2_SETS; i++) {
            uint64_t match = V8_EQ(x[i][0], want[0]) & V8_EQ(x[i][1], want[1]) & V8_EQ(x[i][2], want[2]) &
                             V8_EQ(x[i][3], want[3]);
            while (match) {
                size_t pos = u + (size_t)LANES * i + (size_t)__builtin_ctzll(match);
                match &= match - 1;
                if (pos < end)
                    hits[(*count)++] = (uint32_t)pos;
            }
        }
    }
    return end;
}
