/* The engine's keyspace: where a position of the run lies (a length and an
 * index in it), how a length is cut for the kernel, the run's range from
 * the part and the window, and the public counts and walk built on them. */
#include "crack/engine.h"

#include <string.h>

/* Candidates of length len. */
count128 engine_length_count(const engine *e, uint32_t len)
{
    return e->mask ? e->mask_count[len] : count128_pow(e->d, len);
}

/* Candidates of lengths lo..hi. */
static count128 sum_counts(const engine *e, uint64_t lo, uint64_t hi)
{
    if (!e->mask)
        return count128_sum(e->d, lo, hi);
    count128 sum = 0;
    for (uint64_t l = lo; l <= hi; l++)
        sum = count128_add_sat(sum, e->mask_count[l]);
    return sum;
}

/* Position p (0-based, in the order of lengths min_len..max_len) as a length
 * and an index within that length. */
static void locate(const engine *e, count128 p, uint32_t *len, count128 *index)
{
    uint32_t l = e->job->min_len;
    if (!e->mask && e->d == 1) {
        /* One candidate per length (and up to 2^29 lengths): no loop. */
        *len = (uint32_t)(l + p);
        *index = 0;
        return;
    }
    for (;;) {
        count128 n = engine_length_count(e, l);
        if (p < n || l == e->job->max_len) {
            *len = l;
            *index = p;
            return;
        }
        p -= n;
        l++;
    }
}

void engine_plan_length(const engine *e, uint32_t len, length_plan *plan)
{
    memset(plan, 0, sizeof(*plan));
    plan->inner = 1;
    if (e->use_kernel && e->crc) {
        /* CRC scan: as many trailing characters as the table holds. */
        while (plan->t < len && plan->t < MAX_SUFFIX && plan->inner * pos_size(e, len - 1 - plan->t) <= TABLE_MAX) {
            plan->inner *= pos_size(e, len - 1 - plan->t);
            plan->t++;
        }
        plan->kernel = true;
        return;
    }
    if (!e->use_kernel || e->layout.lead_zeros + (uint64_t)len * e->cw > e->layout.max_bytes)
        return;
    const unsigned wb = e->layout.word_bytes;
    unsigned bytes = e->layout.lead_zeros + len * e->cw;
    unsigned word = (bytes - 1) / wb;
    /* characters wholly inside the last word, and inside the one before */
    unsigned in_last = (bytes - wb * word) / e->cw, in_prev = word > 0 ? wb / e->cw : 0;
    unsigned t = 0;
    uint64_t inner = 1;
    while (t < in_last && t < len && inner * pos_size(e, len - 1 - t) <= TABLE_MAX) {
        inner *= pos_size(e, len - 1 - t);
        t++;
    }
    bool two = false;
    if (inner < INNER_MIN && in_prev > 0) {
        while (t < in_last + in_prev && t < len && inner * pos_size(e, len - 1 - t) <= TABLE_MAX) {
            inner *= pos_size(e, len - 1 - t);
            t++;
            two = true;
        }
    }
    plan->kernel = true;
    plan->t = t;
    plan->word = word;
    plan->two = two;
    plan->inner = inner;
}

bool engine_job_valid(const hc_crack_job *job)
{
    const bool targets = job->target_count > 0 ? job->targets && job->on_found : job->target != NULL;
    if (job->mask && (job->mask->length < 1 || job->mask->length > HC_MASK_MAX_LEN || job->max_len > job->mask->length))
        return false;
    return job->alg && targets && (job->dict || job->dict_len == 0) && job->dict_len <= HC_DICT_MAX &&
           job->min_len >= 1 && job->min_len <= job->max_len && job->max_len <= HC_CRACK_MAX_LENGTH &&
           (job->part == 0) == (job->parts == 0) && job->part <= job->parts && job->threads >= 1;
}

/* Candidates of the run before (len, index). */
count128 engine_rank_in_run(const engine *e, uint32_t len, count128 index)
{
    if (len == e->first_len)
        return index - e->first_off;
    count128 r = engine_length_count(e, e->first_len) - e->first_off;
    if (len > e->first_len + 1)
        r += sum_counts(e, e->first_len + 1, len - 1);
    return r + index;
}

