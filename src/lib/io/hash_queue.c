/* Many inputs on the pool, printed in order (see hash_queue.h). */
#include "hash_queue.h"

#include "io_events.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

/* Inputs hashed per parallel loop: enough to keep every thread busy and
 * amortise waking them, few enough that output starts at once. */
#define BATCH_MAX 1024
/* Digests kept per batch are bounded too (BLAKE3 --length can be huge). */
#define BATCH_DIGEST_BYTES ((size_t)16 << 20)

typedef struct queue_slot {
    file_result result;
    plat_file_info info;
    int fd;          /* a big input's descriptor, kept when keep_big_open */
    bool deferred;   /* big: hashed after the loop, alone, by the caller */
    bool ready;      /* result complete: may be printed */
} queue_slot;

struct hash_queue {
    const hash_queue_ops *ops;
    void *ctx;
    read_range range;
    const hc_file_events *events;
    void (*print_hold)(void *hold_ctx, bool hold);
    void *hold_ctx;
    hc_pool *pool;
    file_reader *readers;     /* one per thread of the pool */
    unsigned reader_count;
    size_t capacity;

    queue_slot *slots;        /* the current batch */
    uint8_t *digests;         /* capacity * digest_bytes */
    size_t count;
    atomic_size_t next;       /* next input a worker takes */
    atomic_bool stop;         /* print said stop: hash nothing more */

    plat_mutex writer;   /* printing, and `printed` */
    size_t printed;           /* inputs [0, printed) of the batch are out */
};

/* Marks input i complete and prints every complete input from the first
 * unprinted one on, whichever thread finished it. */
static void publish(hash_queue *q, size_t i)
{
    plat_mutex_lock(&q->writer);
    q->slots[i].ready = true;
    if (i == q->printed) {
        if (q->print_hold)
            q->print_hold(q->hold_ctx, true);
        while (q->printed < q->count && q->slots[q->printed].ready) {
            size_t k = q->printed++;
            if (!q->ops->print(q->ctx, k, &q->slots[k].result))
                atomic_store(&q->stop, true);
        }
        if (q->print_hold)
            q->print_hold(q->hold_ctx, false);
    }
    plat_mutex_unlock(&q->writer);
}

static void close_input(hash_queue *q, size_t i, int fd)
{
    if (q->ops->close)
        q->ops->close(q->ctx, i, fd);
    else
        plat_close(fd);
}

/* Opens input i; -1, with the result filled in, when it cannot be hashed. */
static int open_input(hash_queue *q, size_t i)
{
    queue_slot *slot = &q->slots[i];
    if (atomic_load_explicit(&q->stop, memory_order_relaxed)) {
        slot->result.status = READ_SKIPPED;
        return -1;
    }
    /* Ctrl+C: what is not started is not started (§10.7) */
    if (io_cancelled(q->events)) {
        slot->result.status = READ_INTERRUPTED;
        return -1;
    }
    return q->ops->open(q->ctx, i, &slot->info, &slot->result);
}

static void hash_open_input(hash_queue *q, file_reader *reader, size_t i, int fd)
{
    queue_slot *slot = &q->slots[i];
    if (q->ops->algorithms) {
        const hc_algorithm *const *rows;
        size_t count;
        q->ops->algorithms(q->ctx, i, &rows, &count);
        if (multihash_select(&reader->hash, rows, count) != HC_OK) {
            slot->result.status = READ_READ_ERROR;
            slot->result.error_number = ENOMEM;
            close_input(q, i, fd);
            return;
        }
    }
    reader_hash_fd(reader, fd, &slot->info, &q->range, &slot->result);
    close_input(q, i, fd);
}

static void hash_small(hash_queue *q, file_reader *reader, size_t i)
{
    queue_slot *slot = &q->slots[i];
    int fd = open_input(q, i);
    if (fd >= 0 && q->reader_count > 1 && !read_is_small(&slot->info, &q->range)) {
        /* a FIFO or device cannot be opened twice for the same bytes */
        if (q->ops->keep_big_open || slot->info.kind != PLAT_KIND_REGULAR)
            slot->fd = fd;
        else
            close_input(q, i, fd);
        slot->deferred = true;
        return;
    }
    if (fd >= 0)
        hash_open_input(q, reader, i, fd);
    publish(q, i);
}

