/* The result line of one file in file and dir modes (contract §3.2, §3.8),
 * and what the file means for the exit status (§9). */
#ifndef HC_CLI_FILELINE_H
#define HC_CLI_FILELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "formats.h"
#include "hashqueue.h"
#include "progress.h"
#include "reader.h"

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

/* The options of file and dir modes: -m / -H with a list refused, then
 * parse_file_mode_options and line_format_init. Prints the message and
 * returns false on a usage error. */
bool file_mode_setup(cli_output *out, const cli_args *args, const cli_algs *algs, file_mode_options *options,
                     line_format *format);

/* -o naming a file the run reads would replace that file with its own
 * digest line. The save file's identity (device and inode through its
 * symlinks) when it exists as a regular file: false when there is nothing
 * -o could destroy. */
bool save_file_existing(const cli_args *args, plat_file_info *info);
/* "hc: -o SAVE: it is <what> INPUT: refusing to overwrite it; nothing
 * was hashed" (INPUT left out when NULL, hint appended) on stderr;
 * returns EXIT_USAGE. */
int refuse_save_over_input(const cli_args *args, const char *what, const char *input, const char *hint);

/* -o at the end of file and dir modes: the collected lines saved where
 * it points. A broken stdout ends the run with status 2 and no save file:
 * the two must never disagree (docs/file-dir.md). Returns the status to
 * end with (status, unless the save failed). */
/* false, said in the contract's line, when -o names a file that surely
 * cannot be written (a folder, a missing folder, no permission): checked
 * before anything is hashed, touching nothing. */
bool save_file_writable(cli_output *out, const cli_args *args);
int save_file_mode_output(cli_output *out, const cli_args *args, int status);

/* The hash queue of file and dir modes: format's algorithms, the options'
 * threads, range and BLAKE3 parameters. NULL when out of memory. */
hash_queue *file_queue_open(const hash_queue_ops *ops, void *ctx, const line_format *format,
                            const file_mode_options *options, progress *display);

/* -m / -H with an algorithm list: a usage error (§10.2). */
bool reject_target_with_list(cli_output *out, const cli_args *args, const cli_algs *algs);

/* With HC_IO_STATS in the environment: one "hc: io: ..." line on stderr
 * telling what the big-file engine did for this result (tests, benchmarks). */
void report_io_stats(const file_result *result);

/* Prints the lines for one file, one per algorithm (a failure: one line,
 * or nothing where the format has no room for it) and, for a failure, why
 * on stderr (`hc: PATH: reason`); returns the outcome. */
line_outcome print_file_line(cli_output *out, const line_format *format, const char *path, const file_result *result);

#endif
