/* hc — searching a stream of words: a wordlist, its words mangled by
 * rules, or joined with a mask (hashcat's -a 0, -a 6, -a 7).
 *
 * Every word yields the same number of candidates (hc_stream_per_word):
 * for each rule in order (or the word itself), each of the mask's
 * candidates in its keyspace order (hc/mask.h) after the word, or before
 * it. Candidate k of a word is rule k / M applied to it, joined with mask
 * candidate k % M (M: the mask's candidates, 1 without a mask). The
 * caller reads the words (a file, stdin) and feeds them in batches; the
 * library hashes each batch on the job's threads and reports as
 * hc_crack_run does: the first match in stream order, or every target of
 * many as it is found. */
#ifndef HC_STREAM_H
#define HC_STREAM_H

/* The advanced API: opt-in, not ABI-stable (hc/crack.h says why). */
#ifndef HC_ADVANCED_API
#error "<hc/stream.h> is libhc's advanced API, which is not ABI-stable: define HC_ADVANCED_API to use it (docs/library.md)"
#endif

#include "hc/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/crack.h"
#include "hc/mask.h"
#include "hc/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest candidate: a mangled word and a whole mask. */
#define HC_STREAM_CANDIDATE_MAX (HC_RULE_BUF + HC_MASK_MAX_LEN)

typedef struct hc_stream_attack {
    const hc_rules *rules;  /* NULL or empty: the words as they are */
    const hc_mask *mask;    /* NULL: no mask; else its whole length (no prefixes) */
    bool mask_first;        /* the mask's candidate before the word (-a 7) */
} hc_stream_attack;

/* A batch of words: word i is bytes[offset[i] .. offset[i + 1]), each at
 * most HC_RULE_BUF bytes. A window that starts or ends inside a word (a
 * skip, a limit, a resumed run) cuts the batch's edges: its first word's
 * candidates start at first_k, its last word's end before last_end (0:
 * all of them); first_k < last_end when the batch is one word. */
typedef struct hc_stream_words {
    const uint8_t *bytes;
    const size_t *offset;
    size_t count;
    hc_count first_k, last_end;
} hc_stream_words;

typedef struct hc_stream hc_stream;

/* Candidates per word (saturated). */
HC_API hc_count hc_stream_per_word(const hc_stream_attack *attack);

/* Candidate k (< per word) of word into out; returns its length. */
HC_API size_t hc_stream_candidate(const hc_stream_attack *attack, const uint8_t *word, size_t len, hc_count k,
                                  uint8_t out[HC_STREAM_CANDIDATE_MAX]);

/* A search of job's targets (its algorithm, target or targets, threads,
 * cancel callback and progress; its dictionary, lengths and part are not
 * used). The job and the attack must outlive the stream. */
#define hc_stream_open(stream, job, attack) hc_stream_open_sized((stream), (job), sizeof(hc_crack_result), (attack))
HC_API hc_status hc_stream_open_sized(hc_stream **stream, const hc_crack_job *job, size_t result_size,
                                      const hc_stream_attack *attack);
/* Searches the batch; returns when done with it, or early once the search
 * is over (hc_stream_over). HC_ERR_NOMEM only. (The result is a
 * hc_crack_result of the caller's size, checked by hc_stream_open.) */
HC_API hc_status hc_stream_feed(hc_stream *stream, const hc_stream_words *words);
/* Found (all targets), or cancelled: feeding more does nothing. */
HC_API bool hc_stream_over(const hc_stream *stream);
/* The outcome so far, as hc_crack_run reports it (attempts: candidates up
 * to and including the answer, or all fed; a first batch's first_k
 * counts as tried). */
HC_API void hc_stream_result(hc_stream *stream, hc_crack_result *result);
HC_API void hc_stream_close(hc_stream *stream);

#ifdef __cplusplus
}
#endif

#endif
