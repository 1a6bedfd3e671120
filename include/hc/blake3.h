/* hc — BLAKE3 beyond the algorithm table's hooks.
 *
 * The hasher itself is the table row "blake3" (hc_params selects keyed_hash,
 * derive_key and the output length; update_parallel hashes big buffers on
 * an hc_pool). */
#ifndef HC_BLAKE3_H
#define HC_BLAKE3_H

#include <stddef.h>
#include <stdint.h>

#include "hc/cpu.h"

/* update_parallel hashes inputs shorter than this on the calling thread
 * alone: below it, waking the pool costs more than the other threads save
 * (measured with `bench/blake3_speed --threshold`). Callers choosing between
 * update and update_parallel can use it too. */
#define HC_BLAKE3_PARALLEL_MIN ((size_t)256 * 1024)

/* The first half of derive_key (spec §2.2): the 32-byte context key, the
 * BLAKE3 hash of the context string in DERIVE_KEY_CONTEXT mode. */
void hc_blake3_derive_context_key(const char *context, size_t context_len, uint8_t key[32]);

/* How many inputs the BLAKE3 backend of `level` compresses at once: 1, 4, 8
 * or 16. The backend used is the one of hc_simd_active() at init. */
unsigned hc_blake3_simd_degree(hc_simd_level level);

#endif
