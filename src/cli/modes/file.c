/* file mode: hash one file (contract §2.3, §3). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "habits.h"
#include "args.h"
#include "file_line.h"
#include "file_mode_setup.h"
#include "hc/file.h"
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

/* Opens an input ("-" is standard input): a descriptor with result
 * describing it, or -1 with the result's status set. Without waiting: a
 * FIFO without a writer yet must not hold up the open, where Ctrl+C could
 * not reach it; the hashing waits for its data, polling the signal flag. */
static int open_source(const char *path, hc_file_result *result)
{
    if (!is_stdin_name(path))
        return hc_file_open(path, result);
    if (hc_file_describe(PLAT_STDIN, result) == 0)
        return PLAT_STDIN;
    result->status = HC_FILE_OPEN_ERROR; /* a closed standard input cannot be opened either */
    return -1;
}

static void close_source(int fd)
{
    if (fd != PLAT_STDIN)
        plat_close(fd);
}

/* Hashes an opened input into result, showing its progress; false when
 * out of memory. */
static bool hash_opened(int fd, const line_format *format, const file_mode_options *options, uint8_t *digests,
                        hc_file_result *result)
{
    /* a stream's size is unknown: no percentage, no ETA */
    bool regular = result->kind == HC_FILE_KIND_REGULAR;
    progress *display = progress_start(regular ? hc_file_range_length(result->stats.size, &options->range) : 0);
    hc_file_hasher *hasher;
    hc_status status = hc_file_hasher_create(&hasher, format->algs->rows, format->algs->count, &options->params,
                                             options->threads, progress_events(display));
    if (status == HC_OK)
        hc_file_hash_input(hasher, fd, &options->range, digests, result);
    hc_file_hasher_free(hasher);
    progress_stop(display);
    return status == HC_OK;
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

static int open_input(void *ctx, size_t i, hc_file_result *result)
{
    file_run *run = ctx;
    int fd = open_source(run->paths[i], result);
    if (fd >= 0 && run->bad_target) {
        /* checked after open and stat, as the reference does (§3.5) */
        close_source(fd);
        result->status = HC_FILE_REFUSED;
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

static bool print_input(void *ctx, size_t i, const hc_file_result *result)
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
static void set_input_totals(progress *display, const cli_args *args, const hc_file_range *range)
{
    if (display == NULL)
        return;
    uint64_t bytes = 0;
    for (size_t i = 0; i < args->input_count; i++) {
        plat_file_info info;
        bool is_stdin = is_stdin_name(args->inputs[i]);
        if ((is_stdin ? plat_file_info_of(PLAT_STDIN, &info) : plat_path_info(args->inputs[i], &info)) == 0 &&
            info.kind == PLAT_KIND_REGULAR)
            bytes += hc_file_range_length(info.size, range);
    }
    progress_set_totals(display, args->input_count, bytes);
}

/* The outcome that decides the exit status: Ctrl+C over a failure over a
 * mismatch. */
static line_outcome hash_inputs(cli_output *out, const line_format *format, const cli_args *args,
                                const file_mode_options *options, bool bad_target, bool *no_memory)
{
    static const hc_file_batch_ops ops = {
        .open = open_input, .close = close_input, .print = print_input, .keep_big_open = true};
    progress *display = progress_start(0);
    if (!bad_target)
        set_input_totals(display, args, &options->range);
    file_run run = {.out = out, .format = format, .paths = args->inputs, .bad_target = bad_target,
                    .progress = display, .worst = OUTCOME_HASHED};
    hc_file_batch *batch = file_batch_open(&ops, &run, format, options, display);
    *no_memory = batch == NULL;
    if (batch) {
        size_t capacity = hc_file_batch_capacity(batch);
        for (size_t done = 0; done < args->input_count && !hc_file_batch_stopped(batch);) {
            size_t count = args->input_count - done < capacity ? args->input_count - done : capacity;
            run.paths = args->inputs + done;
            hc_file_batch_run(batch, count);
            done += count;
        }
    }
    hc_file_batch_free(batch);
    progress_stop(display);
    return run.worst;
}

/* One input: hashed here, with its own progress line (bytes, ETA). */
static line_outcome hash_one(cli_output *out, const line_format *format, const char *path,
                             const file_mode_options *options, bool bad_target, bool *no_memory)
{
    uint8_t *digests = malloc(format->digest_len);
    *no_memory = digests == NULL;
    if (*no_memory)
        return OUTCOME_FAILED;
    hc_file_result result = {.struct_size = sizeof(result)};
    int fd = open_source(path, &result);
    if (fd >= 0 && bad_target)
        result.status = HC_FILE_REFUSED; /* checked after open and stat, as the reference does (§3.5) */
    else if (fd >= 0)
        *no_memory = !hash_opened(fd, format, options, digests, &result);
    if (fd >= 0)
        close_source(fd);
    line_outcome outcome = *no_memory ? OUTCOME_FAILED : print_file_line(out, format, path, &result);
    free(digests);
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
