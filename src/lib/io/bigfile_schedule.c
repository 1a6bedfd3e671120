/* The big-file engine (bigfile.c): how the units of a run are spread over
 * threads, a tree hash on every thread or one thread obtaining units while
 * the caller hashes them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bigfile_run.h"
#include "io_events.h"
#include "platform.h"

/* ---- a tree hash on every thread ---------------------------------------- */

/* The body is whole pieces, leaving 1 to `piece` bytes; those are cut into
 * subtrees of decreasing powers of two (each aligned, as the tree
 * requires), leaving 1 to leaf_len bytes for update() (the last leaf may be
 * the root's child, and only final() knows how to close it). */
static void plan_tree(run *r, size_t leaf)
{
    r->body_end = (r->length - 1) / r->piece * r->piece;
    uint64_t offset = r->body_end;
    uint64_t rest = r->length - offset;
    r->tail_count = 0;
    while (rest > leaf) {
        uint64_t size = floor_pow2(rest - 1); /* the largest power of two below rest */
        r->tail_offset[r->tail_count] = offset;
        r->tail_len[r->tail_count] = size;
        r->tail_count++;
        offset += size;
        rest -= size;
    }
    r->last_offset = offset;
    r->last_len = (size_t)rest;
}

/* Claims the batch's next body range for a lane obtaining it by method:
 * false when none is left. A unit is the method's size while the batch has
 * plenty left, then a share of the rest that halves as the rest does (but
 * whole pieces), so every lane gets work until near the end and the lanes
 * finish within about a piece of each other. */
static bool claim_body(run *r, bigfile_method method, bool trial, uint64_t *offset, size_t *len)
{
    uint64_t at = atomic_load(&r->next_offset);
    for (;;) {
        if (at >= r->batch_end)
            return false;
        uint64_t rest = r->batch_end - at;
        uint64_t want = bigfile_unit_for(r, method, trial);
        uint64_t share = floor_pow2(rest / (2 * (uint64_t)r->bf->lane_count));
        want = share < want ? share : want;
        /* whole 2 MiB blocks while they fit (see READ_UNIT), else pieces */
        uint64_t grain = want >= HUGE_BLOCK ? HUGE_BLOCK : r->piece;
        want = want > grain ? want / grain * grain : grain;
        want = want < rest ? want : rest; /* rest is whole pieces */
        if (atomic_compare_exchange_weak(&r->next_offset, &at, at + want)) {
            *offset = at;
            *len = (size_t)want;
            return true;
        }
    }
}

static void tree_lane(void *arg, size_t index)
{
    run *r = arg;
    lane *ln = &r->bf->lanes[index];
    ln->units = 0;
    while (!run_failed(r)) {
        bool trial;
        bigfile_method method = bigfile_choose_method(r, atomic_fetch_add(&r->claims, 1), &trial);
        uint64_t offset;
        size_t len;
        uint8_t *nodes;
        bool timed;
        if (claim_body(r, method, trial, &offset, &len)) {
            nodes = r->bf->nodes + (offset - r->batch_start) / r->piece * r->node_len;
            timed = len == bigfile_unit_for(r, method, trial);
        } else {
            unsigned tail = r->batch_has_tail ? atomic_fetch_add(&r->next_tail, 1) : TAIL_JOBS_MAX;
            if (tail >= r->tail_count)
                break;
            offset = r->tail_offset[tail];
            len = (size_t)r->tail_len[tail];
            nodes = r->bf->nodes + ((r->batch_end - r->batch_start) / r->piece + tail) * r->node_len;
            timed = false;
        }
        int error = bigfile_do_unit(r, ln, method, offset, len, nodes, timed);
        if (error != 0)
            run_set_error(r, error);
    }
    if (ln->units > 0)
        bigfile_count_thread(r);
}

/* Maps the batch's bytes (and the tail's, with the last batch) once, so
 * that the lanes' windows are parts of one mapping: mapping and unmapping
 * take the process's mapping lock for writing, and a lane that finds it
 * taken sleeps (1 GiB warm on 2 threads: about 14 such sleeps a run, each
 * a wake-up of an idle CPU, 4-5 ms of each lane's time), while filling and
 * dropping pages of a mapping (MADV_POPULATE_READ, MADV_DONTNEED) and
 * mincore only read it. NULL when it cannot be mapped (a 32-bit address
 * space): the lanes then map their own windows. */
