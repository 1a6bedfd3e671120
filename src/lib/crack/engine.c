/* The brute-force engine: enumerates the keyspace in the contract's order
 * (docs/cli.md §5.5) on several threads and reports the first match.
 *
 * Work is cut into chunks, ranges of consecutive candidates of one length,
 * handed out in increasing order with a sequence number. A worker that
 * finds a match in chunk s lowers the shared `found_seq` to s; every worker
 * drops a chunk numbered above found_seq but finishes one below it, since it
 * could hold an earlier match. When the workers are done, the match of the
 * lowest chunk is the first one in the global order, whatever the thread
 * count or timing: the answer is deterministic (it matters for CRC32, where
 * short strings collide).
 *
 * Two ways to hash a chunk:
 *  - the row's brute-force kernel (kernel.h) for messages of one block (and
 *    CRCs at any length): the last characters vary inside the kernel from
 *    tables, the others form the constant words;
 *  - the generic path for everything else: one candidate at a time through
 *    the algorithm's hooks, the shared prefix hashed once per run of the
 *    last character (a context copy) where the row allows it.
 *
 * Ctrl+C is polled by work done (bytes hashed), not by candidates, so a
 * stop request is seen within a fraction of a second at any length. Long
 * candidates (over LONG_LEN characters, up to HC_CRACK_MAX_LENGTH) are
 * streamed: every index the run can reach is below 2^128, so it has at
 * most 128 digits and all but a candidate's last TAIL_CHARS characters are
 * the dictionary's first byte. Only that tail is kept; the leading run is
 * hashed once per length from a small repeating buffer, in pieces with a
 * poll between them, and its state copied for every candidate. Memory per
 * worker stays a few hundred KiB whatever the length.
 *
 * Many targets (job->targets) are searched in the same pass: no chunk is
 * dropped (each target has its own first match), every match is reported
 * as it is found, and the run ends when all are found. A candidate is
 * tested against the targets' filter (targets.h): in the kernel for
 * families with a filter mode (kernel.h; every family has one now, the CRC
 * scan's key being the whole CRC), with one bitmap probe after the
 * one-at-a-time path's hash; a kernel without one would run once per
 * target when there are only a few (PER_TARGET_MAX), else the
 * one-at-a-time path would take over. One target goes through any kernel
 * as with -s, without a filter (one pass of that per-target loop). */
#include "hc/crack.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "algos/crc_table.h"
#include "crack/engine_probe.h"
#include "crack/kernel.h"
#include "crack/targets.h"
#include "hc/cpu.h"
#include "hc/mask.h"
#include "hc/pool.h"
#include "platform.h"

enum {
    /* Largest table of in-kernel suffixes (d^t entries). 16384 words per
     * table stay in L2 and cover two characters of any dictionary up to 128
     * bytes (the default 62, ASCII's 94). */
    TABLE_MAX = 16384,
    /* Below this many suffixes per kernel call the per-call work (constant
     * words, the reversed steps) starts to show; a second varying word is
     * then worth its extra steps. */
    INNER_MIN = 1024,
    HITS_CAP = 128,
    CACHE_LINE = 64,
    /* Candidates per chunk: a few milliseconds of work, so that a found
     * match waits little for the earlier chunks still in flight. */
    KERNEL_CHUNK = 1 << 21,
    CRC_CHUNK = 1 << 27,
    GENERIC_CHUNK = 1 << 12,
    /* Bytes hashed between two calls of job->cancelled() (a candidate
     * counts its bytes plus two blocks for the finalisation): 0.1 ms for
     * fast rows, about 15 ms for the slowest (MD2, 5 MB/s); a call costs
     * nanoseconds. */
    POLL_BYTES = 1 << 16,
    /* Bytes hashed between two updates of job->progress: a few
     * milliseconds for fast rows, under a second for MD2, and few enough
     * updates of the shared counter not to contend for it. */
    PUBLISH_BYTES = 1 << 22,
    /* Candidates longer than LONG_LEN characters keep only their last
     * TAIL_CHARS (> 128, the most digits an index below 2^128 has in any
     * base >= 2); the leading run is fed from a RUN_PIECE buffer. */
    LONG_LEN = 4096,
    TAIL_CHARS = 256,
    RUN_PIECE = 1 << 16,
    /* Contexts larger than this are rebuilt rather than copied. */
    COPY_CTX_MAX = 512,
    /* The longest length a calibration run (last_length_only) hashes. */
    CALIBRATION_LEN = 64,
    /* Most characters a kernel call varies (a one-byte dictionary would
     * otherwise put a whole CRC candidate in the table). */
    MAX_SUFFIX = 32,
    /* Many targets without a filter mode: up to this many, the kernel runs
     * once per target (still faster than one candidate at a time). */
    PER_TARGET_MAX = 4,
    /* Up to this many targets a kernel that can undo its last steps from
     * each target (kernel.h's filter_key) gets a filter of those values per
     * length (a few hundred ns per target and length, per worker). */
    UNDONE_MAX = 1 << 16
};

typedef struct length_plan {
    bool kernel;       /* the multi-buffer path */
    unsigned t;        /* characters that vary inside one kernel call */
    unsigned word;     /* last varying word */
    bool two;          /* word - 1 varies too */
    uint64_t inner;    /* d^t */
} length_plan;

typedef struct chunk {
    uint64_t seq;
    uint32_t len;
    hc_count off;      /* first candidate: index within its length */
    uint64_t count;
} chunk;

