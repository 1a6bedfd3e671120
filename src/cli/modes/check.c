/* check mode: verify checksum lists (contract §10.4).
 *
 *   hc <alg>[,<alg>…] check -s SUMS [-s SUMS…] [options]
 *   hc check -s SUMS              (the lines, or the list's name, say which algorithm)
 *
 * Each list is streamed: lines are parsed into a batch of files to verify,
 * the batch is hashed on the pool (hash_queue.h: small files several at
 * once, big ones one at a time with every thread) and the results are
 * printed in the list's order; then the next batch. Memory stays bounded by
 * the batch whatever the length of the list. Consecutive lines that name
 * the same file (BSD lists of several algorithms) are verified with one
 * read of it. */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cli.h"
#include "file_line.h"
#include "format_writer.h"
#include "hash_queue.h"
#include "platform.h"
#include "line_input.h"
#include "progress.h"
#include "progress_count.h"
#include "sumfile.h"

static const cli_option_spec check_options[] = {
    {OPT_SOURCE, 's', "source", "<file>", "checksum list to verify ('-': standard input); repeat -s, or name lists after the options. "
     "The algorithm: the line's tag, the list's name (SHA256SUMS, *.md5, ...) or 'hc <alg>[,<alg>...] check'", 0},
    {OPT_IGNORE_MISSING, 0, "ignore-missing", NULL, "don't fail or report status for missing files", 0},
    {OPT_QUIET, 0, "quiet", NULL, "don't print OK for each successfully verified file", 0},
    {OPT_STATUS, 0, "status", NULL, "don't output anything, the exit status shows success", 0},
    {OPT_STRICT, 0, "strict", NULL, "exit non-zero for improperly formatted checksum lines", 0},
    {OPT_WARN, 'w', "warn", NULL, "warn about improperly formatted checksum lines", 0},
    {OPT_FORMAT, 0, "format", "<hc|json>", "output: '<file>: OK' lines, or JSON Lines", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "threads verifying files at once (default: all CPUs)", 0},
    CLI_OPTIONS_PROGRESS,
};

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
    hash_queue *queue;
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

static bool row_in(const hc_algorithm *const *rows, size_t count, const hc_algorithm *alg)
{
    for (size_t i = 0; i < count; i++)
        if (rows[i] == alg)
            return true;
    return false;
}

static check_job *new_job(check_run *run, job_kind kind)
{
    check_job *job = &run->jobs[run->job_count++];
    job->kind = kind;
    job->path = NULL;
    job->path_len = 0;
    job->row_count = 0;
    job->first_item = run->item_count;
    job->guess = false;
    job->item_count = 0;
    job->line = run->list->line;
    job->reason[0] = '\0';
    return job;
}

static void add_problem(check_run *run, job_kind kind, const char *reason)
{
    check_job *job = new_job(run, kind);
    snprintf(job->reason, sizeof(job->reason), "%s", reason);
}

/* The path a list's name stands for: SFV and hc lines name files next to
 * the list, GNU, BSD and JSON lines files relative to the working
 * directory (as sha256sum -c does). */
static char *resolve(const check_list *list, sum_syntax syntax, const char *name, size_t len, size_t *out_len)
{
    size_t dir = (syntax == SUM_SFV || syntax == SUM_HC) && name[0] != '/' ? list->dir_len : 0;
    char *path = malloc(dir + len + 1);
    if (path == NULL)
        return NULL;
    memcpy(path, list->name, dir);
    memcpy(path + dir, name, len);
    path[dir + len] = '\0';
    *out_len = dir + len;
    return path;
}

/* One verified line: joins the previous job when it names the same file. */
static bool add_entry(check_run *run, sum_syntax syntax, const char *name, size_t name_len,
                      const hc_algorithm *const *rows, size_t row_count, const uint8_t *expected, size_t expected_len)
{
    size_t path_len;
    char *path = resolve(run->list, syntax, name, name_len, &path_len);
    if (path == NULL)
        return false;
    check_job *job = run->job_count ? &run->jobs[run->job_count - 1] : NULL;
    bool join = job && job->kind == JOB_FILE && job->path_len == path_len && memcmp(job->path, path, path_len) == 0 &&
                job->item_count < ITEMS_PER_JOB;
    if (join) {
        size_t more = 0;
        for (size_t i = 0; i < row_count; i++)
            more += !row_in(job->rows, job->row_count, rows[i]);
        join = job->row_count + more <= HC_ALGORITHM_COUNT;
    }
    if (join) {
        free(path);
    } else {
        job = new_job(run, JOB_FILE);
        job->path = path;
        job->path_len = path_len;
    }
    check_item *item = &run->items[run->item_count++];
    item->line = run->list->line;
    memcpy(item->expected, expected, expected_len);
    item->expected_len = expected_len;
    item->rows = 0;
    for (size_t i = 0; i < row_count; i++) {
        size_t k = 0;
        while (k < job->row_count && job->rows[k] != rows[i])
            k++;
        if (k == job->row_count)
            job->rows[job->row_count++] = rows[i];
        item->rows |= (uint64_t)1 << k;
    }
    job->item_count++;
    run->list->entries++;
    return true;
}

