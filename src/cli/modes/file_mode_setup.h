/* The set-up and the end that file and dir modes share: their options,
 * their batch, and -o (never over an input; saved once the run is
 * done). The result line of each file is output/file_line.h's. */
#ifndef HC_CLI_FILE_MODE_SETUP_H
#define HC_CLI_FILE_MODE_SETUP_H

#include <stdbool.h>

#include "cli.h"
#include "file_line.h"
#include "hc/file.h"
#include "platform.h"
#include "progress.h"

/* What file and dir modes read from their options besides the formats. */
typedef struct file_mode_options {
    hc_file_range range;  /* -q, -z */
    unsigned threads;     /* -T */
    hc_params params;     /* BLAKE3's --length, --key, --derive-key */
} file_mode_options;

/* The options of file and dir modes: -m / -H with a list refused, then
 * --source, -z, -q, -T, the BLAKE3 options and line_format_init; starts
 * collecting the output for -o. Prints the message and returns false on a
 * usage error. */
bool file_mode_setup(cli_output *out, const cli_args *args, const cli_algs *algs, file_mode_options *options,
                     line_format *format);

/* The batch of file and dir modes: format's algorithms, the options'
 * threads, range and BLAKE3 parameters. NULL when out of memory. */
hc_file_batch *file_batch_open(const hc_file_batch_ops *ops, void *ctx, const line_format *format,
                               const file_mode_options *options, progress *display);

/* -o naming a file the run reads would replace that file with its own
 * digest line. The save file's identity (device and inode through its
 * symlinks) when it exists as a regular file: false when there is nothing
 * -o could destroy. */
bool save_file_existing(const cli_args *args, plat_file_info *info);
/* "hc: -o SAVE: it is <what> INPUT: refusing to overwrite it; nothing
 * was hashed" (INPUT left out when NULL, hint appended) on stderr;
 * returns EXIT_USAGE. */
int refuse_save_over_input(const cli_args *args, const char *what, const char *input, const char *hint);
/* false, said in the contract's line, when -o names a file that surely
 * cannot be written (a folder, a missing folder, no permission): checked
 * before anything is hashed, touching nothing. */
bool save_file_writable(cli_output *out, const cli_args *args);

/* -o at the end of file and dir modes: the collected lines saved where
 * it points. A broken stdout ends the run with status 2 and no save file:
 * the two must never disagree (docs/file-dir.md). Returns the status to
 * end with (status, unless the save failed). */
int save_file_mode_output(cli_output *out, const cli_args *args, int status);

#endif
