/* The thread pool: every index runs exactly once, loops can repeat, nested
 * loops run serially, and one thread needs no worker. */
#include "testutil.h"

#include <stdatomic.h>

#include "hc/pool.h"

typedef struct loop_state {
    atomic_int *hits;
    hc_pool *pool;
    atomic_int nested_total;
} loop_state;

static void count_hit(void *arg, size_t index)
{
    loop_state *state = arg;
    atomic_fetch_add(&state->hits[index], 1);
}

static void nested_body(void *arg, size_t index)
{
    (void)index;
    loop_state *state = arg;
    atomic_fetch_add(&state->nested_total, 1);
}

static void outer_body(void *arg, size_t index)
{
    loop_state *state = arg;
    atomic_fetch_add(&state->hits[index], 1);
    hc_pool_for(state->pool, 10, nested_body, state);
}

static void check_pool(unsigned threads)
{
    hc_pool *pool;
    CHECK(hc_pool_create(&pool, threads) == HC_OK);
    CHECK(hc_pool_threads(pool) == threads);
    enum { N = 10000 };
    static atomic_int hits[N];
    loop_state state = {.hits = hits, .pool = pool};
    for (int round = 0; round < 20; round++) {
        size_t count = round == 0 ? 0 : (size_t)(round * 487 % N) + 1;
        for (size_t i = 0; i < N; i++)
            atomic_store(&hits[i], 0);
        hc_pool_for(pool, count, count_hit, &state);
        int wrong = 0;
        for (size_t i = 0; i < N; i++)
            wrong += atomic_load(&hits[i]) != (i < count ? 1 : 0);
        CHECK_MSG(wrong == 0, "threads %u round %d: %d indices wrong", threads, round, wrong);
    }
    for (size_t i = 0; i < N; i++)
        atomic_store(&hits[i], 0);
    atomic_store(&state.nested_total, 0);
    hc_pool_for(pool, 50, outer_body, &state);
    CHECK(atomic_load(&state.nested_total) == 500);
    hc_pool_destroy(pool);
}

int main(void)
{
    hc_pool *pool;
    CHECK(hc_pool_create(&pool, 0) == HC_ERR_INVALID);
    for (unsigned threads = 1; threads <= 5; threads++)
        check_pool(threads);
    hc_pool_destroy(NULL);
    return test_report("pool");
}
