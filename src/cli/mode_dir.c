/* dir mode: hash the files of a directory (contract §2.4, §4). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fileline.h"
#include "reader.h"
#include "treecount.h"
#include "walk.h"

static const cli_option_spec dir_options[] = {
    {OPT_SOURCE, 's', "source", "<directory>", "source directory", 0},
    {OPT_HASH, 'm', "hash", "<string>", "hash to search a file that matches it", 0},
    {OPT_EXCLUDE, 'e', "exclude", "<string>", "exclude files that match the pattern ('*' and '?', ';' separates patterns)", 0},
    {OPT_INCLUDE, 'i', "include", "<string>", "include only files that match the pattern ('*' and '?', ';' separates patterns)", 0},
    {OPT_SEARCH, 'H', "search", "<string>", "hash to search a file that matches it", 0},
    {OPT_RECURSIVE, 'r', "recursively", NULL, "scan the directory recursively", 0},
    {OPT_LIMIT, 'z', "limit", "<number>", "hash at most this many bytes of each file", 0},
    {OPT_OFFSET, 'q', "offset", "<number>", "start hashing each file at this byte offset", 0},
    {OPT_CHECKSUM, 'c', "checksumfile", NULL, "output in checksum file format", 0},
    {OPT_SAVE, 'o', "save", "<file>", "also save the output to this file", 0},
    {OPT_TIME, 't', "time", NULL, "show the time each file's hashing took", 0},
    {OPT_SFV, 0, "sfv", NULL, "output in SFV format", HC_ALG_CRC},
    {OPT_LOWER, 'l', "lower", NULL, "output hash using lower case (default is upper case)", 0},
    {OPT_BASE64, 'b', "base64", NULL, "output hash as Base64", 0},
    {OPT_NOERRORONFIND, 0, "noerroronfind", NULL, "do not show directory walk errors", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "threads hashing files at once (default: all CPUs)", 0},
    {OPT_LENGTH, 0, "length", "<bytes>", "output length in bytes (BLAKE3 extendable output)", HC_ALG_XOF_KEYED},
    {OPT_KEY, 0, "key", "<hex>", "keyed hash with this 32-byte key (64 hex digits)", HC_ALG_XOF_KEYED},
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from each file for this context string", HC_ALG_XOF_KEYED},
    {OPT_PROGRESS, 0, "progress", NULL, "show the progress line on stderr even when it is not a terminal", 0},
    {OPT_NO_PROGRESS, 0, "no-progress", NULL, "no progress line (SIGUSR1 still prints a status line)", 0},
};

/* Entries hashed per parallel loop: enough to keep every thread busy and
 * amortise waking them, few enough that output starts at once. */
#define BATCH_MAX 1024
/* Digests kept per batch are bounded too (BLAKE3 --length can be huge),
 * and so are the printed paths (a path is as long as the tree is deep). */
#define BATCH_DIGEST_BYTES ((size_t)16 << 20)
#define BATCH_PATH_BYTES ((size_t)8 << 20)

typedef struct dir_entry {
    walk_item item;
    file_result result;
    struct stat st;
    bool deferred;   /* big: hashed after the loop, alone, by the caller */
    bool ready;      /* result complete: may be printed */
} dir_entry;

typedef struct dir_run {
    cli_output *out;
    const line_format *format;
    read_range range;
    bool quiet;               /* --noerroronfind */
    progress *progress;
    hc_pool *pool;
    file_reader *readers;     /* one per thread of the pool */
    unsigned reader_count;

    dir_entry *entries;       /* the current batch */
    size_t count;
    uint8_t *digests;         /* digest storage of the batch */
    atomic_size_t next;       /* next entry a worker takes */
    atomic_bool stop;         /* stdout is broken: hash nothing more */

    pthread_mutex_t writer;   /* printing, and everything below */
    size_t printed;           /* entries [0, printed) of the batch are out */
    size_t failed, found, walk_errors;
    /* Ctrl+C stopped the run before its end: nothing is printed after the
     * first entry it cut short, so the output is a clean prefix */
    bool cut;
} dir_run;