static void map_batch(run *r)
{
    if (r->bf->forced == BIGFILE_READ || atomic_load(&r->map_failed))
        return; /* r->batch_map stays NULL (bigfile_run_tree resets it after each batch) */
    uint64_t from = r->start + r->batch_start;
    uint64_t to = r->start + (r->batch_has_tail ? r->last_offset : r->batch_end);
    uint64_t base = from / HUGE_BLOCK * HUGE_BLOCK;
    uint64_t end = (to + HUGE_BLOCK - 1) / HUGE_BLOCK * HUGE_BLOCK; /* a batch and its tail: at most 1 GiB + 2 MiB */
    void *map = plat_map(r->fd, base, (size_t)(end - base));
    if (map == NULL)
        return;
    r->batch_map = map;
    r->batch_map_pos = base;
    r->batch_map_len = (size_t)(end - base);
}

int bigfile_run_tree(run *r)
{
    bigfile *bf = r->bf;
    hc_hasher *hasher = r->hashers[0];
    if (bf->nodes == NULL && (bf->nodes = malloc((BATCH_NODES + TAIL_JOBS_MAX) * HC_TREE_NODE_MAX)) == NULL)
        return ENOMEM;
    plan_tree(r, hc_hasher_tree_leaf(hasher));
    uint64_t batch_bytes = (uint64_t)BATCH_NODES * r->piece;
    for (uint64_t start = 0;; start += batch_bytes) {
        r->batch_start = start;
        r->batch_end = r->body_end - start > batch_bytes ? start + batch_bytes : r->body_end;
        r->batch_has_tail = r->batch_end == r->body_end;
        atomic_store(&r->next_offset, start);
        map_batch(r);
        hc_pool_for(bf->pool, bf->lane_count, tree_lane, r);
        if (r->batch_map != NULL)
            plat_unmap(r->batch_map, r->batch_map_len);
        r->batch_map = NULL;
        if (run_failed(r))
            return atomic_load(&r->error);
        uint64_t nodes = (r->batch_end - start) / r->piece;
        for (uint64_t node = 0; node < nodes; node++)
            hc_hasher_push_subtree(hasher, r->piece, bf->nodes + node * r->node_len);
        if (r->batch_has_tail)
            break;
    }
    for (unsigned tail = 0; tail < r->tail_count; tail++)
        hc_hasher_push_subtree(hasher, r->tail_len[tail],
                               bf->nodes + ((r->batch_end - r->batch_start) / r->piece + tail) * r->node_len);
    lane *ln = &bf->lanes[0];
    if (!bigfile_ensure_buffer(&ln->buffer, &ln->buffer_len, r->last_len))
        return ENOMEM;
    int error = bigfile_read_fully(r->fd, ln->buffer, r->last_len, r->start + r->last_offset);
    if (error == 0) {
        hc_hasher_update(hasher, ln->buffer, r->last_len);
        io_report(r->events, r->last_len);
    }
    return error;
}

/* ---- one thread obtains, the caller hashes ------------------------------ */

typedef struct slot {
    bigfile_method method;
    uint64_t offset;     /* message offset of data */
    const uint8_t *data;
    size_t len;
    bool whole;      /* len is the size asked for: the hashing is timed */
    window w;        /* method MAP: unmapped when the slot is reused */
} slot;

typedef struct pipeline {
    run *r;
    plat_mutex lock;
    plat_cond changed;     /* a slot was filled or emptied, or a side failed */
    slot slots[SLOTS];
    uint64_t produced, consumed;
    bool producer_done;
    bool consumer_failed;
    int producer_error;
} pipeline;

static void release_slot(slot *s)
{
    if (s->method == BIGFILE_MAP && s->w.map != NULL)
        bigfile_window_release(&s->w);
    s->w.map = NULL;
}

/* The ring, allocated (and touched) the first time a unit is read, before
 * that read is timed. */
static uint8_t *ring_slot(run *r, uint64_t index)
{
    bigfile *bf = r->bf;
    if (!bigfile_ensure_buffer(&bf->ring, &bf->ring_len, SLOTS * r->unit))
        return NULL;
    return bf->ring + index % SLOTS * r->unit;
}

/* The size of a pipeline unit obtained by method (r->unit is PIPE_UNIT
 * whenever there is a pipeline). */
static size_t pipe_unit(const run *r, bigfile_method method, bool trial)
{
    return method == BIGFILE_MAP ? (trial ? TRIAL_MAP_UNIT : PIPE_MAP_UNIT) : r->unit;
}

/* Unit `index`, at message offset `offset`, into slot s, by method: 0 or
 * the errno. A read unit is at most r->unit (its ring slot), a mapped one
 * may be bigger (pipe_unit). */
