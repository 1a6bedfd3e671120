/* HAVAL, written from Y. Zheng, J. Pieprzyk, J. Seberry, "HAVAL - A One-Way
 * Hashing Algorithm with Variable Length of Output", AUSCRYPT'92, LNCS 718,
 * pp. 83-104; the names in the comments below are the paper's.
 *
 * A 1024-bit block is read as 32 little-endian words and run through 3, 4
 * or 5 passes of 32 steps over eight 32-bit registers; the fingerprint is
 * the 256-bit state, folded ("tailored") down to 128, 160, 192 or 224 bits.
 * Pass count and output length are both written into the padding, so every
 * one of the 15 members gives its own answer, not a truncation. */
#include "haval.h"

#include <string.h>

#include "merkle_damgard.h"

enum {
    HAVAL_BLOCK_LEN = 128,
    HAVAL_VERSION = 1,
    /* the last 10 bytes of the last block: 2 bytes of version, passes and
     * output length, then the 64-bit bit length (the padding) */
    HAVAL_TAIL_LEN = 10,
};

#define HV_T uint32_t
#include "haval_rounds.h"

/* The compression function H on one block. */
static inline void haval_block(uint32_t state[8], const uint8_t *block, unsigned passes)
{
    uint32_t w[32], t[8];
    for (size_t i = 0; i < 32; i++)
        w[i] = hc_load32_le(block + 4 * i);
    memcpy(t, state, sizeof(t));
    haval_passes(t, w, passes);
    /* the new fingerprint is the word-wise sum of old and new */
    for (size_t i = 0; i < 8; i++)
        state[i] += t[i];
}

/* The pass count is chosen once per call, not once per block. */
static void haval_compress(void *state, const uint8_t *blocks, size_t block_count)
{
    hc_haval_ctx *ctx = state;
    const uint8_t *end = blocks + block_count * HAVAL_BLOCK_LEN;
    switch (ctx->passes) {
    case 3:
        for (; blocks < end; blocks += HAVAL_BLOCK_LEN)
            haval_block(ctx->state, blocks, 3);
        break;
    case 4:
        for (; blocks < end; blocks += HAVAL_BLOCK_LEN)
            haval_block(ctx->state, blocks, 4);
        break;
    default:
        for (; blocks < end; blocks += HAVAL_BLOCK_LEN)
            haval_block(ctx->state, blocks, 5);
        break;
    }
}

void hc_haval_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)params;
    hc_haval_ctx *haval = ctx;
    memset(haval, 0, sizeof(*haval));
    memcpy(haval->state, haval_initial, sizeof(haval_initial));
    /* A valid pair by construction: HAVAL_ROW in algorithms.c checks both
     * at compile time. */
    haval->passes = alg->passes;
    haval->digest_len = alg->digest_len;
}

HC_MD_UPDATE(hc_haval_update, hc_haval_ctx, haval_compress)

void hc_haval_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_haval_ctx *haval = ctx;
    /* Padding: a 1 bit (the least significant bit of the next byte),
     * zeros up to 944 mod 1024 bits, then VERSION (3 bits), PASS (3 bits),
     * FPTLEN (10 bits) and the 64-bit bit length, all little-endian. */
    unsigned fingerprint_bits = haval->digest_len * 8;
    uint8_t tail[HAVAL_TAIL_LEN];
    tail[0] = (uint8_t)((fingerprint_bits & 0x3) << 6 | (haval->passes & 0x7) << 3 | HAVAL_VERSION);
    tail[1] = (uint8_t)(fingerprint_bits >> 2);
    hc_store64_le(tail + 2, haval->length << 3);
    hc_md_finish(haval, haval_compress, haval->buffer, HAVAL_BLOCK_LEN, haval->length, 0x01, tail, sizeof(tail));

    haval_tailor(haval->state, haval->digest_len);
    uint8_t digest[32];
    for (size_t i = 0; i < haval->digest_len / 4; i++)
        hc_store32_le(digest + 4 * i, haval->state[i]);
    memcpy(out, digest, out_len < haval->digest_len ? out_len : haval->digest_len);
}
