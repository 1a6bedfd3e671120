/* Many inputs on the pool, reported in order: the batch of <hc/file.h>
 * (hc_file_batch_*), what the hc command's file, dir and check modes run.
 * Within a batch (docs/file-dir.md): small inputs (at most READ_SMALL_MAX
 * bytes to hash) are hashed several at once, one per pool thread; big ones
 * afterwards, one at a time, in order, each read front to back with every
 * pool thread (a tree hash or a CRC, or several algorithms side by side). */
#include "hc/cpu.h"
#include "hc/file.h"

#include "io_events.h"
#include "reader.h"

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

typedef struct batch_slot {
    hc_file_result result;
    uint8_t *digests;  /* this input's share of the batch's digests */
    int fd;          /* a big input's descriptor, kept when keep_big_open */
    bool deferred;   /* big: hashed after the loop, alone, by the caller */
    bool ready;      /* result complete: may be printed */
} batch_slot;

struct hc_file_batch {
    hc_file_batch_config config; /* as given: ops, ctx and events serve the batch's life, rows and params its creation */
    hc_pool *pool;
    file_reader *readers;     /* one per thread of the pool */
    unsigned reader_count;
    size_t capacity;

    batch_slot *slots;        /* the current batch */
    uint8_t *digests;         /* capacity * digest_bytes */
    size_t count;
    atomic_size_t next;       /* next input a worker takes */
    atomic_bool stop;         /* print said stop: hash nothing more */

    plat_mutex writer;   /* printing, and `printed` */
    size_t printed;           /* inputs [0, printed) of the batch are out */
};

/* Marks input i complete and prints every complete input from the first
 * unprinted one on, whichever thread finished it. */
static void publish(hc_file_batch *q, size_t i)
{
    plat_mutex_lock(&q->writer);
    q->slots[i].ready = true;
    if (i == q->printed) {
        if (q->config.print_hold)
            q->config.print_hold(q->config.hold_ctx, true);
        while (q->printed < q->count && q->slots[q->printed].ready) {
            size_t k = q->printed++;
            if (!q->config.ops->print(q->config.ctx, k, &q->slots[k].result))
                atomic_store(&q->stop, true);
        }
        if (q->config.print_hold)
            q->config.print_hold(q->config.hold_ctx, false);
    }
    plat_mutex_unlock(&q->writer);
}

static void close_input(hc_file_batch *q, size_t i, int fd)
{
    if (q->config.ops->close)
        q->config.ops->close(q->config.ctx, i, fd);
    else
        plat_close(fd);
}

/* Opens input i; -1, with the result filled in, when it cannot be hashed. */
static int open_input(hc_file_batch *q, size_t i)
{
    batch_slot *slot = &q->slots[i];
    if (atomic_load_explicit(&q->stop, memory_order_relaxed)) {
        slot->result.status = HC_FILE_SKIPPED;
        return -1;
    }
    /* Ctrl+C: what is not started is not started (§10.7) */
    if (io_cancelled(q->config.events)) {
        slot->result.status = HC_FILE_INTERRUPTED;
        return -1;
    }
    return q->config.ops->open(q->config.ctx, i, &slot->result);
}

static void hash_open_input(hc_file_batch *q, file_reader *reader, size_t i, int fd)
{
    batch_slot *slot = &q->slots[i];
    if (q->config.ops->algorithms) {
        const hc_algorithm *const *rows;
        size_t count;
        q->config.ops->algorithms(q->config.ctx, i, &rows, &count);
        if (multihash_select(&reader->hash, rows, count) != HC_OK) {
            slot->result.status = HC_FILE_READ_ERROR;
            slot->result.error = ENOMEM;
            close_input(q, i, fd);
            return;
        }
    }
    reader_hash_fd(reader, fd, &q->config.range, slot->digests, &slot->result);
    close_input(q, i, fd);
}

static void hash_small(hc_file_batch *q, file_reader *reader, size_t i)
{
    batch_slot *slot = &q->slots[i];
    int fd = open_input(q, i);
    if (fd >= 0 && q->reader_count > 1 && !read_is_small(&slot->result, &q->config.range)) {
        /* a FIFO or device cannot be opened twice for the same bytes */
        if (q->config.ops->keep_big_open || slot->result.kind != HC_FILE_KIND_REGULAR)
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
    hc_file_batch *q = arg;
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&q->next, 1, memory_order_relaxed);
        if (i >= q->count)
            return;
        hash_small(q, &q->readers[thread], i);
    }
}

