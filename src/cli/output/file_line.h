/* The result line of one file in file and dir modes (contract §3.2, §3.8),
 * and what the file means for the exit status (§9). */
#ifndef HC_CLI_FILELINE_H
#define HC_CLI_FILELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "formats.h"
#include "hc/file.h"
#include "progress.h"

typedef struct line_format {
    format_choice choice;   /* --format, -c, --sfv, -l, -u, -b */
    bool time;              /* -t: time column */
    bool search;            /* dir search: matches only ("<path> | <size>" in the hc format) */
    const uint8_t *target;  /* decoded -m (file: valid/invalid) or search digest; NULL: none (one algorithm) */
    const cli_algs *algs;   /* one line per row, in order (§10.2) */
    size_t row_len[HC_ALGORITHM_COUNT]; /* each row's digest bytes */
    size_t digest_len;      /* all of them: the bytes of a result's digest */
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
 * target, which each mode decides): the formats, and each row's digest
 * length (params: BLAKE3's --length). Prints a usage error and returns
 * false on conflicting options. */
bool line_format_init(line_format *format, cli_output *out, const cli_args *args, const cli_algs *algs,
                      const hc_params *params);

/* With HC_IO_STATS in the environment: one "hc: io: ..." line on stderr
 * telling what the big-file engine did for this result (tests, benchmarks). */
void report_io_stats(const hc_file_result *result);

/* Prints the lines for one file, one per algorithm (a failure: one line,
 * or nothing where the format has no room for it) and, for a failure, why
 * on stderr (`hc: PATH: reason`); returns the outcome. */
line_outcome print_file_line(cli_output *out, const line_format *format, const char *path,
                             const hc_file_result *result);

#endif