static void print_entry(dir_run *run, dir_entry *entry)
{
    if (run->cut)
        return;
    if (entry->item.kind == WALK_ERROR) {
        if (!run->quiet) {
            run->walk_errors++;
            int error = entry->item.error_number;
            /* a checksum list (-c, --sfv) stays a list: the diagnostic
             * goes where the failures of its files go (docs/file-dir.md);
             * elsewhere the contract's line, and why on stderr (§10.7) */
            if (!run->format->checksum && !run->format->sfv)
                output_line(run->out, "%s: %s", entry->item.path, walk_error_name(error));
            progress_warn("%s: %s", entry->item.path, strerror(error));
        }
    } else {
        switch (print_file_line(run->out, run->format, entry->item.path, &entry->result)) {
        case OUTCOME_HASHED:
            run->found++;
            break;
        case OUTCOME_FAILED:
            run->failed++;
            break;
        case OUTCOME_INTERRUPTED:
            run->cut = true;
            atomic_store(&run->stop, true);
            return;
        case OUTCOME_MISMATCH:
        case OUTCOME_SKIPPED:
            break;
        }
        progress_add_file(run->progress);
    }
    if (run->out->write_failed)
        atomic_store(&run->stop, true);
}

/* Marks entry i complete and prints every complete entry from the first
 * unprinted one on: lines come out in walk order, each as soon as it and
 * all before it are ready, whichever thread finished it. */
static void publish(dir_run *run, size_t i)
{
    pthread_mutex_lock(&run->writer);
    run->entries[i].ready = true;
    if (i == run->printed) {
        progress_hold(run->progress);
        while (run->printed < run->count && run->entries[run->printed].ready)
            print_entry(run, &run->entries[run->printed++]);
        progress_release(run->progress);
    }
    pthread_mutex_unlock(&run->writer);
}

/* Opens a listed file for hashing; -1, with the result filled in, when it
 * cannot be hashed. */
static int open_entry(dir_entry *entry)
{
    file_result *result = &entry->result;
    /* O_NONBLOCK: should a FIFO have replaced the listed file, opening it
     * must not wait for a writer (it is skipped below). */
    int fd = openat(walk_dir_fd(entry->item.dir), entry->item.name,
                    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        /* ELOOP: a symlink now; symlinks are not hashed */
        result->status = errno == ELOOP ? READ_SKIPPED : READ_OPEN_ERROR;
        result->error_number = errno;
        return -1;
    }
    if (fstat(fd, &entry->st) != 0) {
        result->status = READ_STAT_ERROR;
        result->error_number = errno;
    } else if (!S_ISREG(entry->st.st_mode)) {
        result->status = READ_SKIPPED;
    } else {
        return fd;
    }
    close(fd);
    return -1;
}

static void hash_entry(dir_run *run, file_reader *reader, size_t i)
{
    dir_entry *entry = &run->entries[i];
    if (entry->item.kind == WALK_FILE) {
        int fd = -1;
        if (atomic_load_explicit(&run->stop, memory_order_relaxed))
            entry->result.status = READ_SKIPPED;
        else if (atomic_load_explicit(&cli_interrupted, memory_order_relaxed))
            entry->result.status = READ_INTERRUPTED;
        else
            fd = open_entry(entry);
        if (fd >= 0 && run->reader_count > 1 && !read_is_small(&entry->st, &run->range)) {
            /* left to the caller; closed meanwhile, so that a batch of big
             * files does not hold a descriptor each */
            close(fd);
            entry->deferred = true;
            return;
        }
        if (fd >= 0) {
            reader_hash_fd(reader, fd, &entry->st, &run->range, &entry->result);
            close(fd);
        }
    }
    publish(run, i);
}

static void worker(void *arg, size_t slot)
{
    dir_run *run = arg;
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&run->next, 1, memory_order_relaxed);
        if (i >= run->count)
            return;
        hash_entry(run, &run->readers[slot], i);
    }
}

/* Hashes and prints one batch: small files several at once on the pool,
 * then each big file alone, read front to back, with every thread of the
 * pool for algorithms that can split one input (docs/file-dir.md). */
static void run_batch(dir_run *run)
{
    atomic_store(&run->next, 0);
    run->printed = 0;
    if (run->reader_count > 1)
        hc_pool_for(run->pool, run->reader_count, worker, run);
    else
        worker(run, 0);
    for (size_t i = 0; i < run->count; i++) {
        dir_entry *entry = &run->entries[i];
        if (!entry->deferred)
            continue;
        int fd = -1;
        if (atomic_load(&run->stop))
            entry->result.status = READ_SKIPPED;
        else if (atomic_load(&cli_interrupted))
            entry->result.status = READ_INTERRUPTED;
        else
            fd = open_entry(entry);
        if (fd >= 0) {
            reader_hash_fd(&run->readers[0], fd, &entry->st, &run->range, &entry->result);
            close(fd);
        }
        publish(run, i);
    }
}

