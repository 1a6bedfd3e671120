/* MD2, written from RFC 1319 (B. Kaliski, April 1992). */
#include "md2.h"

#include <string.h>

#include "merkle_damgard.h"

enum { MD2_BLOCK_LEN = 16, MD2_DIGEST_LEN = 16, MD2_ROUNDS = 18 }; /* §3.4: 18 rounds */

/* The permutation of 0..255 "constructed from the digits of pi" printed in
 * RFC 1319 §3.2.  Held as 32-bit words: the 18 x 48 steps per block form
 * one chain of dependent look-ups, and word-sized loads and xors keep
 * that chain in registers (byte-sized ones made it about twice as slow). */
const uint32_t hc_md2_pi_subst[256] = {
    41,  46,  67,  201, 162, 216, 124, 1,   61,  54,  84,  161, 236, 240, 6,   19,
    98,  167, 5,   243, 192, 199, 115, 140, 152, 147, 43,  217, 188, 76,  130, 202,
    30,  155, 87,  60,  253, 212, 224, 22,  103, 66,  111, 24,  138, 23,  229, 18,
    190, 78,  196, 214, 218, 158, 222, 73,  160, 251, 245, 142, 187, 47,  238, 122,
    169, 104, 121, 145, 21,  178, 7,   63,  148, 194, 16,  137, 11,  34,  95,  33,
    128, 127, 93,  154, 90,  144, 50,  39,  53,  62,  204, 231, 191, 247, 151, 3,
    255, 25,  48,  179, 72,  165, 181, 209, 215, 94,  146, 42,  172, 86,  170, 198,
    79,  184, 56,  210, 150, 164, 125, 182, 118, 252, 107, 226, 156, 116, 4,   241,
    69,  157, 112, 89,  100, 113, 135, 32,  134, 91,  207, 101, 230, 45,  168, 2,
    27,  96,  37,  173, 174, 176, 185, 246, 28,  70,  97,  105, 52,  64,  126, 15,
    85,  71,  163, 35,  221, 81,  175, 58,  195, 92,  249, 206, 186, 197, 234, 38,
    44,  83,  13,  110, 133, 40,  132, 9,   211, 223, 205, 244, 65,  129, 77,  82,
    106, 220, 55,  200, 108, 193, 171, 250, 36,  225, 123, 8,   12,  189, 177, 74,
    120, 136, 149, 139, 227, 99,  232, 109, 233, 203, 213, 254, 59,  0,   29,  57,
    242, 239, 183, 14,  102, 88,  208, 228, 166, 119, 114, 248, 235, 117, 75,  10,
    49,  68,  80,  180, 143, 237, 31,  26,  219, 153, 141, 51,  159, 17,  131, 20,
};

/* One step of §3.4's inner loop, X[k] ^= S[t] and t = X[k], reading X
 * from one array and writing it to the other: an in-place update let gcc
 * turn each step into a read-modify-write of memory followed by a reload,
 * which doubles the length of the dependency chain. */
#define MD2_STEP(from, to, k)                    \
    do {                                         \
        uint32_t v = from[k] ^ hc_md2_pi_subst[t];  \
        to[k] = v;                               \
        t = v;                                   \
    } while (0)
#define MD2_STEP4(from, to, k) \
    MD2_STEP(from, to, k);     \
    MD2_STEP(from, to, k + 1); \
    MD2_STEP(from, to, k + 2); \
    MD2_STEP(from, to, k + 3)
#define MD2_STEP16(from, to, k)     \
    MD2_STEP4(from, to, k);         \
    MD2_STEP4(from, to, k + 4);     \
    MD2_STEP4(from, to, k + 8);     \
    MD2_STEP4(from, to, k + 12)
#define MD2_ROUND(from, to, round)     \
    do {                               \
        MD2_STEP16(from, to, 0);       \
        MD2_STEP16(from, to, 16);      \
        MD2_STEP16(from, to, 32);      \
        t = (t + (round)) & 0xFF;      \
    } while (0)

/* §3.2 (checksum) and §3.4 (the 18 rounds over the 48-byte X) for each
 * block.  The checksum line follows the RFC's reference code
 * (C[j] ^= S[c ^ L]); the prose's "Set C[j] to S[c xor L]" is a known
 * erratum.  L is always the checksum's last byte, so it is not stored.
 * X and C live in 32-bit words that always hold byte values; X moves
 * between x and y each round and, the round count being even, ends each
 * block in x. */
static void md2_compress(void *state, const uint8_t *blocks, size_t block_count)
{
    hc_md2_ctx *ctx = state;
    uint32_t x[48], y[48], checksum[MD2_BLOCK_LEN];
    for (size_t j = 0; j < MD2_BLOCK_LEN; j++) {
        x[j] = ctx->state[j];
        checksum[j] = ctx->checksum[j];
    }
    uint32_t last = checksum[MD2_BLOCK_LEN - 1];
    for (; block_count > 0; block_count--, blocks += MD2_BLOCK_LEN) {
        for (size_t j = 0; j < MD2_BLOCK_LEN; j++) {
            uint32_t m = blocks[j];
            x[16 + j] = m;
            x[32 + j] = m ^ x[j];
            last = checksum[j] ^= hc_md2_pi_subst[m ^ last];
        }
        uint32_t t = 0;
        for (uint32_t round = 0; round < MD2_ROUNDS; round += 2) {
            MD2_ROUND(x, y, round);
            MD2_ROUND(y, x, round + 1);
        }
    }
    for (size_t j = 0; j < MD2_BLOCK_LEN; j++) {
        ctx->state[j] = (uint8_t)x[j];
        ctx->checksum[j] = (uint8_t)checksum[j];
    }
}

void hc_md2_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    /* §3.2 and §3.3: the checksum and the buffer X start as zeros. */
    memset(ctx, 0, sizeof(hc_md2_ctx));
}

HC_MD_UPDATE(hc_md2_update, hc_md2_ctx, md2_compress)

void hc_md2_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_md2_ctx *md2 = ctx;
    /* §3.1: i bytes of value i, 1 <= i <= 16, complete the last block. */
    uint8_t padding[MD2_BLOCK_LEN];
    size_t padding_len = MD2_BLOCK_LEN - (size_t)(md2->length % MD2_BLOCK_LEN);
    memset(padding, (int)padding_len, padding_len);
    hc_md2_update(md2, padding, padding_len);
    /* §3.2: the checksum is appended as one more block. */
    uint8_t checksum[MD2_BLOCK_LEN];
    memcpy(checksum, md2->checksum, sizeof(checksum));
    md2_compress(md2, checksum, 1);
    /* §3.5: the digest is X[0..15]. */
    memcpy(out, md2->state, out_len < MD2_DIGEST_LEN ? out_len : MD2_DIGEST_LEN);
}