/* ---- an untagged list and no algorithm: the digest's length tells the
 * candidates, the first entries tell which of them (§10.8) ---- */

/* Guessed entries (each one read with every candidate) before giving up. */
#define GUESS_TRIES 3

/* Every row whose digest the text can be, of one length: hex first (64
 * hex digits are also Base64 of 48 bytes), else the first length the text
 * decodes to. */
static size_t digest_candidates(sum_span digest, const hc_algorithm **rows)
{
    uint8_t scratch[HC_MAX_DIGEST_LEN];
    const hc_algorithm *sorted[HC_ALGORITHM_COUNT];
    size_t row_count = hc_algorithm_sorted(sorted, HC_ALGORITHM_COUNT);
    row_count = row_count < HC_ALGORITHM_COUNT ? row_count : HC_ALGORITHM_COUNT;
    for (int pass = 0; pass < 2; pass++) {
        size_t count = 0, len = 0;
        for (size_t i = 0; i < row_count; i++) {
            const hc_algorithm *alg = sorted[i];
            size_t n = hc_algorithm_digest_len(alg);
            bool fits = pass == 0 ? 2 * n == digest.len : len == 0 || n == len;
            if (fits && sum_digest_decode(digest, scratch, n)) {
                rows[count++] = alg;
                len = n;
            }
        }
        if (count)
            return count;
    }
    return 0;
}

static bool digest_fits(sum_span digest, const hc_algorithm *alg)
{
    uint8_t scratch[HC_MAX_DIGEST_LEN];
    return sum_digest_decode(digest, scratch, hc_algorithm_digest_len(alg));
}

/* "<n> characters: one of a, b, c" for the message of a line that names
 * no algorithm. */
static void name_candidates(sum_span digest, char *text, size_t size)
{
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t count = digest_candidates(digest, rows);
    size_t n = (size_t)snprintf(text, size, "a digest of %zu characters", digest.len);
    for (size_t i = 0; i < count && n < size; i++)
        n += (size_t)snprintf(text + n, size - n, "%s%s", i ? ", " : count > 1 ? " is one of " : " is ",
                              hc_algorithm_name(rows[i]));
}

/* A guessed entry was verified: the first candidate that made its digest
 * becomes the list's algorithm for digests of that length; after
 * GUESS_TRIES entries without one, the list's remaining lines of that
 * length name no algorithm. */
static void settle_guess(check_run *run, const check_job *job, const hc_algorithm *matched)
{
    check_list *list = run->list;
    size_t len = hc_algorithm_digest_len(job->rows[0]);
    list->guessing = false;
    if (matched) {
        list->guessed[len] = matched;
        /* a note, not a failure: --quiet says nothing when all is well */
        if (!run->status_only && !run->quiet)
            progress_warn("%s: untagged digests of %zu bytes: %s made line %zu's (%.*s); the list is verified with it",
                          list->display, hc_algorithm_digest_len(matched), hc_algorithm_name(matched), job->line,
                          (int)(job->path_len < 200 ? job->path_len : 200), job->path);
        return;
    }
    if (++list->guesses[len] < GUESS_TRIES)
        return;
    char names[320] = "";
    size_t n = 0;
    for (size_t i = 0; i < job->row_count && n < sizeof(names); i++)
        n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s", i ? ", " : "", hc_algorithm_name(job->rows[i]));
    progress_warn("%s: none of %s made the digests of the first %d entries of %zu bytes; name the algorithm: "
                  "'hc <alg> check -s %s'",
                  list->display, names, GUESS_TRIES, len, list->name);
}

/* The algorithms a reading may be for, before its digest is looked at;
 * *guess: the candidates of an untagged digest, to be told apart. */