typedef struct engine {
    const hc_crack_job *job;
    const hc_algorithm *alg;
    size_t d;                        /* the dictionary's size (no mask) */
    /* A mask (job->mask): a set per position, and the candidates of each
     * prefix length (mask_count[l] for lengths 0..mask->length) */
    const hc_mask *mask;
    hc_count mask_count[HC_MASK_MAX_LEN + 1];
    unsigned cw;                     /* bytes per character: 2 for UTF-16LE */
    bool use_kernel;                 /* false: generic path only */
    hc_mb_layout layout;             /* the row's kernel, when use_kernel */
    bool crc;                        /* the kernel is the CRC table scan */
    uint32_t target_words[16];
    uint64_t target64[8];
    bool copy_prefix;
    uint32_t crc_table[256];         /* CRC rows: the byte-wise table */
    /* Many targets: the set, the kernel's way with them, and which of
     * them (job indices) were found, under lock. */
    bool multi;
    hc_target_set set;
    bool kernel_filter;              /* the kernel takes a filter of the targets */
    /* a kernel whose keys depend on the target alone (kernel.h's
     * filter_key_fixed): their filter, made once for the run */
    bool fixed_filter;
    hc_key_filter fixed_keys;
    unsigned per_target;             /* else: kernel passes, one per target (0: none) */
    uint32_t target_words_of[PER_TARGET_MAX][16];
    uint64_t target64_of[PER_TARGET_MAX][8];
    uint8_t *found_flags;
    size_t found_count;

    /* The run: from (first_len, first_off) to (last_len, last_end). */
    bool empty;
    uint32_t first_len, last_len;
    hc_count first_off, last_end;
    hc_count base_attempts;          /* attempts before the run (§5.3) */
    bool uncountable;                /* the keyspace of every part saturated HC_COUNT_MAX */
    hc_count size;                   /* candidates of the run */

    plat_mutex lock;
    /* dispenser, under lock */
    uint32_t cur_len;
    hc_count cur_off;
    bool dispensed;
    uint64_t next_seq;
    /* The chunks in flight, a slot per worker: the rank in the run of each
     * one's first candidate (HC_COUNT_MAX: none, or done), whence the
     * progress's `settled`. A dropped chunk stays in its slot. */
    hc_count *flight;
    /* results, under lock; found_seq also read without it */
    _Atomic uint64_t found_seq;
    uint32_t found_len;
    hc_count found_index;
    uint8_t *found_text;
    hc_count processed;
    hc_count kernel_processed;       /* of those, by the kernel */
    hc_count filtered_processed;     /* of those, in filter mode */
    hc_count keyed_processed;        /* of these, with the family's keys */
    hc_count kernel_reports;         /* lanes the kernel flagged, verified by the hasher */
    hc_status error;
    /* bytes hashed between two updates of job->progress: PUBLISH_BYTES,
     * or 0 for a calibration's measurement, which reads it at every poll */
    uint64_t publish_bytes;
    atomic_bool stop;
    atomic_bool cancelled;
} engine;

typedef struct worker {
    engine *e;
    hc_hasher hasher, prefix;
    bool prefix_open;
    uint8_t digest[HC_MAX_DIGEST_LEN];
    /* candidate of the current length: set indices and bytes */
    uint16_t *digits;
    uint8_t *text, *wide;
    size_t cap;
    /* Long candidates: the leading characters not kept in digits/text
     * (0 up to LONG_LEN), RUN_PIECE bytes of the repeated first character,
     * the hasher state and the CRC register after the run, and the lengths
     * they were made for (0: not made). */
    uint32_t base;
    uint8_t *run_piece;
    hc_hasher run;
    bool run_open;
    uint32_t run_len, run_crc_len;
    uint32_t run_crc;
    /* kernel tables of table_len */
    uint32_t table_len;
    void *tab_hi, *tab_lo;             /* uint32_t or uint64_t entries; one block (build_tables) */
    void *tab_block;                   /* that block as allocated: tab_hi is its first 64-byte line */
    size_t tab_stride;
    uint32_t hits[HITS_CAP];
    /* Many targets: the filter of the values the kernel compares with its
     * last steps undone, for candidates of undone_len (0: not made) */
    hc_key_filter undone;
    uint32_t undone_len;
    bool undone_ok;
    hc_count processed, kernel_processed, filtered_processed, keyed_processed, kernel_reports;
    uint64_t since_poll;   /* bytes hashed since job->cancelled() was called */
    hc_count published;    /* the part of processed added to job->progress */
    uint64_t since_publish; /* bytes hashed since then */
} worker;

/* ---- keyspace positions ---------------------------------------------------- */

/* The bytes at position pos of every candidate, and their number: the
 * dictionary, or the mask's set there. */
static inline size_t pos_size(const engine *e, uint32_t pos)
{
    return e->mask ? e->mask->pos[pos].count : e->d;
}

static inline const uint8_t *pos_chars(const engine *e, uint32_t pos)
{
    return e->mask ? e->mask->pos[pos].chars : e->job->dict;
}

/* Candidates of length len. */
static hc_count pow_d(const engine *e, uint32_t len)
{
    return e->mask ? e->mask_count[len] : hc_count_pow(e->d, len);
}

/* Candidates of lengths lo..hi. */
static hc_count sum_counts(const engine *e, uint64_t lo, uint64_t hi)
{
    if (!e->mask)
        return hc_count_sum(e->d, lo, hi);
    hc_count sum = 0;
    for (uint64_t l = lo; l <= hi; l++)
        sum = sum > HC_COUNT_MAX - e->mask_count[l] ? HC_COUNT_MAX : sum + e->mask_count[l];
    return sum;
}

/* Position p (0-based, in the order of lengths min_len..max_len) as a length
 * and an index within that length. */
static void locate(const engine *e, hc_count p, uint32_t *len, hc_count *index)
{
    uint32_t l = e->job->min_len;
    if (!e->mask && e->d == 1) {
        /* One candidate per length (and up to 2^29 lengths): no loop. */
        *len = (uint32_t)(l + p);
        *index = 0;
        return;
    }
    for (;;) {
        hc_count n = pow_d(e, l);
        if (p < n || l == e->job->max_len) {
            *len = l;
            *index = p;
            return;
        }
        p -= n;
        l++;
    }
}

static void plan_length(const engine *e, uint32_t len, length_plan *plan)
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

/* ---- CRC registers (see kernel.h) ------------------------------------------ */

/* The register after n zero bytes. */
static uint32_t crc_zeros(const uint32_t table[256], uint32_t reg, size_t n)
{
    for (size_t i = 0; i < n; i++)
        reg = table[reg & 0xFF] ^ (reg >> 8);
    return reg;
}

/* ---- the dispenser ---------------------------------------------------------- */

