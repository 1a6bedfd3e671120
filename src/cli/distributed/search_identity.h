/* Which search a stop marker belongs to (contract §10.10): the lines a
 * marker starts with, made from everything that decides what the parts
 * search and how it is split: the algorithm, the targets, the keyspace
 * (the charset, or the mask with its custom sets, the wordlist and rules
 * as named, --increment, the lengths) and N of --part. Two runs with equal
 * lines search the same candidates for the same digests in the same
 * slices, so a marker with this search's lines is this search's find. */
#ifndef HC_CLI_SEARCH_IDENTITY_H
#define HC_CLI_SEARCH_IDENTITY_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "hc/algorithm.h"

/* With several targets this many are listed; more are named by a SHA-256
 * of their sorted digests. */
#define SEARCH_IDENTITY_LISTED 8

typedef struct search_identity_input {
    const hc_algorithm *alg;
    const uint8_t *digests;     /* count distinct digests of the row's length */
    size_t count;
    int64_t min_len, max_len;   /* -n and -x, defaults applied */
    uint64_t parts;             /* N of --part; 0 without */
} search_identity_input;

/* The lines, STOP_MARKER_MAGIC first, each ending in '\n' (malloc'ed;
 * NULL without memory). Bytes a line could not hold are written \xHH. */
char *search_identity(const cli_args *args, const search_identity_input *in);

#endif
