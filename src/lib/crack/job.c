/* The search engine's handles: a job's setters and getters, and the
 * progress counters a run publishes into (hc/crack.h). */
#include "crack/job.h"

#include <stdlib.h>

hc_status hc_crack_job_create(hc_crack_job **job)
{
    *job = calloc(1, sizeof(**job));
    if (*job == NULL)
        return HC_ERR_NOMEM;
    (*job)->min_len = (*job)->max_len = 1;
    (*job)->threads = 1;
    return HC_OK;
}

hc_status hc_crack_job_copy(const hc_crack_job *job, hc_crack_job **copy)
{
    *copy = malloc(sizeof(**copy));
    if (*copy == NULL)
        return HC_ERR_NOMEM;
    **copy = *job;
    return HC_OK;
}

void hc_crack_job_free(hc_crack_job *job)
{
    free(job);
}

void hc_crack_job_set_algorithm(hc_crack_job *job, const hc_algorithm *alg)
{
    job->alg = alg;
}

void hc_crack_job_set_target(hc_crack_job *job, const uint8_t *digest)
{
    job->target = digest;
    job->targets = NULL;
    job->target_count = 0;
    job->on_found = NULL;
    job->found_arg = NULL;
}

void hc_crack_job_set_targets(hc_crack_job *job, const uint8_t *digests, size_t count, hc_crack_found_fn *on_found,
                              void *arg)
{
    job->target = NULL;
    job->targets = digests;
    job->target_count = count;
    job->on_found = on_found;
    job->found_arg = arg;
}

void hc_crack_job_set_dictionary(hc_crack_job *job, const uint8_t *dict, size_t dict_len)
{
    job->dict = dict;
    job->dict_len = dict_len;
}

void hc_crack_job_set_lengths(hc_crack_job *job, uint32_t min_len, uint32_t max_len)
{
    job->min_len = min_len;
    job->max_len = max_len;
}

void hc_crack_job_set_part(hc_crack_job *job, uint64_t part, uint64_t parts)
{
    job->part = part;
    job->parts = parts;
}

void hc_crack_job_set_window(hc_crack_job *job, hc_count skip, hc_count limit)
{
    job->skip = count128_of(skip);
    job->limit = count128_of(limit);
}

void hc_crack_job_set_threads(hc_crack_job *job, unsigned threads, struct hc_pool *pool)
{
    job->threads = threads;
    job->pool = pool;
}

void hc_crack_job_set_cancel(hc_crack_job *job, bool (*cancelled)(void *arg), void *arg)
{
    job->cancelled = cancelled;
    job->cancel_arg = arg;
}

void hc_crack_job_set_progress(hc_crack_job *job, hc_crack_progress *progress)
{
    job->progress = progress;
}

void hc_crack_job_set_mask(hc_crack_job *job, const hc_mask *mask)
{
    job->mask = mask;
}

void hc_crack_job_set_last_length_only(hc_crack_job *job, bool last_length_only)
{
    job->last_length_only = last_length_only;
}

void hc_crack_job_lengths(const hc_crack_job *job, uint32_t *min_len, uint32_t *max_len)
{
    *min_len = job->min_len;
    *max_len = job->max_len;
}

void hc_crack_job_part(const hc_crack_job *job, uint64_t *part, uint64_t *parts)
{
    *part = job->part;
    *parts = job->parts;
}

void hc_crack_job_window(const hc_crack_job *job, hc_count *skip, hc_count *limit)
{
    *skip = hc_count_of(job->skip);
    *limit = hc_count_of(job->limit);
}

size_t hc_crack_job_target_count(const hc_crack_job *job)
{
    return job->target_count;
}

hc_crack_progress *hc_crack_job_progress(const hc_crack_job *job)
{
    return job->progress;
}

const hc_mask *hc_crack_job_mask(const hc_crack_job *job)
{
    return job->mask;
}

/* ---- progress ---- */

hc_status hc_crack_progress_create(hc_crack_progress **progress)
{
    *progress = malloc(sizeof(**progress));
    if (*progress == NULL)
        return HC_ERR_NOMEM;
    atomic_init(&(*progress)->hashed, 0);
    atomic_init(&(*progress)->length, 0);
    atomic_init(&(*progress)->found, 0);
    atomic_init(&(*progress)->settled, 0);
    return HC_OK;
}

void hc_crack_progress_free(hc_crack_progress *progress)
{
    free(progress);
}

uint64_t hc_crack_progress_hashed(const hc_crack_progress *progress)
{
    return atomic_load_explicit(&progress->hashed, memory_order_relaxed);
}

uint32_t hc_crack_progress_length(const hc_crack_progress *progress)
{
    return (uint32_t)atomic_load_explicit(&progress->length, memory_order_relaxed);
}

uint32_t hc_crack_progress_found(const hc_crack_progress *progress)
{
    return (uint32_t)atomic_load_explicit(&progress->found, memory_order_relaxed);
}

uint64_t hc_crack_progress_settled(const hc_crack_progress *progress)
{
    return atomic_load_explicit(&progress->settled, memory_order_relaxed);
}

void hc_crack_progress_set_settled(hc_crack_progress *progress, uint64_t settled)
{
    atomic_store_explicit(&progress->settled, settled, memory_order_relaxed);
}
