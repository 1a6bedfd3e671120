/* What the BLAKE2 backends share: initialisation vectors, the message
 * schedule and the backend entry points. Not part of the table's interface. */
#ifndef HC_ALGOS_BLAKE2_IMPL_H
#define HC_ALGOS_BLAKE2_IMPL_H

#include <stdint.h>

#include "blake2.h"

/* IV of BLAKE2b: SHA-512's initial hash value; of BLAKE2s: SHA-256's
 * (RFC 7693 §2.6). */
extern const uint64_t hc_blake2b_iv[8];
extern const uint32_t hc_blake2s_iv[8];

/* sigma, the message word permutation of each round (RFC 7693 §2.7);
 * BLAKE2b's rounds 10 and 11 reuse rows 0 and 1. */
extern const uint8_t hc_blake2_sigma[12][16];

hc_blake2b_compress_fn hc_blake2b_compress_portable;
hc_blake2s_compress_fn hc_blake2s_compress_portable;

#endif
