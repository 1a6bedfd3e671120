/* The Keccak sponge (FIPS 202 §§4-5; Keccak reference 3.0 for the original
 * padding) and the portable 64-bit Keccak-f[1600] (FIPS 202 §3.3).
 *
 * The permutation keeps the 25 lanes in local variables, unrolls two rounds
 * (the second writes back into the first's variables, so no copies) and uses
 * the lane-complementing transform of the Keccak implementation overview
 * (§2.2): six lanes are stored inverted, which turns 25 NOT-AND pairs of chi
 * into plain AND/OR with one NOT per plane. */
#include "keccak.h"

#include <string.h>

#include "byteorder.h"
#include "hc/cpu.h"
#include "keccak_impl.h"
#include "rotate.h"

const uint64_t hc_keccak_round_constants[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
    0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/* One round A -> E: theta (§3.2.1), rho and pi (§3.2.2-3) as one step from
 * lane A[x][y] to B[y][2x+3y] rotated by the rho offset (§3.2.2, Table 2),
 * chi (§3.2.4) plane by plane, iota (§3.2.5). Lanes are named <x><y>. The
 * chi expressions assume the complement mask P = {(1,0), (2,0), (3,1),
 * (2,2), (2,3), (0,4)} on both A and E: each one is chi rewritten with De
 * Morgan's laws for the inversions that theta's parities and the mask leave
 * on its three inputs. tools/keccak_rounds.py derives this body from the
 * specification; run it to check or regenerate. */
#define KECCAK_ROUND(A, E, rc)                  \
    c0 = A##00 ^ A##01 ^ A##02 ^ A##03 ^ A##04; \
    c1 = A##10 ^ A##11 ^ A##12 ^ A##13 ^ A##14; \
    c2 = A##20 ^ A##21 ^ A##22 ^ A##23 ^ A##24; \
    c3 = A##30 ^ A##31 ^ A##32 ^ A##33 ^ A##34; \
    c4 = A##40 ^ A##41 ^ A##42 ^ A##43 ^ A##44; \
    d0 = c4 ^ HC_ROTL64(c1, 1);                  \
    d1 = c0 ^ HC_ROTL64(c2, 1);                  \
    d2 = c1 ^ HC_ROTL64(c3, 1);                  \
    d3 = c2 ^ HC_ROTL64(c4, 1);                  \
    d4 = c3 ^ HC_ROTL64(c0, 1);                  \
    b0 = A##00 ^ d0;                            \
    b1 = HC_ROTL64(A##11 ^ d1, 44);              \
    b2 = HC_ROTL64(A##22 ^ d2, 43);              \
    b3 = HC_ROTL64(A##33 ^ d3, 21);              \
    b4 = HC_ROTL64(A##44 ^ d4, 14);              \
    E##00 = b0 ^ (b1 | b2);                     \
    E##10 = b1 ^ (~b2 | b3);                    \
    E##20 = b2 ^ (b3 & b4);                     \
    E##30 = b3 ^ (b4 | b0);                     \
    E##40 = b4 ^ (b0 & b1);                     \
    b0 = HC_ROTL64(A##30 ^ d3, 28);              \
    b1 = HC_ROTL64(A##41 ^ d4, 20);              \
    b2 = HC_ROTL64(A##02 ^ d0, 3);               \
    b3 = HC_ROTL64(A##13 ^ d1, 45);              \
    b4 = HC_ROTL64(A##24 ^ d2, 61);              \
    E##01 = b0 ^ (b1 | b2);                     \
    E##11 = b1 ^ (b2 & b3);                     \
    E##21 = b2 ^ (b3 | ~b4);                    \
    E##31 = b3 ^ (b4 | b0);                     \
    E##41 = b4 ^ (b0 & b1);                     \
    b0 = HC_ROTL64(A##10 ^ d1, 1);               \
    b1 = HC_ROTL64(A##21 ^ d2, 6);               \
    b2 = HC_ROTL64(A##32 ^ d3, 25);              \
    b3 = HC_ROTL64(A##43 ^ d4, 8);               \
    b4 = HC_ROTL64(A##04 ^ d0, 18);              \
    E##02 = b0 ^ (b1 | b2);                     \
    E##12 = b1 ^ (b2 & b3);                     \
    E##22 = b2 ^ (~b3 & b4);                    \
    E##32 = ~b3 ^ (b4 | b0);                    \
    E##42 = b4 ^ (b0 & b1);                     \
    b0 = HC_ROTL64(A##40 ^ d4, 27);              \
    b1 = HC_ROTL64(A##01 ^ d0, 36);              \
    b2 = HC_ROTL64(A##12 ^ d1, 10);              \
    b3 = HC_ROTL64(A##23 ^ d2, 15);              \
    b4 = HC_ROTL64(A##34 ^ d3, 56);              \
    E##03 = b0 ^ (b1 & b2);                     \
    E##13 = b1 ^ (b2 | b3);                     \
    E##23 = b2 ^ (~b3 | b4);                    \
    E##33 = ~b3 ^ (b4 & b0);                    \
    E##43 = b4 ^ (b0 | b1);                     \
    b0 = HC_ROTL64(A##20 ^ d2, 62);              \
    b1 = HC_ROTL64(A##31 ^ d3, 55);              \
    b2 = HC_ROTL64(A##42 ^ d4, 39);              \
    b3 = HC_ROTL64(A##03 ^ d0, 41);              \
    b4 = HC_ROTL64(A##14 ^ d1, 2);               \
    E##04 = b0 ^ (~b1 & b2);                    \
    E##14 = ~b1 ^ (b2 | b3);                    \
    E##24 = b2 ^ (b3 & b4);                     \
    E##34 = b3 ^ (b4 | b0);                     \
    E##44 = b4 ^ (b0 & b1);                     \
    E##00 ^= (rc);

/* Lanes of the complement mask P, inverted on the way in and out. */
#define KECCAK_COMPLEMENT()                                                   \
    do {                                                                      \
        a10 = ~a10; a20 = ~a20; a31 = ~a31; a22 = ~a22; a23 = ~a23; a04 = ~a04; \
    } while (0)

void hc_keccak_absorb_portable(uint64_t state[25], const uint8_t *blocks, size_t nblocks,
                               size_t rate_lanes)
{
#define DECLARE_LOAD(var, i) uint64_t var = state[i], e##var;
    HC_KECCAK_EACH_LANE(DECLARE_LOAD)
#undef DECLARE_LOAD
    uint64_t b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    hc_simd_note(HC_SIMD_PORTABLE);
    KECCAK_COMPLEMENT();
    for (; nblocks > 0; nblocks--, blocks += 8 * rate_lanes) {
#define XOR_LANE(var, i) var ^= hc_load64_le(blocks + 8 * (i))
        HC_KECCAK_ABSORB_LANES(XOR_LANE, rate_lanes);
#undef XOR_LANE
        for (size_t round = 0; round < 24; round += 2) {
            KECCAK_ROUND(a, ea, hc_keccak_round_constants[round]);
            KECCAK_ROUND(ea, a, hc_keccak_round_constants[round + 1]);
        }
    }
    KECCAK_COMPLEMENT();
#define STORE(var, i) state[i] = var;
    HC_KECCAK_EACH_LANE(STORE)
#undef STORE
}

/* ---- the sponge -------------------------------------------------------- */

/* The absorb function of each level the row offers (HC_KECCAK_LEVELS). */
#define ABSORB_AT(level, absorb) [HC_SIMD_##level] = absorb,
static hc_keccak_absorb_fn *const absorb_at[HC_SIMD_LEVEL_COUNT] = {HC_KECCAK_LEVELS(ABSORB_AT)};
#undef ABSORB_AT

void hc_keccak_init(void *vctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)params; /* fixed-length rows: the digest length is the row's */
    hc_keccak_ctx *ctx = vctx;
    memset(ctx, 0, sizeof(*ctx));
    /* c = 2d (FIPS 202 §6.1), rate r = 1600 - c bits. */
    ctx->rate = 200 - 2 * (size_t)alg->digest_len;
    ctx->domain = alg->pad_byte;
    ctx->absorb = absorb_at[hc_row_simd(alg)];
}

void hc_keccak_update(void *vctx, const void *data, size_t len)
{
    hc_keccak_ctx *ctx = vctx;
    const uint8_t *in = data;
    size_t rate = ctx->rate;
    if (len == 0)
        return;
    if (ctx->used > 0) {
        size_t take = rate - ctx->used < len ? rate - ctx->used : len;
        memcpy(ctx->buffer + ctx->used, in, take);
        ctx->used += take;
        in += take;
        len -= take;
        if (ctx->used < rate)
            return;
        ctx->absorb(ctx->state, ctx->buffer, 1, rate / 8);
        ctx->used = 0;
    }
    /* Whole blocks straight from the caller's memory, no copy. */
    size_t blocks = len / rate;
    if (blocks > 0) {
        ctx->absorb(ctx->state, in, blocks, rate / 8);
        in += blocks * rate;
        len -= blocks * rate;
    }
    if (len > 0) {
        memcpy(ctx->buffer, in, len);
        ctx->used = len;
    }
}

void hc_keccak_final(void *vctx, uint8_t *out, size_t out_len)
{
    hc_keccak_ctx *ctx = vctx;
    size_t rate = ctx->rate;
    /* pad10*1 (FIPS 202 §5.1) after the domain bits, which are stored
     * least-significant bit first (§B.2): SHA-3 appends 01 and the first
     * pad bit (0x06), the Keccak submission only the first pad bit (0x01).
     * The last pad bit is the top bit of the block's last byte. */
    memset(ctx->buffer + ctx->used, 0, rate - ctx->used);
    ctx->buffer[ctx->used] ^= ctx->domain;
    ctx->buffer[rate - 1] ^= 0x80;
    ctx->absorb(ctx->state, ctx->buffer, 1, rate / 8);

    /* Squeeze (§4, Algorithm 8 steps 7-10): the digest is the first bytes
     * of the state, lanes little-endian; every row's digest fits in one
     * block, longer outputs permute again. */
    for (;;) {
        size_t n = out_len < rate ? out_len : rate;
        uint8_t lane[8];
        size_t i = 0;
        for (; i + 8 <= n; i += 8)
            hc_store64_le(out + i, ctx->state[i / 8]);
        if (i < n) {
            hc_store64_le(lane, ctx->state[i / 8]);
            memcpy(out + i, lane, n - i);
        }
        out += n;
        out_len -= n;
        if (out_len == 0)
            break;
        /* Absorbing a block of zeros is a bare permutation. */
        memset(ctx->buffer, 0, rate);
        ctx->absorb(ctx->state, ctx->buffer, 1, rate / 8);
    }
}
