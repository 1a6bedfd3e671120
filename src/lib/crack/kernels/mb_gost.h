/* The GOST R 34.11-94 kernel family (RFC 5831, with the CryptoPro parameter
 * set of RFC 4357 §11.2, as the gost row computes): one candidate per
 * 32-bit lane.
 *
 * A message of up to 32 bytes is one block M, zero-padded, and its hash is
 * three compressions from H = 0: H = f(f(f(0, M), L), Σ), where L is the
 * bit length (a 256-bit little-endian number, the same for every candidate
 * of a call) and the checksum Σ of a one-block message is M itself. A
 * compression f(H, M) (RFC 5831 §6):
 *  - key generation: U = H, V = M, K1 = P(U ^ V); then three times
 *    U = A(U) ^ C_j, V = A(A(V)), K_j = P(U ^ V), with C_3 the one nonzero
 *    constant. A shifts the four 64-bit quarters down and puts the XOR of
 *    the two lowest on top (register renaming and two XORs here); P takes
 *    byte 8i + k of its input to byte 4k + i, which per lane is a 4x4 byte
 *    transpose of the words c, c + 2, c + 4, c + 6 for c = 0, 1;
 *  - encryption: each quarter h_i of H encrypted with GOST 28147-89 under
 *    K_i (32 rounds: N ^= rol11(S(N' + k)), the keys k1..k8 three times,
 *    then k8..k1). The four are independent, so they run interleaved: a
 *    round waits on its S-box look-ups and the other three fill the time;
 *  - mixing: H' = psi^61(H ^ psi(M ^ psi^12(S))), psi a shift of the sixteen
 *    16-bit words with one new word, the XOR of words 1, 2, 3, 4, 13 and 16
 *    (1-based, from the low end). psi is linear, so H' = psi^61(H) ^
 *    psi^62(M) ^ psi^74(S), and each output word is the XOR of the input
 *    words its rows pick (about 26 of 48; the 16-bit words sit in the low
 *    halves of the lanes): 3 XORs per 2 picked words with V_XOR3, against
 *    3 per psi (74 of them) done one at a time. The first compression has
 *    H = 0, the length block one nonzero 16-bit word, and the last
 *    compression needs only the first digest word, the one compared (in
 *    filter mode, looked up in the targets' filter): about 25 V_XOR3 there.
 *
 * The rounds are a loop of eight (three passes) and eight more in reverse,
 * not 32 written out: the code stays small enough for the decoded-
 * instruction cache (3-8% faster on the development machine).
 *
 * The includer (mb_gost_<isa>.c) includes its vec_<isa>.h, defines
 * GOST_TARGET (its extra target attribute, or nothing), GOST_ROUNDS (how
 * the rounds are compiled: gost_encrypt below), a type gost_consts
 * with gost_consts_init(gost_consts *), the S-box layer and rotation
 * gost_f(c, x) = rol11(S(x)), and P as gost_p(c, w[8], key[8]); then
 * includes this file and defines its entry point with GOST_ENTRY. */
#ifndef HC_CRACK_MB_GOST_H
#define HC_CRACK_MB_GOST_H

#include "mb_common.h"

/* RFC 4357 §11.2, id-GostR3411-94-CryptoProParamSet: box K1 (for the lowest
 * nibble) first, K8 (the highest) last; row x holds K(x). */
static const uint8_t gost_sbox[8][16] = {
    {0xA, 0x4, 0x5, 0x6, 0x8, 0x1, 0x3, 0x7, 0xD, 0xC, 0xE, 0x0, 0x9, 0x2, 0xB, 0xF},
    {0x5, 0xF, 0x4, 0x0, 0x2, 0xD, 0xB, 0x9, 0x1, 0x7, 0x6, 0x3, 0xC, 0xE, 0xA, 0x8},
    {0x7, 0xF, 0xC, 0xE, 0x9, 0x4, 0x1, 0x0, 0x3, 0xB, 0x5, 0x2, 0x6, 0xA, 0x8, 0xD},
    {0x4, 0xA, 0x7, 0xC, 0x0, 0xF, 0x2, 0x8, 0xE, 0x1, 0x6, 0x5, 0xD, 0xB, 0x9, 0x3},
    {0x7, 0x6, 0x4, 0xB, 0x9, 0xC, 0x2, 0xA, 0x1, 0x8, 0x0, 0xE, 0xF, 0xD, 0x3, 0x5},
    {0x7, 0x6, 0x2, 0x4, 0xD, 0x9, 0xF, 0x0, 0xA, 0x1, 0x5, 0xB, 0x8, 0xE, 0xC, 0x3},
    {0xD, 0xE, 0x4, 0x1, 0x7, 0x0, 0x5, 0xA, 0x3, 0xC, 0x8, 0xF, 0x6, 0x2, 0x9, 0xB},
    {0x1, 0x3, 0xA, 0x9, 0x5, 0xB, 0x4, 0xF, 0x8, 0x6, 0x7, 0xE, 0xD, 0x0, 0x2, 0xC},
};

