/* The EDON-R kernel families (EDON-R-256 on 32-bit lanes, EDON-R-512 on
 * 64-bit lanes), from the SHA-3 submission (Gligoroski et al., "Cryptographic
 * hash function EDON-R", 2008), in the flavour librhash computes: the
 * double-pipe compression R, without the later tweak (EDON-R') that feeds
 * the old pipe back in.
 *
 * A quasigroup operation Q(x, y) of the 2^256 (2^512) quasigroup maps two
 * 8-word vectors to one: the first orthogonal Latin square turns x into
 * s[0..7], the second y into t[0..7] (sums of words, the constant 0xAA..AA
 * resp. its complement added to s0 and t0, and one rotation each), and the
 * e-transformation combines them (each output word is the sum of two
 * three-way XORs). The compression of a block M (sixteen little-endian
 * words) with the double pipe P = (P0, P1) of 8 words each is eight of them:
 *
 *   p = Q(rev(M[8..15]), M[0..7])      q = Q(p, M[8..15])
 *   p = Q(P1, p)                       q = Q(p, q)
 *   p = Q(p, P0)                       q = Q(q, p)
 *   P0' = Q(rev(M[0..7]), p)           P1' = Q(P0', q)
 *
 * (rev: the words in reverse order). A message of up to block - 9 bytes is
 * one block: 0x80, zeros, the 64-bit bit length in the last 8 bytes, all
 * little-endian (the engine's MD padding), hashed from the initial pipe, and
 * the digest is P1' (the pipe's second half).
 *
 * Per candidate only what the message reaches is computed: for messages in
 * words 0..7 (up to 31 bytes for EDON-R-256, 63 for 512), the first
 * operation's first square and the second one's second square read only
 * padding and length, and the squares of the initial pipe (third and fifth
 * operations) read constants; those are done once per call in scalar code.
 * The last operation computes only P1'[0], the first digest word, which is
 * compared (one 32- or 64-bit word).
 *
 * The includer (mb_edonr256_<isa>.c, mb_edonr512_<isa>.c) defines
 * EDONR_WIDE (0: EDON-R-256 on V, 1: EDON-R-512 on V64) and then defines
 * its entry point with EDONR_ENTRY. */
#ifndef HC_CRACK_MB_EDONR_COMMON_H
#define HC_CRACK_MB_EDONR_COMMON_H

#include "mb_common.h"
#if EDONR_WIDE
#include "mb_filter64.h"
#endif
#include "../../algos/edonr_q.h"

#endif

/* ---- one width: instantiated once per includer ------------------------- */

#if EDONR_WIDE
#define EDONR_T V64
#define EDONR_SET1 V64_SET1
#define EDONR_LOAD V64_LOAD
#define EDONR_ROL V64_ROL
#define EDONR_XOR3 V64_XOR3
#define EDONR_EQ V64_EQ
#define EDONR_VL VL64
#define EDONR_W uint64_t
#define EDONR_SROL HC_ROTL64
#define EDONR_ROT_S EDONR512_ROT_S
#define EDONR_ROT_T EDONR512_ROT_T
#define EDONR_IV edonr512_iv
#define EDONR_C 0xAAAAAAAAAAAAAAAAull
#define EDONR_WORDS(args) ((args)->w64)
#define EDONR_TAB_HI(args) ((args)->tab64_hi)
#define EDONR_TAB_LO(args) ((args)->tab64_lo)
#define EDONR_TARGET(args) ((args)->target64[0])
#else
#define EDONR_T V
#define EDONR_SET1 V_SET1
#define EDONR_LOAD V_LOAD
#define EDONR_ROL V_ROL
#define EDONR_XOR3 V_XOR3
#define EDONR_EQ V_EQ
#define EDONR_VL VL
#define EDONR_W uint32_t
#define EDONR_SROL HC_ROTL32
#define EDONR_ROT_S EDONR256_ROT_S
#define EDONR_ROT_T EDONR256_ROT_T
#define EDONR_IV edonr256_iv
#define EDONR_C 0xAAAAAAAAu
#define EDONR_WORDS(args) ((args)->w)
#define EDONR_TAB_HI(args) ((args)->tab_hi)
#define EDONR_TAB_LO(args) ((args)->tab_lo)
#define EDONR_TARGET(args) ((args)->target[0])
#endif

