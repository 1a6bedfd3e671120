/* check mode: counting ahead for the progress line (§10.7).
 *
 * A thread of its own reads the lists a second time with the same parser
 * and the same batches (so lines naming one file join exactly as they do
 * when verified), counts the files to verify and stats them; at the end it
 * gives the display the totals. Verifying never waits for it. A list on
 * standard input or a pipe cannot be read twice: no totals then. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check_batch.h"
#include "line_input.h"
#include "platform.h"
#include "progress_count.h"

typedef struct check_count {
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
    check_list list = check_list_start(name);
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
        if (!check_take_line(run, text, len))
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

static void count_free(void *arg)
{
    check_count *c = arg;
    free(c->run.jobs);
    free(c->run.items);
    free(c->run.name);
    free(c);
}

progress_count *check_count_start(const check_run *verify, const char *const *lists, size_t list_count,
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
    if (c->run.jobs == NULL || c->run.items == NULL || c->run.name == NULL) {
        count_free(c);
        return NULL;
    }
    return progress_count_start(display, count_lists, c, count_free);
}
