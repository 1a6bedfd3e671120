/* The brute-force engine's run (engine.h describes the whole engine): its
 * set-up from a job, the workers' loop over the chunks they are handed,
 * and the result. */
#include "crack/engine.h"

#include <stdlib.h>
#include <string.h>

#include "algos/crc_table.h"
#include "hc/cpu.h"
#include "hc/pool.h"

/* ---- workers ------------------------------------------------------------------------ */

static void worker_main(void *arg, size_t index)
{
    engine *e = arg;
    worker w;
    memset(&w, 0, sizeof(w));
    w.e = e;
    hc_status status = hc_hasher_open(&w.hasher, e->alg, NULL);
    if (status != HC_OK) {
        engine_fail(e, status);
        return;
    }
    if (e->copy_prefix) {
        status = hc_hasher_open(&w.prefix, e->alg, NULL);
        if (status != HC_OK) {
            hc_hasher_close(&w.hasher);
            engine_fail(e, status);
            return;
        }
        w.prefix_open = true;
    }
    chunk c;
    bool completed = false;
    while (engine_next_chunk(e, &c, index, completed)) {
        if (!worker_ensure_length(&w, c.len)) {
            engine_fail(e, HC_ERR_NOMEM);
            break;
        }
        length_plan plan;
        engine_plan_length(e, c.len, &plan);
        const count128 before = w.processed;
        if (plan.kernel)
            worker_run_kernel(&w, &c, &plan);
        else
            worker_run_generic(&w, &c);
        /* a dropped chunk stops short of its count */
        completed = w.processed - before == c.count;
    }
    worker_publish(&w);
    plat_mutex_lock(&e->lock);
    e->processed += w.processed;
    e->kernel_processed += w.kernel_processed;
    e->filtered_processed += w.filtered_processed;
    e->keyed_processed += w.keyed_processed;
    e->kernel_reports += w.kernel_reports;
    plat_mutex_unlock(&e->lock);
    free(w.digits);
    free(w.text);
    free(w.wide);
    free(w.tab_block); /* tab_lo lies in the same block */
    free(w.run_piece);
    hc_key_filter_free(&w.undone);
    if (w.run_open)
        hc_hasher_close(&w.run);
    if (w.prefix_open)
        hc_hasher_close(&w.prefix);
    hc_hasher_close(&w.hasher);
}

/* The kernel a search takes (kernel.h): the calibration's choice
 * (calibrate.c), or the path the probe forces; false: the generic path. */
static bool search_layout(const hc_crack_job *job, const hc_crack_probe *probe, hc_mb_layout *layout)
{
    if (probe && probe->generic_only)
        return false;
    hc_simd_level level = hc_simd_active();
    if (probe && probe->measuring) {
        level = probe->measured_level;
    } else if (!(probe && probe->any_entry)) {
        const unsigned path = hc_crack_choose(job->alg, level, job);
        if (path == HC_CRACK_PATH_GENERIC)
            return false;
        level = (hc_simd_level)path;
    }
    return hc_kernel_layout(job->alg, level, HC_KERNEL_ANY_ENTRY, layout);
}

/* The engine for job; `search`: to run it (else only to count or walk its
 * keyspace, for which the path does not matter). */
