/* hc — BLAKE3 beyond the algorithm table's hooks.
 *
 * The hasher itself is the table row "blake3": hc_params selects keyed_hash
 * (key_mode HC_KEY_KEYED, 32-byte key), derive_key (HC_KEY_DERIVE, context
 * string; the key material is the message) and the output length (any
 * length >= 1). The SIMD backend (portable, SSE4.1, AVX2, AVX-512) is the
 * one of hc_simd_active() when the hasher is initialised.
 *
 * update_parallel(ctx, data, len, pool) gives the same result as update and
 * hashes the whole subtrees inside `data` on the pool. It is fastest with
 * big buffers: a whole mmap'd file, or pieces of a power-of-two size of
 * several MiB (each call wakes the pool once; subtrees can only be as large
 * as the alignment of the bytes hashed so far allows). Below
 * HC_BLAKE3_PARALLEL_MIN bytes it stays on the calling thread. Called from
 * inside a task of the same pool, it runs serially (hc_pool_for nesting). */
#ifndef HC_BLAKE3_H
#define HC_BLAKE3_H

#include "hc/export.h"

#include <stddef.h>
#include <stdint.h>

#include "hc/cpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* update_parallel hashes inputs (and subtrees) shorter than this on the
 * calling thread alone: below it, waking the pool costs more than the
 * other threads save. Measured with `blake3_speed --threshold` on the
 * 2-vCPU Zen 4 VM (fastest of 61 rounds, 2 threads / 1 thread): 512 KiB
 * 1.15, 746 KB 0.94, 1.1 MB 0.69, 2.2 MB 0.65, 4.5 MB 0.61. Waking a
 * worker there costs tens of microseconds, so the crossover sits far above
 * the ~128 KiB published for bare metal. Callers choosing between update
 * and update_parallel can use it too. */
#define HC_BLAKE3_PARALLEL_MIN ((size_t)1024 * 1024)

/* The first half of derive_key (spec §2.2): the 32-byte context key, the
 * BLAKE3 hash of the context string in DERIVE_KEY_CONTEXT mode. */
HC_API void hc_blake3_derive_context_key(const char *context, size_t context_len, uint8_t key[32]);

/* How many inputs the BLAKE3 backend of `level` compresses at once: 1, 4, 8
 * or 32 (AVX-512: two groups of 16 lanes side by side). */
HC_API unsigned hc_blake3_simd_degree(hc_simd_level level);

#ifdef __cplusplus
}
#endif

#endif
