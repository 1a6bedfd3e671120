/* check mode: the verdicts (check_batch.h): each file's digests against
 * the lines that name it, printed in the list's order. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check_batch.h"
#include "file_line.h"
#include "format_writer.h"
#include "platform.h"


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

int check_open_job(void *ctx, size_t i, hc_file_result *result)
{
    check_run *run = ctx;
    check_job *job = &run->jobs[i];
    if (job->kind != JOB_FILE) {
        result->status = HC_FILE_SKIPPED;
        return -1;
    }
    /* opened without waiting: a FIFO in the list waits for its writer in
     * the hashing's wait, where Ctrl+C reaches it, not in the open */
    int fd = hc_file_open(job->path, result);
    if (fd >= 0 && result->kind == HC_FILE_KIND_DIRECTORY) {
        plat_close(fd);
        result->status = HC_FILE_READ_ERROR;
        result->error = EISDIR;
        return -1;
    }
    /* files, and FIFOs and devices as sha256sum -c reads them: to their
     * end (a written disk image against its published sum) */
    return fd;
}

void check_job_rows(void *ctx, size_t i, const hc_algorithm *const **rows, size_t *count)
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
static const uint8_t *row_digest(const check_job *job, const hc_file_result *result, size_t k)
{
    const uint8_t *p = result->digests;
    for (size_t i = 0; i < k; i++)
        p += hc_algorithm_digest_len(job->rows[i]);
    return p;
}

static void print_file_job(check_run *run, const check_job *job, const hc_file_result *result)
{
    check_list *list = run->list;
    if (result->status == HC_FILE_SKIPPED)
        return;
    if (result->status != HC_FILE_OK) {
        if (run->ignore_missing && result->status == HC_FILE_OPEN_ERROR && result->error == ENOENT)
            return;
        const char *reason = hc_file_failure_reason(result);
        if (reason == NULL)
            reason = hc_file_status_text(result->status);
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

bool check_print_job(void *ctx, size_t i, const hc_file_result *result)
{
    check_run *run = ctx;
    check_job *job = &run->jobs[i];
    check_list *list = run->list;
    report_io_stats(result);
    if (run->cut || result->status == HC_FILE_INTERRUPTED) {
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
