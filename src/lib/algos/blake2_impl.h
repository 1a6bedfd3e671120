/* BLAKE2's constants and compression functions, for blake2.c and the
 * tests. Not part of the table's interface. */
#ifndef HC_ALGOS_BLAKE2_IMPL_H
#define HC_ALGOS_BLAKE2_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "blake2.h"

/* IV of BLAKE2b: SHA-512's initial hash value; of BLAKE2s: SHA-256's
 * (RFC 7693 §2.6). */
extern const uint64_t hc_blake2b_iv[8];
extern const uint32_t hc_blake2s_iv[8];

/* sigma, the message word permutation of each round (RFC 7693 §2.7);
 * BLAKE2b's rounds 10 and 11 reuse rows 0 and 1. */
extern const uint8_t hc_blake2_sigma[12][16];

/* Compress nblocks blocks into h (RFC 7693 §3.2, function F), adding
 * block_bytes to the counter t before each; f0 is the last-block flag
 * word, all ones for the final block and zero otherwise. */
void hc_blake2b_compress_portable(uint64_t h[8], uint64_t t[2], const uint8_t *blocks, size_t nblocks,
                                  uint64_t block_bytes, uint64_t f0);
void hc_blake2s_compress_portable(uint32_t h[8], uint32_t t[2], const uint8_t *blocks, size_t nblocks,
                                  uint32_t block_bytes, uint32_t f0);

#endif
