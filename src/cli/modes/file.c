/* file mode: hash one file (contract §2.3, §3). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "habits.h"
#include "args.h"
#include "file_line.h"
#include "file_mode_setup.h"
#include "hash_queue.h"
#include "platform.h"

static const cli_option_spec file_options[] = {
    {OPT_SOURCE, 's', "source", "<file>", "file to hash ('-': standard input); repeat -s, or name files after the options", 0},
    {OPT_HASH, 'm', "hash", "<string>", "hash to validate the file against", 0},
    {OPT_LIMIT, 'z', "limit", "<number>", "hash at most this many bytes of the file", 0},
    {OPT_OFFSET, 'q', "offset", "<number>", "start hashing at this byte offset", 0},
    CLI_OPTIONS_CHECKSUM_SAVE,
    {OPT_TIME, 't', "time", NULL, "show the time the hashing took", 0},
    CLI_OPTIONS_FORMATS,
    {OPT_THREADS, 'T', "threads", "<int>", "threads: several files at once, several algorithms side by side, one big file's ranges for BLAKE3, TTH and the CRCs (default: all CPUs)", 0},
    CLI_OPTIONS_BLAKE3_LENGTH_KEY,
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from the file for this context string", HC_ALG_XOF_KEYED},
    CLI_OPTIONS_PROGRESS,
};

/* The pool only serves inputs that split between threads: a tree hash
 * (BLAKE3, TTH, CRC-32/32C: ranges hashed apart and combined), or several
 * algorithms side by side (a serial hash gets one read-ahead thread when
 * threads > 1). */
static hc_pool *pool_for_one_file(const cli_algs *algs, unsigned threads)
{
    hc_pool *pool = NULL;
    bool splits = algs->count > 1 || hc_algorithm_tree_leaf(algs->rows[0]);
    if (threads > 1 && splits && hc_pool_create(&pool, threads) != HC_OK)
        pool = NULL; /* one thread still gives the right digest */
    return pool;
}

static bool is_stdin_name(const char *path)
{
    return strcmp(path, "-") == 0;
}

/* false, the refusal said, when -o names one of the inputs (standard
 * input redirected from it too): the save would replace the file with its
 * own digest line. */
static bool save_spares_inputs(const cli_args *args)
{
    plat_file_info save, input;
    if (!save_file_existing(args, &save))
        return true;
    for (size_t i = 0; i < args->input_count; i++) {
        const char *path = args->inputs[i];
        bool is_stdin = is_stdin_name(path);
        if ((is_stdin ? plat_file_info_of(PLAT_STDIN, &input) : plat_path_info(path, &input)) == 0 &&
            plat_same_file(&save, &input)) {
            refuse_save_over_input(args, is_stdin ? "the file on standard input" : "the input", is_stdin ? NULL : path,
                                   "");
            return false;
        }
    }
    return true;
}

/* Opens an input ("-" is standard input): a descriptor with info filled
 * in, or -1 with the result's status set. */
static int open_source(const char *path, plat_file_info *info, file_result *result)
{
    bool is_stdin = is_stdin_name(path);
    /* Non-blocking: a FIFO without a writer yet must not hold up the open,
     * where Ctrl+C could not reach it; the reader waits for its data with
     * plat_wait_readable, looking at the signal flag (reader.c). */
    int fd = is_stdin ? PLAT_STDIN : plat_open(path, PLAT_OPEN_READ | PLAT_OPEN_NONBLOCK);
    result->status = READ_OK;
    result->error_number = 0;
    if (fd < 0) {
        result->status = READ_OPEN_ERROR;
        result->error_number = errno;
        return -1;
    }
    if (plat_file_info_of(fd, info) != 0) {
        /* a closed standard input cannot be opened either */
        result->status = is_stdin ? READ_OPEN_ERROR : READ_STAT_ERROR;
        result->error_number = errno;
        if (!is_stdin)
            plat_close(fd);
        return -1;
    }
    return fd;
}

static void close_source(int fd)
{
    if (fd != PLAT_STDIN)
        plat_close(fd);
}

