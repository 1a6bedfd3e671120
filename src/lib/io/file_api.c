/* The public face of the file engine (<hc/file.h>): a file hasher is one
 * reader (reader.c) with its own pool, exactly what the hc command uses for
 * one file, so a program linking libhc takes the same speed path. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hc/cpu.h"
#include "hc/file.h"
#include "hc/pool.h"
#include "io_events.h"
#include "platform.h"
#include "reader.h"
#include "walk.h"

double io_monotonic_seconds(void)
{
    return plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
}

struct hc_file_hasher {
    file_reader reader;
    hc_pool *pool;
};

hc_status hc_file_hasher_create(hc_file_hasher **out, const hc_algorithm *const *algs, size_t count,
                                const hc_params *params, unsigned threads, const hc_file_events *events)
{
    if (out == NULL)
        return HC_ERR_INVALID;
    *out = NULL;
    if (algs == NULL || count == 0 || count > HC_ALGORITHM_COUNT)
        return HC_ERR_INVALID;
    for (size_t i = 0; i < count; i++)
        if (algs[i] == NULL)
            return HC_ERR_INVALID;
    hc_file_hasher *fh = calloc(1, sizeof(*fh));
    if (fh == NULL)
        return HC_ERR_NOMEM;
    unsigned wanted = threads ? threads : hc_cpu_count();
    /* The pool serves only inputs that split between threads: a tree hash
     * (BLAKE3, TTH, CRC-32/32C: ranges hashed apart and combined), or
     * several algorithms side by side. One thread still gives the right
     * digests: a pool that cannot be had costs speed only. */
    bool splits = count > 1 || hc_algorithm_tree_leaf(algs[0]) > 0;
    if (wanted > 1 && splits && hc_pool_create(&fh->pool, wanted) != HC_OK)
        fh->pool = NULL;
    hc_status status = reader_init(&fh->reader, algs, count, params, fh->pool, events);
    if (status != HC_OK) {
        reader_free(&fh->reader);
        hc_pool_destroy(fh->pool);
        free(fh);
        return status;
    }
    /* a spare CPU reads big files ahead of a serial hash, as in hc */
    fh->reader.read_ahead = wanted > 1;
    *out = fh;
    return HC_OK;
}

void hc_file_hasher_free(hc_file_hasher *fh)
{
    if (fh == NULL)
        return;
    reader_free(&fh->reader);
    hc_pool_destroy(fh->pool);
    free(fh);
}

size_t hc_file_hasher_digests_len(const hc_file_hasher *fh)
{
    return fh->reader.hash.out_len;
}

/* A result handed in by the caller is of this library's layout. */
static bool result_fits(hc_file_result *result)
{
    if (result->struct_size == sizeof(hc_file_result))
        return true;
    errno = EINVAL;
    return false;
}

/* Fills in what the open found out about fd: 0, or -1 with errno. */
static int describe(int fd, hc_file_result *result)
{
    plat_file_info info;
    if (plat_file_info_of(fd, &info) != 0)
        return -1;
    result->kind = read_kind_of(info.kind);
    result->stats.size = info.kind == PLAT_KIND_REGULAR ? info.size : 0;
    return 0;
}

/* A failed open, said in result: -1. */
static int open_failed(hc_file_result *result, hc_file_status status, int error)
{
    result->status = status;
    result->error = error;
    return -1;
}

int hc_file_describe(int fd, hc_file_result *result)
{
    if (!result_fits(result))
        return -1;
    result->status = HC_FILE_OK;
    result->error = 0;
    return describe(fd, result) == 0 ? 0 : open_failed(result, HC_FILE_STAT_ERROR, errno);
}