hc_status engine_init(engine *e, const hc_crack_job *job, bool search, const hc_crack_probe *probe)
{
    memset(e, 0, sizeof(*e));
    e->job = job;
    e->alg = job->alg;
    e->d = job->dict_len;
    if ((e->mask = job->mask) != NULL) {
        e->mask_count[0] = 1;
        for (size_t l = 1; l <= e->mask->length; l++) {
            e->mask_count[l] = count128_mul_sat(e->mask_count[l - 1], e->mask->pos[l - 1].count);
        }
    }
    e->cw = (job->alg->flags & HC_ALG_TEXT_UTF16LE) ? 2 : 1;
    /* Everything about the kernel comes from the row (kernel.h); whether
     * to use it, from a measurement on this CPU. */
    e->use_kernel = search && search_layout(job, probe, &e->layout);
    e->publish_bytes = probe && probe->measuring ? 0 : PUBLISH_BYTES;
    if (e->use_kernel) {
        /* many targets: the first one's words until engine_targets */
        engine_target_words(e, job->target_count > 0 ? job->targets : job->target, e->target_words, e->target64);
        e->crc = e->layout.padding == HC_MB_CRC_TABLE;
        if (e->crc)
            hc_crc_table_make(e->crc_table, job->alg->crc_poly);
    }
    e->copy_prefix = !(job->alg->flags & HC_ALG_OPAQUE_CTX) && job->alg->ctx_size <= COPY_CTX_MAX;
    atomic_init(&e->found_seq, UINT64_MAX);
    atomic_init(&e->stop, false);
    atomic_init(&e->cancelled, false);
    if (e->mask || e->d > 0)
        engine_set_range(e);
    else
        e->empty = true;
    /* the slices of a saturated count would tile a sliver of the keyspace
     * (one part of one is the whole: it runs as far as any run reaches) */
    if (job->parts > 1 && e->uncountable)
        return HC_ERR_RANGE;
    e->cur_len = e->first_len;
    e->cur_off = e->first_off;
    e->dispensed = e->empty;
    if (plat_mutex_init(&e->lock) != 0)
        return HC_ERR_NOMEM;
    return HC_OK;
}

/* Many targets, a kernel whose keys depend on the target alone: their
 * filter, and e->fixed_filter unless a key is refused (which
 * filter_key_fixed rules out: the one-at-a-time path would serve). */
static hc_status make_fixed_keys(engine *e)
{
    if (hc_key_filter_init(&e->fixed_keys, e->set.count) != HC_OK)
        return HC_ERR_NOMEM;
    /* what the keys may read of a call's args: the row's parameters */
    const hc_mb_args args = {.digest_len = e->alg->digest_len, .passes = e->alg->passes};
    uint32_t words[16];
    uint64_t words64[8];
    for (size_t i = 0; i < e->set.count; i++) {
        uint32_t key;
        engine_target_words(e, e->set.digests + i * e->alg->digest_len, words, words64);
        if (!e->layout.filter_key(&args, words, &key))
            return HC_OK;
        hc_key_filter_add(&e->fixed_keys, key);
    }
    e->fixed_filter = true;
    return HC_OK;
}

/* Many targets: the set, and how the kernel (if any) takes them. */
static hc_status engine_targets(engine *e)
{
    const hc_crack_job *job = e->job;
    if (job->target_count == 0)
        return HC_OK;
    e->multi = true;
    /* keys as the kernel computes them: SHA's words big-endian, and the
     * CRC scan's whole register, which the digest prints most significant
     * byte first (target_words) */
    const bool be = e->use_kernel && (e->layout.big_endian || e->crc);
    hc_status status = hc_target_set_init(&e->set, job->targets, job->target_count, e->alg->digest_len, be);
    if (status != HC_OK)
        return status;
    if ((e->found_flags = calloc(job->target_count, 1)) == NULL)
        return HC_ERR_NOMEM;
    if (!e->use_kernel)
        return HC_OK;
    /* One target: the kernel's own comparison, as with -s (a filter
     * probe costs MD5 a tenth more). */
    const bool filter = e->layout.filters && job->target_count > 1;
    if (filter && e->layout.filter_key_fixed) {
        /* the kernel takes only this filter: without it, one at a time */
        if ((status = make_fixed_keys(e)) != HC_OK)
            return status;
        e->kernel_filter = e->use_kernel = e->fixed_filter;
    } else if (filter) {
        e->kernel_filter = true;
    } else if (job->target_count <= PER_TARGET_MAX) {
        e->per_target = (unsigned)job->target_count;
        for (unsigned t = 0; t < e->per_target; t++)
            engine_target_words(e, job->targets + (size_t)t * e->alg->digest_len, e->target_words_of[t], e->target64_of[t]);
    } else {
        e->use_kernel = false;
    }
    return HC_OK;
}

