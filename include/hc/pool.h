/* hc — the project's one thread pool.
 *
 * A fixed set of workers that run the iterations of a parallel loop; the
 * calling thread takes part, so a pool of N threads starts N - 1 workers.
 * Used by BLAKE3's tree, by dir mode (many files at once) and by brute force. */
#ifndef HC_POOL_H
#define HC_POOL_H

#include "hc/export.h"

#include <stddef.h>

#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hc_pool hc_pool;

/* threads >= 1; 1 runs everything on the caller and starts no worker. */
HC_API hc_status hc_pool_create(hc_pool **pool, unsigned threads);
HC_API void hc_pool_destroy(hc_pool *pool);
HC_API unsigned hc_pool_threads(const hc_pool *pool);

/* Run fn(arg, i) for every i in [0, count), spread over the pool's threads
 * in the order of i (dynamic scheduling: each thread takes the next index),
 * and return when all are done. Not reentrant: one loop at a time per pool;
 * a nested call from inside fn runs serially on the calling thread. */
HC_API void hc_pool_for(hc_pool *pool, size_t count, void (*fn)(void *arg, size_t index), void *arg);

#ifdef __cplusplus
}
#endif

#endif
