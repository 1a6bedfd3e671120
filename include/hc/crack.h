/* hc — brute-force restore of a short string from its digest (hash mode).
 *
 * The keyspace is every string over a dictionary of distinct bytes, in the
 * contract's order (docs/cli.md §5.5): shortest first; within a length,
 * lexicographic by dictionary position with the rightmost byte varying
 * fastest. With dictionary "abc": a b c aa ab ac ba ... cc aaa ... ccc.
 *
 * The engine never prints: it reports through hc_crack_result, and the
 * caller stops it through the cancel callback (Ctrl+C, a time budget). */
#ifndef HC_CRACK_H
#define HC_CRACK_H

/* The advanced API (the search engine: crack.h, mask.h, rules.h, stream.h)
 * is not ABI-stable: its functions and its few public structs may change
 * in any release without raising HC_ABI_VERSION, so a program using it is built
 * against the release it runs with. It is opt-in, as zstd's static-only
 * API: define HC_ADVANCED_API before including any libhc header
 * (docs/library.md, "The advanced API"). */
#ifndef HC_ADVANCED_API
#error "<hc/crack.h> is libhc's advanced API, which is not ABI-stable: define HC_ADVANCED_API to use it (docs/library.md)"
#endif

#include "hc/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/algorithm.h"
#include "hc/cpu.h"
#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hc_pool;
struct hc_mask;

/* Candidate counts. The keyspace sum over lengths overflows 64 bits early
 * (62^11 > 2^64), so counts are 128-bit: value = hi * 2^64 + lo, as two
 * 64-bit halves that any C or C++ compiler takes. They saturate at
 * hc_count_max() (both halves all ones) instead of wrapping: a saturated
 * count stands for "at least this many"; no search of that size can
 * finish, so nothing exact is lost. */
typedef struct hc_count {
    uint64_t lo, hi;
} hc_count;

/* The saturated count, and whether c is it. */
static inline hc_count hc_count_max(void)
{
    hc_count max;
    max.lo = max.hi = UINT64_MAX;
    return max;
}

static inline bool hc_count_is_max(hc_count c)
{
    return c.lo == UINT64_MAX && c.hi == UINT64_MAX;
}

/* The longest -x the reference accepts (INT_MAX / sizeof(int)); above it the
 * crack reports "Max string length is too big" (contract §2.5). */
#define HC_CRACK_MAX_LENGTH 536870911u

/* At most 256 distinct bytes. */
#define HC_DICT_MAX 256

/* The contract's dictionary rules (§5.2): a value containing "ASCII" is the
 * 94 printable characters '!'..'~'; otherwise "0-9", then "a-z", then "A-Z"
 * are expanded (non-overlapping, left to right, one after the other) and
 * duplicate bytes dropped, keeping the first occurrence. spec may be any
 * bytes (UTF-8 is split into its bytes). Writes the distinct bytes to out
 * and their number to out_len (0 for an empty spec). HC_ERR_NOMEM only. */
HC_API hc_status hc_crack_dictionary(const char *spec, size_t spec_len, uint8_t out[HC_DICT_MAX], size_t *out_len);

/* The default dictionary "0-9a-zA-Z" (62 bytes). */
extern HC_API const char hc_crack_default_dictionary[];

/* d^l and sum_{l=lo..hi} d^l, saturating at hc_count_max(). */
HC_API hc_count hc_count_pow(uint64_t d, uint64_t l);
HC_API hc_count hc_count_sum(uint64_t d, uint64_t lo, uint64_t hi);

/* [begin, end): the part-th (1-based) of parts equal slices of a keyspace of
 * total candidates: begin = floor(total * (part - 1) / parts), exactly,
 * without overflow. Consecutive parts tile [0, total). */
HC_API void hc_crack_slice(hc_count total, uint64_t part, uint64_t parts, hc_count *begin, hc_count *end);

/* Live counters of a running search, for a status display: the engine
 * stores into them as it goes (per thread, every few milliseconds of work
 * and at the end of its share), and any thread may read them meanwhile.
 * Each value is exact when read; the four are not one snapshot. A new
 * one reads zero everywhere; give it to one run at a time. */
typedef struct hc_crack_progress hc_crack_progress;

HC_API hc_status hc_crack_progress_create(hc_crack_progress **progress);
HC_API void hc_crack_progress_free(hc_crack_progress *progress);
/* candidates hashed so far; at the end, the result's `hashed` (a run of
 * 2^64 candidates takes decades, so 64 bits are enough) */
