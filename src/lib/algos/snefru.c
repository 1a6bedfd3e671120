/* Snefru's compression E512, one block at a time (snefru.h; the kernel
 * header crack/kernels/mb_snefru.h describes the same steps on vectors).
 * The block is sixteen 32-bit words: the chaining value, then the message
 * words read big-endian. A message is zero-padded to whole blocks and
 * followed by one block that holds only its 64-bit bit length in the last
 * two words; the digest is the chaining value, big-endian. */
#include "snefru.h"

#include <string.h>

#include "../rotate.h"
#include "merkle_damgard.h"

static uint32_t load32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* E512 on b[16]: per pass four rounds of sixteen steps; step i XORs the
 * S-box entry of word i's low byte into both neighbours, and after each
 * round every word is rotated right by 16, 8, 16, 24. */
static void snefru_e512(uint32_t b[16])
{
    static const unsigned rotations[4] = {16, 8, 16, 24};
    for (unsigned pass = 0; pass < HC_SNEFRU_PASSES; pass++) {
        const uint32_t *boxes = hc_snefru_sboxes + 512 * pass;
        for (unsigned round = 0; round < 4; round++) {
            for (unsigned i = 0; i < 16; i++) {
                uint32_t e = boxes[256 * ((i >> 1) & 1) + (b[i] & 0xFF)];
                b[(i + 1) & 15] ^= e;
                b[(i + 15) & 15] ^= e;
            }
            for (unsigned i = 0; i < 16; i++)
                b[i] = HC_ROTR32(b[i], rotations[round]);
        }
    }
}

/* The chaining value k becomes itself XOR the block's word 15 - k. */
static void snefru_compress(void *state, const uint8_t *blocks, size_t block_count)
{
    hc_snefru_ctx *c = state;
    const unsigned chain = c->chain_words, message_bytes = 64 - 4 * chain;
    for (; block_count > 0; block_count--, blocks += message_bytes) {
        uint32_t b[16];
        memcpy(b, c->chain, chain * sizeof(uint32_t));
        for (unsigned i = chain; i < 16; i++)
            b[i] = load32_be(blocks + 4 * (i - chain));
        snefru_e512(b);
        for (unsigned k = 0; k < chain; k++)
            c->chain[k] ^= b[15 - k];
    }
}

static size_t snefru_block_len(const hc_snefru_ctx *c)
{
    return 64 - 4 * (size_t)c->chain_words;
}

void hc_snefru_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    hc_snefru_ctx *c = ctx;
    (void)params;
    memset(c, 0, sizeof(*c));
    c->chain_words = (uint8_t)(alg->digest_len / 4);
}

void hc_snefru_update(void *ctx, const void *data, size_t len)
{
    hc_snefru_ctx *c = ctx;
    hc_md_absorb(c, snefru_compress, c->buffer, snefru_block_len(c), &c->length, data, len);
}

void hc_snefru_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_snefru_ctx *c = ctx;
    (void)out_len;
    size_t block_len = snefru_block_len(c), buffered = (size_t)(c->length % block_len);
    if (buffered != 0) {
        memset(c->buffer + buffered, 0, block_len - buffered);
        snefru_compress(c, c->buffer, 1);
    }
    uint64_t bits = c->length * 8;
    memset(c->buffer, 0, block_len);
    store32_be(c->buffer + block_len - 8, (uint32_t)(bits >> 32));
    store32_be(c->buffer + block_len - 4, (uint32_t)bits);
    snefru_compress(c, c->buffer, 1);
    for (unsigned k = 0; k < c->chain_words; k++)
        store32_be(out + 4 * k, c->chain[k]);
}
