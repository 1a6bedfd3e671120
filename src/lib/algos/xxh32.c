/* XXH32 with seed 0, from the xxHash specification (xxh32.h): 16-byte
 * stripes into four accumulators, then the length, the last bytes and an
 * avalanche; the value is written most significant byte first, as xxhsum
 * prints it. Only the test build's extra row uses it. */
#include "xxh32.h"

#ifdef HC_TEST_EXTRA_ROW

#include <string.h>

#include "byteorder.h"
#include "rotate.h"

#define PRIME1 0x9E3779B1u
#define PRIME2 0x85EBCA77u
#define PRIME3 0xC2B2AE3Du
#define PRIME4 0x27D4EB2Fu
#define PRIME5 0x165667B1u

static uint32_t xxh_round(uint32_t acc, uint32_t lane)
{
    acc += lane * PRIME2;
    return HC_ROTL32(acc, 13) * PRIME1;
}

static void stripe(uint32_t acc[4], const uint8_t *p)
{
    for (int i = 0; i < 4; i++)
        acc[i] = xxh_round(acc[i], hc_load32_le(p + 4 * i));
}

void hc_xxh32_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    hc_xxh32_ctx *c = ctx;
    memset(c, 0, sizeof(*c));
    c->acc[0] = PRIME1 + PRIME2;
    c->acc[1] = PRIME2;
    c->acc[2] = 0;
    c->acc[3] = 0u - PRIME1;
}

void hc_xxh32_update(void *ctx, const void *data, size_t len)
{
    hc_xxh32_ctx *c = ctx;
    const uint8_t *p = data;
    c->length += len;
    if (c->used > 0) {
        size_t take = 16u - c->used < len ? 16u - c->used : len;
        memcpy(c->buffer + c->used, p, take);
        c->used = (uint8_t)(c->used + take);
        p += take;
        len -= take;
        if (c->used < 16)
            return;
        stripe(c->acc, c->buffer);
        c->used = 0;
    }
    for (; len >= 16; p += 16, len -= 16)
        stripe(c->acc, p);
    memcpy(c->buffer, p, len);
    c->used = (uint8_t)len;
}

void hc_xxh32_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)out_len; /* a fixed 4 bytes */
    const hc_xxh32_ctx *c = ctx;
    uint32_t h = PRIME5;
    if (c->length >= 16)
        h = HC_ROTL32(c->acc[0], 1) + HC_ROTL32(c->acc[1], 7) + HC_ROTL32(c->acc[2], 12) + HC_ROTL32(c->acc[3], 18);
    h += (uint32_t)c->length;
    size_t i = 0;
    for (; i + 4 <= c->used; i += 4) {
        uint32_t mixed = h + hc_load32_le(c->buffer + i) * PRIME3;
        h = HC_ROTL32(mixed, 17) * PRIME4;
    }
    for (; i < c->used; i++) {
        uint32_t mixed = h + c->buffer[i] * PRIME5;
        h = HC_ROTL32(mixed, 11) * PRIME1;
    }
    h ^= h >> 15;
    h *= PRIME2;
    h ^= h >> 13;
    h *= PRIME3;
    h ^= h >> 16;
    out[0] = (uint8_t)(h >> 24);
    out[1] = (uint8_t)(h >> 16);
    out[2] = (uint8_t)(h >> 8);
    out[3] = (uint8_t)h;
}

#endif
