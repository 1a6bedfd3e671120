/* Big files: the copy split over the threads like the hashing, or hidden
 * behind it; pread or mmap as measured (bigfile.h, docs/file-dir.md).
 *
 * Vocabulary: the message is the byte range being hashed; message offset 0
 * is file offset `start`. A unit is what one thread obtains at a time (one
 * pread buffer or one mapped window, at most UNIT_MAX); a piece is what is
 * hashed at a time from a read buffer (at most PIECE_MAX, so that the copy
 * and the hashing meet in the L2 cache) and, for a tree hash, one subtree
 * with one node. */
#include "bigfile.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bigfile_run.h"
#include "io_events.h"
#include "platform.h"

/* ---- the measurements behind the choice of method ----------------------- */

static void cost_add(cost_log *log, double seconds_per_byte)
{
    log->recent[log->count++ % RECENT_SAMPLES] = seconds_per_byte;
}

/* The median of the latest samples (of an even count, the mean of the
 * middle two); INFINITY before the first. */
static double cost_estimate(const cost_log *log)
{
    unsigned n = log->count < RECENT_SAMPLES ? log->count : RECENT_SAMPLES;
    if (n == 0)
        return INFINITY;
    double sorted[RECENT_SAMPLES];
    memcpy(sorted, log->recent, n * sizeof(double));
    for (unsigned i = 1; i < n; i++)
        for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            double t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    return (sorted[(n - 1) / 2] + sorted[n / 2]) / 2;
}

/* Each call's number, for the warm-up rule of bigfile_record(). */
static atomic_uint_fast64_t calls;
/* The call in which this thread last used each method and stage. */
static _Thread_local uint64_t warmed_in[BIGFILE_METHODS][STAGE_COUNT];

void bigfile_record(run *r, bigfile_method method, int stage, double seconds, size_t bytes)
{
    if (warmed_in[method][stage] != r->call) {
        warmed_in[method][stage] = r->call; /* a warm-up: see PROBE_SAMPLES */
        return;
    }
    plat_mutex_lock(&r->lock);
    cost_add(&r->spent[method][stage], seconds / (double)bytes);
    plat_mutex_unlock(&r->lock);
}

/* Counts the calling thread among those that obtained units. */
void bigfile_count_thread(run *r)
{
    uintptr_t self = plat_thread_id();
    plat_mutex_lock(&r->lock);
    bool seen = false;
    for (unsigned i = 0; i < r->thread_count && !seen; i++)
        seen = r->threads[i] == self;
    if (!seen && r->thread_count < r->bf->lane_count + 1)
        r->threads[r->thread_count++] = self;
    plat_mutex_unlock(&r->lock);
}

/* The method for unit `index` (see PROBE_SAMPLES). With a pipeline the
 * slower of obtaining and hashing sets the pace, and when both methods
 * keep the same pace (a slow hash hides either), the one that costs less
 * CPU in all wins; on one thread the two stages add up. */