static size_t candidate_rows(check_run *run, const sum_reading *r, const hc_algorithm **rows, char *reason,
                             size_t reason_size, bool *no_algorithm, bool *guess)
{
    const cli_algs *algs = run->algs;
    if (r->tag.len) {
        const hc_algorithm *alg = sum_tag_algorithm(r->tag.p, r->tag.len);
        if (alg == NULL) {
            snprintf(reason, reason_size, "unknown algorithm '%.*s'", (int)(r->tag.len < 40 ? r->tag.len : 40),
                     r->tag.p);
            return 0;
        }
        if (algs->count && !row_in(algs->rows, algs->count, alg)) {
            snprintf(reason, reason_size, "%s is not among the algorithms asked for ('%s')", hc_algorithm_name(alg), algs->word);
            return 0;
        }
        rows[0] = alg;
        return 1;
    }
    size_t count = 0;
    if (r->syntax == SUM_SFV) {
        /* SFV holds CRC-32s: crc32, or the CRC the command line names */
        for (size_t i = 0; i < algs->count; i++)
            if (hc_algorithm_flags(algs->rows[i]) & HC_ALG_CRC)
                rows[count++] = algs->rows[i];
        if (algs->count == 0)
            rows[count++] = hc_algorithm_find("crc32");
        if (count == 0)
            snprintf(reason, reason_size, "an SFV line holds a CRC-32, and '%s' has none", algs->word);
        return count;
    }
    for (size_t i = 0; i < algs->count; i++)
        rows[count++] = algs->rows[i];
    /* the list's name is a hint: digests that do not fit it are tried */
    if (count == 0 && run->list->named && digest_fits(r->digest, run->list->named))
        rows[count++] = run->list->named;
    if (count == 0 && sum_digest_plausible(r->digest)) {
        *no_algorithm = true;
        if ((count = digest_candidates(r->digest, rows)) > 0) {
            size_t len = hc_algorithm_digest_len(rows[0]);
            const hc_algorithm *guessed = run->list->guessed[len];
            if (guessed) {
                rows[0] = guessed;
                return 1;
            }
            *guess = run->list->guesses[len] < GUESS_TRIES;
            if (*guess)
                return count;
        }
        name_candidates(r->digest, reason, reason_size);
        return 0;
    }
    if (count == 0)
        snprintf(reason, reason_size, "no algorithm is named for this line");
    return count;
}

/* Tries one reading; true when it made an entry (or memory ran out, then
 * *failed is set). */
static bool try_reading(check_run *run, const sum_reading *r, char *reason, size_t reason_size, bool *no_algorithm,
                        bool *failed)
{
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    bool guess = false;
    size_t count = candidate_rows(run, r, rows, reason, reason_size, no_algorithm, &guess);
    if (count == 0)
        return false;
    /* keep the rows whose digest length the text fits */
    uint8_t expected[HC_MAX_DIGEST_LEN];
    size_t expected_len = 0, kept = 0;
    for (size_t i = 0; i < count; i++) {
        size_t n = hc_algorithm_digest_len(rows[i]);
        if (expected_len ? n == expected_len : sum_digest_decode(r->digest, expected, n)) {
            expected_len = n;
            rows[kept++] = rows[i];
        }
    }
    if (kept == 0 && r->tag.len == 0 && !sum_digest_plausible(r->digest)) {
        snprintf(reason, reason_size, "not a checksum line");
        return false;
    }
    if (kept == 0) {
        snprintf(reason, reason_size, "a digest of %zu characters does not fit %s%s (%u bytes)", r->digest.len,
                 count > 1 ? "any of " : "", count > 1 ? run->algs->word : hc_algorithm_name(rows[0]),
                 (unsigned)hc_algorithm_digest_len(rows[0]));
        return false;
    }
    size_t name_len;
    if (!sum_name_decode(r, run->name, NAME_MAX_BYTES, &name_len)) {
        snprintf(reason, reason_size, "the file name is not valid (a bad escape, a NUL byte, or too long)");
        return false;
    }
    if (!add_entry(run, r->syntax, run->name, name_len, rows, kept, expected, expected_len)) {
        *failed = true;
    } else if (guess) {
        run->jobs[run->job_count - 1].guess = true;
        run->list->guessing = true;
    }
    run->list->have_last = true;
    run->list->last_syntax = r->syntax;
    return true;
}

static bool is_decimal(const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (p[i] < '0' || p[i] > '9')
            return false;
    return len > 0;
}

