/* The thread pool: N - 1 workers plus the caller run one parallel loop at a
 * time, taking indices from a shared atomic counter. */
#include "hc/pool.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "platform.h"

struct hc_pool {
    unsigned threads;
    unsigned started;          /* workers actually running */
    plat_thread **workers;
    plat_mutex lock;
    plat_cond wake;       /* a new loop or shutdown */
    plat_cond finished;   /* the last worker left the loop */
    unsigned long generation;  /* bumped once per loop */
    bool shutdown;
    unsigned busy_workers;     /* workers still inside the current loop */

    /* the current loop, written under lock before the generation bump */
    void (*fn)(void *arg, size_t index);
    void *arg;
    size_t count;
    atomic_size_t next;

    atomic_bool in_loop;       /* a loop is running: nested calls go serial */
};

static void run_indices(hc_pool *pool)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&pool->next, 1, memory_order_relaxed);
        if (i >= pool->count)
            return;
        pool->fn(pool->arg, i);
    }
}

static void *worker_main(void *opaque)
{
    hc_pool *pool = opaque;
    unsigned long seen = 0;
    plat_mutex_lock(&pool->lock);
    for (;;) {
        while (pool->generation == seen && !pool->shutdown)
            plat_cond_wait(&pool->wake, &pool->lock);
        if (pool->shutdown)
            break;
        seen = pool->generation;
        plat_mutex_unlock(&pool->lock);
        run_indices(pool);
        plat_mutex_lock(&pool->lock);
        if (--pool->busy_workers == 0)
            plat_cond_signal(&pool->finished);
    }
    plat_mutex_unlock(&pool->lock);
    return NULL;
}

hc_status hc_pool_create(hc_pool **out, unsigned threads)
{
    *out = NULL;
    if (threads == 0)
        return HC_ERR_INVALID;
    hc_pool *pool = calloc(1, sizeof(*pool));
    if (pool == NULL)
        return HC_ERR_NOMEM;
    pool->threads = threads;
    atomic_init(&pool->next, 0);
    atomic_init(&pool->in_loop, false);
    if (plat_mutex_init(&pool->lock) != 0) {
        free(pool);
        return HC_ERR_NOMEM;
    }
    plat_cond_init(&pool->wake);
    plat_cond_init(&pool->finished);
    if (threads > 1) {
        pool->workers = calloc(threads - 1, sizeof(*pool->workers));
        if (pool->workers == NULL) {
            hc_pool_destroy(pool);
            return HC_ERR_NOMEM;
        }
        for (unsigned i = 0; i < threads - 1; i++) {
            if (plat_thread_start(&pool->workers[i], worker_main, pool) != 0)
                break;
            pool->started++;
        }
        /* Fewer threads than asked still give correct results. */
        pool->threads = pool->started + 1;
    }
    *out = pool;
    return HC_OK;
}

void hc_pool_destroy(hc_pool *pool)
{
    if (pool == NULL)
        return;
    plat_mutex_lock(&pool->lock);
    pool->shutdown = true;
    plat_cond_broadcast(&pool->wake);
    plat_mutex_unlock(&pool->lock);
    for (unsigned i = 0; i < pool->started; i++)
        plat_thread_join(pool->workers[i]);
    plat_cond_destroy(&pool->wake);
    plat_cond_destroy(&pool->finished);
    plat_mutex_destroy(&pool->lock);
    free(pool->workers);
    free(pool);
}

unsigned hc_pool_threads(const hc_pool *pool)
{
    return pool ? pool->threads : 1;
}

void hc_pool_for(hc_pool *pool, size_t count, void (*fn)(void *arg, size_t index), void *arg)
{
    if (count == 0)
        return;
    if (pool == NULL || pool->started == 0 || count == 1 || atomic_exchange(&pool->in_loop, true)) {
        for (size_t i = 0; i < count; i++)
            fn(arg, i);
        return;
    }
    plat_mutex_lock(&pool->lock);
    pool->fn = fn;
    pool->arg = arg;
    pool->count = count;
    atomic_store_explicit(&pool->next, 0, memory_order_relaxed);
    pool->busy_workers = pool->started;
    pool->generation++;
    plat_cond_broadcast(&pool->wake);
    plat_mutex_unlock(&pool->lock);

    run_indices(pool);

    plat_mutex_lock(&pool->lock);
    while (pool->busy_workers > 0)
        plat_cond_wait(&pool->finished, &pool->lock);
    plat_mutex_unlock(&pool->lock);
    atomic_store(&pool->in_loop, false);
}