/* The run's range from the part (or the whole keyspace) and, for a
 * calibration, its last length only. */
void engine_set_range(engine *e)
{
    const hc_crack_job *job = e->job;
    count128 total = sum_counts(e, job->min_len, job->max_len);
    e->uncountable = total == COUNT128_MAX;
    count128 begin = 0, end = total;
    if (job->parts > 0)
        count128_slice(total, job->part, job->parts, &begin, &end);
    /* the window: inside the part */
    const count128 skip = job->skip < end - begin ? job->skip : end - begin;
    begin += skip;
    if (job->limit > 0 && end - begin > job->limit)
        end = begin + job->limit;
    /* a mask's keyspace is its lengths only: no shorter prefix is counted */
    const count128 shorter = job->parts > 0 || e->mask ? 0 : sum_counts(e, 1, job->min_len - 1);
    e->base_attempts = count128_add_sat(shorter, skip);
    e->empty = begin >= end;
    if (e->empty)
        return;
    locate(e, begin, &e->first_len, &e->first_off);
    count128 last_index;
    locate(e, end - 1, &e->last_len, &last_index);
    e->last_end = last_index + 1;
    if (job->last_length_only && e->first_len < e->last_len) {
        /* Lengths past CALIBRATION_LEN only come into reach of a run that
         * cannot end anyway; no need to allocate and hash them here. */
        uint32_t len = e->last_len > CALIBRATION_LEN ? CALIBRATION_LEN : e->last_len;
        if (len <= e->first_len) {
            len = e->first_len;
        } else {
            e->first_off = 0;
        }
        if (len != e->last_len)
            e->last_end = engine_length_count(e, len);
        e->first_len = e->last_len = len;
    }
    e->size = engine_rank_in_run(e, e->last_len, e->last_end - 1) + 1;
}

hc_status hc_crack_job_size(const hc_crack_job *job, hc_count *attempts, hc_count *hashed)
{
    engine e;
    *attempts = *hashed = hc_count_of(0);
    if (!engine_job_valid(job))
        return HC_ERR_INVALID;
    hc_status status = engine_init(&e, job, false, NULL);
    if (status != HC_OK)
        return status;
    const count128 run = e.empty ? 0 : e.size;
    *hashed = hc_count_of(run);
    *attempts = hc_count_of(count128_add_sat(e.base_attempts, run));
    plat_mutex_destroy(&e.lock);
    return HC_OK;
}

hc_status hc_crack_walk(const hc_crack_job *job, bool (*emit)(void *arg, const uint8_t *text, size_t len), void *arg)
{
    engine e;
    if (!engine_job_valid(job))
        return HC_ERR_INVALID;
    if (job->max_len > HC_MASK_MAX_LEN)
        return HC_ERR_RANGE;
    hc_status status = engine_init(&e, job, false, NULL);
    if (status != HC_OK)
        return status;
    uint16_t digits[HC_MASK_MAX_LEN];
    uint8_t text[HC_MASK_MAX_LEN];
    count128 left = e.empty ? 0 : e.size, index = e.first_off;
    for (uint32_t len = e.first_len; left > 0; len++, index = 0) {
        for (uint32_t i = len; i-- > 0; index /= pos_size(&e, i)) {
            digits[i] = (uint16_t)(index % pos_size(&e, i));
            text[i] = pos_chars(&e, i)[digits[i]];
        }
        count128 n = engine_length_count(&e, len) - (len == e.first_len ? e.first_off : 0);
        for (; n > 0 && left > 0; n--, left--) {
            if (!emit(arg, text, len)) {
                left = 0;
                break;
            }
            for (uint32_t i = len; i-- > 0;) {
                if (++digits[i] < pos_size(&e, i)) {
                    text[i] = pos_chars(&e, i)[digits[i]];
                    break;
                }
                digits[i] = 0;
                text[i] = pos_chars(&e, i)[0];
            }
        }
    }
    plat_mutex_destroy(&e.lock);
    return HC_OK;
}