/* POSIX cksum's line: "<CRC> <size> <name>", both numbers in decimal. */
static bool is_posix_cksum_line(const char *text, size_t len)
{
    const char *space = memchr(text, ' ', len);
    if (space == NULL || !is_decimal(text, (size_t)(space - text)) || space - text > 10)
        return false;
    const char *size = space + 1;
    const char *end = text + len;
    const char *second = memchr(size, ' ', (size_t)(end - size));
    return second && is_decimal(size, (size_t)(second - size)) && second + 1 < end;
}

/* Parses one line of the list into the batch. false when memory ran out. */
static bool take_line(check_run *run, const char *text, size_t len)
{
    check_list *list = run->list;
    sum_reading readings[SUM_READINGS_MAX];
    size_t count;
    switch (sum_line_parse(text, len, list->sfv_first, readings, &count)) {
    case SUM_LINE_BLANK:
    case SUM_LINE_NOTE:
        return true;
    case SUM_LINE_COMMENT:
        list->sfv_first = true; /* ';' comments belong to SFV */
        return true;
    case SUM_LINE_MALFORMED:
        add_problem(run, JOB_MALFORMED, "not a checksum line");
        return true;
    case SUM_LINE_ENTRY:
        break;
    }
    if (list->line == 1 && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        add_problem(run, JOB_MALFORMED, "it starts with a UTF-8 byte-order mark (EF BB BF), which checksum "
                                        "tools do not write");
        return true;
    }
    char reason[160] = "", first_reason[160] = "";
    bool no_algorithm = false, failed = false;
    /* a list keeps to one syntax: the last entry's is tried first */
    for (size_t pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < count; i++) {
            bool preferred = list->have_last && readings[i].syntax == list->last_syntax;
            if (pass == 0 ? !preferred : preferred)
                continue;
            reason[0] = '\0';
            if (try_reading(run, &readings[i], reason, sizeof(reason), &no_algorithm, &failed))
                return !failed;
            if (first_reason[0] == '\0')
                snprintf(first_reason, sizeof(first_reason), "%s", reason);
        }
    }
    /* no reading fits: naming an algorithm would not help POSIX cksum's line */
    if (is_posix_cksum_line(text, len))
        add_problem(run, JOB_MALFORMED, "POSIX cksum's CRC and size, in decimal; no hc algorithm computes that CRC");
    else
        add_problem(run, no_algorithm ? JOB_NO_ALGORITHM : JOB_MALFORMED, first_reason);
    return true;
}

/* ---- hashing and printing (hash queue callbacks) ---- */

static int open_job(void *ctx, size_t i, plat_file_info *info, file_result *result)
{
    check_run *run = ctx;
    check_job *job = &run->jobs[i];
    if (job->kind != JOB_FILE) {
        result->status = READ_SKIPPED;
        return -1;
    }
    /* non-blocking: a FIFO in the list waits for its writer in the
     * reader's wait, where Ctrl+C reaches it, not in the open */
    int fd = plat_open(job->path, PLAT_OPEN_READ | PLAT_OPEN_NONBLOCK);
    if (fd < 0) {
        result->status = READ_OPEN_ERROR;
        result->error_number = errno;
        return -1;
    }
    if (plat_file_info_of(fd, info) != 0) {
        result->status = READ_STAT_ERROR;
        result->error_number = errno;
    } else if (info->kind == PLAT_KIND_DIRECTORY) {
        result->status = READ_READ_ERROR;
        result->error_number = EISDIR;
    } else {
        /* files, and FIFOs and devices as sha256sum -c reads them: to
         * their end (a written disk image against its published sum) */
        return fd;
    }
    plat_close(fd);
    return -1;
}

static void job_rows(void *ctx, size_t i, const hc_algorithm *const **rows, size_t *count)
{
    check_run *run = ctx;
    *rows = run->jobs[i].rows;
    *count = run->jobs[i].row_count;
}

/* A file name in a message: escaped as in the verdict lines when it holds
 * a line break. */
static void print_name_error(const char *path, size_t len, const char *reason)
{
    text_buffer t;
    text_init(&t);
    bool escape = memchr(path, '\n', len) || memchr(path, '\r', len);
    text_append_str(&t, escape ? "\\" : "");
    text_append_gnu_name(&t, path, len, escape);
    progress_warn("%s: %s", text_str(&t), reason);
    text_free(&t);
}

/* The verdict's line in the run's format (check takes hc and json; hc's
 * line for any other). */