static hc_count rank_in_run(const engine *e, uint32_t len, hc_count index);

/* Under the lock: every candidate before the earliest chunk in flight
 * (or, with none, before the next to hand out) is hashed. */
static void publish_settled(engine *e)
{
    hc_crack_progress *progress = e->job->progress;
    if (progress == NULL)
        return;
    hc_count settled = e->dispensed ? e->size : rank_in_run(e, e->cur_len, e->cur_off);
    for (unsigned i = 0; i < e->job->threads; i++)
        if (e->flight[i] < settled)
            settled = e->flight[i];
    atomic_store_explicit(&progress->settled, settled > UINT64_MAX ? UINT64_MAX : (uint64_t)settled,
                          memory_order_relaxed);
}

/* The worker in `slot` takes chunk c, done with its last one if
 * `completed` (not dropped). */
static bool next_chunk(engine *e, chunk *c, size_t slot, bool completed)
{
    bool ok = false;
    plat_mutex_lock(&e->lock);
    if (completed)
        e->flight[slot] = HC_COUNT_MAX;
    if (!e->dispensed && !atomic_load(&e->stop) && e->next_seq <= atomic_load(&e->found_seq)) {
        length_plan plan;
        plan_length(e, e->cur_len, &plan);
        hc_count end = e->cur_len == e->last_len ? e->last_end : pow_d(e, e->cur_len);
        uint64_t want = !plan.kernel ? GENERIC_CHUNK : e->crc ? CRC_CHUNK : KERNEL_CHUNK;
        uint64_t units = want / plan.inner > 0 ? want / plan.inner : 1;
        /* Chunks end on whole kernel calls (a multiple of the suffix count). */
        hc_count stop = (e->cur_off / plan.inner + units) * plan.inner;
        if (stop > end || stop < e->cur_off)
            stop = end;
        c->seq = e->next_seq++;
        c->len = e->cur_len;
        c->off = e->cur_off;
        c->count = (uint64_t)(stop - e->cur_off);
        if (e->job->progress)
            atomic_store_explicit(&e->job->progress->length, c->len, memory_order_relaxed);
        e->flight[slot] = rank_in_run(e, c->len, c->off);
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
static void record_match(worker *w, const chunk *c, hc_count index)
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
static void record_target(worker *w, const chunk *c, size_t t)
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

static void fail(engine *e, hc_status status)
{
    plat_mutex_lock(&e->lock);
    if (e->error == HC_OK)
        e->error = status;
    plat_mutex_unlock(&e->lock);
    atomic_store(&e->stop, true);
}

/* Adds what the worker hashed since the last call to job->progress. */
static void publish(worker *w)
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
static bool abandon(worker *w, const chunk *c, uint64_t hashed)
{
    engine *e = w->e;
    if (atomic_load_explicit(&e->stop, memory_order_relaxed) ||
        atomic_load_explicit(&e->found_seq, memory_order_relaxed) < c->seq)
        return true;
    w->since_poll += hashed;
    w->since_publish += hashed;
    if (w->since_publish >= e->publish_bytes)
        publish(w);
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

/* ---- candidates --------------------------------------------------------------- */

/* Buffers for candidates of length len: all of it, or the tail of a long
 * one. */
static bool ensure_length(worker *w, uint32_t len)
{
    w->base = len > LONG_LEN ? len - TAIL_CHARS : 0;
    if (w->base > 0 && w->run_piece == NULL) {
        const engine *e = w->e;
        if ((w->run_piece = malloc(RUN_PIECE)) == NULL)
            return false;
        for (size_t i = 0; i < RUN_PIECE; i += e->cw) {
            w->run_piece[i] = e->job->dict[0];
            if (e->cw == 2)
                w->run_piece[i + 1] = 0; /* UTF-16LE, as message() widens */
        }
        /* Rows whose state can be copied keep the state after the run. */
        if (!(e->alg->flags & HC_ALG_OPAQUE_CTX) && hc_hasher_open(&w->run, e->alg, NULL) == HC_OK)
            w->run_open = true;
    }
    len -= w->base;
    if (len <= w->cap && w->text)
        return true;
    size_t cap = len < 64 ? 64 : len;
    uint16_t *digits = realloc(w->digits, cap * sizeof(*digits));
    if (digits)
        w->digits = digits;
    uint8_t *text = realloc(w->text, cap);
    if (text)
        w->text = text;
    uint8_t *wide = realloc(w->wide, 2 * cap);
    if (wide)
        w->wide = wide;
    if (!digits || !text || !wide)
        return false;
    w->cap = cap;
    return true;
}

/* Digits of index (most significant first) and the matching bytes, for the
 * characters kept (all but the leading run of a long candidate, which holds
 * only zero digits). */
static void set_candidate(worker *w, uint32_t len, hc_count index)
{
    const engine *e = w->e;
    uint32_t i = len - w->base;
    /* 128-bit divisions only while the index has digits left. */
    while (i > 0 && index > 0) {
        i--;
        const size_t d = pos_size(e, i + w->base);
        w->digits[i] = (uint16_t)(index % d);
        index /= d;
        w->text[i] = pos_chars(e, i + w->base)[w->digits[i]];
    }
    memset(w->digits, 0, i * sizeof(*w->digits));
    for (uint32_t k = 0; k < i; k++)
        w->text[k] = pos_chars(e, k + w->base)[0];
}

/* The bytes the algorithm hashes for text[from, to): UTF-16LE for ntlm,
 * each byte one code unit (contract §6). */
static const uint8_t *message(worker *w, uint32_t from, uint32_t to)
{
    if (w->e->cw == 1)
        return w->text + from;
    for (uint32_t i = from; i < to; i++) {
        w->wide[2 * i] = w->text[i];
        w->wide[2 * i + 1] = 0;
    }
    return w->wide + 2 * (size_t)from;
}

static bool matches_target(const worker *w)
{
    return memcmp(w->digest, w->e->job->target, w->e->alg->digest_len) == 0;
}

/* ---- the leading run of long candidates ----------------------------------------- */

/* Feeds the run (base copies of the first character) to h in pieces, with
 * a poll after each; false when chunk c is to be dropped. */
static bool feed_run(worker *w, const chunk *c, hc_hasher *h)
{
    uint64_t left = (uint64_t)w->base * w->e->cw;
    while (left > 0) {
        size_t n = left < RUN_PIECE ? (size_t)left : RUN_PIECE;
        hc_hasher_update(h, w->run_piece, n);
        left -= n;
        if (abandon(w, c, n))
            return false;
    }
    return true;
}

/* Puts h in the state after the run of a candidate of length len (a reset
 * for a short one); false when chunk c is to be dropped meanwhile. */
static bool start_candidate(worker *w, const chunk *c, uint32_t len, hc_hasher *h)
{
    hc_hasher_reset(h);
    if (w->base == 0)
        return true;
    if (!w->run_open)
        return feed_run(w, c, h);
    if (w->run_len != len) {
        w->run_len = 0;
        hc_hasher_reset(&w->run);
        if (!feed_run(w, c, &w->run))
            return false;
        w->run_len = len;
    }
    hc_hasher_copy(h, &w->run);
    return true;
}

/* The CRC register after the run of length len's candidates, from the
 * initial register. */
static bool run_register(worker *w, const chunk *c, uint32_t len, uint32_t *reg)
{
    if (w->run_crc_len != len) {
        w->run_crc_len = 0;
        uint32_t r = 0xFFFFFFFFu;
        for (uint64_t left = w->base; left > 0;) {
            size_t n = left < RUN_PIECE ? (size_t)left : RUN_PIECE;
            r = hc_crc_table_run(w->e->crc_table, r, w->run_piece, n);
            left -= n;
            if (abandon(w, c, n))
                return false;
        }
        w->run_crc = r;
        w->run_crc_len = len;
    }
    *reg = w->run_crc;
    return true;
}

/* Hashes the whole candidate into w->digest (false when dropped). */
static bool hash_candidate(worker *w, const chunk *c, uint32_t len)
{
    uint32_t n = len - w->base;
    if (!start_candidate(w, c, len, &w->hasher))
        return false;
    hc_hasher_update(&w->hasher, message(w, 0, n), (size_t)n * w->e->cw);
    hc_hasher_final(&w->hasher, w->digest);
    return true;
}

/* Hashes the whole candidate and compares (false also when dropped). */
static bool verify(worker *w, const chunk *c, uint32_t len)
{
    return hash_candidate(w, c, len) && matches_target(w);
}

/* ---- generic path --------------------------------------------------------------- */

/* The state after all but the last character; false when dropped. */
static bool hash_prefix(worker *w, const chunk *c, uint32_t len)
{
    uint32_t n = len - w->base;
    if (!start_candidate(w, c, len, &w->prefix))
        return false;
    hc_hasher_update(&w->prefix, message(w, 0, n - 1), (size_t)(n - 1) * w->e->cw);
    return true;
}

static void run_generic(worker *w, const chunk *c)
{
    engine *e = w->e;
    const uint32_t len = c->len, n = len - w->base; /* n: characters kept */
    const size_t cw = e->cw;
    /* finalising: a padding block, and MD2's or GOST's checksum block */
    const uint64_t final_bytes = 2 * (e->alg->block_len ? e->alg->block_len : 64);
    set_candidate(w, len, c->off);
    const bool copy = e->copy_prefix && len >= 2;
    if (copy && !hash_prefix(w, c, len))
        return;
    uint64_t left = c->count, batch = 0, hashed = 0;
    uint8_t last[2] = {0, 0};
    while (left > 0) {
        if (copy) {
            hc_hasher_copy(&w->hasher, &w->prefix);
            last[0] = w->text[n - 1];
            hc_hasher_update(&w->hasher, last, cw);
            hc_hasher_final(&w->hasher, w->digest);
            hashed += cw + final_bytes;
        } else if (w->base == 0) {
            hc_hasher_oneshot(&w->hasher, message(w, 0, n), n * cw, w->digest);
            hashed += n * cw + final_bytes;
        } else {
            if (!start_candidate(w, c, len, &w->hasher)) {
                w->processed += batch;
                return;
            }
            hc_hasher_update(&w->hasher, message(w, 0, n), n * cw);
            hc_hasher_final(&w->hasher, w->digest);
            hashed += n * cw + final_bytes;
        }
        size_t target;
        if (e->multi) {
            if (hc_target_check(&e->set, w->digest, &target))
                record_target(w, c, target);
        } else if (matches_target(w)) {
            record_match(w, c, c->off + (c->count - left));
            w->processed += batch + 1;
            return;
        }
        left--;
        /* Next candidate: the odometer, rightmost fastest. */
        uint32_t i = n - 1;
        while (++w->digits[i] == pos_size(e, i + w->base)) {
            w->digits[i] = 0;
            w->text[i] = pos_chars(e, i + w->base)[0];
            if (i == 0)
                break;
            i--;
        }
        w->text[i] = pos_chars(e, i + w->base)[w->digits[i]];
        if (copy && i < n - 1 && left > 0) {
            if (!hash_prefix(w, c, len)) {
                w->processed += batch + 1;
                return;
            }
            hashed += (n - 1) * cw;
        }
        batch++;
        if (batch == 256 || hashed >= POLL_BYTES) {
            w->processed += batch;
            if (abandon(w, c, hashed))
                return;
            batch = hashed = 0;
        }
    }
    w->processed += batch;
}

/* ---- kernel path ------------------------------------------------------------------ */

/* A word of n bytes (4 or 8) in the given byte order. */
static uint64_t load_word(const uint8_t *p, unsigned n, bool big_endian)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | p[big_endian ? i : n - 1 - i];
    return v;
}

static void table_set(void *table, size_t u, uint64_t value, unsigned word_bytes)
{
    if (word_bytes == 8)
        ((uint64_t *)table)[u] = value;
    else
        ((uint32_t *)table)[u] = (uint32_t)value;
}

static void table_copy(void *table, size_t to, size_t from, unsigned word_bytes)
{
    memcpy((uint8_t *)table + to * word_bytes, (uint8_t *)table + from * word_bytes, word_bytes);
}

/* The padded block of a one-block message of `bytes` bytes whose first
 * bytes are already in block, in the family's padding (kernel.h): for
 * MD5/SHA, 0x80, zeros and the bit length in the last 8 bytes (RFC 1321
 * §3.1-3.2, FIPS 180-4 §5.1.1; §5.1.2's 128-bit length has a zero upper
 * half here) in the algorithm's byte order; for Keccak's rate the domain
 * byte and 0x80 share a byte when the message fills all but one (FIPS 202
 * B.2). */
static void pad_block(const engine *e, uint8_t *block, unsigned bytes)
{
    const unsigned block_bytes = e->layout.block_bytes;
    const uint64_t bits = (uint64_t)bytes * 8;
    memset(block + bytes, 0, block_bytes - bytes);
    switch (e->layout.padding) {
    case HC_MB_PAD_ZERO:
    case HC_MB_CRC_TABLE:
        break;
    case HC_MB_PAD_MD2:
        memset(block + bytes, (int)(block_bytes - bytes), block_bytes - bytes);
        break;
    case HC_MB_PAD_KECCAK:
        block[bytes] = e->layout.pad_byte;
        block[block_bytes - 1] |= 0x80;
        break;
    case HC_MB_PAD_HAVAL: {
        /* 0x01, then VERSION 1, PASS, FPTLEN (bits) in two bytes, then the
         * bit length, as in algos/haval.c */
        unsigned fingerprint_bits = e->alg->digest_len * 8;
        block[bytes] = 0x01;
        block[block_bytes - 10] = (uint8_t)((fingerprint_bits & 0x3) << 6 | (e->alg->passes & 0x7) << 3 | 1);
        block[block_bytes - 9] = (uint8_t)(fingerprint_bits >> 2);
        for (unsigned i = 0; i < 8; i++)
            block[block_bytes - 8 + i] = (uint8_t)(bits >> (8 * i));
        break;
    }
    case HC_MB_PAD_MD:
        block[bytes] = e->layout.pad_byte ? e->layout.pad_byte : 0x80;
        for (unsigned i = 0; i < 8; i++)
            block[e->layout.length_big_endian ? block_bytes - 1 - i : block_bytes - 8 + i] = (uint8_t)(bits >> (8 * i));
        break;
    }
}

/* Character pos of the candidate into the block, after the row's leading
 * zero bytes (TTH's leaf prefix). */
static void put_char(const engine *e, uint8_t *block, unsigned pos, uint8_t c)
{
    const unsigned at = e->layout.lead_zeros + pos * e->cw;
    block[at] = c;
    if (e->cw == 2)
        block[at + 1] = 0;
}

/* Tables of the in-kernel suffixes of length len (see kernel.h). */
static bool build_tables(worker *w, uint32_t len, const length_plan *plan)
{
    engine *e = w->e;
    const unsigned wb = e->layout.word_bytes;
    size_t need = plan->inner + HC_MB_TABLE_PAD;
    /* Both tables in one block, each tab_stride entries: the low one starts
     * whole 64-byte lines after the high one, so both keep the block's
     * alignment. Their entries are all written below. */
    const size_t stride = (need + 7) & ~(size_t)7;
    if (stride > w->tab_stride) {
        /* The tables start on a cache line, so no vector load straddles
         * two: with malloc's 16-byte alignment, wherever the heap put
         * them, the CRC scan's portable kernel ran 12% slower in some
         * runs. (Their old entries are not needed: no realloc.) */
        free(w->tab_block);
        w->tab_block = malloc(2 * stride * sizeof(uint64_t) + CACHE_LINE);
        if (w->tab_block == NULL) {
            w->tab_hi = w->tab_lo = NULL;
            w->tab_stride = 0;
            return false;
        }
        w->tab_hi = (void *)(((uintptr_t)w->tab_block + CACHE_LINE - 1) & ~(uintptr_t)(CACHE_LINE - 1));
        w->tab_stride = stride;
    }
    w->tab_lo = (uint64_t *)w->tab_hi + w->tab_stride;
    const bool be = e->layout.big_endian;
    uint16_t digits[MAX_SUFFIX] = {0};
    uint8_t block[HC_MB_MAX_WORDS * 8], suffix[MAX_SUFFIX];
    memset(block, 0, sizeof(block));
    const unsigned first = len - plan->t;
    for (uint64_t u = 0; u < plan->inner; u++) {
        if (e->crc) {
            for (unsigned k = 0; k < plan->t; k++)
                suffix[k] = pos_chars(e, first + k)[digits[k]];
            table_set(w->tab_hi, u, hc_crc_table_run(e->crc_table, 0, suffix, plan->t), wb);
            table_set(w->tab_lo, u, 0, wb);
        } else {
            for (unsigned k = 0; k < plan->t; k++)
                put_char(e, block, first + k, pos_chars(e, first + k)[digits[k]]);
            table_set(w->tab_hi, u, load_word(block + wb * plan->word, wb, be), wb);
            table_set(w->tab_lo, u, plan->two ? load_word(block + wb * (plan->word - 1), wb, be) : 0, wb);
        }
        for (unsigned k = plan->t; k-- > 0;) {
            if (++digits[k] < pos_size(e, first + k))
                break;
            digits[k] = 0;
        }
    }
    for (size_t u = plan->inner; u < need; u++) {
        table_copy(w->tab_hi, u, plan->inner - 1, wb);
        table_copy(w->tab_lo, u, plan->inner - 1, wb);
    }
    w->table_len = len;
    return true;
}

static void target_words(const engine *e, const uint8_t *target, uint32_t words[16], uint64_t words64[8]);

/* Many targets, a kernel that can undo its last steps: the filter of the
 * values it compares for length len, from the args of any call of that
 * length. Not made (the filter of first words serves): too many targets,
 * no memory, or steps that read the prefix. */
static void prepare_undone(worker *w, uint32_t len, const hc_mb_args *args)
{
    engine *e = w->e;
    hc_mb_filter_key_fn *key_of = e->layout.filter_key;
    w->undone_len = len;
    w->undone_ok = false;
    hc_key_filter_free(&w->undone);
    if (key_of == NULL || e->set.count > UNDONE_MAX || hc_key_filter_init(&w->undone, e->set.count) != HC_OK)
        return;
    uint32_t words[16];
    uint64_t words64[8];
    for (size_t i = 0; i < e->set.count; i++) {
        uint32_t key;
        target_words(e, e->set.digests + i * e->alg->digest_len, words, words64);
        if (!key_of(args, words, &key))
            return;
        hc_key_filter_add(&w->undone, key);
    }
    w->undone_ok = true;
}

/* One call of run_kernel: the chunk's place in the keyspace, the block the
 * kernel hashes (the prefix in place, the suffix from the tables) and the
 * kernel's arguments. */
typedef struct kernel_run {
    worker *w;
    const chunk *c;
    const length_plan *plan;
    uint32_t len;
    unsigned prefix_len;
    uint32_t base;       /* only a long CRC candidate's text starts later */
    uint32_t crc_want;   /* CRC: the table entry a match needs */
    uint8_t block[HC_MB_MAX_WORDS * 8];
    uint32_t words[HC_MB_MAX_WORDS];
    uint64_t words64[HC_MB_MAX_WORDS]; /* Keccak: the lanes past the rate stay zero */
    hc_mb_args args;
} kernel_run;

static void kernel_run_init(kernel_run *k, worker *w, const chunk *c, const length_plan *plan)
{
    engine *e = w->e;
    memset(k, 0, sizeof(*k));
    k->w = w;
    k->c = c;
    k->plan = plan;
    k->len = c->len;
    k->prefix_len = c->len - plan->t;
    k->base = w->base;
    if (!e->crc) {
        pad_block(e, k->block, e->layout.lead_zeros + k->len * e->cw);
        for (unsigned i = 0; i < k->prefix_len; i++)
            put_char(e, k->block, i, w->text[i]);
    }
    k->args = (hc_mb_args){
        .w = k->words,
        .tab_lo = w->tab_lo,
        .tab_hi = w->tab_hi,
        .w64 = k->words64,
        .tab64_lo = w->tab_lo,
        .tab64_hi = w->tab_hi,
        .target64 = e->target64,
        .word = plan->word,
        .two = plan->two,
        .target = e->target_words,
        .digest_len = e->alg->digest_len,
        .passes = e->alg->passes,
        .msg_bytes = e->layout.lead_zeros + k->len * e->cw,
    };
}

/* The kernel's view of the current prefix: the CRC entry a match needs,
 * or the block's words, and the filter of the targets. false: stopped. */
static bool load_prefix(kernel_run *k)
{
    worker *w = k->w;
    engine *e = w->e;
    if (e->crc) {
        /* The entry a match needs: Z(reg(prefix)) ^ the target's final
         * register (the CRC inverted back, RFC 1952 §8). */
        uint32_t reg = 0xFFFFFFFFu;
        if (k->base > 0 && !run_register(w, k->c, k->len, &reg))
            return false;
        reg = hc_crc_table_run(e->crc_table, reg, w->text, k->prefix_len - k->base);
        k->crc_want = crc_zeros(e->crc_table, reg, k->plan->t);
        if (e->kernel_filter) {
            /* filter mode: each lane's final CRC is ~Z ^ U(suffix), the
             * prefix's part here, looked up among the targets' */
            k->words[0] = ~k->crc_want;
            k->args.filter = &e->set.keys.filter;
        } else {
            k->words[0] = k->crc_want ^ ~e->target_words[0];
        }
        return true;
    }
    const unsigned wb = e->layout.word_bytes;
    for (unsigned i = 0; i < e->layout.block_words; i++) {
        k->words64[i] = load_word(k->block + wb * i, wb, e->layout.big_endian);
        k->words[i] = (uint32_t)k->words64[i];
    }
    if (e->fixed_filter) {
        k->args.filter = &e->fixed_keys.filter;
        k->args.filter_undone = true;
    } else if (e->kernel_filter) {
        if (w->undone_len != k->len)
            prepare_undone(w, k->len, &k->args);
        k->args.filter = w->undone_ok ? &w->undone.filter : &e->set.keys.filter;
        k->args.filter_undone = w->undone_ok;
    }
    return true;
}

/* A lane the kernel flagged: the candidate rebuilt and checked. true when
 * the run is over (the one target found, or a failure). */
static bool take_hit(kernel_run *k, uint64_t lane, uint64_t u0, hc_count outer)
{
    worker *w = k->w;
    engine *e = w->e;
    /* The suffix of this lane, then the whole candidate. */
    uint64_t s = lane;
    for (unsigned i = k->len; i-- > k->prefix_len;) {
        const size_t d = pos_size(e, i);
        w->text[i - k->base] = pos_chars(e, i)[s % d];
        s /= d;
    }
    if (e->multi) {
        size_t target;
        if (!hash_candidate(w, k->c, k->len))
            return true;
        if (hc_target_find(&e->set, w->digest, &target))
            record_target(w, k->c, target);
        return false;
    }
    if (!verify(w, k->c, k->len))
        return false;
    record_match(w, k->c, outer * k->plan->inner + lane);
    w->processed += lane - u0 + 1;
    w->kernel_processed += lane - u0 + 1;
    return true;
}

/* Suffixes [u0, u_end) of the current prefix through the kernel, once per
 * target where the kernel compares with one at a time. true: over. */
static bool scan_suffixes(kernel_run *k, uint64_t u0, uint64_t u_end, hc_count outer)
{
    worker *w = k->w;
    engine *e = w->e;
    /* kernel passes over each range: one per target without a filter mode */
    const unsigned passes = e->per_target ? e->per_target : 1;
    for (unsigned pass = 0; pass < passes; pass++) {
        if (e->per_target) {
            k->args.target = e->target_words_of[pass];
            k->args.target64 = e->target64_of[pass];
            if (e->crc)
                k->words[0] = k->crc_want ^ ~e->target_words_of[pass][0];
        }
        size_t u = u0;
        while (u < u_end) {
            unsigned n = 0;
            u = e->layout.kernel(&k->args, u, u_end, w->hits, HITS_CAP, &n);
            for (unsigned h = 0; h < n; h++) {
                if (w->hits[h] < u0)
                    continue;
                w->kernel_reports++;
                if (take_hit(k, w->hits[h], u0, outer))
                    return true;
            }
        }
    }
    return false;
}

/* The next prefix: the odometer over the first prefix_len characters
 * (those kept: a long CRC candidate's run never changes). */
static void next_prefix(kernel_run *k)
{
    worker *w = k->w;
    engine *e = w->e;
    unsigned i = k->prefix_len - k->base - 1;
    while (++w->digits[i] == pos_size(e, i + k->base)) {
        w->digits[i] = 0;
        w->text[i] = pos_chars(e, i + k->base)[0];
        if (!e->crc)
            put_char(e, k->block, i, w->text[i]);
        if (i == 0)
            break;
        i--;
    }
    w->text[i] = pos_chars(e, i + k->base)[w->digits[i]];
    if (!e->crc)
        put_char(e, k->block, i, w->text[i]);
}

/* A chunk of one length: for each prefix, every suffix of the tables in
 * SIMD lanes. */
static void run_kernel(worker *w, const chunk *c, const length_plan *plan)
{
    engine *e = w->e;
    if (w->table_len != c->len && !build_tables(w, c->len, plan)) {
        fail(e, HC_ERR_NOMEM);
        return;
    }
    const uint64_t inner = plan->inner;
    hc_count outer = c->off / inner;
    uint64_t u0 = (uint64_t)(c->off % inner);
    set_candidate(w, c->len, c->off);
    kernel_run k;
    kernel_run_init(&k, w, c, plan);
    for (uint64_t left = c->count; left > 0;) {
        uint64_t u_end = inner - u0 < left ? inner : u0 + left;
        if (!load_prefix(&k) || scan_suffixes(&k, u0, u_end, outer))
            return;
        uint64_t done = u_end - u0;
        left -= done;
        w->processed += done;
        w->kernel_processed += done;
        if (k.args.filter != NULL)
            w->filtered_processed += done;
        if (k.args.filter_undone)
            w->keyed_processed += done;
        u0 = 0;
        outer++;
        /* work: a table scan per CRC candidate, a block per other one */
        if (left == 0 || abandon(w, c, done * (e->crc ? 1 : e->layout.block_bytes)))
            return;
        next_prefix(&k);
    }
}

/* ---- workers ------------------------------------------------------------------------ */

static void worker_main(void *arg, size_t index)
{
    engine *e = arg;
    worker w;
    memset(&w, 0, sizeof(w));
    w.e = e;
    hc_status status = hc_hasher_open(&w.hasher, e->alg, NULL);
    if (status != HC_OK) {
        fail(e, status);
        return;
    }
    if (e->copy_prefix) {
        status = hc_hasher_open(&w.prefix, e->alg, NULL);
        if (status != HC_OK) {
            hc_hasher_close(&w.hasher);
            fail(e, status);
            return;
        }
        w.prefix_open = true;
    }
    chunk c;
    bool completed = false;
    while (next_chunk(e, &c, index, completed)) {
        if (!ensure_length(&w, c.len)) {
            fail(e, HC_ERR_NOMEM);
            break;
        }
        length_plan plan;
        plan_length(e, c.len, &plan);
        const hc_count before = w.processed;
        if (plan.kernel)
            run_kernel(&w, &c, &plan);
        else
            run_generic(&w, &c);
        /* a dropped chunk stops short of its count */
        completed = w.processed - before == c.count;
    }
    publish(&w);
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

/* ---- set-up ---------------------------------------------------------------------------- */

static bool job_valid(const hc_crack_job *job)
{
    const bool targets = job->target_count > 0 ? job->targets && job->on_found : job->target != NULL;
    if (job->mask && (job->mask->length < 1 || job->mask->length > HC_MASK_MAX_LEN || job->max_len > job->mask->length))
        return false;
    return job->alg && targets && (job->dict || job->dict_len == 0) && job->dict_len <= HC_DICT_MAX &&
           job->min_len >= 1 && job->min_len <= job->max_len && job->max_len <= HC_CRACK_MAX_LENGTH &&
           (job->part == 0) == (job->parts == 0) && job->part <= job->parts && job->threads >= 1;
}

/* Candidates of the run before (len, index). */
static hc_count rank_in_run(const engine *e, uint32_t len, hc_count index)
{
    if (len == e->first_len)
        return index - e->first_off;
    hc_count r = pow_d(e, e->first_len) - e->first_off;
    if (len > e->first_len + 1)
        r += sum_counts(e, e->first_len + 1, len - 1);
    return r + index;
}

/* The run's range from the part (or the whole keyspace) and, for a
 * calibration, its last length only. */
static void set_range(engine *e)
{
    const hc_crack_job *job = e->job;
    hc_count total = sum_counts(e, job->min_len, job->max_len);
    e->uncountable = total == HC_COUNT_MAX;
    hc_count begin = 0, end = total;
    if (job->parts > 0)
        hc_crack_slice(total, job->part, job->parts, &begin, &end);
    /* the window: inside the part */
    const hc_count skip = job->skip < end - begin ? job->skip : end - begin;
    begin += skip;
    if (job->limit > 0 && end - begin > job->limit)
        end = begin + job->limit;
    /* a mask's keyspace is its lengths only: no shorter prefix is counted */
    const hc_count shorter = job->parts > 0 || e->mask ? 0 : sum_counts(e, 1, job->min_len - 1);
    e->base_attempts = shorter > HC_COUNT_MAX - skip ? HC_COUNT_MAX : shorter + skip;
    e->empty = begin >= end;
    if (e->empty)
        return;
    locate(e, begin, &e->first_len, &e->first_off);
    hc_count last_index;
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
            e->last_end = pow_d(e, len);
        e->first_len = e->last_len = len;
    }
    e->size = rank_in_run(e, e->last_len, e->last_end - 1) + 1;
}

/* A target as the kernel compares it: the algorithm's words. */
static void target_words(const engine *e, const uint8_t *target, uint32_t words[16], uint64_t words64[8])
{
    const bool be = e->layout.big_endian;
    const unsigned digest_len = e->alg->digest_len;
    for (unsigned i = 0; i < digest_len / 4 && i < 16; i++)
        words[i] = (uint32_t)load_word(target + 4 * i, 4, be);
    for (unsigned i = 0; i < digest_len / 8 && i < 8; i++)
        words64[i] = load_word(target + 8 * i, 8, be);
    /* CRCs print their value most significant byte first (§6). */
    if (e->layout.padding == HC_MB_CRC_TABLE)
        words[0] = (uint32_t)load_word(target, 4, true);
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
static hc_status engine_init(engine *e, const hc_crack_job *job, bool search, const hc_crack_probe *probe)
{
    memset(e, 0, sizeof(*e));
    e->job = job;
    e->alg = job->alg;
    e->d = job->dict_len;
    if ((e->mask = job->mask) != NULL) {
        e->mask_count[0] = 1;
        for (size_t l = 1; l <= e->mask->length; l++) {
            const hc_count prev = e->mask_count[l - 1], n = e->mask->pos[l - 1].count;
            e->mask_count[l] = prev > HC_COUNT_MAX / n ? HC_COUNT_MAX : prev * n;
        }
    }
    e->cw = (job->alg->flags & HC_ALG_TEXT_UTF16LE) ? 2 : 1;
    /* Everything about the kernel comes from the row (kernel.h); whether
     * to use it, from a measurement on this CPU. */
    e->use_kernel = search && search_layout(job, probe, &e->layout);
    e->publish_bytes = probe && probe->measuring ? 0 : PUBLISH_BYTES;
    if (e->use_kernel) {
        /* many targets: the first one's words until engine_targets */
        target_words(e, job->target_count > 0 ? job->targets : job->target, e->target_words, e->target64);
        e->crc = e->layout.padding == HC_MB_CRC_TABLE;
        if (e->crc)
            hc_crc_table_make(e->crc_table, job->alg->crc_poly);
    }
    e->copy_prefix = !(job->alg->flags & HC_ALG_OPAQUE_CTX) && job->alg->ctx_size <= COPY_CTX_MAX;
    atomic_init(&e->found_seq, UINT64_MAX);
    atomic_init(&e->stop, false);
    atomic_init(&e->cancelled, false);
    if (e->mask || e->d > 0)
        set_range(e);
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

hc_status hc_crack_job_size_sized(const hc_crack_job *job, uint64_t sizes, hc_count *attempts, hc_count *hashed)
{
    engine e;
    *attempts = *hashed = 0;
    if (sizes != HC_CRACK_SIZES)
        return HC_ERR_ABI;
    if (!job_valid(job))
        return HC_ERR_INVALID;
    hc_status status = engine_init(&e, job, false, NULL);
    if (status != HC_OK)
        return status;
    *hashed = e.empty ? 0 : e.size;
    *attempts = e.base_attempts + *hashed;
    if (*attempts < e.base_attempts)
        *attempts = HC_COUNT_MAX;
    plat_mutex_destroy(&e.lock);
    return HC_OK;
}

hc_status hc_crack_walk_sized(const hc_crack_job *job, uint64_t sizes,
                              bool (*emit)(void *arg, const uint8_t *text, size_t len), void *arg)
{
    engine e;
    if (sizes != HC_CRACK_SIZES)
        return HC_ERR_ABI;
    if (!job_valid(job))
        return HC_ERR_INVALID;
    if (job->max_len > HC_MASK_MAX_LEN)
        return HC_ERR_RANGE;
    hc_status status = engine_init(&e, job, false, NULL);
    if (status != HC_OK)
        return status;
    uint16_t digits[HC_MASK_MAX_LEN];
    uint8_t text[HC_MASK_MAX_LEN];
    hc_count left = e.empty ? 0 : e.size, index = e.first_off;
    for (uint32_t len = e.first_len; left > 0; len++, index = 0) {
        for (uint32_t i = len; i-- > 0; index /= pos_size(&e, i)) {
            digits[i] = (uint16_t)(index % pos_size(&e, i));
            text[i] = pos_chars(&e, i)[digits[i]];
        }
        hc_count n = pow_d(&e, len) - (len == e.first_len ? e.first_off : 0);
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
        target_words(e, e->set.digests + i * e->alg->digest_len, words, words64);
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
            target_words(e, job->targets + (size_t)t * e->alg->digest_len, e->target_words_of[t], e->target64_of[t]);
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

hc_status hc_crack_run_probed(const hc_crack_job *job, hc_crack_result *result, hc_crack_probe *probe)
{
    memset(result, 0, sizeof(*result));
    if (!job_valid(job))
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
        e.flight[i] = HC_COUNT_MAX;
    if (!e.empty) {
        hc_pool *own = NULL;
        hc_pool *pool = job->pool;
        if (pool == NULL && job->threads > 1 && hc_pool_create(&own, job->threads) == HC_OK)
            pool = own;
        hc_pool_for(pool, job->threads, worker_main, &e);
        hc_pool_destroy(own);
    }

    status = e.error;
    if (status == HC_OK) {
        result->hashed = e.processed;
        result->cancelled = atomic_load(&e.cancelled);
        if (e.multi) {
            result->found_count = e.found_count;
            result->found = e.found_count == e.set.count;
            result->attempts = e.base_attempts + (result->cancelled || result->found ? e.processed : e.size);
        } else if (atomic_load(&e.found_seq) != UINT64_MAX) {
            result->found = true;
            result->found_text = e.found_text;
            result->found_len = e.found_len;
            e.found_text = NULL;
            result->attempts = e.base_attempts + rank_in_run(&e, e.found_len, e.found_index) + 1;
        } else {
            result->attempts = e.base_attempts + (result->cancelled ? e.processed : e.size);
        }
        if (result->attempts < e.base_attempts)
            result->attempts = HC_COUNT_MAX;
    }
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

hc_status hc_crack_run_sized(const hc_crack_job *job, hc_crack_result *result, uint64_t sizes)
{
    /* A caller built with other headers: its structures are not ours, so
     * neither is read nor written. */
    if (sizes != HC_CRACK_SIZES)
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
