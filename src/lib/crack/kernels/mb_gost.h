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
 *    (1-based, from the low end). Each psi is one new word here (three
 *    XORs; the 16-bit words sit in the low halves of the lanes), the shift
 *    is renaming: 74 words per compression, of which the last compression
 *    needs only the 47 that reach the digest's first word, the one
 *    compared (in filter mode, looked up in the targets' filter).
 *
 * The includer (mb_gost_<isa>.c) includes its vec_<isa>.h, defines
 * GOST_TARGET (its extra target attribute, or nothing), a type gost_consts
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

/* One psi on z[j..j + 15]: the new word z[j + 16]. */
#define GOST_PSI_STEP(z, j) \
    ((z)[(j) + 16] = V_XOR3((z)[j], (z)[(j) + 1], (z)[(j) + 2]) ^ V_XOR3((z)[(j) + 3], (z)[(j) + 12], (z)[(j) + 15]))

/* f(H, M) of RFC 5831 §6 into h; only words 0 .. out_words - 1 of the
 * result are right (1 or 8, a constant: every loop unrolls). */
MB_INLINE GOST_TARGET void gost_compress(const gost_consts *c, V h[8], const V m[8], unsigned out_words)
{
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

    /* Encryption (§6.2): quarter e of H (words 2e, 2e + 1: N1, N2) under
     * key[e], the four interleaved; round r takes key word r mod 8 for
     * r < 24, then 7 - r mod 8, and updates N2, N1, N2, ... in turn. */
    V n1[4], n2[4];
    for (unsigned e = 0; e < 4; e++) {
        n1[e] = h[2 * e];
        n2[e] = h[2 * e + 1];
    }
    _Pragma("GCC unroll 16") for (unsigned r = 0; r < 32; r += 2) {
        const unsigned k0 = r < 24 ? r % 8 : 7 - r % 8, k1 = r + 1 < 24 ? (r + 1) % 8 : 7 - (r + 1) % 8;
        for (unsigned e = 0; e < 4; e++)
            n2[e] ^= gost_f(c, n1[e] + key[e][k0]);
        for (unsigned e = 0; e < 4; e++)
            n1[e] ^= gost_f(c, n2[e] + key[e][k1]);
    }

    /* Mixing (§6.3) on 16-bit words in the low halves of the lanes (the
     * high halves carry garbage, never read): S's quarter e is (N2, N1)
     * after the last round, which swaps nothing. z[n..n + 15] is psi^n of
     * z[0..15]. */
    V z[16 + 61];
    for (unsigned e = 0; e < 4; e++) {
        z[4 * e + 0] = n2[e];
        z[4 * e + 1] = n2[e] >> 16;
        z[4 * e + 2] = n1[e];
        z[4 * e + 3] = n1[e] >> 16;
    }
    _Pragma("GCC unroll 12") for (unsigned j = 0; j < 12; j++) GOST_PSI_STEP(z, j);
    /* M ^ psi^12(S), then psi of it */
    V y[17];
    for (unsigned i = 0; i < 8; i++) {
        y[2 * i] = z[12 + 2 * i] ^ m[i];
        y[2 * i + 1] = z[12 + 2 * i + 1] ^ (m[i] >> 16);
    }
    GOST_PSI_STEP(y, 0);
    /* H ^ psi(...) = y[1..16] ^ H, then psi^61 */
    for (unsigned i = 0; i < 8; i++) {
        z[2 * i] = y[1 + 2 * i] ^ h[i];
        z[2 * i + 1] = y[1 + 2 * i + 1] ^ (h[i] >> 16);
    }
    const unsigned steps = 61 - 16 + 2 * out_words; /* the new words up to z[61 + 2 * out_words - 1] */
    _Pragma("GCC unroll 61") for (unsigned j = 0; j < steps; j++) GOST_PSI_STEP(z, j);
    for (unsigned i = 0; i < out_words; i++)
        h[i] = (z[61 + 2 * i] & 0xFFFF) | (z[61 + 2 * i + 1] << 16);
}

/* The whole compression, and the one of the last block (the first word). */
static GOST_TARGET __attribute__((noinline)) void gost_compress_all(const gost_consts *c, V h[8], const V m[8])
{
    gost_compress(c, h, m, 8);
}

static GOST_TARGET __attribute__((noinline)) void gost_compress_first(const gost_consts *c, V h[8], const V m[8])
{
    gost_compress(c, h, m, 1);
}

MB_INLINE GOST_TARGET size_t gost_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                         unsigned *count)
{
    const unsigned J = args->word;
    gost_consts c;
    gost_consts_init(&c);
    /* The length block: the message's bit length (under 2^9). */
    V length[8];
    length[0] = V_SET1(args->msg_bytes * 8);
    for (unsigned i = 1; i < 8; i++)
        length[i] = V_SET1(0);
    V xc[8];
    for (unsigned i = 0; i < 8; i++)
        xc[i] = V_SET1(args->w[i]);
    const V want = V_SET1(args->target[0]);

    for (; u < end; u += VL) {
        if (*count + VL > cap)
            return u;
        V m[8], h[8];
        MB_MESSAGE(m, 8, V_LOAD, tab_lo, tab_hi);
        for (unsigned i = 0; i < 8; i++)
            h[i] = V_SET1(0);
        gost_compress_all(&c, h, m);
        gost_compress_all(&c, h, length);
        gost_compress_first(&c, h, m); /* the checksum of one block is the block */
        V first[1] = {h[0]};
        MB_REPORT_WORDS(first, 1, VL, want);
    }
    return end;
}

/* The entry point hc_mb_gost_<isa>. */
#define GOST_ENTRY(name)                                                                                           \
    GOST_TARGET size_t name(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,           \
                            unsigned *count)                                                                       \
    {                                                                                                              \
        return gost_kernel(args, u, end, hits, cap, count);                                                        \
    }

#endif
