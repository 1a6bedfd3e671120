/* dir mode: hash the files of a directory (contract §2.4, §4). */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "habits.h"
#include "file_line.h"
#include "file_mode_setup.h"
#include "hc/file.h"
#include "part.h"
#include "part_list.h"
#include "platform.h"
#include "printable.h"
#include "tree_count.h"

static const cli_option_spec dir_options[] = {
    {OPT_SOURCE, 's', "source", "<directory>", "source directory", 0},
    {OPT_HASH, 'm', "hash", "<string>", "as -H (when both are given, -H counts)", 0},
    {OPT_EXCLUDE, 'e', "exclude", "<string>", "exclude files that match the pattern ('*' and '?', ';' separates patterns)", 0},
    {OPT_INCLUDE, 'i', "include", "<string>", "include only files that match the pattern ('*' and '?', ';' separates patterns)", 0},
    {OPT_SEARCH, 'H', "search", "<string>", "print only the files whose digest is this hash, as '<path> | <size>'", 0},
    {OPT_RECURSIVE, 'r', "recursively", NULL, "scan the directory recursively", 0},
    {OPT_LIMIT, 'z', "limit", "<number>", "hash at most this many bytes of each file", 0},
    {OPT_OFFSET, 'q', "offset", "<number>", "start hashing each file at this byte offset", 0},
    CLI_OPTIONS_CHECKSUM_SAVE,
    {OPT_TIME, 't', "time", NULL, "show the time each file's hashing took", 0},
    CLI_OPTIONS_FORMATS,
    {OPT_NOERRORONFIND, 0, "noerroronfind", NULL, "do not show directory walk errors", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "threads hashing files at once (default: all CPUs)", 0},
    CLI_OPTIONS_BLAKE3_LENGTH_KEY,
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from each file for this context string", HC_ALG_XOF_KEYED},
    {OPT_PART, 0, "part", "<K/N>", "hash only the files of part K of N (a fixed hash of the path below -s); merge with hc merge", 0},
    CLI_OPTIONS_PROGRESS,
};

/* The printed paths a batch holds are bounded too (a path is as long as
 * the tree is deep). */
#define BATCH_PATH_BYTES ((size_t)8 << 20)

typedef struct dir_run {
    cli_output *out;
    const line_format *format;
    bool quiet;               /* --noerroronfind */
    progress *progress;
    hc_file_batch *batch;
    hc_walk_item **entries;   /* the current batch */
    size_t failed, found, walk_errors;
    /* Ctrl+C stopped the run before its end: nothing is printed after the
     * first entry it cut short, so the output is a clean prefix */
    bool cut;
} dir_run;

/* Zig-style error name for a walk diagnostic ("AccessDenied", ...), as the
 * reference prints them (contract §4.4). */
static const char *walk_error_name(int error_number)
{
    switch (error_number) {
    case EACCES:
        return "AccessDenied";
    case EPERM:
        return "PermissionDenied";
    case ENOENT:
        return "FileNotFound";
    case ENOTDIR:
        return "NotDir";
    case ELOOP:
        return "SymLinkLoop";
    case ENAMETOOLONG:
        return "NameTooLong";
    case EMFILE:
        return "ProcessFdQuotaExceeded";
    case ENFILE:
        return "SystemFdQuotaExceeded";
    case ENOMEM:
        return "SystemResources";
    case EIO:
        return "InputOutput";
    case ENODEV:
        return "NoDevice";
    default:
        return "Unexpected";
    }
}

/* Opens a listed file for hashing in its directory; -1, with the result
 * filled in, when it cannot be hashed (a walk error is printed as such). */
static int open_entry(void *ctx, size_t i, hc_file_result *result)
{
    dir_run *run = ctx;
    return hc_walk_item_open(run->entries[i], result);
}

