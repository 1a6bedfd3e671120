/* check mode: verify checksum lists (contract §10.4).
 *
 *   hc <alg>[,<alg>…] check -s SUMS [-s SUMS…] [options]
 *   hc check -s SUMS              (the lines, or the list's name, say which algorithm)
 *
 * Each list is streamed: lines are parsed into a batch of files to verify,
 * the batch is hashed on the pool (<hc/file.h>'s batch: small files several at
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
#include "check_batch.h"
#include "cli.h"
#include "line_input.h"
#include "platform.h"
#include "progress.h"

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

/* Verifies and prints the batch, then empties it. */
static void flush(check_run *run)
{
    if (run->job_count)
        hc_file_batch_run(run->batch, run->job_count);
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

/* How reading a list's lines ended. */
typedef struct list_read_end {
    bool no_memory;
    bool too_long; /* a line longer than any list has */
} list_read_end;

/* Reads the list's lines and verifies them in batches, until its end, an
 * error, Ctrl+C (run->cut) or a stopped batch. */
static list_read_end verify_lines(check_run *run, line_input *in, check_list *list)
{
    list_read_end end = {false, false};
    size_t capacity = hc_file_batch_capacity(run->batch);
    while (!end.no_memory && !hc_file_batch_stopped(run->batch)) {
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
        if (!check_take_line(run, text, len))
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
    check_list list = check_list_start(name);
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

    static const hc_file_batch_ops ops = {
        .open = check_open_job, .algorithms = check_job_rows, .print = check_print_job};
    /* Ctrl+C stops reading and verifying; what was printed stays (§10.7) */
    cli_catch_interrupt();
    progress *display = progress_start(0);
    run.progress = display;
    hc_file_batch_config config = {
        .struct_size = sizeof(config),
        .ops = &ops,
        .ctx = &run,
        .algs = algs->rows,
        .count = algs->count,
        .threads = threads,
        .digests_len = all_digest_bytes(),
        .events = progress_events(display),
        .print_hold = progress_hold_switch,
        .hold_ctx = display,
    };
    if (hc_file_batch_create(&run.batch, &config) == HC_OK) {
        run.job_cap = hc_file_batch_capacity(run.batch);
        run.jobs = malloc(run.job_cap * sizeof(*run.jobs));
        run.items = malloc(ITEMS_PER_BATCH * sizeof(*run.items));
        run.name = malloc(NAME_MAX_BYTES);
    }
    text_init(&run.line);
    int status = EXIT_OK;
    if (run.batch == NULL || run.jobs == NULL || run.items == NULL || run.name == NULL) {
        cli_out_of_memory();
        status = EXIT_USAGE;
    } else {
        progress_count *count = check_count_start(&run, (const char *const *)args->inputs, args->input_count, display);
        for (size_t i = 0; i < args->input_count && !hc_file_batch_stopped(run.batch) && !run.cut; i++) {
            int list_status = check_list_file(&run, args->inputs[i]);
            status = list_status > status ? list_status : status;
        }
        progress_count_stop(count);
    }
    progress_stop(display);
    text_free(&run.line);
    free(run.name);
    free(run.items);
    free(run.jobs);
    hc_file_batch_free(run.batch);
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