int hc_file_open(const char *path, hc_file_result *result)
{
    if (!result_fits(result))
        return -1;
    result->status = HC_FILE_OK;
    result->error = 0;
    /* non-blocking: a FIFO without a writer must not hold up the open,
     * where cancellation could not reach it; the reader waits for its data */
    int fd = plat_open(path, PLAT_OPEN_READ | PLAT_OPEN_NONBLOCK);
    if (fd < 0)
        return open_failed(result, HC_FILE_OPEN_ERROR, errno);
    if (describe(fd, result) == 0)
        return fd;
    int error = errno;
    plat_close(fd);
    return open_failed(result, HC_FILE_STAT_ERROR, error);
}

void hc_file_hash_input(hc_file_hasher *fh, int fd, const hc_file_range *range, uint8_t *digests,
                        hc_file_result *result)
{
    static const hc_file_range whole = {0, 0};
    if (result_fits(result))
        reader_hash_fd(&fh->reader, fd, range ? range : &whole, digests, result);
}

/* The outcome as the library's status, errno set for HC_ERR_IO. */
static hc_status status_of(const hc_file_result *result)
{
    switch (result->status) {
    case HC_FILE_OK:
        return HC_OK;
    case HC_FILE_OFFSET_ERROR:
        return HC_ERR_RANGE;
    case HC_FILE_INTERRUPTED:
        return HC_ERR_CANCELLED;
    default:
        if (result->error == ENOMEM)
            return HC_ERR_NOMEM;
        errno = result->error ? result->error : EIO;
        return HC_ERR_IO;
    }
}

/* Hashes an input described in result; the stats to a caller who asked
 * for them in this library's layout (a caller built against a newer
 * header gets nothing rather than a wrong layout). */
static hc_status hash_described(hc_file_hasher *fh, int fd, const hc_file_range *range, uint8_t *digests,
                                hc_file_result *result, hc_file_stats *stats)
{
    hc_file_hash_input(fh, fd, range, digests, result);
    if (stats != NULL && stats->struct_size >= sizeof(hc_file_stats)) {
        size_t struct_size = stats->struct_size;
        *stats = result->stats;
        stats->struct_size = struct_size;
    }
    return status_of(result);
}

hc_status hc_file_hash_fd(hc_file_hasher *fh, int fd, const hc_file_range *range, uint8_t *digests,
                          hc_file_stats *stats)
{
    hc_file_result result = {.struct_size = sizeof(result)};
    if (describe(fd, &result) != 0)
        return HC_ERR_IO;
    return hash_described(fh, fd, range, digests, &result, stats);
}

hc_status hc_file_hash_path(hc_file_hasher *fh, const char *path, const hc_file_range *range, uint8_t *digests,
                            hc_file_stats *stats)
{
    hc_file_result result = {.struct_size = sizeof(result)};
    int fd = hc_file_open(path, &result);
    if (fd < 0) {
        errno = result.error;
        return HC_ERR_IO;
    }
    hc_status status = hash_described(fh, fd, range, digests, &result, stats);
    int saved = errno;
    plat_close(fd);
    errno = saved;
    return status;
}

/* ---- the walk ------------------------------------------------------------ */

struct hc_walk {
    walk *inner;
    hc_walk_item *held; /* the last entry hc_walk_next handed out: freed on the next call */
};

struct hc_walk_item {
    walk_item item;
};

static bool walk_events_cancelled(void *arg)
{
    const hc_file_events *events = arg;
    return events->cancelled(events->ctx);
}

/* The walk's options in the library's own words. */
static walk_options inner_options(const hc_walk_options *options)
{
    walk_options inner = {0};
    if (options) {
        inner.recursive = options->recursive;
        inner.include = options->include;
        inner.exclude = options->exclude;
        if (options->events != NULL && options->events->cancelled != NULL) {
            inner.cancelled = walk_events_cancelled;
            inner.cancel_ctx = (void *)options->events;
        }
    }
    return inner;
}

hc_status hc_walk_open(hc_walk **out, const char *root, const hc_walk_options *options)
{
    *out = NULL;
    hc_walk *w = calloc(1, sizeof(*w));
    if (w == NULL)
        return HC_ERR_NOMEM;
    walk_options inner = inner_options(options);
    if ((w->inner = walk_open(root, &inner)) == NULL) {
        int saved = errno;
        free(w);
        errno = saved;
        return saved == ENOMEM ? HC_ERR_NOMEM : HC_ERR_IO;
    }
    *out = w;
    return HC_OK;
}