/* Each directory a batch refers to stays open until the batch is printed
 * (the walk itself holds at most 17 more, walk.c): keep well within the
 * descriptor limit, raised to its hard maximum first. */
static size_t dirs_per_batch(void)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return 8;
    rlim_t want = limit.rlim_max < 65536 ? limit.rlim_max : 65536;
    if (limit.rlim_cur < want) {
        rlim_t old = limit.rlim_cur;
        limit.rlim_cur = want;
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0)
            limit.rlim_cur = old;
    }
    size_t dirs = limit.rlim_cur > 128 ? (size_t)(limit.rlim_cur - 64) / 4 : 8;
    return dirs < 256 ? dirs : 256;
}

/* Walks, batch by batch. false when memory ran out. */
static bool run_walk(dir_run *run, walk *w, size_t batch_max)
{
    size_t digest_len = run->format->digest_len;
    size_t dirs_max = dirs_per_batch();
    for (;;) {
        run->count = 0;
        const walk_dir *last_dir = NULL;
        size_t dirs = 0, path_bytes = 0;
        while (run->count < batch_max && dirs < dirs_max && path_bytes < BATCH_PATH_BYTES &&
               !atomic_load(&run->stop)) {
            if (atomic_load(&cli_interrupted)) {
                run->cut = true; /* the walk was not done */
                break;
            }
            dir_entry *entry = &run->entries[run->count];
            memset(entry, 0, sizeof(*entry));
            if (!walk_next(w, &entry->item)) {
                if (errno == ENOMEM)
                    return false;
                break;
            }
            if (entry->item.kind == WALK_FILE && entry->item.dir != last_dir) {
                last_dir = entry->item.dir;
                dirs++;
            }
            path_bytes += strlen(entry->item.path);
            entry->result.digest = run->digests + run->count * digest_len;
            run->count++;
        }
        if (run->count == 0)
            return true;
        run_batch(run);
        for (size_t i = 0; i < run->count; i++)
            walk_item_free(&run->entries[i].item);
    }
}

/* Surrounding ' and " characters, any number, are not part of the path
 * (contract §2.4). */
static char *strip_quotes(const char *text)
{
    size_t start = 0, end = strlen(text);
    while (start < end && (text[start] == '\'' || text[start] == '"'))
        start++;
    while (end > start && (text[end - 1] == '\'' || text[end - 1] == '"'))
        end--;
    return strndup(text + start, end - start);
}

/* The search digest (contract §4.5): -H wins over -m, an empty value is as
 * good as absent, and -c turns searching off. */
static const char *search_text(const cli_args *args)
{
    if (args->present[OPT_CHECKSUM])
        return NULL;
    if (args->present[OPT_SEARCH] && args->value[OPT_SEARCH][0])
        return args->value[OPT_SEARCH];
    if (args->present[OPT_HASH] && args->value[OPT_HASH][0])
        return args->value[OPT_HASH];
    return NULL;
}

static unsigned open_readers(dir_run *run, const hc_algorithm *alg, const hc_params *params, unsigned threads)
{
    if (threads > 1 && hc_pool_create(&run->pool, threads) != HC_OK)
        run->pool = NULL;
    unsigned count = hc_pool_threads(run->pool);
    run->readers = calloc(count, sizeof(*run->readers));
    if (run->readers == NULL)
        return 0;
    for (unsigned i = 0; i < count; i++) {
        if (reader_init(&run->readers[i], alg, params, run->pool, run->progress) != HC_OK)
            return i;
        run->reader_count = i + 1;
    }
    /* The caller hashes the big files while the workers wait: one spare CPU
     * reads ahead for it. */
    run->readers[0].read_ahead = count > 1;
    return count;
}

static void close_readers(dir_run *run)
{
    for (unsigned i = 0; i < run->reader_count; i++)
        reader_free(&run->readers[i]);
    free(run->readers);
    hc_pool_destroy(run->pool);
}