static void print_verdict(check_run *run, const check_job *job, const check_item *item, const hc_algorithm *alg,
                          const char *verdict, const char *error)
{
    const format_verdict v = {
        .list = run->list->display, .line = item->line, .path = job->path, .path_len = job->path_len,
        .alg = alg, .verdict = verdict, .error = error,
    };
    const format_writer *writer = format_writer_of(run->choice.kind);
    text_clear(&run->line);
    (writer->verdict_line ? writer : &format_hc_writer)->verdict_line(&run->line, &v);
    text_output_line(&run->line, run->out);
}

/* The digest row k of the job produced, within the result. */
static const uint8_t *row_digest(const check_job *job, const file_result *result, size_t k)
{
    const uint8_t *p = result->digest;
    for (size_t i = 0; i < k; i++)
        p += hc_algorithm_digest_len(job->rows[i]);
    return p;
}

static void print_file_job(check_run *run, const check_job *job, const file_result *result)
{
    check_list *list = run->list;
    if (result->status == READ_SKIPPED)
        return;
    if (result->status != READ_OK) {
        if (run->ignore_missing && result->status == READ_OPEN_ERROR && result->error_number == ENOENT)
            return;
        const char *reason = read_failure_reason(result);
        if (reason == NULL)
            reason = read_status_text(result->status);
        /* said even with --status, as coreutils does */
        print_name_error(job->path, job->path_len, reason);
        for (size_t k = 0; k < job->item_count; k++) {
            const check_item *item = &run->items[job->first_item + k];
            list->unreadable++;
            if (!run->status_only) {
                size_t first = (size_t)__builtin_ctzll(item->rows);
                print_verdict(run, job, item, job->rows[first], "FAILED open or read", reason);
            }
        }
        /* a file that cannot be read tells nothing of the algorithm:
         * the next entry is tried instead */
        if (job->guess)
            list->guessing = false;
        return;
    }
    const hc_algorithm *first_match = NULL;
    for (size_t k = 0; k < job->item_count; k++) {
        const check_item *item = &run->items[job->first_item + k];
        const hc_algorithm *alg = NULL;
        /* a digest several of the rows could have made: any of them will do */
        for (size_t r = 0; r < job->row_count && alg == NULL; r++)
            if ((item->rows >> r & 1) && memcmp(row_digest(job, result, r), item->expected, item->expected_len) == 0)
                alg = job->rows[r];
        if (alg) {
            first_match = first_match ? first_match : alg;
            list->verified++;
            if (!run->status_only && !run->quiet)
                print_verdict(run, job, item, alg, "OK", NULL);
        } else {
            list->mismatched++;
            if (!run->status_only)
                print_verdict(run, job, item, job->rows[__builtin_ctzll(item->rows)], "FAILED", NULL);
        }
    }
    if (job->guess)
        settle_guess(run, job, first_match);
}

static bool print_job(void *ctx, size_t i, const file_result *result)
{
    check_run *run = ctx;
    check_job *job = &run->jobs[i];
    check_list *list = run->list;
    report_io_stats(result);
    if (run->cut || result->status == READ_INTERRUPTED) {
        run->cut = true;
        return false;
    }
    switch (job->kind) {
    case JOB_FILE:
        print_file_job(run, job, result);
        progress_add_file(run->progress);
        break;
    case JOB_MALFORMED:
        list->malformed++;
        if (run->warn)
            progress_warn("%s: %zu: improperly formatted checksum line (%s)", list->display, job->line,
                    job->reason);
        break;
    case JOB_NO_ALGORITHM:
        /* the first one is an error (exit 2), whatever -w says; the
         * example is a command to type, so standard input is '-' there */
        if (list->no_algorithm++ == 0)
            progress_warn("%s: %zu: cannot tell which algorithm made this line's digest (%s); name it: "
                          "'hc <alg> check -s %s'",
                          list->display, job->line, job->reason, list->name);
        break;
    }
    return !run->out->write_failed;
}

/* Verifies and prints the batch, then empties it. */
static void flush(check_run *run)
{
    if (run->job_count)
        hash_queue_run(run->queue, run->job_count);
    for (size_t i = 0; i < run->job_count; i++)
        free(run->jobs[i].path);
    run->job_count = 0;
    run->item_count = 0;
}

/* ---- one list ---- */

static void plural(const char *one, const char *many, size_t n, const char *rest)
{
    progress_warn("WARNING: %zu %s %s", n, n == 1 ? one : many, rest);
}