HC_API uint64_t hc_crack_progress_hashed(const hc_crack_progress *progress);
/* the length of the candidates handed out last */
HC_API uint32_t hc_crack_progress_length(const hc_crack_progress *progress);
/* answers found so far */
HC_API uint32_t hc_crack_progress_found(const hc_crack_progress *progress);
/* candidates of the run (after the job's skip), from its first, that are
 * all hashed: a run stopped now and started again with its skip moved on
 * by this many misses none (a checkpoint). A word stream leaves it to its
 * caller, who knows the words fed, and sets it with _set_settled. */
HC_API uint64_t hc_crack_progress_settled(const hc_crack_progress *progress);
HC_API void hc_crack_progress_set_settled(hc_crack_progress *progress, uint64_t settled);

/* Many targets in one pass: called once per target, as it is found, with
 * the target's index among the job's targets and the string (dictionary
 * bytes, not widened). Calls come from the worker threads, one at a time;
 * the text is only valid during the call. */
typedef void hc_crack_found_fn(void *arg, size_t target, const uint8_t *text, size_t len);

/* A search: what to find, over which keyspace, on how many threads. An
 * opaque handle: made by hc_crack_job_create, set with the setters below
 * (each replaces what it sets), read by hc_crack_run, hc_crack_job_size,
 * hc_crack_walk and hc_stream_open. The job keeps the pointers it is
 * given (digests, dictionary, mask, pool, progress), not copies: they
 * must outlive its runs. */
typedef struct hc_crack_job hc_crack_job;

/* A job with no algorithm and no target yet, lengths 1..1, one thread,
 * the whole keyspace. HC_ERR_NOMEM only. */
HC_API hc_status hc_crack_job_create(hc_crack_job **job);
/* A second job with all of job's settings (a variant of it). */
HC_API hc_status hc_crack_job_copy(const hc_crack_job *job, hc_crack_job **copy);
HC_API void hc_crack_job_free(hc_crack_job *job);

HC_API void hc_crack_job_set_algorithm(hc_crack_job *job, const hc_algorithm *alg);
/* One target: hc_algorithm_digest_len raw bytes (replaces many targets). */
HC_API void hc_crack_job_set_target(hc_crack_job *job, const uint8_t *digest);
/* Many targets: count > 0 distinct digests, one after the other, searched
 * for in one pass over the keyspace. Each one found is reported to
 * on_found (required); the run ends when all are found, or at the end of
 * the keyspace. The result's found says all were, found_count how many;
 * found_text is not set. */
HC_API void hc_crack_job_set_targets(hc_crack_job *job, const uint8_t *digests, size_t count,
                                     hc_crack_found_fn *on_found, void *arg);
/* The dictionary: distinct bytes, from hc_crack_dictionary. */
HC_API void hc_crack_job_set_dictionary(hc_crack_job *job, const uint8_t *dict, size_t dict_len);
/* Candidate lengths in bytes, 1 <= min_len <= max_len <= HC_CRACK_MAX_LENGTH. */
HC_API void hc_crack_job_set_lengths(hc_crack_job *job, uint32_t min_len, uint32_t max_len);
/* 0/0: the whole keyspace. Else 1 <= part <= parts: only that slice of the
 * candidates of the job's lengths (hc_crack_slice); a keyspace whose count
 * saturates cannot be sliced exactly: parts > 1 of it are refused
 * (HC_ERR_RANGE). */
HC_API void hc_crack_job_set_part(hc_crack_job *job, uint64_t part, uint64_t parts);
/* A window of the run's candidates (those of the part, or all): the run
 * starts `skip` candidates in and tries at most `limit` of them (0: on to
 * the end). The skipped ones count in the result's attempts as if tried
 * (a run resumed at its position counts on), never in `hashed`. */
HC_API void hc_crack_job_set_window(hc_crack_job *job, hc_count skip, hc_count limit);
/* Worker threads (>= 1). pool, when not NULL, supplies them and must have
 * at least that many; otherwise the engine makes its own. */
HC_API void hc_crack_job_set_threads(hc_crack_job *job, unsigned threads, struct hc_pool *pool);
/* Polled by the workers every few milliseconds, from several threads at
 * once; returning true stops the run. NULL: never stopped. */
HC_API void hc_crack_job_set_cancel(hc_crack_job *job, bool (*cancelled)(void *arg), void *arg);
/* Where the engine publishes its progress; NULL: nowhere. */
HC_API void hc_crack_job_set_progress(hc_crack_job *job, hc_crack_progress *progress);
/* Not NULL: a mask (hc/mask.h) instead of the dictionary; the lengths are
 * its prefixes (max_len <= hc_mask_length), each position walking its own
 * set in the same order as a dictionary. */
HC_API void hc_crack_job_set_mask(hc_crack_job *job, const struct hc_mask *mask);
/* Calibration: search only the candidates of the job's last length (the
 * ones that dominate the run; at most 64 bytes, longer ones are never
 * reached in practice), for as long as the cancel callback allows. */
