/* Template: one width of BLAKE2 (RFC 7693), the portable compression
 * function F (§3.2) and the hooks around it. BLAKE2b and BLAKE2s are the
 * same algorithm on 64- or 32-bit words with their own round count and
 * rotations (§2.1), so blake2.c includes this file once for each, after
 * defining:
 *   B2_W        b or s, pasted into the names (hc_blake2b_init, ...)
 *   B2_WORD     uint64_t or uint32_t
 *   B2_ROTR     its rotate (rotate.h)
 *   B2_LOAD     little-endian load of one word (§2.4)
 *   B2_STORE    little-endian store of one word
 *   B2_BLOCK    the block length in bytes
 *   B2_IV       the initialisation vector (§2.6)
 *   B2_ROUNDS   12 or 10
 *   B2_R1..R4   the rotation distances of G (§2.1)
 *
 * The 16 working words stay in local variables and every round is written
 * out, so sigma's indices are constants and each message word is a load
 * folded into an addition. A single message is bound by G's chain of
 * dependent operations (24 per round); scalar code runs the four
 * independent G of a step side by side at one cycle per operation and
 * reaches that bound. Row-wise SIMD (one G step per vector instruction,
 * AVX2 or AVX-512VL rotates) was measured at twice the time on the Zen 5
 * development machine, whose vector integer operations take two cycles,
 * so no SIMD backend is dispatched. */

#include "blake2_g.h"

#define B2_G(a, b, c, d, x, y) BLAKE2_G(B2_ROTR, B2_R1, B2_R2, B2_R3, B2_R4, a, b, c, d, x, y)
#define B2_V(i) v##i
#define B2_M(i) B2_LOAD(blocks + (i) * sizeof(B2_WORD))
#define B2_ROUND(r) BLAKE2_ROUND(B2_G, B2_V, B2_M, hc_blake2_sigma[r])

#define B2_PASTE2(a, b, c) a##b##c
#define B2_PASTE(a, b, c) B2_PASTE2(a, b, c)
#define B2_FN(suffix) B2_PASTE(hc_blake2, B2_W, suffix)
#define B2_CTX B2_FN(_ctx)

void B2_FN(_compress_portable)(B2_WORD h[8], B2_WORD t[2], const uint8_t *blocks, size_t nblocks,
                               B2_WORD block_bytes, B2_WORD f0)
{
    B2_WORD h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];
    B2_WORD t0 = t[0], t1 = t[1];
    for (; nblocks > 0; nblocks--, blocks += 16 * sizeof(B2_WORD)) {
        /* The counter is a double word (§2.3); the carry moves into t1. */
        t0 += block_bytes;
        t1 += t0 < block_bytes;
        B2_WORD v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
        B2_WORD v8 = B2_IV[0], v9 = B2_IV[1], v10 = B2_IV[2], v11 = B2_IV[3];
        B2_WORD v12 = B2_IV[4] ^ t0, v13 = B2_IV[5] ^ t1, v14 = B2_IV[6] ^ f0, v15 = B2_IV[7];
        B2_ROUND(0);
        B2_ROUND(1);
        B2_ROUND(2);
        B2_ROUND(3);
        B2_ROUND(4);
        B2_ROUND(5);
        B2_ROUND(6);
        B2_ROUND(7);
        B2_ROUND(8);
        B2_ROUND(9);
#if B2_ROUNDS == 12
        B2_ROUND(10);
        B2_ROUND(11);
#endif
        h0 ^= v0 ^ v8;
        h1 ^= v1 ^ v9;
        h2 ^= v2 ^ v10;
        h3 ^= v3 ^ v11;
        h4 ^= v4 ^ v12;
        h5 ^= v5 ^ v13;
        h6 ^= v6 ^ v14;
        h7 ^= v7 ^ v15;
    }
    h[0] = h0, h[1] = h1, h[2] = h2, h[3] = h3, h[4] = h4, h[5] = h5, h[6] = h6, h[7] = h7;
    t[0] = t0, t[1] = t1;
}

/* ---- the hooks ---- */

void B2_FN(_init_key)(B2_CTX *ctx, size_t out_len, const void *key, size_t key_len)
{
    memset(ctx, 0, sizeof(*ctx));
    memcpy(ctx->h, B2_IV, sizeof(ctx->h));
    /* Parameter block word 0 (§2.5): digest length, key length, fanout 1,
     * depth 1; the other words are zero for sequential hashing. */
    ctx->h[0] ^= 0x01010000u ^ ((B2_WORD)key_len << 8) ^ (B2_WORD)out_len;
    if (key_len > 0) {
        /* The key, zero-padded, is the first block (§3.3). */
        memcpy(ctx->buffer, key, key_len);
        ctx->buffered = B2_BLOCK;
    }
}

void B2_FN(_init)(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)params; /* fixed-length rows */
    B2_FN(_init_key)(ctx, alg->digest_len, NULL, 0);
}

static void B2_FN(_eat)(void *vctx, const uint8_t *blocks, size_t nblocks)
{
    B2_CTX *ctx = vctx;
    B2_FN(_compress_portable)(ctx->h, ctx->t, blocks, nblocks, B2_BLOCK, 0);
}

void B2_FN(_update)(void *vctx, const void *data, size_t len)
{
    B2_CTX *ctx = vctx;
    feed(ctx, B2_FN(_eat), ctx->buffer, &ctx->buffered, B2_BLOCK, data, len);
}

void B2_FN(_final)(void *vctx, uint8_t *out, size_t out_len)
{
    B2_CTX *ctx = vctx;
    uint8_t digest[8 * sizeof(B2_WORD)];
    /* The last block, zero-padded, counts only its own bytes and carries
     * the last-block flag (§3.3). */
    memset(ctx->buffer + ctx->buffered, 0, B2_BLOCK - ctx->buffered);
    B2_FN(_compress_portable)(ctx->h, ctx->t, ctx->buffer, 1, (B2_WORD)ctx->buffered, ~(B2_WORD)0);
    for (size_t i = 0; i < 8; i++)
        B2_STORE(digest + i * sizeof(B2_WORD), ctx->h[i]);
    memcpy(out, digest, out_len);
}

#undef B2_ROTR
#undef B2_G
#undef B2_V
#undef B2_ROUND
#undef B2_M
#undef B2_PASTE2
#undef B2_PASTE
#undef B2_FN
#undef B2_CTX