/* A list's state before its first line. */
static check_list list_start(const char *name)
{
    bool is_stdin = strcmp(name, "-") == 0;
    check_list list = {.name = name, .display = is_stdin ? "standard input" : name};
    const char *slash = strrchr(name, '/');
    list.dir_len = is_stdin || slash == NULL ? 0 : (size_t)(slash - name) + 1;
    list.named = is_stdin ? NULL : sum_name_algorithm(name);
    const char *dot = strrchr(name, '.');
    list.sfv_first = dot && (strcmp(dot, ".sfv") == 0 || strcmp(dot, ".SFV") == 0);
    return list;
}

/* How reading a list's lines ended. */
typedef struct list_read_end {
    bool no_memory;
    bool too_long; /* a line longer than any list has */
} list_read_end;

/* Reads the list's lines and verifies them in batches, until its end, an
 * error, Ctrl+C (run->cut) or a stopped queue. */
static list_read_end verify_lines(check_run *run, line_input *in, check_list *list)
{
    list_read_end end = {false, false};
    size_t capacity = hash_queue_capacity(run->queue);
    while (!end.no_memory && !hash_queue_stopped(run->queue)) {
        if (atomic_load(&cli_interrupted)) {
            run->cut = true;
            break;
        }
        const char *text;
        size_t len;
        /* a list that arrives slowly is verified as it arrives */
        line_input_status status = line_input_next(in, &text, &len, run->job_count == 0);
        if (status == LINE_INPUT_WOULD_WAIT) {
            flush(run);
            continue;
        }
        if (status == LINE_INPUT_CANCELLED)
            run->cut = true;
        end.too_long = status == LINE_INPUT_TOO_LONG;
        if (status != LINE_INPUT_OK)
            break;
        list->line++;
        if (!take_line(run, text, len))
            end.no_memory = true;
        /* a guessed entry decides how the next lines are read */
        if (run->job_count == capacity || run->item_count == ITEMS_PER_BATCH || list->guessing)
            flush(run);
    }
    flush(run);
    return end;
}

/* The exit status of a list read to its end (or to a line too long, or a
 * read error), after its warnings and GNU's summary lines. */
static int list_status(const check_run *run, const check_list *list, bool too_long, int read_error)
{
    int status = EXIT_OK;
    if (too_long) {
        /* no list has such lines (/dev/zero, a binary file), and its end
         * may never come: said at once, and the rest is not read */
        progress_warn("%s: line %zu is longer than %s; the list is not read further", list->display, list->line + 1,
                      LINE_INPUT_MAX_TEXT);
        status = EXIT_USAGE;
    } else if (read_error) {
        progress_warn("%s: %s", list->display, strerror(read_error));
        status = EXIT_USAGE;
    } else if (list->entries == 0 && list->no_algorithm == 0) {
        progress_warn("%s: no properly formatted checksum lines found", list->display);
        return EXIT_USAGE;
    }
    if (list->no_algorithm)
        status = EXIT_USAGE;
    if (!run->status_only) {
        if (list->malformed)
            plural("line is", "lines are", list->malformed, "improperly formatted");
        if (list->unreadable)
            plural("listed file", "listed files", list->unreadable, "could not be read");
        if (list->mismatched)
            plural("computed checksum", "computed checksums", list->mismatched, "did NOT match");
    }
    if (list->mismatched || list->unreadable || (run->strict && list->malformed))
        status = status > EXIT_MISMATCH ? status : EXIT_MISMATCH;
    if (run->ignore_missing && list->verified == 0 && list->mismatched == 0 && list->unreadable == 0 &&
        list->entries > 0) {
        progress_warn("%s: no file was verified", list->display);
        status = status > EXIT_MISMATCH ? status : EXIT_MISMATCH;
    }
    return status;
}

/* Verifies one list; returns its exit status. */
static int check_list_file(check_run *run, const char *name)
{
    check_list list = list_start(name);
    run->list = &list;

    /* opening waits for nothing (a FIFO with no writer), reading polls
     * Ctrl+C (line_input.h) */
    line_input in;
    if (!line_input_open(&in, name, cli_interrupt_requested, NULL)) {
        int error = errno;
        if (error == ENOMEM) {
            cli_out_of_memory();
            return EXIT_USAGE;
        }
        progress_warn("%s: %s", list.display, strerror(error));
        return EXIT_USAGE;
    }
    list_read_end end = verify_lines(run, &in, &list);
    int read_error = in.error;
    line_input_close(&in);
    run->list = NULL;

    if (end.no_memory || read_error == ENOMEM) {
        cli_out_of_memory();
        return EXIT_USAGE;
    }
    /* Ctrl+C: the lines so far, no summary of a list not verified (§10.7) */
    if (run->cut)
        return EXIT_INTERRUPTED;
    return list_status(run, &list, end.too_long, read_error);
}