HC_API void hc_crack_job_set_last_length_only(hc_crack_job *job, bool last_length_only);

/* What the job is set to, as its setters took it (a mask's lengths as
 * its prefixes). */
HC_API void hc_crack_job_lengths(const hc_crack_job *job, uint32_t *min_len, uint32_t *max_len);
HC_API void hc_crack_job_part(const hc_crack_job *job, uint64_t *part, uint64_t *parts);
HC_API void hc_crack_job_window(const hc_crack_job *job, hc_count *skip, hc_count *limit);
/* 0 for one target (or none yet). */
HC_API size_t hc_crack_job_target_count(const hc_crack_job *job);
HC_API hc_crack_progress *hc_crack_job_progress(const hc_crack_job *job);
HC_API const struct hc_mask *hc_crack_job_mask(const hc_crack_job *job);

typedef struct hc_crack_result {
    bool found;
    bool cancelled;            /* stopped by the cancel callback before the end */
    /* The contract's Attempts (§5.5): candidates in the global order up to
     * and including the answer, counting those shorter than min_len (never
     * hashed); for a run that ends without an answer, all candidates of the
     * run (or, when cancelled or when all of many targets were found, the
     * ones searched). With a part, only the
     * candidates of that part count. The same for any thread count. */
    hc_count attempts;
    hc_count hashed;           /* candidates actually hashed (for rates) */
    size_t found_count;        /* many targets: how many were found */
    size_t found_len;          /* bytes of the answer */
    uint8_t *found_text;       /* the answer as dictionary bytes (not widened);
                                  malloc'ed, free with hc_crack_result_free */
} hc_crack_result;

/* Runs the search. Returns HC_ERR_NOMEM (no result) or HC_ERR_INVALID for
 * a malformed job; HC_OK otherwise, found or not. The macro passes the
 * size of hc_crack_result as the caller's header has it: HC_ERR_ABI, and
 * nothing written, when it is not the library's. */
#define hc_crack_run(job, result) hc_crack_run_sized((job), (result), sizeof(hc_crack_result))
HC_API hc_status hc_crack_run_sized(const hc_crack_job *job, hc_crack_result *result, size_t result_size);
HC_API void hc_crack_result_free(hc_crack_result *result);

/* Candidates a full run of the job counts as attempts (see above), and the
 * ones it hashes (both 0 for a malformed job; both hc_count_max() for a
 * keyspace past counting). */
HC_API hc_status hc_crack_job_size(const hc_crack_job *job, hc_count *attempts, hc_count *hashed);

/* Every candidate of the job's run (its lengths, part, dictionary or
 * mask) in the order the search tries them, to emit until it returns
 * false. HC_ERR_RANGE for lengths past HC_MASK_MAX_LEN (256). */
HC_API hc_status hc_crack_walk(const hc_crack_job *job, bool (*emit)(void *arg, const uint8_t *text, size_t len),
                               void *arg);

/* The SIMD kernel the job's algorithm uses at the active SIMD level, e.g.
 * "avx512", or "generic" for the one-candidate-at-a-time path. */
HC_API const char *hc_crack_kernel_name(const hc_algorithm *alg);

/* Brute force takes, for each row, the fastest of the paths the CPU offers
 * at or below the active SIMD level (HC_SIMD caps it): a SIMD kernel per
 * level with an entry point of its own, and one candidate at a time
 * through the row's hasher. The first search of a row in a process times
 * each of them on a slice of its keyspace (a few milliseconds) and keeps
 * the choice for the process; hc_crack_calibration gives the measurements
 * behind it, measuring now on a standard slice (8-character candidates
 * over hc_crack_default_dictionary) if no search has yet. */
typedef struct hc_crack_path_rate {
    bool kernel;               /* a SIMD kernel; false: one candidate at a time */
    hc_simd_level level;       /* the kernel's */
    double per_second;         /* candidates per second of one thread's CPU time */
} hc_crack_path_rate;

typedef struct hc_crack_calibration {
    /* the paths timed, fastest first: paths[0] is the one searches take;
     * 0 when there was no choice (the row has no kernel this CPU runs at
     * or below the active level: one candidate at a time) */
    size_t count;
    hc_crack_path_rate paths[HC_SIMD_LEVEL_COUNT + 1];
    /* the one-at-a-time path hashes with the CPU's SHA extensions
     * (SHA-1, SHA-224 and SHA-256, through OpenSSL) */
    bool sha_extensions;
} hc_crack_calibration;

#define hc_crack_calibration(alg, out) hc_crack_calibration_sized((alg), (out), sizeof(hc_crack_calibration))
HC_API hc_status hc_crack_calibration_sized(const hc_algorithm *alg, hc_crack_calibration *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