bigfile_method bigfile_choose_method(run *r, uint64_t index, bool *trial)
{
    *trial = false;
    if (r->bf->forced >= 0)
        return (bigfile_method)r->bf->forced;
    if (atomic_load_explicit(&r->map_failed, memory_order_relaxed))
        return BIGFILE_READ;
    double pace[BIGFILE_METHODS], total[BIGFILE_METHODS];
    unsigned samples[BIGFILE_METHODS];
    plat_mutex_lock(&r->lock);
    for (int m = 0; m < BIGFILE_METHODS; m++) {
        const cost_log *log = r->spent[m];
        double obtain = cost_estimate(&log[STAGE_OBTAIN]);
        samples[m] = log[STAGE_OBTAIN].count;
        pace[m] = total[m] = obtain;
        if (r->pipelined) {
            double hash = cost_estimate(&log[STAGE_HASH]);
            pace[m] = obtain > hash ? obtain : hash;
            total[m] = obtain + hash;
            samples[m] = samples[m] < log[STAGE_HASH].count ? samples[m] : log[STAGE_HASH].count;
        }
    }
    plat_mutex_unlock(&r->lock);
    *trial = true;
    unsigned fewest = samples[BIGFILE_READ] < samples[BIGFILE_MAP] ? samples[BIGFILE_READ] : samples[BIGFILE_MAP];
    if (fewest == 0)
        return index % 2 ? BIGFILE_MAP : BIGFILE_READ;
    double slower = pace[BIGFILE_READ] > pace[BIGFILE_MAP] ? pace[BIGFILE_READ] : pace[BIGFILE_MAP];
    double faster = pace[BIGFILE_READ] + pace[BIGFILE_MAP] - slower;
    const double *measure = slower <= faster * SAME_PACE ? total : pace;
    bigfile_method best = measure[BIGFILE_MAP] * MAP_MARGIN < measure[BIGFILE_READ] ? BIGFILE_MAP : BIGFILE_READ;
    if (fewest < PROBE_SAMPLES && measure[1 - best] < measure[best] * CLEAR_LOSS)
        return index % 2 ? BIGFILE_MAP : BIGFILE_READ;
    bool explore = index >= 16 && (index & (index - 1)) == 0 && __builtin_ctzll(index) % 2 == 0; /* 4^k */
    *trial = explore;
    return explore ? (bigfile_method)(1 - best) : best;
}

/* ---- the caller alone ---------------------------------------------------- */

static int run_alone(run *r)
{
    lane *ln = &r->bf->lanes[0];
    int error = 0;
    bigfile_count_thread(r);
    for (uint64_t index = 0, offset = 0; offset < r->length && error == 0; index++) {
        bool trial;
        bigfile_method method = bigfile_choose_method(r, index, &trial);
        size_t want = bigfile_unit_for(r, method, trial);
        size_t len = r->length - offset < want ? (size_t)(r->length - offset) : want;
        error = bigfile_do_unit(r, ln, method, offset, len, NULL, len == want);
        offset += len;
    }
    return error;
}

/* ---- public --------------------------------------------------------------- */

bigfile *bigfile_create(hc_pool *pool, bool spare_cpu)
{
    bigfile *bf = calloc(1, sizeof(*bf));
    if (bf == NULL)
        return NULL;
    bf->pool = pool;
    bf->spare_cpu = spare_cpu;
    bf->lane_count = hc_pool_threads(pool);
    bf->lanes = calloc(bf->lane_count, sizeof(*bf->lanes));
    bf->threads = calloc(bf->lane_count + 1, sizeof(*bf->threads));
    if (bf->lanes == NULL || bf->threads == NULL) {
        free(bf->lanes);
        free(bf->threads);
        free(bf);
        return NULL;
    }
    bf->page = (long)plat_page_size();
    const char *io = getenv("HC_IO");
    bf->forced = io == NULL ? -1 : strcmp(io, "read") == 0 ? BIGFILE_READ : strcmp(io, "map") == 0 ? BIGFILE_MAP : -1;
    atomic_init(&bf->no_nowait, false);
    atomic_init(&bf->no_populate, false);
    return bf;
}

void bigfile_destroy(bigfile *bf)
{
    if (bf == NULL)
        return;
    for (unsigned i = 0; i < bf->lane_count; i++)
        plat_aligned_free(bf->lanes[i].buffer);
    free(bf->lanes);
    free(bf->threads);
    plat_aligned_free(bf->ring);
    free(bf->nodes);
    free(bf);
}

/* A run's state at its start: the file's range and the hashers. */
static void run_init(run *r, bigfile *bf, int fd, uint64_t pos, uint64_t end, hc_hasher *const *hashers, size_t count,
                     const hc_file_events *events)
{
    memset(r, 0, sizeof(*r));
    r->call = atomic_fetch_add(&calls, 1) + 1;
    r->bf = bf;
    r->fd = fd;
    r->start = pos;
    r->length = end - pos;
    r->hashers = hashers;
    r->count = count;
    r->events = events;
    plat_mutex_init(&r->lock);
    atomic_init(&r->next_offset, 0);
    atomic_init(&r->next_tail, 0);
    atomic_init(&r->claims, 0);
    atomic_init(&r->map_failed, false);
    atomic_init(&r->mapped, false);
    atomic_init(&r->cold, false);
    atomic_init(&r->frontier, 0);
    atomic_init(&r->stream_stop, false);
    atomic_init(&r->error, 0);
    for (int m = 0; m < BIGFILE_METHODS; m++)
        atomic_init(&r->units[m], 0);
    atomic_init(&r->batch_windows, 0);
    atomic_init(&r->stepped_bytes, 0);
    r->threads = bf->threads;
}