/* Opens the source and hashes it into result, showing its progress. */
static void hash_source(file_reader *reader, const char *path, const read_range *range, bool bad_target,
                        file_result *result)
{
    plat_file_info info;
    int fd = open_source(path, &info, result);
    if (fd < 0)
        return;
    if (bad_target) {
        /* checked after open and stat, as the reference does (§3.5) */
        result->status = READ_BAD_TARGET;
    } else {
        /* a stream's size is unknown: no percentage, no ETA */
        progress *display = progress_start(info.kind == PLAT_KIND_REGULAR ? read_length(info.size, range) : 0);
        reader->events = progress_events(display);
        reader_hash_fd(reader, fd, &info, range, result);
        reader->events = progress_events(NULL);
        progress_stop(display);
    }
    close_source(fd);
}

/* ---- several inputs (§10.1): hashed on the pool, printed in order ---- */

typedef struct file_run {
    cli_output *out;
    const line_format *format;
    const char *const *paths;
    bool bad_target;
    progress *progress;
    line_outcome worst;
} file_run;

static int open_input(void *ctx, size_t i, plat_file_info *info, file_result *result)
{
    file_run *run = ctx;
    int fd = open_source(run->paths[i], info, result);
    if (fd >= 0 && run->bad_target) {
        close_source(fd);
        result->status = READ_BAD_TARGET;
        return -1;
    }
    return fd;
}

static void close_input(void *ctx, size_t i, int fd)
{
    (void)ctx;
    (void)i;
    close_source(fd);
}

static bool print_input(void *ctx, size_t i, const file_result *result)
{
    file_run *run = ctx;
    /* after Ctrl+C nothing more is printed: the output is a clean prefix */
    if (run->worst == OUTCOME_INTERRUPTED)
        return false;
    line_outcome outcome = print_file_line(run->out, run->format, run->paths[i], result);
    if (outcome == OUTCOME_INTERRUPTED) {
        run->worst = outcome;
        return false;
    }
    if (outcome == OUTCOME_FAILED || (outcome == OUTCOME_MISMATCH && run->worst != OUTCOME_FAILED))
        run->worst = outcome;
    progress_add_file(run->progress);
    return !run->out->write_failed;
}

/* The progress line's totals for several inputs, from a stat of each, up
 * front (a stat costs next to nothing beside a read): every input is a
 * file; the bytes are those of the regular files (within -q/-z). A pipe's
 * size is unknown and counts nothing, so with pipes among the inputs the
 * percentage runs ahead. */
static void set_input_totals(progress *display, const cli_args *args, const read_range *range)
{
    if (display == NULL)
        return;
    uint64_t bytes = 0;
    for (size_t i = 0; i < args->input_count; i++) {
        plat_file_info info;
        bool is_stdin = is_stdin_name(args->inputs[i]);
        if ((is_stdin ? plat_file_info_of(PLAT_STDIN, &info) : plat_path_info(args->inputs[i], &info)) == 0 &&
            info.kind == PLAT_KIND_REGULAR)
            bytes += read_length(info.size, range);
    }
    progress_set_totals(display, args->input_count, bytes);
}

/* The outcome that decides the exit status: Ctrl+C over a failure over a
 * mismatch. */
static line_outcome hash_inputs(cli_output *out, const line_format *format, const cli_args *args,
                                const file_mode_options *options, bool bad_target, bool *no_memory)
{
    static const hash_queue_ops ops = {
        .open = open_input, .close = close_input, .print = print_input, .keep_big_open = true};
    progress *display = progress_start(0);
    if (!bad_target)
        set_input_totals(display, args, &options->range);
    file_run run = {.out = out, .format = format, .paths = args->inputs, .bad_target = bad_target,
                    .progress = display, .worst = OUTCOME_HASHED};
    hash_queue *queue = file_queue_open(&ops, &run, format, options, display);
    *no_memory = queue == NULL;
    if (queue) {
        size_t capacity = hash_queue_capacity(queue);
        for (size_t done = 0; done < args->input_count && !hash_queue_stopped(queue);) {
            size_t count = args->input_count - done < capacity ? args->input_count - done : capacity;
            run.paths = args->inputs + done;
            hash_queue_run(queue, count);
            done += count;
        }
    }
    hash_queue_close(queue);
    progress_stop(display);
    return run.worst;
}

