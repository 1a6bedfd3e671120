/* check mode's batch (contract §10.4): the files to verify and the list
 * lines that name them, shared by the mode's three jobs:
 *
 *   check_line.c     reading one list line into the batch (its syntax, its
 *                    algorithm, an untagged digest's guess)
 *   check_mode.c     scheduling: the lists, the batches, the exit status
 *   check_verdict.c  verdicts: each file's result against its lines
 *   check_count.c    counting the work ahead for the progress line */
#ifndef HC_CLI_CHECK_BATCH_H
#define HC_CLI_CHECK_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "formats.h"
#include "hc/file.h"
#include "progress.h"
#include "progress_count.h"
#include "sumfile.h"

/* Names are at most PATH_MAX bytes, six times that when JSON-escaped (a
 * line holds at most LINE_INPUT_MAX bytes, line_input.h). */
#define NAME_MAX_BYTES ((size_t)64 << 10)
/* Lines of one file verified with one read (a BSD list of every algorithm
 * has 50). */
#define ITEMS_PER_JOB 64
/* Lines per batch at most (each job has at least one). */
#define ITEMS_PER_BATCH 4096

/* ---- the batch: files to verify and the lines that name them ---- */

typedef enum job_kind {
    JOB_FILE,          /* verify path with rows */
    JOB_MALFORMED,     /* an improperly formatted line */
    JOB_NO_ALGORITHM   /* a line whose algorithm cannot be told */
} job_kind;

typedef struct check_item {
    size_t line;                           /* in its list */
    uint8_t expected[HC_MAX_DIGEST_LEN];
    size_t expected_len;
    uint64_t rows;                         /* bit i: the job's rows[i] may have made it */
} check_item;

typedef struct check_job {
    job_kind kind;
    char *path;                            /* JOB_FILE: as opened and printed, owned */
    size_t path_len;
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t row_count;
    size_t first_item, item_count;
    size_t line;                           /* other kinds */
    bool guess;                            /* rows: every algorithm of the digest's length (§10.8) */
    char reason[320];
} check_job;

typedef struct check_list {
    const char *name;        /* as given */
    const char *display;     /* in messages */
    size_t dir_len;          /* SFV and hc lines are relative to name[0, dir_len) */
    const hc_algorithm *named; /* the algorithm the list's file name implies */
    /* untagged digests without an algorithm, by digest length (§10.8):
     * the row that made the first entries', the entries tried so far */
    const hc_algorithm *guessed[HC_MAX_DIGEST_LEN + 1];
    uint8_t guesses[HC_MAX_DIGEST_LEN + 1];
    bool guessing;           /* a guessed entry waits in the batch: verify it before the next line */
    bool sfv_first;
    bool have_last;
    sum_syntax last_syntax;  /* the syntax of the last entry, tried first */
    size_t line;
    size_t entries, malformed, mismatched, unreadable, verified, no_algorithm;
} check_list;

typedef struct check_run {
    cli_output *out;
    const cli_algs *algs;     /* from the command line; count 0: none */
    format_choice choice;
    bool quiet, status_only, strict, warn, ignore_missing;
    hc_file_batch *batch;
    check_job *jobs;
    size_t job_count, job_cap;
    check_item *items;
    size_t item_count;
    check_list *list;
    char *name;               /* decoding buffer */
    text_buffer line;         /* output line */
    progress *progress;
    /* Ctrl+C stopped the run: nothing is printed after the first entry it
     * cut short, so the output is a clean prefix (§10.7) */
    bool cut;
} check_run;

/* Guessed entries (each one read with every candidate) before giving up. */
#define GUESS_TRIES 3

/* ---- check_line.c ---- */

/* A list's state before its first line. */
check_list check_list_start(const char *name);
/* Parses one line of run->list into the batch. false when memory ran out. */
bool check_take_line(check_run *run, const char *text, size_t len);

/* ---- check_verdict.c: the batch's callbacks (<hc/file.h>) ---- */

int check_open_job(void *ctx, size_t i, hc_file_result *result);
void check_job_rows(void *ctx, size_t i, const hc_algorithm *const **rows, size_t *count);
bool check_print_job(void *ctx, size_t i, const hc_file_result *result);

/* ---- check_count.c ---- */

/* Counts the lists' files ahead, on a thread of its own, for the totals of
 * display; stopped with progress_count_stop. NULL when no live line would
 * show the totals, or no memory or thread. */
progress_count *check_count_start(const check_run *verify, const char *const *lists, size_t list_count,
                                  progress *display);

#endif