/* ---- counting ahead for the progress line (§10.7) ----
 *
 * A thread of its own reads the lists a second time with the same parser
 * and the same batches (so lines naming one file join exactly as they do
 * when verified), counts the files to verify and stats them; at the end it
 * gives the display the totals. Verifying never waits for it. A list on
 * standard input or a pipe cannot be read twice: no totals then. */

typedef struct check_count {
    progress_count *count;
    check_run run;             /* its own batch, list and name buffer */
    size_t capacity;           /* the verifying side's batch size */
    const char *const *lists;
    size_t list_count;
    uint64_t files, bytes;
} check_count;

static void count_batch(check_count *c)
{
    check_run *run = &c->run;
    for (size_t i = 0; i < run->job_count; i++) {
        check_job *job = &run->jobs[i];
        if (job->kind != JOB_FILE)
            continue;
        plat_file_info info;
        c->files++;
        if (plat_path_info(job->path, &info) == 0 && info.kind == PLAT_KIND_REGULAR)
            c->bytes += info.size;
        free(job->path);
    }
    run->job_count = 0;
    run->item_count = 0;
}

/* false when the list cannot be counted ahead (a pipe, out of memory). */
static bool count_list(check_count *c, progress_count *count, const char *name)
{
    check_run *run = &c->run;
    /* stat before open: opening a FIFO would release its writer, which
     * then could write into a FIFO nobody reads any more (SIGPIPE) */
    plat_file_info info;
    if (strcmp(name, "-") == 0 || (plat_path_info(name, &info) == 0 && info.kind != PLAT_KIND_REGULAR))
        return false;
    line_input in;
    if (!line_input_open(&in, name, progress_count_stopped, count))
        return errno != ENOMEM; /* verified: nothing (an error message) */
    bool counted = plat_file_info_of(in.fd, &info) == 0 && info.kind == PLAT_KIND_REGULAR;
    check_list list = list_start(name);
    run->list = &list;
    while (counted) {
        const char *text;
        size_t len;
        line_input_status status = line_input_next(&in, &text, &len, true);
        if (status == LINE_INPUT_END || status == LINE_INPUT_CANCELLED || status == LINE_INPUT_TOO_LONG)
            break;
        if (status != LINE_INPUT_OK) {
            counted = false;
            break;
        }
        list.line++;
        if (!take_line(run, text, len))
            counted = false;
        if (run->job_count == c->capacity || run->item_count == ITEMS_PER_BATCH)
            count_batch(c);
    }
    count_batch(c);
    run->list = NULL;
    line_input_close(&in);
    return counted;
}

static bool count_lists(progress_count *count, void *arg, uint64_t *files, uint64_t *bytes)
{
    check_count *c = arg;
    bool counted = true;
    for (size_t i = 0; i < c->list_count && counted; i++)
        counted = count_list(c, count, c->lists[i]);
    *files = c->files;
    *bytes = c->bytes;
    return counted;
}

static void count_free(check_count *c)
{
    free(c->run.jobs);
    free(c->run.items);
    free(c->run.name);
    free(c);
}

/* NULL when no live line would show the totals, or no memory or thread. */
static check_count *count_start(const check_run *verify, const char *const *lists, size_t list_count,
                                progress *display)
{
    if (!progress_live(display))
        return NULL;
    check_count *c = calloc(1, sizeof(*c));
    if (c == NULL)
        return NULL;
    c->run.algs = verify->algs;
    c->capacity = verify->job_cap;
    c->lists = lists;
    c->list_count = list_count;
    c->run.jobs = malloc(c->capacity * sizeof(*c->run.jobs));
    c->run.items = malloc(ITEMS_PER_BATCH * sizeof(*c->run.items));
    c->run.name = malloc(NAME_MAX_BYTES);
    if (c->run.jobs == NULL || c->run.items == NULL || c->run.name == NULL ||
        (c->count = progress_count_start(display, count_lists, c)) == NULL) {
        count_free(c);
        return NULL;
    }
    return c;
}

