/* Snefru (Merkle, "A fast software one-way hash function", J. Cryptology
 * 3(1), 1990) with 8 passes, as the snefru128 and snefru256 rows compute
 * it through librhash. The brute-force kernel (src/lib/crack) computes it
 * itself from the S-boxes here; the unit tests check the two agree. */
#ifndef HC_ALGOS_SNEFRU_H
#define HC_ALGOS_SNEFRU_H

#include <stdint.h>

/* Passes (the paper's "security level"): one S-box pair per pass. */
#define HC_SNEFRU_PASSES 8

/* Merkle's standard S-boxes, 2 per pass, 256 words each: pass p's
 * round step i looks up box 2p + ((i >> 1) & 1). */
#define HC_SNEFRU_SBOX_WORDS (2 * HC_SNEFRU_PASSES * 256)
extern const uint32_t hc_snefru_sboxes[HC_SNEFRU_SBOX_WORDS];

#endif
