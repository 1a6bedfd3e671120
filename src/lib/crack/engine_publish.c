/* What the engine's workers share: the dispenser that hands out chunks
 * in order, the answers they record, and the progress they publish. */
#include "crack/engine.h"

#include <stdlib.h>
#include <string.h>

/* ---- the dispenser ---------------------------------------------------------- */


/* Under the lock: every candidate before the earliest chunk in flight
 * (or, with none, before the next to hand out) is hashed. */
static void publish_settled(engine *e)
{
    hc_crack_progress *progress = e->job->progress;
    if (progress == NULL)
        return;
    count128 settled = e->dispensed ? e->size : engine_rank_in_run(e, e->cur_len, e->cur_off);
    for (unsigned i = 0; i < e->job->threads; i++)
        if (e->flight[i] < settled)
            settled = e->flight[i];
    atomic_store_explicit(&progress->settled, settled > UINT64_MAX ? UINT64_MAX : (uint64_t)settled,
                          memory_order_relaxed);
}

/* The worker in `slot` takes chunk c, done with its last one if
 * `completed` (not dropped). */
bool engine_next_chunk(engine *e, chunk *c, size_t slot, bool completed)
{
    bool ok = false;
    plat_mutex_lock(&e->lock);
    if (completed)
        e->flight[slot] = COUNT128_MAX;
    if (!e->dispensed && !atomic_load(&e->stop) && e->next_seq <= atomic_load(&e->found_seq)) {
        length_plan plan;
        engine_plan_length(e, e->cur_len, &plan);
        count128 end = e->cur_len == e->last_len ? e->last_end : engine_length_count(e, e->cur_len);
        uint64_t want = !plan.kernel ? GENERIC_CHUNK : e->crc ? CRC_CHUNK : KERNEL_CHUNK;
        uint64_t units = want / plan.inner > 0 ? want / plan.inner : 1;
        /* Chunks end on whole kernel calls (a multiple of the suffix count). */
        count128 stop = (e->cur_off / plan.inner + units) * plan.inner;
        if (stop > end || stop < e->cur_off)
            stop = end;
        c->seq = e->next_seq++;
        c->len = e->cur_len;
        c->off = e->cur_off;
        c->count = (uint64_t)(stop - e->cur_off);
        if (e->job->progress)
            atomic_store_explicit(&e->job->progress->length, c->len, memory_order_relaxed);
        e->flight[slot] = engine_rank_in_run(e, c->len, c->off);
        if (stop == end) {
            if (e->cur_len == e->last_len)
                e->dispensed = true;
            e->cur_len++;
            e->cur_off = 0;
        } else {
            e->cur_off = stop;
        }
        ok = true;
    }
    publish_settled(e);
    plat_mutex_unlock(&e->lock);
    return ok;
}

/* The worker's current candidate is the answer of chunk c. A long one is
 * written out in full here, once. */
void engine_record_match(worker *w, const chunk *c, count128 index)
{
    engine *e = w->e;
    plat_mutex_lock(&e->lock);
    if (c->seq < atomic_load(&e->found_seq)) {
        uint8_t *copy = realloc(e->found_text, c->len ? c->len : 1);
        if (copy == NULL) {
            e->error = HC_ERR_NOMEM;
            atomic_store(&e->stop, true);
        } else {
            if (w->base > 0) /* long candidates: charset searches only */
                memset(copy, e->job->dict[0], w->base);
            memcpy(copy + w->base, w->text, c->len - w->base);
            e->found_text = copy;
            e->found_len = c->len;
            e->found_index = index;
            if (atomic_load(&e->found_seq) == UINT64_MAX && e->job->progress)
                atomic_fetch_add_explicit(&e->job->progress->found, 1, memory_order_relaxed);
            atomic_store(&e->found_seq, c->seq);
        }
    }
    plat_mutex_unlock(&e->lock);
}

/* Many targets: the worker's current candidate hashes to target t (a job
 * index); reported unless an earlier match of t was. */
void engine_record_target(worker *w, const chunk *c, size_t t)
{
    engine *e = w->e;
    plat_mutex_lock(&e->lock);
    if (!e->found_flags[t]) {
        uint8_t *text = e->found_text;
        if (w->base > 0) {
            /* a long candidate is written out in full, once per target */
            text = realloc(e->found_text, c->len);
            if (text == NULL) {
                e->error = HC_ERR_NOMEM;
                atomic_store(&e->stop, true);
                plat_mutex_unlock(&e->lock);
                return;
            }
            e->found_text = text;
            memset(text, e->job->dict[0], w->base);
            memcpy(text + w->base, w->text, c->len - w->base);
        } else {
            text = w->text;
        }
        e->found_flags[t] = 1;
        e->found_count++;
        if (e->job->progress)
            atomic_fetch_add_explicit(&e->job->progress->found, 1, memory_order_relaxed);
        e->job->on_found(e->job->found_arg, t, text, c->len);
        if (e->found_count == e->set.count)
            atomic_store(&e->stop, true);
    }
    plat_mutex_unlock(&e->lock);
}

void engine_fail(engine *e, hc_status status)
{
    plat_mutex_lock(&e->lock);
    if (e->error == HC_OK)
        e->error = status;
    plat_mutex_unlock(&e->lock);
    atomic_store(&e->stop, true);
}

/* Adds what the worker hashed since the last call to job->progress. */
void worker_publish(worker *w)
{
    hc_crack_progress *progress = w->e->job->progress;
    w->since_publish = 0;
    if (progress == NULL || w->processed == w->published)
        return;
    atomic_fetch_add_explicit(&progress->hashed, (uint64_t)(w->processed - w->published), memory_order_relaxed);
    w->published = w->processed;
}

/* Should the worker drop chunk c? (an earlier match, an error, or cancel)
 * `hashed` is the work done since the last call, in bytes. */
bool worker_abandon(worker *w, const chunk *c, uint64_t hashed)
{
    engine *e = w->e;
    if (atomic_load_explicit(&e->stop, memory_order_relaxed) ||
        atomic_load_explicit(&e->found_seq, memory_order_relaxed) < c->seq)
        return true;
    w->since_poll += hashed;
    w->since_publish += hashed;
    if (w->since_publish >= e->publish_bytes)
        worker_publish(w);
    if (w->since_poll >= POLL_BYTES) {
        w->since_poll = 0;
        if (e->job->cancelled && e->job->cancelled(e->job->cancel_arg)) {
            atomic_store(&e->cancelled, true);
            atomic_store(&e->stop, true);
            return true;
        }
    }
    return false;
}