static bool print_entry(void *ctx, size_t i, const hc_file_result *result)
{
    dir_run *run = ctx;
    const hc_walk_item *item = run->entries[i];
    const char *path = hc_walk_item_path(item);
    int error = hc_walk_item_error(item);
    if (run->cut)
        return false;
    if (error) {
        if (!run->quiet) {
            run->walk_errors++;
            /* a checksum list (-c, --sfv, gnu, bsd, json) stays a list: the
             * diagnostic goes where the failures of its files go
             * (docs/file-dir.md); elsewhere the contract's line, and why on
             * stderr (§10.7) */
            if (run->format->choice.kind == FORMAT_HC)
                output_line(run->out, "%s: %s", path, walk_error_name(error));
            char *owned;
            progress_warn("%s: %s", printable_name(path, &owned), strerror(error));
            free(owned);
        }
    } else {
        switch (print_file_line(run->out, run->format, path, result)) {
        case OUTCOME_HASHED:
            run->found++;
            break;
        case OUTCOME_FAILED:
            run->failed++;
            break;
        case OUTCOME_INTERRUPTED:
            run->cut = true;
            return false;
        case OUTCOME_MISMATCH:
        case OUTCOME_SKIPPED:
            break;
        }
        progress_add_file(run->progress);
    }
    return !run->out->write_failed;
}

/* Each directory a batch refers to stays open until the batch is printed
 * (the walk itself holds at most 17 more, walk.c): keep well within the
 * descriptor limit, raised to its hard maximum first. */
static size_t dirs_per_batch(void)
{
    uint64_t limit;
    if (!plat_raise_open_files(65536, &limit))
        return 8;
    size_t dirs = limit > 128 ? (size_t)((limit - 64) / 4) : 8;
    return dirs < 256 ? dirs : 256;
}

