/* Several algorithms over the same bytes (contract §10.2): every input is
 * read once and each buffer is fed to all of the input's algorithms, side
 * by side on the pool's threads when the buffer is big enough to pay for
 * waking them. With one algorithm this is a plain hasher (big files of a
 * tree hash get their threads from bigfile.c). */
#ifndef HC_IO_MULTIHASH_H
#define HC_IO_MULTIHASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/algorithm.h"
#include "hc/pool.h"

typedef struct multihash {
    hc_params params;                          /* for every hasher (BLAKE3 options) */
    hc_hasher opened[HC_ALGORITHM_COUNT];      /* hashers opened so far, kept for the next input */
    double seconds_per_byte[HC_ALGORITHM_COUNT]; /* measured cost of each opened hasher, 0 unknown */
    size_t opened_count;
    size_t active[HC_ALGORITHM_COUNT];         /* the current input's hashers (indices into opened), in order */
    size_t active_count;
    size_t out_len;                            /* bytes multihash_final writes */
} multihash;

/* params may be NULL (the default digests). */
void multihash_init(multihash *m, const hc_params *params);
void multihash_free(multihash *m);

/* The algorithms for the next input, in output order; opens the hashers not
 * opened yet and starts a new message on each. HC_ERR_NOMEM, or
 * HC_ERR_INVALID when params do not fit a row. */
hc_status multihash_select(multihash *m, const hc_algorithm *const *rows, size_t count);
/* A new message on the selected algorithms. */
void multihash_reset(multihash *m);
/* Feeds every selected algorithm; pool (may be NULL) lends threads. */
void multihash_update(multihash *m, const void *data, size_t len, hc_pool *pool);
/* Writes each algorithm's digest, one after the other (out_len bytes). */
void multihash_final(multihash *m, uint8_t *out);

/* Several algorithms are selected: buffers are shared between threads. */
bool multihash_splits(const multihash *m);
/* Would timing the algorithms on a buffer help (several, a pool of several
 * threads, and a cost not measured yet)? */
bool multihash_needs_costs(const multihash *m, hc_pool *pool);
/* The selected hashers, costliest first (the order of the list where not
 * measured): a pool that takes them in this order balances its threads.
 * Returns their number. */
size_t multihash_by_cost(multihash *m, hc_hasher **hashers);

#endif
