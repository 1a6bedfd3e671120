/* The result line of one file in file and dir modes (contract §3.2, §3.8),
 * and what the file means for the exit status (§9). */
#ifndef HC_CLI_FILELINE_H
#define HC_CLI_FILELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "reader.h"

typedef struct line_format {
    bool sfv;               /* --sfv: "<basename>    <digest>" */
    bool checksum;          /* -c: "<digest> <path>" */
    bool time;              /* -t: time column */
    bool lower, base64;     /* digest rendering */
    bool search;            /* dir search: "<path> | <size>" for matches only */
    const uint8_t *target;  /* decoded -m (file: valid/invalid) or search digest; NULL: none */
    size_t digest_len;
} line_format;

/* How one file ended, for the exit status. */
typedef enum line_outcome {
    OUTCOME_HASHED,     /* hashed, no target, or the target matched */
    OUTCOME_MISMATCH,   /* hashed, target given and different */
    OUTCOME_FAILED,     /* an error line (or, in formats without one, nothing) */
    OUTCOME_SKIPPED,    /* not a regular file any more: nothing at all */
    OUTCOME_INTERRUPTED /* Ctrl+C before it was done: nothing at all */
} line_outcome;

/* Reads the options shared by file and dir modes into format (all but the
 * target, which each mode decides). */
void line_format_init(line_format *format, const cli_args *args, size_t digest_len);

/* What file and dir modes read from their options besides the formats. */
typedef struct file_mode_options {
    read_range range;     /* -q, -z */
    unsigned threads;     /* -T */
    hc_params params;     /* BLAKE3's --length, --key, --derive-key */
} file_mode_options;

/* Checks --source, then -z, -q (contract §2.3, §2.5), -T and the BLAKE3
 * options, and starts collecting the output for -o. Prints the message and
 * returns false on a usage error. */
bool parse_file_mode_options(cli_output *out, const cli_args *args, file_mode_options *options);

/* A -m / -H value: exactly 2 * digest_len hex digits, either case, never
 * Base64 (contract §4.5). */
bool parse_target(const char *text, size_t digest_len, uint8_t *digest);

/* Prints the line for one file (nothing where the contract prints nothing)
 * and, for a failure, why on stderr (`hc: PATH: reason`); returns the
 * outcome. */
line_outcome print_file_line(cli_output *out, const line_format *format, const char *path, const file_result *result);

#endif
