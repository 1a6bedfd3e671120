/* The insides of the search engine's public handles (hc/crack.h,
 * hc/mask.h): a job, its progress counters, a mask. Only the library (and
 * the unit tests of its internals) see them; callers go through the
 * handles' functions (job.c, mask.c), so these may change freely. */
#ifndef HC_CRACK_JOB_H
#define HC_CRACK_JOB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "count128.h"
#include "hc/crack.h"
#include "hc/mask.h"

typedef struct hc_mask_set {
    uint16_t count;      /* 1..256 */
    uint8_t chars[256];
} hc_mask_set;

struct hc_mask {
    size_t length;                        /* positions, 1..HC_MASK_MAX_LEN */
    hc_mask_set pos[HC_MASK_MAX_LEN];
};

/* The counters hc_crack_progress_* read; each is stored with a relaxed
 * atomic, so a reader on another thread sees a whole value. */
struct hc_crack_progress {
    atomic_uint_fast64_t hashed;
    atomic_uint_fast32_t length;
    atomic_uint_fast32_t found;
    atomic_uint_fast64_t settled;
};

/* What the setters of hc/crack.h set (their comments say what each means). */
struct hc_crack_job {
    const hc_algorithm *alg;
    const uint8_t *target;      /* one target (when target_count is 0) */
    const uint8_t *targets;     /* many: target_count digests, one after the other */
    size_t target_count;
    hc_crack_found_fn *on_found;
    void *found_arg;
    const uint8_t *dict;
    size_t dict_len;
    uint32_t min_len, max_len;
    uint64_t part, parts;
    count128 skip, limit;
    unsigned threads;
    struct hc_pool *pool;
    bool (*cancelled)(void *arg);
    void *cancel_arg;
    bool last_length_only;
    hc_crack_progress *progress;
    const hc_mask *mask;
};

/* d^l and sum_{l=lo..hi} d^l, saturating, and the part-th of parts slices
 * of total (keyspace.c): hc_count_pow, hc_count_sum and hc_crack_slice
 * are these at the API's edge. */
count128 count128_pow(uint64_t d, uint64_t l);
count128 count128_sum(uint64_t d, uint64_t lo, uint64_t hi);
void count128_slice(count128 total, uint64_t part, uint64_t parts, count128 *begin, count128 *end);

#endif