/* Stops the count if it still runs, and waits for its thread. */
static void count_stop(check_count *c)
{
    if (c == NULL)
        return;
    progress_count_stop(c->count);
    count_free(c);
}

/* The most digest bytes one file can need: every row at once. */
static size_t all_digest_bytes(void)
{
    size_t total = 0;
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++)
        total += hc_algorithm_digest_len(hc_algorithm_at(i));
    return total;
}

static int run_check(const cli_algs *algs, const cli_args *args, cli_output *out)
{
    if (args->input_count == 0) {
        output_line(out, "--source option is required");
        return EXIT_USAGE;
    }
    check_run run = {
        .out = out,
        .algs = algs,
        .quiet = args->present[OPT_QUIET],
        .status_only = args->present[OPT_STATUS],
        .strict = args->present[OPT_STRICT],
        .warn = args->present[OPT_WARN],
        .ignore_missing = args->present[OPT_IGNORE_MISSING],
    };
    unsigned threads;
    if (!parse_threads_option(out, args, &threads) ||
        !parse_format_options(out, args, algs, (1u << FORMAT_HC) | (1u << FORMAT_JSON), &run.choice))
        return EXIT_USAGE;
    size_t stdin_lists = 0;
    for (size_t i = 0; i < args->input_count; i++)
        stdin_lists += strcmp(args->inputs[i], "-") == 0;
    if (stdin_lists > 1) {
        print_usage_error("standard input ('-') can be read only once");
        return EXIT_USAGE;
    }

    static const hash_queue_ops ops = {.open = open_job, .algorithms = job_rows, .print = print_job};
    /* Ctrl+C stops reading and verifying; what was printed stays (§10.7) */
    cli_catch_interrupt();
    progress *display = progress_start(0);
    run.progress = display;
    hash_queue_config config = {
        .ops = &ops,
        .ctx = &run,
        .rows = algs->rows,
        .row_count = algs->count,
        .threads = threads,
        .digest_bytes = all_digest_bytes(),
        .events = progress_events(display),
        .print_hold = progress_hold_switch,
        .hold_ctx = display,
    };
    run.queue = hash_queue_open(&config);
    if (run.queue) {
        run.job_cap = hash_queue_capacity(run.queue);
        run.jobs = malloc(run.job_cap * sizeof(*run.jobs));
        run.items = malloc(ITEMS_PER_BATCH * sizeof(*run.items));
        run.name = malloc(NAME_MAX_BYTES);
    }
    text_init(&run.line);
    int status = EXIT_OK;
    if (run.queue == NULL || run.jobs == NULL || run.items == NULL || run.name == NULL) {
        cli_out_of_memory();
        status = EXIT_USAGE;
    } else {
        check_count *count = count_start(&run, (const char *const *)args->inputs, args->input_count, display);
        for (size_t i = 0; i < args->input_count && !hash_queue_stopped(run.queue) && !run.cut; i++) {
            int list_status = check_list_file(&run, args->inputs[i]);
            status = list_status > status ? list_status : status;
        }
        count_stop(count);
    }
    progress_stop(display);
    text_free(&run.line);
    free(run.name);
    free(run.items);
    free(run.jobs);
    hash_queue_close(run.queue);
    return status;
}

static const char *const check_examples[] = {
    "hc check -s SHA256SUMS", NULL,
        "the algorithm from the list's name, or from each line's tag",
    "sha256sum *.iso | hc check", "type list | hc check",
        "a list on standard input; an untagged one: the first entries tell the algorithm",
    "hc ALG check -s list --quiet", NULL,
        "only the failures; the exit status tells the rest",
    "hc check -s release.sha256 --ignore-missing", NULL,
        "the listed files that are here",
    NULL};

/* The one mode behind both `hc <alg> check` and `hc check`. */
#define CHECK_MODE                                                                                              \
    {                                                                                                           \
        .name = "check", .description = "verify the lists of sha256sum, b3sum, cksum, openssl, rhash, SFV, hc", \
        CLI_MODE_OPTIONS(check_options),                                                                        \
        .run = run_check, .lists = true, .inputs = true, .examples = check_examples,                            \
    }

const cli_mode cli_mode_check = CHECK_MODE;

/* hc check ...: no algorithm word; the lines' tags or the lists' names say
 * which (§10.4). The mode runs alone (no .run of its own). */
const cli_command cli_command_check = {
    .mode = CHECK_MODE,
    .usage = "[OPTIONS]",
};
