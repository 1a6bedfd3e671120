/* Hash mode's attacks beyond the contract's charset (contract §10.9):
 * --mask with -1..-4 and --increment, --wordlist with --rules, the hybrid
 * wordlist+mask / mask+wordlist, and --stdout. modes/hash.c asks this file
 * how to set up the job and how to run it. */
#ifndef HC_CLI_HASH_ATTACK_H
#define HC_CLI_HASH_ATTACK_H

#include <stdbool.h>

#include "cli.h"
#include "hc/crack.h"
#include "hc/mask.h"
#include "hc/rules.h"
#include "hc/stream.h"

typedef enum attack_kind {
    ATTACK_CHARSET,   /* -a (the contract's) */
    ATTACK_MASK,      /* --mask */
    ATTACK_WORDLIST   /* --wordlist, with rules and a mask before or after the words */
} attack_kind;

typedef struct hash_attack {
    attack_kind kind;
    hc_mask *mask;
    bool increment;
    /* The wordlist's passes: one per mask prefix of pass_min..pass_max
     * positions, shortest first (hashcat's -a 6/7 --increment); without
     * --increment both are the mask's length (0 without a mask): one pass. */
    size_t pass_min, pass_max;
    const char *wordlist;
    hc_rules rules;          /* the product of the --rules files */
    hc_stream_attack stream;
    bool to_stdout;
} hash_attack;

/* Reads the attack options; on a fault prints why and returns false (exit
 * status 2). Warns about a -a charset that looks like a mask. */
bool hash_attack_parse(cli_output *out, const cli_args *args, hash_attack *a);
void hash_attack_free(hash_attack *a);

/* The job's keyspace for the attack: the mask and its lengths (from -n/-x
 * with --increment), or no keyspace at all for a wordlist (a hybrid's mask
 * prefixes, from -n/-x with --increment, go to a's passes). false, said on
 * stderr, for a -n past the mask. */
bool hash_attack_job(hash_attack *a, const cli_args *args, hc_crack_job *job);

/* Whether a search of many targets is settled (all found) before the
 * wordlist's next pass; NULL: a pass that finds the one target settles it. */
typedef bool hash_attack_settled_fn(void *arg);

/* Runs the job's search with the attack (hc_crack_run, or the wordlist
 * stream, once per pass). */
hc_status hash_attack_run(const hash_attack *a, const hc_crack_job *job, hc_crack_result *result,
                          hash_attack_settled_fn *settled, void *settled_arg);

/* --stdout: every candidate of the job's attack, one per line, in the
 * order the search tries them. Returns the exit status. */
int hash_attack_stdout(const hash_attack *a, const hc_crack_job *job);

#endif