/* Walks source and prints every file's line; returns the exit status. */
static int hash_tree(const hc_algorithm *alg, const cli_args *args, cli_output *out, const line_format *format,
                     const file_mode_options *options)
{
    bool quiet = args->present[OPT_NOERRORONFIND];
    char *source = strip_quotes(args->value[OPT_SOURCE]);
    if (source == NULL) {
        fprintf(stderr, "hc: out of memory\n");
        return EXIT_USAGE;
    }
    walk_options selection = {
        .recursive = args->present[OPT_RECURSIVE],
        .include = args->present[OPT_INCLUDE] ? args->value[OPT_INCLUDE] : NULL,
        .exclude = args->present[OPT_EXCLUDE] ? args->value[OPT_EXCLUDE] : NULL,
    };
    walk *w = walk_open(source, &selection);
    if (w == NULL) {
        int status = EXIT_MISMATCH, error = errno;
        if (error == ENOMEM) {
            fprintf(stderr, "hc: out of memory\n");
            status = EXIT_USAGE;
        } else if (!quiet) {
            output_line(out, "%s: cannot open directory", source);
            progress_warn("%s: %s", source, strerror(error));
        }
        free(source);
        return status;
    }

    size_t digest_len = format->digest_len;
    size_t batch_max = BATCH_DIGEST_BYTES / digest_len;
    batch_max = batch_max < 1 ? 1 : batch_max > BATCH_MAX ? BATCH_MAX : batch_max;
    dir_run run = {.out = out, .format = format, .range = options->range, .quiet = quiet};
    atomic_init(&run.next, 0);
    atomic_init(&run.stop, false);
    pthread_mutex_init(&run.writer, NULL);
    /* Ctrl+C stops the walk and the hashing; the lines printed so far
     * stay (§10.7). */
    cli_catch_interrupt();
    run.progress = progress_start(0);
    tree_count *count = tree_count_start(source, &selection, &options->range, run.progress);
    run.entries = calloc(batch_max, sizeof(*run.entries));
    run.digests = malloc(batch_max * digest_len);
    bool ok = open_readers(&run, alg, &options->params, options->threads) == hc_pool_threads(run.pool) &&
              run.entries && run.digests && run_walk(&run, w, batch_max);
    tree_count_stop(count);
    progress_stop(run.progress);

    int status = EXIT_OK;
    if (!ok) {
        fprintf(stderr, "hc: out of memory\n");
        status = EXIT_USAGE;
    } else if (run.cut) {
        status = EXIT_INTERRUPTED;
    } else if (run.failed || run.walk_errors || (format->search && run.found == 0)) {
        status = EXIT_MISMATCH;
    }
    close_readers(&run);
    pthread_mutex_destroy(&run.writer);
    free(run.digests);
    free(run.entries);
    walk_close(w);
    free(source);
    return status;
}

static int run_dir(const hc_algorithm *alg, const cli_args *args, cli_output *out)
{
    file_mode_options options;
    if (!parse_file_mode_options(out, args, &options))
        return EXIT_USAGE;

    size_t digest_len = options.params.out_len ? options.params.out_len : alg->digest_len;
    line_format format;
    line_format_init(&format, args, digest_len);
    const char *search = search_text(args);
    uint8_t *target = search ? malloc(digest_len) : NULL;
    int status;
    if (search && target == NULL) {
        fprintf(stderr, "hc: out of memory\n");
        status = EXIT_USAGE;
    } else if (search && !parse_target(search, digest_len, target)) {
        /* once, and nothing is walked (contract §4.5); a usage error (§9) */
        output_line(out, "invalid search hash: %s", search);
        status = EXIT_USAGE;
    } else {
        format.search = search != NULL;
        format.target = target;
        status = hash_tree(alg, args, out, &format, &options);
    }
    free(target);
    /* A broken stdout ends the run with status 2 and no save file. */
    if (args->present[OPT_SAVE] && !out->write_failed && !output_save(out, args->value[OPT_SAVE]))
        status = EXIT_USAGE;
    return status;
}

const cli_mode cli_mode_dir = {
    .name = "dir",
    .description = "calculate hash sums of files in a directory",
    .options = dir_options,
    .option_count = sizeof(dir_options) / sizeof(dir_options[0]),
    .run = run_dir,
};