/* Q(x, y) on vectors, the squares given (s from x, t from y). */
#define EDONR_VQ(s, t, r) EDONR_EXFORM(EDONR_XOR3, s, t, r)
#define EDONR_VLS1(x, s) EDONR_LS1(EDONR_T, EDONR_ROL, vc, x, s, EDONR_ROT_S)
#define EDONR_VLS2(y, t) EDONR_LS2(EDONR_T, EDONR_ROL, vnc, y, t, EDONR_ROT_T)

/* r = Q(x, y), neither square known beforehand. */
MB_INLINE void edonr_vq_of(const EDONR_T x[8], const EDONR_T y[8], EDONR_T r[8], const EDONR_T vc, const EDONR_T vnc)
{
    EDONR_T s[8], t[8];
    EDONR_VLS1(x, s);
    EDONR_VLS2(y, t);
    EDONR_VQ(s, t, r);
}

/* Once per call: the message's words broadcast (xc), the squares of the
 * initial pipe (vs_p1, vt_p0), and with LOW those of the message's upper
 * half (vs_hi, vt_hi), which no lane changes then. */
MB_INLINE void edonr_once_per_call(const EDONR_W *w, EDONR_T xc[16], EDONR_T vs_p1[8], EDONR_T vt_p0[8],
                                   EDONR_T vs_hi[8], EDONR_T vt_hi[8])
{
    EDONR_W p0[8], p1[8], hi_rev[8], hi[8], s_p1[8], t_p0[8], s_hi[8], t_hi[8];
    for (unsigned i = 0; i < 8; i++) {
        p0[i] = EDONR_IV(i);
        p1[i] = EDONR_IV(8 + i);
        hi_rev[i] = w[15 - i];
        hi[i] = w[8 + i];
    }
    const EDONR_W c = EDONR_C, nc = ~EDONR_C;
    EDONR_LS1(EDONR_W, EDONR_SROL, c, p1, s_p1, EDONR_ROT_S);
    EDONR_LS2(EDONR_W, EDONR_SROL, nc, p0, t_p0, EDONR_ROT_T);
    EDONR_LS1(EDONR_W, EDONR_SROL, c, hi_rev, s_hi, EDONR_ROT_S);
    EDONR_LS2(EDONR_W, EDONR_SROL, nc, hi, t_hi, EDONR_ROT_T);
    for (unsigned i = 0; i < 16; i++)
        xc[i] = EDONR_SET1(w[i]);
    for (unsigned i = 0; i < 8; i++) {
        vs_p1[i] = EDONR_SET1(s_p1[i]);
        vt_p0[i] = EDONR_SET1(t_p0[i]);
        vs_hi[i] = EDONR_SET1(s_hi[i]);
        vt_hi[i] = EDONR_SET1(t_hi[i]);
    }
}

/* The first digest word of the lanes' messages x: the compression of one
 * block from the initial pipe, cut down to what P1'[0] needs. vc and vnc
 * are the constants the squares take (EDONR_VLS1/2). */