/* RFC 5831 §6.1: C_3 = 0xff00ffff000000ffff0000ff00ffff0000ff00ff00ff00ffff00ff00ff00ff00,
 * as eight little-endian 32-bit words, the least significant first. */
static const uint32_t gost_c3[8] = {
    0xff00ff00, 0xff00ff00, 0x00ff00ff, 0x00ff00ff, 0x00ffff00, 0xff0000ff, 0x000000ff, 0xff00ffff,
};

/* A of RFC 5831 §6.1 on eight words (four 64-bit quarters, lowest first). */
MB_INLINE void gost_a(V y[8])
{
    V lo = y[0] ^ y[2], hi = y[1] ^ y[3];
    for (unsigned i = 0; i < 6; i++)
        y[i] = y[i + 2];
    y[6] = lo;
    y[7] = hi;
}

/* The mixing is linear: H' = psi^61(H) ^ psi^62(M) ^ psi^74(S), and row j
 * of psi^n (the input words that make output word j) is row 0 of
 * psi^(n + j). Row 0 of psi^n for n = 61..89, bit i for input word i (from
 * the low end), from iterating psi on the sixteen unit words: word k >= 16
 * of the sequence is the XOR of words k - 16, k - 15, k - 14, k - 13, k - 4
 * and k - 1, and row 0 of psi^n is word n. */
static const uint16_t gost_psi_row0[29] = {
    0xec8a, 0x491b, 0x9236, 0xb463, 0xf8c9, 0x619d, 0xc33a, 0x167b, 0x2cf6, 0x59ec,
    0xb3d8, 0xf7bf, 0x7f71, 0xfee2, 0x6dcb, 0xdb96, 0x2723, 0x4e46, 0x9c8c, 0xa917,
    0xc221, 0x144d, 0x289a, 0x5134, 0xa268, 0xd4df, 0x39b1, 0x7362, 0xe6c4,
};

/* The eight words as sixteen 16-bit words in the low halves of the lanes
 * (the high halves carry garbage, never read). */
MB_INLINE void gost_halves(const V w[8], V z[16])
{
    for (unsigned i = 0; i < 8; i++) {
        z[2 * i] = w[i];
        z[2 * i + 1] = w[i] >> 16;
    }
}

/* The XOR of the words in[i] whose bit i of pick is set (pick a constant:
 * the loop unrolls and only the XORs remain, two words per V_XOR3). */
MB_INLINE V gost_xor_picked(const V in[48], uint64_t pick)
{
    V acc = V_SET1(0), pending = V_SET1(0);
    unsigned n = 0;
    _Pragma("GCC unroll 48") for (unsigned i = 0; i < 48; i++) {
        if (!(pick >> i & 1))
            continue;
        if (n == 0)
            acc = in[i];
        else if (n % 2 == 1)
            pending = in[i];
        else
            acc = V_XOR3(acc, pending, in[i]);
        n++;
    }
    return n > 1 && n % 2 == 0 ? acc ^ pending : acc;
}

/* Encryption (§6.2) of the four quarters of h under key[0..3] into s;
 * GOST_ROUNDS says whether each compression has its own copy (inline) or
 * all three share one (noinline): AVX2, with its 16 registers, is 20%
 * faster sharing one, AVX-512 3% faster with its own (build/crack_kernels,
 * three interleaved pairs, load 4.5). */
static GOST_TARGET GOST_ROUNDS void gost_encrypt(const gost_consts *c, V key[4][8], const V h[8], V s[8])
{
    /* Quarter e of H (words 2e, 2e + 1: N1, N2) under
     * key[e], the four interleaved; round r takes key word r mod 8 for
     * r < 24, then 7 - r mod 8, and updates N2, N1, N2, ... in turn. */
    V n1[4], n2[4];
    for (unsigned e = 0; e < 4; e++) {
        n1[e] = h[2 * e];
        n2[e] = h[2 * e + 1];
    }
    MB_ROLLED for (unsigned pass = 0; pass < 3; pass++) {
        _Pragma("GCC unroll 4") for (unsigned r = 0; r < 8; r += 2) {
            for (unsigned e = 0; e < 4; e++)
                n2[e] ^= gost_f(c, n1[e] + key[e][r]);
            for (unsigned e = 0; e < 4; e++)
                n1[e] ^= gost_f(c, n2[e] + key[e][r + 1]);
        }
    }
    _Pragma("GCC unroll 4") for (unsigned r = 0; r < 8; r += 2) {
        for (unsigned e = 0; e < 4; e++)
            n2[e] ^= gost_f(c, n1[e] + key[e][7 - r]);
        for (unsigned e = 0; e < 4; e++)
            n1[e] ^= gost_f(c, n2[e] + key[e][6 - r]);
    }

    /* S's quarter e is (N2, N1) after the last round, which swaps nothing. */
    for (unsigned e = 0; e < 4; e++) {
        s[2 * e] = n2[e];
        s[2 * e + 1] = n1[e];
    }
}