static void worker(void *arg, size_t thread)
{
    hash_queue *q = arg;
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&q->next, 1, memory_order_relaxed);
        if (i >= q->count)
            return;
        hash_small(q, &q->readers[thread], i);
    }
}

void hash_queue_run(hash_queue *q, size_t count)
{
    q->count = count;
    q->printed = 0;
    atomic_store(&q->next, 0);
    for (size_t i = 0; i < count; i++) {
        queue_slot *slot = &q->slots[i];
        uint8_t *digest = slot->result.digest;
        memset(slot, 0, sizeof(*slot));
        slot->result.digest = digest;
        slot->fd = -1;
    }
    if (q->reader_count > 1)
        hc_pool_for(q->pool, q->reader_count, worker, q);
    else
        worker(q, 0);
    for (size_t i = 0; i < count; i++) {
        queue_slot *slot = &q->slots[i];
        if (!slot->deferred)
            continue;
        int fd = slot->fd;
        bool stopped = atomic_load(&q->stop), interrupted = io_cancelled(q->events);
        if (fd >= 0 && (stopped || interrupted)) {
            close_input(q, i, fd);
            fd = -1;
            slot->result.status = stopped ? READ_SKIPPED : READ_INTERRUPTED;
        } else if (fd < 0) {
            fd = open_input(q, i);
        }
        if (fd >= 0)
            hash_open_input(q, &q->readers[0], i, fd);
        publish(q, i);
    }
}

bool hash_queue_stopped(const hash_queue *q)
{
    return atomic_load(&q->stop);
}

size_t hash_queue_capacity(const hash_queue *q)
{
    return q->capacity;
}

void hash_queue_close(hash_queue *q)
{
    if (q == NULL)
        return;
    for (unsigned i = 0; i < q->reader_count; i++)
        reader_free(&q->readers[i]);
    free(q->readers);
    hc_pool_destroy(q->pool);
    plat_mutex_destroy(&q->writer);
    free(q->digests);
    free(q->slots);
    free(q);
}

hash_queue *hash_queue_open(const hash_queue_config *config)
{
    hash_queue *q = calloc(1, sizeof(*q));
    if (q == NULL)
        return NULL;
    q->ops = config->ops;
    q->ctx = config->ctx;
    q->range = config->range;
    q->events = config->events;
    q->print_hold = config->print_hold;
    q->hold_ctx = config->hold_ctx;
    atomic_init(&q->next, 0);
    atomic_init(&q->stop, false);
    plat_mutex_init(&q->writer);

    size_t digest_bytes = config->digest_bytes ? config->digest_bytes : 1;
    size_t capacity = BATCH_DIGEST_BYTES / digest_bytes;
    q->capacity = capacity < 1 ? 1 : capacity > BATCH_MAX ? BATCH_MAX : capacity;
    q->slots = calloc(q->capacity, sizeof(*q->slots));
    q->digests = malloc(q->capacity * digest_bytes);
    if (q->slots == NULL || q->digests == NULL) {
        hash_queue_close(q);
        return NULL;
    }
    for (size_t i = 0; i < q->capacity; i++)
        q->slots[i].result.digest = q->digests + i * digest_bytes;

    if (config->threads > 1 && hc_pool_create(&q->pool, config->threads) != HC_OK)
        q->pool = NULL; /* one thread still gives the right digests */
    unsigned count = hc_pool_threads(q->pool);
    q->readers = calloc(count, sizeof(*q->readers));
    if (q->readers == NULL) {
        hash_queue_close(q);
        return NULL;
    }
    for (unsigned i = 0; i < count; i++) {
        hc_status status = reader_init(&q->readers[i], config->rows, config->row_count, config->params, q->pool,
                                       q->events);
        q->reader_count = i + 1;
        if (status != HC_OK) {
            hash_queue_close(q);
            return NULL;
        }
    }
    /* The caller hashes the big inputs while the workers wait: one spare CPU
     * reads ahead for it. */
    q->readers[0].read_ahead = count > 1;
    return q;
}