MB_INLINE EDONR_T edonr_first_word(const EDONR_T x[16], const EDONR_T vs_p1[8], const EDONR_T vt_p0[8],
                                   const EDONR_T vs_hi[8], const EDONR_T vt_hi[8], const EDONR_T vc,
                                   const EDONR_T vnc, const bool LOW)
{
    EDONR_T s[8], t[8], p[8], q[8], m[8];
    /* p = Q(rev(M[8..15]), M[0..7]) */
    if (LOW) {
        for (unsigned i = 0; i < 8; i++)
            s[i] = vs_hi[i];
    } else {
        for (unsigned i = 0; i < 8; i++)
            m[i] = x[15 - i];
        EDONR_VLS1(m, s);
    }
    EDONR_VLS2(x, t);
    EDONR_VQ(s, t, p);
    /* q = Q(p, M[8..15]) */
    EDONR_VLS1(p, s);
    if (LOW) {
        for (unsigned i = 0; i < 8; i++)
            t[i] = vt_hi[i];
    } else {
        EDONR_VLS2(x + 8, t);
    }
    EDONR_VQ(s, t, q);
    /* p = Q(P1, p); q = Q(p, q) */
    EDONR_VLS2(p, t);
    EDONR_VQ(vs_p1, t, p);
    edonr_vq_of(p, q, q, vc, vnc);
    /* p = Q(p, P0); q = Q(q, p) */
    EDONR_VLS1(p, s);
    EDONR_VQ(s, vt_p0, p);
    edonr_vq_of(q, p, q, vc, vnc);
    /* P0' = Q(rev(M[0..7]), p) */
    for (unsigned i = 0; i < 8; i++)
        m[i] = x[7 - i];
    edonr_vq_of(m, p, p, vc, vnc);
    /* P1'[0] of Q(P0', q): r0 needs s0, s1, s4 and t0, t1, t5 only. */
    EDONR_VLS1(p, s);
    EDONR_VLS2(q, t);
    return EDONR_XOR3(s[0], s[4], s[1]) + EDONR_XOR3(t[0], t[1], t[5]);
}

/* LOW: the message lies in words 0..7 (the varying word is below 8), so
 * words 8..15 hold only padding and length. */
MB_INLINE size_t edonr_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                              unsigned *count, const bool LOW)
{
    const unsigned J = args->word;
    EDONR_T xc[16], vs_p1[8], vt_p0[8], vs_hi[8], vt_hi[8];
    edonr_once_per_call(EDONR_WORDS(args), xc, vs_p1, vt_p0, vs_hi, vt_hi);
    const EDONR_T vc = EDONR_SET1(EDONR_C), vnc = EDONR_SET1(~EDONR_C), want = EDONR_SET1(EDONR_TARGET(args));
    for (; u < end; u += EDONR_VL) {
        if (*count + EDONR_VL > cap)
            return u;
        EDONR_T x[16];
        for (unsigned i = 0; i < 16; i++)
            x[i] = xc[i];
        x[J] += EDONR_LOAD(EDONR_TAB_HI(args) + u);
        if (args->two)
            x[J - 1] += EDONR_LOAD(EDONR_TAB_LO(args) + u);
        EDONR_T digest0[1] = {edonr_first_word(x, vs_p1, vt_p0, vs_hi, vt_hi, vc, vnc, LOW)};
        /* filter mode: the first digest word is the target set's key (for
         * EDON-R-512 its low half, the digest's first four bytes) */
#if EDONR_WIDE
        MB_REPORT_WORDS64(digest0, 1, want, 0, args->filter, u, end, hits, count);
#else
        MB_REPORT_WORDS(digest0, 1, VL, want, args->filter, u, end, hits, count);
#endif
    }
    return end;
}

/* Each variant compiled on its own, for its own register allocation. */
static __attribute__((noinline)) size_t edonr_low(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits,
                                                  unsigned cap, unsigned *count)
{
    return edonr_kernel(args, u, end, hits, cap, count, true);
}

static __attribute__((noinline)) size_t edonr_high(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits,
                                                   unsigned cap, unsigned *count)
{
    return edonr_kernel(args, u, end, hits, cap, count, false);
}

/* The entry point hc_mb_edonr<bits>_<isa>. */
#define EDONR_ENTRY(name)                                                                                    \
    size_t name(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap, unsigned *count) \
    {                                                                                                        \
        return (args->word < 8 ? edonr_low : edonr_high)(args, u, end, hits, cap, count);                    \
    }

#undef EDONR_W
#undef EDONR_SROL
#undef EDONR_ROT_S
#undef EDONR_ROT_T
#undef EDONR_IV
#undef EDONR_C
#undef EDONR_WORDS
#undef EDONR_TAB_HI
#undef EDONR_TAB_LO
#undef EDONR_TARGET
#undef EDONR_VQ
#undef EDONR_VLS1
#undef EDONR_VLS2