static void engine_free(engine *e)
{
    free(e->flight);
    free(e->found_text);
    free(e->found_flags);
    hc_target_set_free(&e->set);
    hc_key_filter_free(&e->fixed_keys);
    plat_mutex_destroy(&e->lock);
}

/* The outcome of a finished run, its counts converted at the API's edge. */
static void fill_result(engine *e, hc_crack_result *result)
{
    count128 attempts;
    result->hashed = hc_count_of(e->processed);
    result->cancelled = atomic_load(&e->cancelled);
    if (e->multi) {
        result->found_count = e->found_count;
        result->found = e->found_count == e->set.count;
        attempts = e->base_attempts + (result->cancelled || result->found ? e->processed : e->size);
    } else if (atomic_load(&e->found_seq) != UINT64_MAX) {
        result->found = true;
        result->found_text = e->found_text;
        result->found_len = e->found_len;
        e->found_text = NULL;
        attempts = e->base_attempts + engine_rank_in_run(e, e->found_len, e->found_index) + 1;
    } else {
        attempts = e->base_attempts + (result->cancelled ? e->processed : e->size);
    }
    result->attempts = hc_count_of(attempts < e->base_attempts ? COUNT128_MAX : attempts);
}

hc_status hc_crack_run_probed(const hc_crack_job *job, hc_crack_result *result, hc_crack_probe *probe)
{
    memset(result, 0, sizeof(*result));
    if (!engine_job_valid(job))
        return HC_ERR_INVALID;
    engine e;
    hc_status status = engine_init(&e, job, true, probe);
    if (status != HC_OK)
        return status;
    if ((status = engine_targets(&e)) != HC_OK) {
        engine_free(&e);
        return status;
    }

    if (!e.empty && (e.flight = malloc(job->threads * sizeof(*e.flight))) == NULL) {
        engine_free(&e);
        return HC_ERR_NOMEM;
    }
    for (unsigned i = 0; !e.empty && i < job->threads; i++)
        e.flight[i] = COUNT128_MAX;
    if (!e.empty) {
        hc_pool *own = NULL;
        hc_pool *pool = job->pool;
        if (pool == NULL && job->threads > 1 && hc_pool_create(&own, job->threads) == HC_OK)
            pool = own;
        hc_pool_for(pool, job->threads, worker_main, &e);
        hc_pool_destroy(own);
    }

    status = e.error;
    if (status == HC_OK)
        fill_result(&e, result);
    if (probe) {
        probe->kernel_level = e.layout.level;
        probe->kernel_candidates = e.kernel_processed;
        probe->filtered_candidates = e.filtered_processed;
        probe->keyed_candidates = e.keyed_processed;
        probe->kernel_reports = e.kernel_reports;
        probe->generic_candidates = e.processed - e.kernel_processed;
    }
    engine_free(&e);
    return status;
}

hc_status hc_crack_run_sized(const hc_crack_job *job, hc_crack_result *result, size_t result_size)
{
    /* A caller built with other headers: its result is not ours, so it is
     * neither read nor written. */
    if (result_size != sizeof(hc_crack_result))
        return HC_ERR_ABI;
    return hc_crack_run_probed(job, result, NULL);
}

void hc_crack_result_free(hc_crack_result *result)
{
    free(result->found_text);
    memset(result, 0, sizeof(*result));
}

const char *hc_crack_kernel_name(const hc_algorithm *alg)
{
    /* The choice of the row's first search, or of a calibration made now
     * (calibrate.c). */
    hc_mb_layout layout;
    if (!hc_kernel_layout(alg, hc_simd_active(), 0, &layout))
        return "generic";
    return hc_simd_name(layout.level);
}