/* How the run is cut: a tree of units (one BLAKE3-like hasher, several
 * threads, a file long enough) or a stream of units; the units' and the
 * read pieces' sizes. */
static void run_choose_units(run *r)
{
    unsigned lanes = r->bf->lane_count;
    size_t leaf = r->count == 1 ? hc_hasher_tree_leaf(r->hashers[0]) : 0;
    r->tree = leaf > 0 && leaf <= UNIT_MIN && lanes > 1 && r->length >= (uint64_t)lanes * 4 * UNIT_MIN;
    if (r->tree) {
        /* at least four units per thread, within the lanes' budget */
        size_t unit = (size_t)floor_pow2(r->length / (lanes * 4));
        size_t budget = (size_t)floor_pow2(LANES_BUDGET / lanes);
        unit = unit < budget ? unit : budget;
        unit = unit < UNIT_MAX ? unit : UNIT_MAX;
        r->unit = unit > UNIT_MIN ? unit : UNIT_MIN;
        r->node_len = hc_hasher_tree_node_len(r->hashers[0]);
    } else {
        r->unit = r->bf->spare_cpu && r->length >= PIPELINE_MIN ? PIPE_UNIT : UNIT_MAX;
    }
    r->piece = r->unit < PIECE_MAX ? r->unit : PIECE_MAX;
    if (r->tree) {
        /* one read buffer of a piece per lane, within their budget */
        size_t share = (size_t)floor_pow2(READ_BUDGET / lanes);
        share = share > UNIT_MIN ? share : UNIT_MIN;
        r->piece = r->piece < share ? r->piece : share;
    }
}

static void run_report(run *r, bigfile_stats *stats)
{
    memset(stats, 0, sizeof(*stats));
    for (int m = 0; m < BIGFILE_METHODS; m++)
        stats->units[m] = atomic_load(&r->units[m]);
    stats->threads = r->thread_count;
    stats->tree = r->tree;
    stats->pipelined = r->pipelined;
    stats->cold = atomic_load(&r->cold);
    stats->streamed = r->streaming;
    stats->batch_windows = atomic_load(&r->batch_windows);
    stats->stepped_bytes = atomic_load(&r->stepped_bytes);
}

int bigfile_hash(bigfile *bf, int fd, uint64_t pos, uint64_t end, hc_hasher *const *hashers, size_t count,
                 const hc_file_events *events, bigfile_stats *stats)
{
    run r;
    run_init(&r, bf, fd, pos, end, hashers, count, events);
    run_choose_units(&r);
    /* Doubles the kernel's read-ahead window for cold files. */
    plat_advise(fd, pos, r.length, PLAT_ADVICE_SEQUENTIAL);

    int error = 0;
    if (r.tree) {
        error = bigfile_run_tree(&r);
    } else {
        r.pipelined = bf->spare_cpu && r.length >= PIPELINE_MIN;
        if (!r.pipelined || !bigfile_run_pipeline(&r, &error)) {
            r.pipelined = false;
            error = run_alone(&r);
        }
    }
    bigfile_stop_streaming(&r);
    /* The advice belongs to the open file, which a caller's standard
     * input may share with other processes: back to the default. */
    plat_advise(fd, pos, r.length, PLAT_ADVICE_NORMAL);
    /* A mapped page past a new end of file reads as zeros, not as an
     * error: a file that shrank meanwhile must be refused here. */
    plat_file_info info;
    if (error == 0 && atomic_load(&r.mapped) && (plat_file_info_of(fd, &info) != 0 || info.size < end))
        error = ENODATA;

    if (stats)
        run_report(&r, stats);
    plat_mutex_destroy(&r.lock);
    return error;
}