void hc_file_batch_run(hc_file_batch *q, size_t count)
{
    q->count = count;
    q->printed = 0;
    atomic_store(&q->next, 0);
    for (size_t i = 0; i < count; i++) {
        batch_slot *slot = &q->slots[i];
        slot->result = (hc_file_result){.struct_size = sizeof(hc_file_result)};
        slot->fd = -1;
        slot->deferred = false;
        slot->ready = false;
    }
    if (q->reader_count > 1)
        hc_pool_for(q->pool, q->reader_count, worker, q);
    else
        worker(q, 0);
    for (size_t i = 0; i < count; i++) {
        batch_slot *slot = &q->slots[i];
        if (!slot->deferred)
            continue;
        int fd = slot->fd;
        bool stopped = atomic_load(&q->stop), interrupted = io_cancelled(q->config.events);
        if (fd >= 0 && (stopped || interrupted)) {
            close_input(q, i, fd);
            fd = -1;
            slot->result.status = stopped ? HC_FILE_SKIPPED : HC_FILE_INTERRUPTED;
        } else if (fd < 0) {
            fd = open_input(q, i);
        }
        if (fd >= 0)
            hash_open_input(q, &q->readers[0], i, fd);
        publish(q, i);
    }
}

bool hc_file_batch_stopped(const hc_file_batch *q)
{
    return atomic_load(&q->stop);
}

size_t hc_file_batch_capacity(const hc_file_batch *q)
{
    return q->capacity;
}

void hc_file_batch_free(hc_file_batch *q)
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

/* The batch's buffers: its slots and their digests. */
static bool make_slots(hc_file_batch *q, size_t digests_len)
{
    size_t capacity = BATCH_DIGEST_BYTES / digests_len;
    q->capacity = capacity < 1 ? 1 : capacity > BATCH_MAX ? BATCH_MAX : capacity;
    q->slots = calloc(q->capacity, sizeof(*q->slots));
    q->digests = malloc(q->capacity * digests_len);
    if (q->slots == NULL || q->digests == NULL)
        return false;
    for (size_t i = 0; i < q->capacity; i++)
        q->slots[i].digests = q->digests + i * digests_len;
    return true;
}

/* One reader per thread of the pool (the pool made first, if it can be). */
static hc_status make_readers(hc_file_batch *q, const hc_file_batch_config *config)
{
    unsigned threads = config->threads ? config->threads : hc_cpu_count();
    if (threads > 1 && hc_pool_create(&q->pool, threads) != HC_OK)
        q->pool = NULL; /* one thread still gives the right digests */
    unsigned count = hc_pool_threads(q->pool);
    q->readers = calloc(count, sizeof(*q->readers));
    if (q->readers == NULL)
        return HC_ERR_NOMEM;
    for (unsigned i = 0; i < count; i++) {
        hc_status status = reader_init(&q->readers[i], config->algs, config->count, config->params, q->pool,
                                       q->config.events);
        q->reader_count = i + 1;
        if (status != HC_OK)
            return status;
    }
    /* The caller hashes the big inputs while the workers wait: one spare CPU
     * reads ahead for it. */
    q->readers[0].read_ahead = count > 1;
    return HC_OK;
}

hc_status hc_file_batch_create(hc_file_batch **out, const hc_file_batch_config *config)
{
    *out = NULL;
    if (config->struct_size != sizeof(hc_file_batch_config))
        return HC_ERR_ABI;
    const hc_file_batch_ops *ops = config->ops;
    if (ops == NULL || ops->open == NULL || ops->print == NULL || (config->count == 0 && ops->algorithms == NULL))
        return HC_ERR_INVALID;
    hc_file_batch *q = calloc(1, sizeof(*q));
    if (q == NULL)
        return HC_ERR_NOMEM;
    q->config = *config;
    atomic_init(&q->next, 0);
    atomic_init(&q->stop, false);
    plat_mutex_init(&q->writer);
    hc_status status = make_slots(q, config->digests_len ? config->digests_len : 1) ? make_readers(q, config)
                                                                                     : HC_ERR_NOMEM;
    if (status != HC_OK) {
        hc_file_batch_free(q);
        return status;
    }
    *out = q;
    return HC_OK;
}
