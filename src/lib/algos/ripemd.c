/* RIPEMD-128, RIPEMD-160, RIPEMD-256 and RIPEMD-320, written from
 * H. Dobbertin, A. Bosselaers, B. Preneel, "RIPEMD-160: A Strengthened
 * Version of RIPEMD" (FSE 1996; the full version, linked from the page
 * below, gives pseudo-code for RIPEMD-160 and RIPEMD-128) and A. Bosselaers'
 * RIPEMD page, which defines the 256- and 320-bit extensions
 * (https://homes.esat.kuleuven.be/~bosselae/ripemd160.html).
 *
 * All four run two parallel lines over each 64-byte block.  RIPEMD-128/256
 * use four-word lines and four rounds, RIPEMD-160/320 five-word lines and
 * five rounds, with the same message orders and shifts.  The 256/320
 * extensions keep the two lines' chaining values apart, swap one register
 * pair after every round, and output both. */
#include "ripemd.h"

#include <stdbool.h>
#include <string.h>

#include "merkle_damgard.h"

enum { RIPEMD_BLOCK_LEN = 64, RIPEMD_LENGTH_FIELD_LEN = 8 };

#define RMD_T uint32_t
#include "ripemd_lines.h"

static inline void rmd_load_block(uint32_t x[16], const uint8_t *block)
{
    for (size_t i = 0; i < 16; i++)
        x[i] = hc_load32_le(block + 4 * i);
}

/* RIPEMD-128: both lines start from h and are combined
 * crosswise into the new h. */
static void ripemd128_block(uint32_t h[4], const uint8_t *block)
{
    uint32_t x[16], left[4], right[4];
    rmd_load_block(x, block);
    memcpy(left, h, sizeof(left));
    memcpy(right, h, sizeof(right));
    rmd4_lines(left, right, x, false);
    uint32_t t = h[1] + left[2] + right[3];
    h[1] = h[2] + left[3] + right[0];
    h[2] = h[3] + left[0] + right[1];
    h[3] = h[0] + left[1] + right[2];
    h[0] = t;
}

/* RIPEMD-160, combined as RIPEMD-128 is. */
static void ripemd160_block(uint32_t h[5], const uint8_t *block)
{
    uint32_t x[16], left[5], right[5];
    rmd_load_block(x, block);
    memcpy(left, h, sizeof(left));
    memcpy(right, h, sizeof(right));
    rmd5_lines(left, right, x, false);
    uint32_t t = h[1] + left[2] + right[3];
    h[1] = h[2] + left[3] + right[4];
    h[2] = h[3] + left[4] + right[0];
    h[3] = h[4] + left[0] + right[1];
    h[4] = h[0] + left[1] + right[2];
    h[0] = t;
}

/* RIPEMD-256 and RIPEMD-320 (the RIPEMD page): each line feeds forward into
 * its own half of h. */
static void ripemd256_block(uint32_t h[8], const uint8_t *block)
{
    uint32_t x[16], left[4], right[4];
    rmd_load_block(x, block);
    memcpy(left, h, sizeof(left));
    memcpy(right, h + 4, sizeof(right));
    rmd4_lines(left, right, x, true);
    for (size_t i = 0; i < 4; i++) {
        h[i] += left[i];
        h[4 + i] += right[i];
    }
}

static void ripemd320_block(uint32_t h[10], const uint8_t *block)
{
    uint32_t x[16], left[5], right[5];
    rmd_load_block(x, block);
    memcpy(left, h, sizeof(left));
    memcpy(right, h + 5, sizeof(right));
    rmd5_lines(left, right, x, true);
    for (size_t i = 0; i < 5; i++) {
        h[i] += left[i];
        h[5 + i] += right[i];
    }
}

/* The member is chosen once per call, not once per block. */
static void ripemd_compress(void *state, const uint8_t *blocks, size_t block_count)
{
    hc_ripemd_ctx *ctx = state;
    const uint8_t *end = blocks + block_count * RIPEMD_BLOCK_LEN;
    switch (ctx->digest_len) {
    case 20:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd160_block(ctx->h, blocks);
        break;
    case 32:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd256_block(ctx->h, blocks);
        break;
    case 40:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd320_block(ctx->h, blocks);
        break;
    default:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd128_block(ctx->h, blocks);
        break;
    }
}

void hc_ripemd_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)params;
    hc_ripemd_ctx *rmd = ctx;
    memset(rmd, 0, sizeof(*rmd));
    /* Only 16, 20, 32 and 40 name a member; anything else computes
     * RIPEMD-128 rather than reading past the state. */
    switch (alg->digest_len) {
    case 20:
    case 32:
    case 40:
        rmd->digest_len = alg->digest_len;
        break;
    default:
        rmd->digest_len = 16;
        break;
    }
    /* RIPEMD-128/160 take the first 4/5 words; RIPEMD-256 takes words 0-3
     * and 5-8 (its second line has no fifth word). */
    if (rmd->digest_len == 32) {
        memcpy(rmd->h, rmd_initial, 4 * sizeof(uint32_t));
        memcpy(rmd->h + 4, rmd_initial + 5, 4 * sizeof(uint32_t));
    } else {
        memcpy(rmd->h, rmd_initial, sizeof(rmd_initial));
    }
}

HC_MD_UPDATE(hc_ripemd_update, hc_ripemd_ctx, ripemd_compress)

void hc_ripemd_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_ripemd_ctx *rmd = ctx;
    /* MD4 padding: a 1 bit, zeros, the bit length as a 64-bit
     * little-endian number (the low 64 bits of it, for longer messages). */
    uint8_t length_field[RIPEMD_LENGTH_FIELD_LEN];
    hc_store64_le(length_field, rmd->length << 3);
    hc_md_finish(rmd, ripemd_compress, rmd->buffer, RIPEMD_BLOCK_LEN, rmd->length, 0x80, length_field,
                 sizeof(length_field));
    uint8_t digest[40];
    for (size_t i = 0; i < rmd->digest_len / 4; i++)
        hc_store32_le(digest + 4 * i, rmd->h[i]);
    memcpy(out, digest, out_len < rmd->digest_len ? out_len : rmd->digest_len);
}
