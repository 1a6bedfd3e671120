/* The Keccak sponge: SHA-3 (FIPS 202, domain byte 0x06) and original Keccak
 * (domain byte 0x01); the row's pad_byte is the domain byte, the capacity
 * is twice the digest length (FIPS 202 §6.1; Keccak submission, round 3). */
#ifndef HC_ALGOS_KECCAK_H
#define HC_ALGOS_KECCAK_H

#include "algorithm_row.h"
#include "simd.h"

/* The bits appended to the message before the pad10*1 rule. */
enum {
    HC_KECCAK_DOMAIN_KECCAK = 0x01, /* Keccak submission, round 3 */
    HC_KECCAK_DOMAIN_SHA3 = 0x06    /* FIPS 202: suffix 01 then the first pad bit */
};

/* Largest rate the sponge supports, in bytes (SHAKE128's 1344 bits). */
#define HC_KECCAK_MAX_RATE 168

/* The SIMD levels the sponge has code for, one X(level, absorb function)
 * each: the dispatch table (keccak.c) and the rows' .simd_levels both come
 * from this list (simd.h). */
#ifdef HC_X86_SIMD
#define HC_KECCAK_LEVELS(X) X(PORTABLE, hc_keccak_absorb_portable) X(AVX512, hc_keccak_absorb_avx512)
#else
#define HC_KECCAK_LEVELS(X) X(PORTABLE, hc_keccak_absorb_portable)
#endif
#define HC_KECCAK_SIMD_LEVELS HC_SIMD_MASK_OF(HC_KECCAK_LEVELS)

/* XOR nblocks blocks of rate_lanes 64-bit lanes into the state, applying
 * Keccak-f[1600] after each block. One per SIMD level; init picks one. */
typedef void hc_keccak_absorb_fn(uint64_t state[25], const uint8_t *blocks, size_t nblocks,
                                 size_t rate_lanes);

/* Plain data: a memcpy of a running context is a copy of the hash. */
typedef struct hc_keccak_ctx {
    uint64_t state[25];                   /* lane (x, y) at index x + 5y (FIPS 202 §3.1.2) */
    uint8_t buffer[HC_KECCAK_MAX_RATE];   /* the partial block not yet absorbed */
    size_t rate;                          /* bytes per block: 200 - 2 * digest_len */
    size_t used;                          /* bytes waiting in buffer, < rate */
    hc_keccak_absorb_fn *absorb;
    uint8_t domain;                       /* HC_KECCAK_DOMAIN_* */
} hc_keccak_ctx;

void hc_keccak_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_keccak_update(void *ctx, const void *data, size_t len);
void hc_keccak_final(void *ctx, uint8_t *out, size_t out_len);

#endif
