/* file mode: hash one file (contract §2.3, §3). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fileline.h"
#include "reader.h"

static const cli_option_spec file_options[] = {
    {OPT_SOURCE, 's', "source", "<file>", "full path to the file to calculate hash sum of ('-' reads standard input)", 0},
    {OPT_HASH, 'm', "hash", "<string>", "hash to validate the file against", 0},
    {OPT_LIMIT, 'z', "limit", "<number>", "hash at most this many bytes of the file", 0},
    {OPT_OFFSET, 'q', "offset", "<number>", "start hashing at this byte offset", 0},
    {OPT_CHECKSUM, 'c', "checksumfile", NULL, "output in checksum file format", 0},
    {OPT_SAVE, 'o', "save", "<file>", "also save the output to this file", 0},
    {OPT_TIME, 't', "time", NULL, "show the time the hashing took", 0},
    {OPT_SFV, 0, "sfv", NULL, "output in SFV format", HC_ALG_CRC},
    {OPT_LOWER, 'l', "lower", NULL, "output hash using lower case (default is upper case)", 0},
    {OPT_BASE64, 'b', "base64", NULL, "output hash as Base64", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "threads hashing one file where the algorithm allows (default: all CPUs)", 0},
    {OPT_LENGTH, 0, "length", "<bytes>", "output length in bytes (BLAKE3 extendable output)", HC_ALG_XOF_KEYED},
    {OPT_KEY, 0, "key", "<hex>", "keyed hash with this 32-byte key (64 hex digits)", HC_ALG_XOF_KEYED},
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from the file for this context string", HC_ALG_XOF_KEYED},
    {OPT_PROGRESS, 0, "progress", NULL, "show the progress line on stderr even when it is not a terminal", 0},
    {OPT_NO_PROGRESS, 0, "no-progress", NULL, "no progress line (SIGUSR1 still prints a status line)", 0},
};

/* The pool only serves tree hashes, which split one file between threads
 * (a serial hash gets one read-ahead thread when threads > 1). */
static hc_pool *pool_for_one_file(const hc_algorithm *alg, unsigned threads)
{
    hc_pool *pool = NULL;
    if (threads > 1 && alg->tree && hc_pool_create(&pool, threads) != HC_OK)
        pool = NULL; /* one thread still gives the right digest */
    return pool;
}

/* Opens the source ("-" is standard input) and hashes it into result. */
static void hash_source(file_reader *reader, const char *path, const read_range *range, bool bad_target,
                        file_result *result)
{
    bool is_stdin = strcmp(path, "-") == 0;
    /* O_NONBLOCK: a FIFO without a writer yet must not hold up the open,
     * where Ctrl+C could not reach it; the reader waits for its data in
     * poll(2), which looks at the signal flag (reader.c). */
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat st;
    result->status = READ_OK;
    result->error_number = 0;
    if (fd < 0) {
        result->status = READ_OPEN_ERROR;
        result->error_number = errno;
        return;
    }
    if (fstat(fd, &st) != 0) {
        /* a closed standard input cannot be opened either */
        result->status = is_stdin ? READ_OPEN_ERROR : READ_STAT_ERROR;
        result->error_number = errno;
    } else if (bad_target) {
        /* checked after open and stat, as the reference does (§3.5) */
        result->status = READ_BAD_TARGET;
    } else {
        /* a stream's size is unknown: no percentage, no ETA */
        reader->progress = progress_start(S_ISREG(st.st_mode) ? read_length((uint64_t)st.st_size, range) : 0);
        reader_hash_fd(reader, fd, &st, range, result);
        progress_stop(reader->progress);
        reader->progress = NULL;
    }
    if (!is_stdin)
        close(fd);
}

static int run_file(const hc_algorithm *alg, const cli_args *args, cli_output *out)
{
    file_mode_options options;
    if (!parse_file_mode_options(out, args, &options))
        return EXIT_USAGE;
    /* Ctrl+C stops the reading; what was printed stays (§10.7). */
    cli_catch_interrupt();

    hc_pool *pool = pool_for_one_file(alg, options.threads);
    file_reader reader;
    if (reader_init(&reader, alg, &options.params, pool, NULL) != HC_OK) {
        hc_pool_destroy(pool);
        fprintf(stderr, "hc: out of memory\n");
        return EXIT_USAGE;
    }
    reader.read_ahead = options.threads > 1;
    size_t digest_len = reader.hasher.out_len;
    uint8_t *digest = malloc(digest_len), *target = malloc(digest_len);
    if (digest == NULL || target == NULL) {
        free(digest);
        free(target);
        reader_free(&reader);
        hc_pool_destroy(pool);
        fprintf(stderr, "hc: out of memory\n");
        return EXIT_USAGE;
    }

    line_format format;
    line_format_init(&format, args, digest_len);
    /* An empty -m means no validation, as in the reference. */
    const char *hash = args->present[OPT_HASH] ? args->value[OPT_HASH] : "";
    bool bad_target = false;
    if (hash[0] != '\0') {
        bad_target = !parse_target(hash, digest_len, target);
        format.target = bad_target ? NULL : target;
    }

    const char *path = args->value[OPT_SOURCE];
    file_result result = {.digest = digest};
    hash_source(&reader, path, &options.range, bad_target, &result);
    line_outcome outcome = print_file_line(out, &format, path, &result);
    /* exit 2 names its cause, also when the line shows an open error */
    if (bad_target)
        fprintf(stderr, "hc: invalid -m/--hash value '%s': expected %zu hex digits\n", hash, 2 * digest_len);

    int status = bad_target ? EXIT_USAGE : outcome == OUTCOME_HASHED ? EXIT_OK : EXIT_MISMATCH;
    /* stopped before the end; a Ctrl+C after it changes nothing */
    if (outcome == OUTCOME_INTERRUPTED)
        status = EXIT_INTERRUPTED;
    /* A broken stdout ends the run with status 2 and no save file: the two
     * must never disagree (docs/file-dir.md). */
    if (args->present[OPT_SAVE] && !out->write_failed && !output_save(out, args->value[OPT_SAVE]))
        status = EXIT_USAGE;
    free(target);
    free(digest);
    reader_free(&reader);
    hc_pool_destroy(pool);
    return status;
}

const cli_mode cli_mode_file = {
    .name = "file",
    .description = "calculate hash sum of a file",
    .options = file_options,
    .option_count = sizeof(file_options) / sizeof(file_options[0]),
    .run = run_file,
};