/* One input: hashed here, with its own progress line (bytes, ETA). */
static line_outcome hash_one(cli_output *out, const line_format *format, const char *path,
                             const file_mode_options *options, bool bad_target, bool *no_memory)
{
    hc_pool *pool = pool_for_one_file(format->algs, options->threads);
    file_reader reader;
    uint8_t *digest = malloc(format->digest_len);
    line_outcome outcome = OUTCOME_FAILED;
    *no_memory = digest == NULL || reader_init(&reader, format->algs->rows, format->algs->count, &options->params,
                                              pool, progress_events(NULL)) != HC_OK;
    if (!*no_memory) {
        reader.read_ahead = options->threads > 1;
        file_result result = {.digest = digest};
        hash_source(&reader, path, &options->range, bad_target, &result);
        outcome = print_file_line(out, format, path, &result);
    }
    if (digest)
        reader_free(&reader);
    free(digest);
    hc_pool_destroy(pool);
    return outcome;
}

static int run_file(const cli_algs *algs, const cli_args *args, cli_output *out)
{
    file_mode_options options;
    line_format format;
    if (!file_mode_setup(out, args, algs, &options, &format))
        return EXIT_USAGE;
    size_t stdin_count = 0;
    for (size_t i = 0; i < args->input_count; i++)
        stdin_count += is_stdin_name(args->inputs[i]);
    if (stdin_count > 1) {
        print_usage_error("standard input ('-') can be read only once");
        return EXIT_USAGE;
    }
    if (!save_spares_inputs(args) || !save_file_writable(out, args))
        return EXIT_USAGE;
    /* Ctrl+C stops the reading; what was printed stays (§10.7). */
    cli_catch_interrupt();

    uint8_t *target = malloc(format.digest_len);
    if (target == NULL) {
        cli_out_of_memory();
        return EXIT_USAGE;
    }
    /* An empty -m means no validation, as in the reference. */
    const char *hash = args->present[OPT_HASH] ? args->value[OPT_HASH] : "";
    bool bad_target = false;
    if (hash[0] != '\0') {
        bad_target = !cli_parse_digest(hash, strlen(hash), format.digest_len, false, target);
        format.target = bad_target ? NULL : target;
    }

    bool no_memory;
    line_outcome outcome = args->input_count == 1
                               ? hash_one(out, &format, args->inputs[0], &options, bad_target, &no_memory)
                               : hash_inputs(out, &format, args, &options, bad_target, &no_memory);
    /* exit 2 names its cause, also when the line shows an open error */
    if (bad_target)
        explain_digest_length("-m/--hash", hash, format.digest_len, false, format.algs->word);
    int status = bad_target ? EXIT_USAGE : outcome == OUTCOME_HASHED ? EXIT_OK : EXIT_MISMATCH;
    /* stopped before the end; a Ctrl+C after it changes nothing */
    if (outcome == OUTCOME_INTERRUPTED)
        status = EXIT_INTERRUPTED;
    if (no_memory) {
        cli_out_of_memory();
        status = EXIT_USAGE;
    }
    free(target);
    return save_file_mode_output(out, args, status);
}

const cli_mode cli_mode_file = {
    .name = "file", .description = "calculate hash sum of a file",
    CLI_MODE_OPTIONS(file_options), .run = run_file, .lists = true, .inputs = true,
    .examples = (const char *const[]){
        "hc ALG file -s big.iso", "hc ALG file -s D:\\isos\\big.iso",
            "the file's path, size and digest",
        "hc ALG big.iso a.txt", NULL,
            "the same without 'file' and -s, for several files, as sha256sum takes them",
        "tar c dir | hc ALG file", "type D:\\isos\\big.iso | hc ALG file",
            "standard input (a pipe or a redirected file), shown as '-'",
        "hc md5 file -s big.iso -m 900150983CD24FB0D6963F7D28E17F72", NULL,
            "File is valid (big.iso holds 'abc') or File is invalid (exit 1)",
        "hc sha256 file --format gnu *.iso > SHA256SUMS", NULL,
            "lines sha256sum -c and 'hc check' read back",
        "hc md5,sha1,sha256 file -s big.iso", NULL,
            "one read, one line per algorithm, each naming its algorithm",
        NULL},
};
