/* Hash mode's search, shared by its two kinds (hash.c: one target;
 * hash_many.c: --hashes, many targets in one pass): the options both take,
 * where finds are kept, the stop checks and the stop marker, the job's
 * set-up and the result lines. Defined in hash.c. */
#ifndef HC_CLI_HASH_SEARCH_H
#define HC_CLI_HASH_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "count128.h"
#include "hash_attack.h"
#include "hc/crack.h"
#include "hc/pool.h"
#include "potfile.h"
#include "stop_marker.h"

/* What both kinds of search take from the options: the lengths, the part,
 * the dictionary and the threads. */
typedef struct search_options {
    unsigned threads;
    int64_t min_len, max_len;
    uint64_t part, parts;
    uint64_t skip, limit;
    uint8_t dict[HC_DICT_MAX];
    size_t dict_len;
} search_options;

/* Where finds are kept (the potfile; --outfile is hash.c's alone) and
 * --stop-file's marker (path NULL without the option). */
extern potfile search_pot;
extern stop_marker search_marker;

bool search_digest_of_text(const hc_algorithm *alg, const char *text, uint8_t *digest);
void search_create_marker(const search_options *o, const char *answer_line, size_t len);
void search_end_job(hc_crack_job **job, hc_pool **pool);
int search_finish_stopped(cli_output *out, int status);
bool search_interrupted(void *arg);
void search_keep_find(const uint8_t *digest, const uint8_t *text, size_t len);
bool search_potfile_answers(const search_options *o);
void search_print_json_result(cli_output *out, const hc_algorithm *alg, const uint8_t *target, bool found,
                              const uint8_t *text, size_t len, count128 attempts, double seconds);
void search_print_summary(cli_output *out, count128 attempts, count128 skipped, double seconds);
void search_probe(cli_output *out, const hc_crack_job *job);
bool search_start_job(const cli_args *args, const hc_algorithm *alg, search_options *o, hash_attack *attack,
                      hc_crack_job **job, hc_pool **pool);
int search_start_marker(const cli_args *args, const hc_algorithm *alg, const search_options *o, const uint8_t *digests,
                        size_t count);
int search_stopped_status(void);

/* --hashes: every digest of the list in one pass (hash_many.c). */
int hash_run_many(const cli_args *args, const hc_algorithm *alg, cli_output *out, bool json, search_options *o,
                  hash_attack *attack);

#endif
