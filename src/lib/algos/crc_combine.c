/* CRCs as tree hashes: a CRC register is linear in the message, so a range
 * of a file can be CRC'd apart (from a zero register, by any thread) and
 * appended afterwards. For a message A followed by B (|B| = n bytes):
 *
 *     reg(A || B) = reg(A) * x^(8n)  xor  reg0(B)     (mod P)
 *
 * where reg0(B) is B's register started from zero (the initial all-ones
 * register of A is inside reg(A)). Both backends keep the register in
 * hc_crc_ctx.state, so this push is theirs alike, and so are the start and
 * the final; their subtree hooks give reg0 (crc_isal.c, crc_own.c).
 *
 * Polynomials are reflected (the row's crc_poly): bit 31 of a word is the
 * coefficient of x^0 and bit 0 that of x^31. Multiplying by x is a right
 * shift that folds an x^32 back in as the polynomial's low terms. */
#include "crc_backend.h"

#include <string.h>

#define X_TO_THE_0 0x80000000u

void hc_crc_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)params;
    hc_crc_ctx *c = ctx;
    c->state = 0xFFFFFFFFu;
    c->poly = alg->crc_poly;
    c->shift_len = 0;
}

void hc_crc_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)out_len;
    uint32_t value = ~((hc_crc_ctx *)ctx)->state;
    out[0] = (uint8_t)(value >> 24);
    out[1] = (uint8_t)(value >> 16);
    out[2] = (uint8_t)(value >> 8);
    out[3] = (uint8_t)value;
}

/* a * b mod P, for reflected a, b and P: b times every power of x that a
 * holds, added up. */
static uint32_t multiply(uint32_t a, uint32_t b, uint32_t poly)
{
    uint32_t product = 0;
    for (uint32_t bit = X_TO_THE_0; bit != 0; bit >>= 1) {
        if (a & bit)
            product ^= b;
        b = (b >> 1) ^ (poly & (0u - (b & 1))); /* b * x */
    }
    return product;
}

/* x^(8n) mod P by square and multiply over the bits of n, starting from
 * x^8 (one byte): at most 64 squarings for any 64-bit length. */
static uint32_t x_to_the_8n(uint64_t n, uint32_t poly)
{
    uint32_t result = X_TO_THE_0;
    uint32_t power = X_TO_THE_0 >> 8; /* x^8 */
    for (; n != 0; n >>= 1) {
        if (n & 1)
            result = multiply(result, power, poly);
        power = multiply(power, power, poly);
    }
    return result;
}

void hc_crc_push_subtree(void *ctx, uint64_t len, const uint8_t *node)
{
    hc_crc_ctx *c = ctx;
    /* A file's body comes as many nodes of one length: its power of x is
     * worked out once and kept. */
    if (c->shift_len != len) {
        c->shift = x_to_the_8n(len, c->poly);
        c->shift_len = len;
    }
    uint32_t reg0;
    memcpy(&reg0, node, sizeof(reg0));
    c->state = multiply(c->state, c->shift, c->poly) ^ reg0;
}
