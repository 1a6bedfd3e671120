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

/* How the lines of a hash list read: [user:]digest, the digest in hex,
 * in hashcat's form for the row (plain_text.h: hash_text) or in Base64. */
typedef struct hash_list_syntax {
    const hc_algorithm *alg;
    bool base64;
    bool usernames;   /* --username: a user field and ':' before the digest */
} hash_list_syntax;

/* One good line of a hash list. */
typedef struct hash_line {
    const char *user;   /* NULL without --username; may be empty */
    size_t user_len;
    uint8_t digest[HC_MAX_DIGEST_LEN];
    size_t number;      /* the line's number (1-based) */
} hash_line;

/* Called for each good line; false stops the reading (memory ran out,
 * said by fn). */
typedef bool hash_line_fn(void *arg, const hash_line *line);

/* Reads path's lines ("-": standard input) as hash_targets_read says,
 * each good one given to fn, each bad one said on stderr and counted in
 * *bad_lines. The same failures as hash_targets_read. */
bool hash_list_each(const hash_list_syntax *syntax, const char *path, hash_line_fn *fn, void *arg,
                    size_t *bad_lines, bool *interrupted);

/* Reads path ("-": standard input). Blank lines (spaces, tabs, CR) are
 * skipped; every other line that is not one digest, or repeats an earlier
 * one, is skipped with a message on stderr naming the file and the line.
 * false (with a message): the file could not be opened or read, a line
 * passed the line limit (line_input.h), memory ran out; or (interrupted,
 * no message) Ctrl+C came once cli_catch_interrupt() was called. */
bool hash_targets_read(hash_targets *targets, const hash_list_syntax *syntax, const char *path);
void hash_targets_free(hash_targets *targets);

#endif