bool hc_walk_selects(const hc_walk_options *options, const char *name)
{
    walk_options inner = inner_options(options);
    return walk_selects_name(&inner, name);
}

void hc_walk_set_part(hc_walk *w, uint64_t part, uint64_t parts)
{
    walk_set_part(w->inner, part, parts);
}

hc_status hc_walk_next_item(hc_walk *w, hc_walk_item **out)
{
    *out = NULL;
    hc_walk_item *item = malloc(sizeof(*item));
    if (item == NULL)
        return HC_ERR_NOMEM;
    errno = 0;
    if (!walk_next(w->inner, &item->item)) {
        free(item);
        return errno == ENOMEM ? HC_ERR_NOMEM : errno == ECANCELED ? HC_ERR_CANCELLED : HC_OK;
    }
    *out = item;
    return HC_OK;
}

void hc_walk_item_free(hc_walk_item *item)
{
    if (item == NULL)
        return;
    walk_item_free(&item->item);
    free(item);
}

const char *hc_walk_item_path(const hc_walk_item *item)
{
    return item->item.path;
}

int hc_walk_item_error(const hc_walk_item *item)
{
    return item->item.kind == WALK_ERROR ? item->item.error_number : 0;
}

bool hc_walk_item_same_dir(const hc_walk_item *a, const hc_walk_item *b)
{
    return a != NULL && b != NULL && a->item.kind == WALK_FILE && b->item.kind == WALK_FILE &&
           a->item.dir == b->item.dir;
}

int hc_walk_item_open(const hc_walk_item *item, hc_file_result *result)
{
    if (!result_fits(result))
        return -1;
    result->status = HC_FILE_OK;
    result->error = 0;
    if (item->item.kind != WALK_FILE)
        return open_failed(result, HC_FILE_SKIPPED, 0); /* a walk error has nothing to open */
    /* Non-blocking: should a FIFO have replaced the listed file, opening it
     * must not wait for a writer (it is skipped below). */
    int fd = plat_open_at(walk_dir_handle(item->item.dir), item->item.name,
                          PLAT_OPEN_READ | PLAT_OPEN_NOFOLLOW | PLAT_OPEN_NONBLOCK);
    if (fd < 0) /* ELOOP: a symbolic link now; those are not hashed */
        return open_failed(result, errno == ELOOP ? HC_FILE_SKIPPED : HC_FILE_OPEN_ERROR, errno);
    hc_file_status failure = HC_FILE_OK;
    int error = 0;
    if (describe(fd, result) != 0) {
        failure = HC_FILE_STAT_ERROR;
        error = errno;
    } else if (result->kind != HC_FILE_KIND_REGULAR) {
        failure = HC_FILE_SKIPPED;
    } else {
        return fd;
    }
    plat_close(fd);
    return open_failed(result, failure, error);
}

bool hc_walk_item_regular_size(const hc_walk_item *item, uint64_t *size)
{
    plat_file_info info;
    if (item->item.kind != WALK_FILE || plat_stat_at(walk_dir_handle(item->item.dir), item->item.name, &info) != 0 ||
        info.kind != PLAT_KIND_REGULAR)
        return false;
    *size = info.size;
    return true;
}

hc_status hc_walk_next(hc_walk *w, hc_walk_entry *entry)
{
    hc_walk_item_free(w->held);
    entry->path = NULL;
    entry->error = 0;
    hc_status status = hc_walk_next_item(w, &w->held);
    if (w->held != NULL) {
        entry->path = hc_walk_item_path(w->held);
        entry->error = hc_walk_item_error(w->held);
    }
    return status;
}

void hc_walk_close(hc_walk *w)
{
    if (w == NULL)
        return;
    hc_walk_item_free(w->held);
    walk_close(w->inner);
    free(w);
}
