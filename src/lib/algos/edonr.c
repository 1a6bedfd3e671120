/* EDON-R's double-pipe compression on one block at a time (see edonr.h and
 * crack/kernels/mb_edonr.h): eight quasigroup operations Q(x, y), each the
 * two Latin squares of edonr_q.h and the e-transformation. The message is
 * MD-padded (0x80, zeros, the 64-bit little-endian bit length) and the
 * digest is the pipe's second half, little-endian. */
#include "edonr.h"

#include "byteorder.h"
#include "edonr_q.h"
#include "merkle_damgard.h"

/* One width of the compression, its operation Q and its block function. */
#define EDONR_COMPRESSION(bits, T, ROL, C, ROT_S, ROT_T, LOAD)                                     \
    static void edonr##bits##_q(const T x[8], const T y[8], T r[8])                               \
    {                                                                                              \
        T s[8], t[8];                                                                              \
        EDONR_LS1(T, ROL, (T)(C), x, s, ROT_S);                                                    \
        EDONR_LS2(T, ROL, (T)~(T)(C), y, t, ROT_T);                                                \
        EDONR_EXFORM(EDONR_SCALAR_XOR3, s, t, r);                                                  \
    }                                                                                              \
    static void edonr##bits##_compress(void *state, const uint8_t *blocks, size_t block_count)     \
    {                                                                                              \
        T *pipe = state; /* P0 = pipe[0..7], P1 = pipe[8..15] */                                   \
        for (; block_count > 0; block_count--, blocks += 16 * sizeof(T)) {                         \
            T m[16], lo_rev[8], hi_rev[8], p[8], q[8], u[8];                                       \
            for (unsigned i = 0; i < 16; i++)                                                      \
                m[i] = LOAD(blocks + i * sizeof(T));                                               \
            for (unsigned i = 0; i < 8; i++) {                                                     \
                lo_rev[i] = m[7 - i];                                                              \
                hi_rev[i] = m[15 - i];                                                             \
            }                                                                                      \
            edonr##bits##_q(hi_rev, m, p);     /* p = Q(rev(M[8..15]), M[0..7]) */                 \
            edonr##bits##_q(p, m + 8, q);      /* q = Q(p, M[8..15]) */                            \
            edonr##bits##_q(pipe + 8, p, u);   /* p = Q(P1, p) */                                  \
            edonr##bits##_q(u, q, q);          /* q = Q(p, q) */                                   \
            edonr##bits##_q(u, pipe, p);       /* p = Q(p, P0) */                                  \
            edonr##bits##_q(q, p, u);          /* q = Q(q, p) */                                   \
            edonr##bits##_q(lo_rev, p, pipe);  /* P0' = Q(rev(M[0..7]), p) */                      \
            edonr##bits##_q(pipe, u, pipe + 8); /* P1' = Q(P0', q) */                              \
        }                                                                                          \
    }

EDONR_COMPRESSION(256, uint32_t, HC_ROTL32, 0xAAAAAAAAu, EDONR256_ROT_S, EDONR256_ROT_T, hc_load32_le)
EDONR_COMPRESSION(512, uint64_t, HC_ROTL64, 0xAAAAAAAAAAAAAAAAull, EDONR512_ROT_S, EDONR512_ROT_T, hc_load64_le)

static size_t edonr_block_len(const hc_edonr_ctx *c)
{
    return c->wide ? 128 : 64;
}

void hc_edonr_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    hc_edonr_ctx *c = ctx;
    (void)params;
    c->wide = alg->digest_len == 64;
    c->length = 0;
    for (unsigned i = 0; i < 16; i++) {
        if (c->wide)
            c->pipe.w64[i] = edonr512_iv(i);
        else
            c->pipe.w32[i] = edonr256_iv(i);
    }
}

void hc_edonr_update(void *ctx, const void *data, size_t len)
{
    hc_edonr_ctx *c = ctx;
    hc_md_absorb(&c->pipe, c->wide ? edonr512_compress : edonr256_compress, c->buffer, edonr_block_len(c),
                 &c->length, data, len);
}

void hc_edonr_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_edonr_ctx *c = ctx;
    (void)out_len;
    uint8_t bit_length[8];
    hc_store64_le(bit_length, c->length * 8);
    hc_md_finish(&c->pipe, c->wide ? edonr512_compress : edonr256_compress, c->buffer, edonr_block_len(c),
                 c->length, 0x80, bit_length, sizeof(bit_length));
    for (unsigned i = 0; i < 8; i++) {
        if (c->wide)
            hc_store64_le(out + 8 * i, c->pipe.w64[8 + i]);
        else
            hc_store32_le(out + 4 * i, c->pipe.w32[8 + i]);
    }
}
