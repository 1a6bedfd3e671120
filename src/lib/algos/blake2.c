/* BLAKE2b and BLAKE2s (RFC 7693): constants, buffering, and the two widths
 * instantiated from blake2_width.h; SIMD backends live in their own files. */
#include "blake2.h"

#include <string.h>

#include "blake2_impl.h"
#include "byteorder.h"
#include "rotate.h"
#include "hc/cpu.h"

const uint64_t hc_blake2b_iv[8] = {
    0x6A09E667F3BCC908ull, 0xBB67AE8584CAA73Bull, 0x3C6EF372FE94F82Bull, 0xA54FF53A5F1D36F1ull,
    0x510E527FADE682D1ull, 0x9B05688C2B3E6C1Full, 0x1F83D9ABFB41BD6Bull, 0x5BE0CD19137E2179ull,
};

const uint32_t hc_blake2s_iv[8] = {
    0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au, 0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u,
};

const uint8_t hc_blake2_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

/* ---- buffering, shared by both widths ----------------------------------- */

typedef void eat_fn(void *ctx, const uint8_t *blocks, size_t nblocks);

/* Feed len bytes, compressing whole blocks with eat. The final block must
 * be compressed with the last-block flag (§3.3), and only final knows which
 * block is last, so a block is compressed only once a later byte exists:
 * the buffer always ends up holding 1..block_len bytes (0 only when no
 * byte was ever fed). */
static void feed(void *ctx, eat_fn *eat, uint8_t *buffer, size_t *buffered, size_t block_len,
                 const uint8_t *in, size_t len)
{
    if (len == 0)
        return;
    if (*buffered > 0) {
        size_t take = block_len - *buffered < len ? block_len - *buffered : len;
        memcpy(buffer + *buffered, in, take);
        *buffered += take;
        in += take;
        len -= take;
        if (len == 0)
            return;
        eat(ctx, buffer, 1);
        *buffered = 0;
    }
    if (len > block_len) {
        /* Whole blocks straight from the caller's memory, keeping back the
         * block that holds the last byte. */
        size_t n = (len - 1) / block_len;
        eat(ctx, in, n);
        in += n * block_len;
        len -= n * block_len;
    }
    memcpy(buffer, in, len);
    *buffered = len;
}

/* ---- the two widths --------------------------------------------------------- */

#define B2_W b
#define B2_WORD uint64_t
#define B2_ROTR HC_ROTR64
#define B2_LOAD hc_load64_le
#define B2_STORE hc_store64_le
#define B2_BLOCK HC_BLAKE2B_BLOCK_LEN
#define B2_IV hc_blake2b_iv
#define B2_ROUNDS 12
#define B2_R1 32
#define B2_R2 24
#define B2_R3 16
#define B2_R4 63
#include "blake2_width.h"
#undef B2_W
#undef B2_WORD
#undef B2_ROTR
#undef B2_LOAD
#undef B2_STORE
#undef B2_BLOCK
#undef B2_IV
#undef B2_ROUNDS
#undef B2_R1
#undef B2_R2
#undef B2_R3
#undef B2_R4

#define B2_W s
#define B2_WORD uint32_t
#define B2_ROTR HC_ROTR32
#define B2_LOAD hc_load32_le
#define B2_STORE hc_store32_le
#define B2_BLOCK HC_BLAKE2S_BLOCK_LEN
#define B2_IV hc_blake2s_iv
#define B2_ROUNDS 10
#define B2_R1 16
#define B2_R2 12
#define B2_R3 8
#define B2_R4 7
#include "blake2_width.h"