/* Walks, batch by batch. false when memory ran out. */
static bool run_walk(dir_run *run, hc_walk *w)
{
    size_t batch_max = hc_file_batch_capacity(run->batch);
    size_t dirs_max = dirs_per_batch();
    for (;;) {
        size_t count = 0;
        const hc_walk_item *last_file = NULL;
        size_t dirs = 0, path_bytes = 0;
        while (count < batch_max && dirs < dirs_max && path_bytes < BATCH_PATH_BYTES &&
               !hc_file_batch_stopped(run->batch)) {
            if (atomic_load(&cli_interrupted)) {
                run->cut = true; /* the walk was not done */
                break;
            }
            hc_walk_item *item;
            hc_status status = hc_walk_next_item(w, &item);
            if (status == HC_ERR_NOMEM)
                return false;
            if (item == NULL) {
                run->cut = status == HC_ERR_CANCELLED; /* Ctrl+C inside the walk */
                break;
            }
            if (hc_walk_item_error(item) == 0) {
                dirs += !hc_walk_item_same_dir(item, last_file);
                last_file = item;
            }
            path_bytes += strlen(hc_walk_item_path(item));
            run->entries[count++] = item;
        }
        if (count > 0)
            hc_file_batch_run(run->batch, count);
        for (size_t i = 0; i < count; i++)
            hc_walk_item_free(run->entries[i]);
        if (count == 0 || run->cut)
            return true;
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
    return plat_strndup(text + start, end - start);
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

/* ---- -o never replaces a file of the tree ---- */

/* Levels looked up from the save file's directory: deeper than any real
 * tree, a bound for a file system whose ".." never ends. */
enum { ANCESTORS_MAX = 1 << 16 };

/* How many levels below source the directory dir_path is (0: source
 * itself), or -1 when source is none of its ancestors. Compared by
 * identity, so any spelling of either path (relative, "..", symlinks) is
 * seen through. */
static long depth_below(const char *dir_path, const plat_file_info *source)
{
    plat_dir *dir = plat_dir_open(dir_path);
    long depth = -1;
    for (long level = 0; dir != NULL && level < ANCESTORS_MAX; level++) {
        plat_file_info here, above;
        if (plat_dir_info(dir, &here) != 0)
            break;
        if (plat_same_file(&here, source)) {
            depth = level;
            break;
        }
        plat_dir *parent = plat_dir_open_at(dir, "..");
        plat_dir_close(dir);
        dir = parent;
        if (dir != NULL && plat_dir_info(dir, &above) == 0 && plat_same_file(&above, &here))
            break; /* the root: its ".." is itself */
    }
    if (dir != NULL)
        plat_dir_close(dir);
    return depth;
}

/* -r, -i and -e: which files the walk lists; Ctrl+C stops it. */
static hc_walk_options dir_selection(const cli_args *args)
{
    static const hc_file_events interrupt = {.cancelled = cli_interrupt_requested};
    return (hc_walk_options){
        .recursive = args->present[OPT_RECURSIVE],
        .include = args->present[OPT_INCLUDE] ? args->value[OPT_INCLUDE] : NULL,
        .exclude = args->present[OPT_EXCLUDE] ? args->value[OPT_EXCLUDE] : NULL,
        .events = &interrupt,
    };
}

/* Would the walk of source (its quotes stripped) list the existing file
 * at final (the save file, symlinks followed)? */
static bool tree_lists(const char *source, const hc_walk_options *selection, char *final)
{
    plat_file_info root;
    if (plat_path_info(source, &root) != 0)
        return false;
    char *slash = NULL;
    for (char *p = final; *p; p++)
        if (plat_is_separator(*p))
            slash = p;
    const char *name = slash ? slash + 1 : final;
    long depth;
    if (slash == NULL) {
        depth = depth_below(".", &root);
    } else {
        char kept = slash[1];
        slash[1] = '\0'; /* the directory, its separator kept: "/" stays the root */
        depth = depth_below(final, &root);
        slash[1] = kept;
    }
    return (depth == 0 || (depth > 0 && selection->recursive)) && hc_walk_selects(selection, name);
}

/* false, the refusal said, when -o names an existing file that the walk
 * would hash: the save would replace it with the list. */
static bool save_outside_tree(const cli_args *args)
{
    plat_file_info save;
    if (!save_file_existing(args, &save))
        return true;
    char *source = strip_quotes(args->value[OPT_SOURCE]);
    char *final = save_final_path(args->value[OPT_SAVE]);
    hc_walk_options selection = dir_selection(args);
    bool listed = source && final && tree_lists(source, &selection, final);
    if (listed)
        refuse_save_over_input(args, "a file of the tree", source,
                               " (save the list outside the tree, or leave the file out with -e)");
    free(source);
    free(final);
    return !listed;
}

/* Walks source and prints every file's line; returns the exit status.
 * *walked: the walk reached its end (not cut short, not out of memory). */
static int walk_tree(const char *source, const tree_selection *selection, cli_output *out,
                     const line_format *format, const file_mode_options *options, bool quiet, bool *walked)
{
    *walked = false;
    /* Ctrl+C stops the walk (from its first directory on) and the
     * hashing; the lines printed so far stay (§10.7). */
    cli_catch_interrupt();
    hc_walk *w;
    hc_status opened = hc_walk_open(&w, source, &selection->walk);
    if (opened != HC_OK) {
        int status = EXIT_MISMATCH, error = errno;
        if (opened == HC_ERR_NOMEM) {
            cli_out_of_memory();
            status = EXIT_USAGE;
        } else if (!quiet) {
            output_line(out, "%s: cannot open directory", source);
            progress_warn("%s: %s", source, strerror(error));
        }
        return status;
    }

    hc_walk_set_part(w, selection->part, selection->parts);
    static const hc_file_batch_ops ops = {.open = open_entry, .print = print_entry};
    dir_run run = {.out = out, .format = format, .quiet = quiet};
    run.progress = progress_start(0);
    progress_count *count = tree_count_start(source, selection, &options->range, run.progress);
    run.batch = file_batch_open(&ops, &run, format, options, run.progress);
    run.entries = run.batch ? calloc(hc_file_batch_capacity(run.batch), sizeof(*run.entries)) : NULL;
    bool ok = run.entries && run_walk(&run, w);
    progress_count_stop(count);
    progress_stop(run.progress);

    int status = EXIT_OK;
    if (!ok) {
        cli_out_of_memory();
        status = EXIT_USAGE;
    } else if (run.cut) {
        status = EXIT_INTERRUPTED;
    } else if (run.failed || run.walk_errors || (format->search && run.found == 0)) {
        status = EXIT_MISMATCH;
    }
    *walked = ok && !run.cut;
    hc_file_batch_free(run.batch);
    free(run.entries);
    hc_walk_close(w);
    return status;
}

/* The tree, or with --part its part, between the lines that say which part
 * it is (part_list.h): the end line only once the walk reached its end. */
static int hash_tree(const cli_args *args, cli_output *out, const line_format *format,
                     const file_mode_options *options)
{
    char *source = strip_quotes(args->value[OPT_SOURCE]);
    if (source == NULL) {
        cli_out_of_memory();
        return EXIT_USAGE;
    }
    tree_selection selection = {.walk = dir_selection(args)};
    part_list_writer part_list = {0};
    int status;
    bool walked;
    if (!parse_part_option(args, &selection.part, &selection.parts)) {
        status = EXIT_USAGE;
    } else if (selection.parts != 0 &&
               !part_list_begin(&part_list, out, args, format, source, selection.part, selection.parts)) {
        cli_out_of_memory();
        status = EXIT_USAGE;
    } else {
        status = walk_tree(source, &selection, out, format, options, args->present[OPT_NOERRORONFIND], &walked);
        part_list_end(&part_list, out, walked);
    }
    free(source);
    return status;
}

static int run_dir(const cli_algs *algs, const cli_args *args, cli_output *out)
{
    file_mode_options options;
    line_format format;
    if (!file_mode_setup(out, args, algs, &options, &format) || !save_outside_tree(args) ||
        !save_file_writable(out, args))
        return EXIT_USAGE;

    size_t digest_len = format.digest_len;
    const char *search = search_text(args);
    uint8_t *target = search ? malloc(digest_len) : NULL;
    int status;
    if (search && target == NULL) {
        cli_out_of_memory();
        status = EXIT_USAGE;
    } else if (search && !cli_parse_digest(search, strlen(search), digest_len, false, target)) {
        /* once, and nothing is walked (contract §4.5); a usage error (§9) */
        output_line(out, "invalid search hash: %s", search);
        explain_digest_length(search == args->value[OPT_SEARCH] ? "-H/--search" : "-m/--hash", search, digest_len,
                              false, format.algs->word);
        status = EXIT_USAGE;
    } else {
        format.search = search != NULL;
        format.target = target;
        status = hash_tree(args, out, &format, &options);
    }
    free(target);
    return save_file_mode_output(out, args, status);
}

const cli_mode cli_mode_dir = {
    .name = "dir", .description = "calculate hash sums of files in a directory",
    CLI_MODE_OPTIONS(dir_options), .run = run_dir, .lists = true,
    .examples = (const char *const[]){
        "hc ALG dir -s photos -r", "hc ALG dir -s D:\\photos -r",
            "every file under photos, sub-directories too, in sorted order",
        "hc ALG dir -s photos -r --format gnu -o photos.sums", NULL,
            "a list 'hc check -s photos.sums' verifies later",
        "hc ALG dir -s . -r -i '*.iso;*.img'", "hc ALG dir -s . -r -i \"*.iso;*.img\"",
            "only the files whose names match a pattern",
        "hc md5 dir -s . -r -H 900150983CD24FB0D6963F7D28E17F72", NULL,
            "the files whose MD5 is this digest, those that hold 'abc' (exit 1 when none)",
        NULL},
};