/* f(H, M) of RFC 5831 §6 into h; only words 0 .. out_words - 1 of the
 * result are right. The other arguments, constants (every loop unrolls and
 * what is zero folds away): out_words 1 or 8; h_zero, H = 0 (h is only
 * written); m_halves, the 16-bit words of M that can be nonzero (bit i). */
MB_INLINE GOST_TARGET void gost_compress(const gost_consts *c, V h[8], const V m[8], unsigned out_words, bool h_zero,
                                         unsigned m_halves)
{
    if (h_zero)
        for (unsigned i = 0; i < 8; i++)
            h[i] = V_SET1(0);
    /* Key generation (§6.1). */
    V key[4][8], u[8], v[8], w[8];
    for (unsigned i = 0; i < 8; i++) {
        u[i] = h[i];
        v[i] = m[i];
        w[i] = u[i] ^ v[i];
    }
    gost_p(c, w, key[0]);
    for (unsigned j = 1; j < 4; j++) {
        gost_a(u);
        if (j == 2)
            for (unsigned i = 0; i < 8; i++)
                u[i] ^= V_SET1(gost_c3[i]);
        gost_a(v);
        gost_a(v);
        for (unsigned i = 0; i < 8; i++)
            w[i] = u[i] ^ v[i];
        gost_p(c, w, key[j]);
    }

    V s[8], in[48], out[16];
    gost_encrypt(c, key, h, s);

    /* Mixing (§6.3): H' = psi^61(H) ^ psi^62(M) ^ psi^74(S). */
    gost_halves(h, in);
    gost_halves(m, in + 16);
    gost_halves(s, in + 32);
    _Pragma("GCC unroll 16") for (unsigned j = 0; j < 2 * out_words; j++)
        out[j] = gost_xor_picked(in, (h_zero ? 0 : (uint64_t)gost_psi_row0[j]) |
                                         (uint64_t)(gost_psi_row0[j + 1] & m_halves) << 16 |
                                         (uint64_t)gost_psi_row0[j + 13] << 32);
    for (unsigned i = 0; i < out_words; i++)
        h[i] = (out[2 * i] & 0xFFFF) | (out[2 * i + 1] << 16);
}

/* The three compressions of a one-block message: the block from H = 0, the
 * length block (its bit length, under 2^16, is its only nonzero 16-bit
 * word), and the checksum block, of which only the first word is needed. */
static GOST_TARGET __attribute__((noinline)) void gost_compress_block(const gost_consts *c, V h[8], const V m[8])
{
    gost_compress(c, h, m, 8, true, 0xFFFF);
}

static GOST_TARGET __attribute__((noinline)) void gost_compress_length(const gost_consts *c, V h[8], uint32_t bits)
{
    V m[8];
    m[0] = V_SET1(bits);
    for (unsigned i = 1; i < 8; i++)
        m[i] = V_SET1(0);
    gost_compress(c, h, m, 8, false, 0x0001);
}

static GOST_TARGET __attribute__((noinline)) void gost_compress_sum(const gost_consts *c, V h[8], const V m[8])
{
    gost_compress(c, h, m, 1, false, 0xFFFF);
}

MB_INLINE GOST_TARGET size_t gost_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                         unsigned *count)
{
    const unsigned J = args->word;
    gost_consts c;
    gost_consts_init(&c);
    MB_BROADCAST_WORDS(V, xc, 8, V_SET1, args->w);
    const V want = V_SET1(args->target[0]);

    for (; u < end; u += VL) {
        if (*count + VL > cap)
            return u;
        V m[8], h[8];
        MB_MESSAGE(m, xc, 8, J, args, u, V_LOAD, tab_lo, tab_hi);
        gost_compress_block(&c, h, m);
        gost_compress_length(&c, h, args->msg_bytes * 8);
        gost_compress_sum(&c, h, m); /* the checksum of one block is the block */
        V first[1] = {h[0]};
        MB_REPORT_WORDS(first, 1, VL, want, args->filter, u, end, hits, count);
    }
    return end;
}

/* The entry point hc_mb_gost_<isa>. */
#define GOST_ENTRY(name)                                                                                \
    GOST_TARGET size_t name(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap, \
                            unsigned *count)                                                            \
    {                                                                                                   \
        return gost_kernel(args, u, end, hits, cap, count);                                             \
    }

#endif
