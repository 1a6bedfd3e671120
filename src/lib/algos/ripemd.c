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

/* One block of any member, `words` wide (4: RIPEMD-128/256, 5: 160/320).
 * RIPEMD-128/160 start both lines from h and combine them crosswise,
 * h[i] := h[i+1] + left[i+2] + right[i+3] (indices mod words); the wide
 * extensions (RIPEMD-256/320, the RIPEMD page) keep a line in each half of
 * h, each feeding forward into its own. Inlined into each member's loop,
 * so `words` and `wide` are constants there. */
static inline __attribute__((always_inline)) void ripemd_block(uint32_t *h, const uint8_t *block,
                                                               const unsigned words, const bool wide)
{
    uint32_t x[16], left[5], right[5], crosswise[5];
    rmd_load_block(x, block);
    memcpy(left, h, words * sizeof(uint32_t));
    memcpy(right, wide ? h + words : h, words * sizeof(uint32_t));
    if (words == 4)
        rmd4_lines(left, right, x, wide);
    else
        rmd5_lines(left, right, x, wide);
    for (unsigned i = 0; i < words; i++) {
        if (wide) {
            h[i] += left[i];
            h[words + i] += right[i];
        } else {
            crosswise[i] = h[(i + 1) % words] + left[(i + 2) % words] + right[(i + 3) % words];
        }
    }
    if (!wide)
        memcpy(h, crosswise, words * sizeof(uint32_t));
}

/* The member is chosen once per call, not once per block. */
static void ripemd_compress(void *state, const uint8_t *blocks, size_t block_count)
{
    hc_ripemd_ctx *ctx = state;
    const uint8_t *end = blocks + block_count * RIPEMD_BLOCK_LEN;
    switch (ctx->digest_len) {
    case 20:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd_block(ctx->h, blocks, 5, false);
        break;
    case 32:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd_block(ctx->h, blocks, 4, true);
        break;
    case 40:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd_block(ctx->h, blocks, 5, true);
        break;
    default:
        for (; blocks < end; blocks += RIPEMD_BLOCK_LEN)
            ripemd_block(ctx->h, blocks, 4, false);
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
