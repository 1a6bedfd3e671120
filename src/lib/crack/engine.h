/* The brute-force engine's insides, shared by its files:
 *   engine.c           set-up, the workers' loop, the run and its result;
 *   engine_keyspace.c  positions, lengths cut for the kernel, the range, counts;
 *   engine_publish.c   the dispenser, recorded answers, published progress;
 *   engine_generic.c   one candidate at a time through the hasher;
 *   engine_kernel.c    the SIMD kernels' tables, blocks and lanes.
 *
 * The engine: enumerates the keyspace in the contract's order
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
#ifndef HC_CRACK_ENGINE_H
#define HC_CRACK_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "crack/engine_probe.h"
#include "crack/job.h"
#include "crack/kernel.h"
#include "crack/targets.h"
#include "hc/crack.h"
#include "hc/mask.h"
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
    count128 off;      /* first candidate: index within its length */
    uint64_t count;
} chunk;

typedef struct engine {
    const hc_crack_job *job;
    const hc_algorithm *alg;
    size_t d;                        /* the dictionary's size (no mask) */
    /* A mask (job->mask): a set per position, and the candidates of each
     * prefix length (mask_count[l] for lengths 0..mask->length) */
    const hc_mask *mask;
    count128 mask_count[HC_MASK_MAX_LEN + 1];
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
    count128 first_off, last_end;
    count128 base_attempts;          /* attempts before the run (§5.3) */
    bool uncountable;                /* the keyspace of every part saturated COUNT128_MAX */
    count128 size;                   /* candidates of the run */

    plat_mutex lock;
    /* dispenser, under lock */
    uint32_t cur_len;
    count128 cur_off;
    bool dispensed;
    uint64_t next_seq;
    /* The chunks in flight, a slot per worker: the rank in the run of each
     * one's first candidate (COUNT128_MAX: none, or done), whence the
     * progress's `settled`. A dropped chunk stays in its slot. */
    count128 *flight;
    /* results, under lock; found_seq also read without it */
    _Atomic uint64_t found_seq;
    uint32_t found_len;
    count128 found_index;
    uint8_t *found_text;
    count128 processed;
    count128 kernel_processed;       /* of those, by the kernel */
    count128 filtered_processed;     /* of those, in filter mode */
    count128 keyed_processed;        /* of these, with the family's keys */
    count128 kernel_reports;         /* lanes the kernel flagged, verified by the hasher */
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
    count128 processed, kernel_processed, filtered_processed, keyed_processed, kernel_reports;
    uint64_t since_poll;   /* bytes hashed since job->cancelled() was called */
    count128 published;    /* the part of processed added to job->progress */
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

/* ---- set-up and keyspace (engine.c, engine_keyspace.c) ---- */

/* The engine for job; `search`: to run it (else only to count or walk its
 * keyspace, for which the path does not matter). */
hc_status engine_init(engine *e, const hc_crack_job *job, bool search, const hc_crack_probe *probe);
bool engine_job_valid(const hc_crack_job *job);
/* Candidates of length len. */
count128 engine_length_count(const engine *e, uint32_t len);
/* How candidates of length len are hashed: through the kernel (and how
 * many characters vary inside one call), or one at a time. */
void engine_plan_length(const engine *e, uint32_t len, length_plan *plan);
/* Candidates of the run before (len, index). */
count128 engine_rank_in_run(const engine *e, uint32_t len, count128 index);
/* The run's range from the part (or the whole keyspace) and the window. */
void engine_set_range(engine *e);

/* ---- shared state (engine_publish.c) ---- */

/* The worker in `slot` takes chunk c, done with its last one if
 * `completed` (not dropped); false when there is none left. */
bool engine_next_chunk(engine *e, chunk *c, size_t slot, bool completed);
/* The worker's current candidate (index in its length) is the answer of chunk c. */
void engine_record_match(worker *w, const chunk *c, count128 index);
/* Many targets: the worker's current candidate hashes to target t. */
void engine_record_target(worker *w, const chunk *c, size_t t);
/* Stops the run with status (the first failure wins). */
void engine_fail(engine *e, hc_status status);
/* Adds what the worker hashed since the last call to job->progress. */
void worker_publish(worker *w);
/* Should the worker drop chunk c? `hashed`: bytes of work since the last call. */
bool worker_abandon(worker *w, const chunk *c, uint64_t hashed);

/* ---- hashing candidates (engine_generic.c, engine_kernel.c) ---- */

/* Buffers for candidates of length len; false without memory. */
bool worker_ensure_length(worker *w, uint32_t len);
/* The worker's candidate: index within length len. */
void worker_set_candidate(worker *w, uint32_t len, count128 index);
/* Hashes the whole candidate into w->digest (false when dropped). */
bool worker_hash_candidate(worker *w, const chunk *c, uint32_t len);
/* Hashes the whole candidate and compares (false also when dropped). */
bool worker_verify(worker *w, const chunk *c, uint32_t len);
void worker_run_generic(worker *w, const chunk *c);
void worker_run_kernel(worker *w, const chunk *c, const length_plan *plan);
/* A target as the kernel compares it: the algorithm's words. */
void engine_target_words(const engine *e, const uint8_t *target, uint32_t words[16], uint64_t words64[8]);

#endif
