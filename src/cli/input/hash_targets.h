/* hash mode's --hashes FILE: the targets of a many-target search, one
 * digest per line (hex, or Base64 with -b). */
#ifndef HC_CLI_HASH_TARGETS_H
#define HC_CLI_HASH_TARGETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/algorithm.h"

typedef struct hash_targets {
    uint8_t *digests;     /* count distinct digests of the row's length, in file order */
    size_t *lines;        /* the line each came from */
    size_t count;
    size_t bad_lines;     /* lines skipped: not a digest of the row's length */
    size_t duplicates;    /* lines skipped: a digest seen on an earlier line */
    bool interrupted;     /* hash_targets_read: Ctrl+C came while reading */
} hash_targets;

/* Reads path ("-": standard input). Blank lines (spaces, tabs, CR) are
 * skipped; every other line that is not one digest, or repeats an earlier
 * one, is skipped with a message on stderr naming the file and the line.
 * false (with a message): the file could not be opened or read, a line
 * passed the line limit (line_input.h), memory ran out; or (interrupted,
 * no message) Ctrl+C came once cli_catch_interrupt() was called. */
bool hash_targets_read(hash_targets *targets, const hc_algorithm *alg, const char *path, bool base64);
void hash_targets_free(hash_targets *targets);

#endif
