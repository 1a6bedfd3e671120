/* Several algorithms over the same bytes.
 *
 * Each buffer is hashed by all algorithms before the next is read, so the
 * input is read once whatever the number of algorithms. With a pool and a
 * buffer of at least PARALLEL_MIN bytes, the algorithms are split into one
 * group per thread and the groups run at the same time on the same buffer
 * (it is read-only). The split is longest-first onto the least loaded
 * group (LPT), by each algorithm's cost per byte as measured on the buffers
 * so far: MD5 + SHA-1 + SHA-256 on two threads becomes {MD5} and
 * {SHA-256, SHA-1}, and the run takes about as long as MD5 alone. */
#include "multihash.h"

#include "io_events.h"

#include <string.h>
#include <time.h>

/* Below this a buffer is hashed on the calling thread: waking the pool
 * (tens of microseconds on a loaded machine) would cost more than it saves. */
#define PARALLEL_MIN ((size_t)128 << 10)

void multihash_init(multihash *m, const hc_params *params)
{
    memset(m, 0, sizeof(*m));
    if (params)
        m->params = *params;
}

void multihash_free(multihash *m)
{
    for (size_t i = 0; i < m->opened_count; i++)
        hc_hasher_close(&m->opened[i]);
    m->opened_count = m->active_count = 0;
}

static hc_status open_index(multihash *m, const hc_algorithm *alg, size_t *index)
{
    for (size_t i = 0; i < m->opened_count; i++) {
        if (m->opened[i].alg == alg) {
            *index = i;
            return HC_OK;
        }
    }
    if (m->opened_count == HC_ALGORITHM_COUNT)
        return HC_ERR_INVALID;
    hc_status status = hc_hasher_open(&m->opened[m->opened_count], alg, &m->params);
    if (status != HC_OK)
        return status;
    m->seconds_per_byte[m->opened_count] = 0;
    *index = m->opened_count++;
    return HC_OK;
}

hc_status multihash_select(multihash *m, const hc_algorithm *const *rows, size_t count)
{
    m->active_count = 0;
    m->out_len = 0;
    for (size_t i = 0; i < count && i < HC_ALGORITHM_COUNT; i++) {
        size_t index;
        hc_status status = open_index(m, rows[i], &index);
        if (status != HC_OK) {
            m->active_count = 0;
            m->out_len = 0;
            return status;
        }
        m->active[m->active_count++] = index;
        m->out_len += m->opened[index].out_len;
    }
    multihash_reset(m);
    return HC_OK;
}

void multihash_reset(multihash *m)
{
    for (size_t i = 0; i < m->active_count; i++)
        hc_hasher_reset(&m->opened[m->active[i]]);
}

bool multihash_splits(const multihash *m)
{
    return m->active_count > 1;
}

bool multihash_needs_costs(const multihash *m, hc_pool *pool)
{
    if (m->active_count < 2 || hc_pool_threads(pool) < 2)
        return false;
    for (size_t i = 0; i < m->active_count; i++)
        if (m->seconds_per_byte[m->active[i]] == 0)
            return true;
    return false;
}

/* Positions in active, costliest first; stable, so unmeasured algorithms
 * keep the list's order. */
static void order_by_cost(const multihash *m, size_t *order)
{
    for (size_t i = 0; i < m->active_count; i++)
        order[i] = i;
    for (size_t i = 1; i < m->active_count; i++) {
        size_t v = order[i], j = i;
        double cost = m->seconds_per_byte[m->active[v]];
        while (j > 0 && m->seconds_per_byte[m->active[order[j - 1]]] < cost) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = v;
    }
}

size_t multihash_by_cost(multihash *m, hc_hasher **hashers)
{
    size_t order[HC_ALGORITHM_COUNT];
    order_by_cost(m, order);
    for (size_t i = 0; i < m->active_count; i++)
        hashers[i] = &m->opened[m->active[order[i]]];
    return m->active_count;
}

/* One parallel step: group g hashes the buffer with the active hashers
 * assigned to it, timing each. */
typedef struct split_step {
    multihash *m;
    const void *data;
    size_t len;
    unsigned char group_of[HC_ALGORITHM_COUNT]; /* by position in active */
} split_step;

static void run_group(void *arg, size_t group)
{
    split_step *step = arg;
    multihash *m = step->m;
    for (size_t i = 0; i < m->active_count; i++) {
        if (step->group_of[i] != group)
            continue;
        size_t index = m->active[i];
        double started = io_monotonic_seconds();
        hc_hasher_update(&m->opened[index], step->data, step->len);
        /* each index is written by one group only; the pool's loop end
         * orders these writes before the next plan reads them */
        m->seconds_per_byte[index] = (io_monotonic_seconds() - started) / (double)step->len;
    }
}

/* Longest processing time first: the costliest algorithm goes to the least
 * loaded group. Unmeasured algorithms (the first buffer) count alike, which
 * spreads them round-robin. */
static void plan_groups(const multihash *m, unsigned groups, split_step *step)
{
    size_t order[HC_ALGORITHM_COUNT];
    order_by_cost(m, order);
    double load[HC_ALGORITHM_COUNT] = {0};
    for (size_t k = 0; k < m->active_count; k++) {
        unsigned best = 0;
        for (unsigned g = 1; g < groups; g++)
            if (load[g] < load[best])
                best = g;
        double cost = m->seconds_per_byte[m->active[order[k]]];
        load[best] += cost > 0 ? cost : 1.0;
        step->group_of[order[k]] = (unsigned char)best;
    }
}

void multihash_update(multihash *m, const void *data, size_t len, hc_pool *pool)
{
    unsigned threads = hc_pool_threads(pool);
    if (m->active_count < 2 || threads < 2 || len < PARALLEL_MIN) {
        for (size_t i = 0; i < m->active_count; i++)
            hc_hasher_update(&m->opened[m->active[i]], data, len);
        return;
    }
    unsigned groups = threads < m->active_count ? threads : (unsigned)m->active_count;
    split_step step = {.m = m, .data = data, .len = len};
    plan_groups(m, groups, &step);
    hc_pool_for(pool, groups, run_group, &step);
}

void multihash_final(multihash *m, uint8_t *out)
{
    for (size_t i = 0; i < m->active_count; i++) {
        hc_hasher *h = &m->opened[m->active[i]];
        hc_hasher_final(h, out);
        out += h->out_len;
    }
}