static int obtain(run *r, uint64_t index, uint64_t offset, slot *s)
{
    if (run_stop_requested(r))
        return EINTR;
    bigfile_note_claim(r, offset);
    bool trial;
    bigfile_method method = bigfile_choose_method(r, index, &trial);
    size_t unit = pipe_unit(r, method, trial);
    size_t len = r->length - offset < unit ? (size_t)(r->length - offset) : unit;
    uint8_t *buffer = method == BIGFILE_READ ? ring_slot(r, index) : NULL;
    if (method == BIGFILE_READ && buffer == NULL)
        return ENOMEM;
    double started = run_cpu_seconds();
    int error = 0;
    if (method == BIGFILE_MAP) {
        error = bigfile_map_window(r, offset, len, &s->w);
        if (error == MAP_REFUSED) {
            error = 0;
            method = BIGFILE_READ;
            unit = r->unit;
            len = len < unit ? len : unit;
        } else {
            s->data = s->w.data;
        }
    }
    if (method == BIGFILE_READ) {
        s->w.map = NULL;
        s->data = buffer = buffer ? buffer : ring_slot(r, index);
        error = buffer ? bigfile_read_piece(r, buffer, offset, len) : ENOMEM;
    }
    s->method = method;
    s->offset = offset;
    s->len = len;
    s->whole = len == unit;
    if (error == 0 && s->whole)
        bigfile_record(r, method, STAGE_OBTAIN, run_cpu_seconds() - started, len);
    atomic_fetch_add_explicit(&r->units[method], 1, memory_order_relaxed);
    return error;
}

static void *producer_main(void *arg)
{
    pipeline *p = arg;
    run *r = p->r;
    for (uint64_t index = 0, offset = 0; offset < r->length; index++) {
        plat_mutex_lock(&p->lock);
        while (p->produced - p->consumed == SLOTS && !p->consumer_failed)
            plat_cond_wait(&p->changed, &p->lock);
        bool stop = p->consumer_failed;
        plat_mutex_unlock(&p->lock);
        if (stop)
            break;
        slot *s = &p->slots[index % SLOTS];
        release_slot(s);
        int error = obtain(r, index, offset, s);
        offset += s->len;
        if (index == 0)
            bigfile_count_thread(r);
        plat_mutex_lock(&p->lock);
        if (error != 0)
            p->producer_error = error;
        else
            p->produced++;
        plat_cond_signal(&p->changed);
        plat_mutex_unlock(&p->lock);
        if (error != 0)
            break;
    }
    plat_mutex_lock(&p->lock);
    p->producer_done = true;
    plat_cond_signal(&p->changed);
    plat_mutex_unlock(&p->lock);
    return NULL;
}

/* false when no thread could be started (then nothing was read). */
bool bigfile_run_pipeline(run *r, int *result)
{
    pipeline p;
    memset(&p, 0, sizeof(p));
    p.r = r;
    plat_mutex_init(&p.lock);
    plat_cond_init(&p.changed);
    plat_thread *thread;
    if (plat_thread_start(&thread, producer_main, &p) != 0) {
        plat_cond_destroy(&p.changed);
        plat_mutex_destroy(&p.lock);
        return false;
    }
    int error = 0;
    for (uint64_t index = 0;; index++) {
        plat_mutex_lock(&p.lock);
        while (p.consumed == p.produced && !p.producer_done)
            plat_cond_wait(&p.changed, &p.lock);
        bool empty = p.consumed == p.produced;
        plat_mutex_unlock(&p.lock);
        if (empty)
            break;
        slot *s = &p.slots[index % SLOTS];
        double started = run_cpu_seconds();
        if (s->method == BIGFILE_MAP) {
            consume_args args = {r, s->offset, s->data, s->len, NULL};
            error = bigfile_consume_mapped(&args, &s->w);
        } else {
            error = bigfile_consume(r, s->offset, s->data, s->len, NULL);
        }
        if (error == 0 && s->whole)
            bigfile_record(r, s->method, STAGE_HASH, run_cpu_seconds() - started, s->len);
        plat_mutex_lock(&p.lock);
        if (error != 0)
            p.consumer_failed = true;
        else
            p.consumed++;
        plat_cond_signal(&p.changed);
        plat_mutex_unlock(&p.lock);
        if (error != 0)
            break;
    }
    plat_thread_join(thread);
    for (size_t i = 0; i < SLOTS; i++)
        release_slot(&p.slots[i]);
    plat_cond_destroy(&p.changed);
    plat_mutex_destroy(&p.lock);
    *result = error != 0 ? error : p.producer_error;
    return true;
}

