/* The public face of the file engine (<hc/file.h>): a file hasher is one
 * reader (reader.c) with its own pool, exactly what the hc command uses for
 * one file, so a program linking libhc takes the same speed path. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hc/cpu.h"
#include "hc/file.h"
#include "hc/pool.h"
#include "io_events.h"
#include "reader.h"
#include "walk.h"

double io_monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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
    /* one thread still gives the right digests: a pool that cannot be had
     * costs speed only */
    if (wanted > 1 && hc_pool_create(&fh->pool, wanted) != HC_OK)
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

static void fill_stats(hc_file_stats *stats, const file_result *result)
{
    if (stats == NULL || stats->struct_size < sizeof(hc_file_stats))
        return; /* a caller built against a newer header gets nothing rather than a wrong layout */
    memset((char *)stats + sizeof(stats->struct_size), 0, sizeof(*stats) - sizeof(stats->struct_size));
    stats->size = result->size;
    stats->seconds = result->seconds;
    stats->big = result->big;
    if (!result->big)
        return;
    const bigfile_stats *io = &result->io;
    stats->threads = io->threads;
    stats->tree = io->tree;
    stats->pipelined = io->pipelined;
    stats->cold = io->cold;
    stats->streamed = io->streamed;
    stats->pieces_read = io->units[BIGFILE_READ];
    stats->pieces_mapped = io->units[BIGFILE_MAP];
    stats->batch_windows = io->batch_windows;
    stats->stepped_bytes = io->stepped_bytes;
}

/* The reader's outcome as the library's status, errno set for HC_ERR_IO. */
static hc_status status_of(const file_result *result)
{
    switch (result->status) {
    case READ_OK:
        return HC_OK;
    case READ_OFFSET_ERROR:
        return HC_ERR_RANGE;
    case READ_INTERRUPTED:
        return HC_ERR_CANCELLED;
    default:
        if (result->error_number == ENOMEM)
            return HC_ERR_NOMEM;
        errno = result->error_number ? result->error_number : EIO;
        return HC_ERR_IO;
    }
}

static hc_status hash_open_fd(hc_file_hasher *fh, int fd, const struct stat *st, const hc_file_range *range,
                              uint8_t *digests, hc_file_stats *stats)
{
    read_range bytes = {range ? range->offset : 0, range ? range->limit : 0};
    file_result result = {.digest = digests};
    reader_hash_fd(&fh->reader, fd, st, &bytes, &result);
    fill_stats(stats, &result);
    return status_of(&result);
}

hc_status hc_file_hash_fd(hc_file_hasher *fh, int fd, const hc_file_range *range, uint8_t *digests,
                          hc_file_stats *stats)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return HC_ERR_IO;
    return hash_open_fd(fh, fd, &st, range, digests, stats);
}

hc_status hc_file_hash_path(hc_file_hasher *fh, const char *path, const hc_file_range *range, uint8_t *digests,
                            hc_file_stats *stats)
{
    /* O_NONBLOCK: a FIFO without a writer must not hold up the open, where
     * cancellation could not reach it; the reader waits for its data. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return HC_ERR_IO;
    struct stat st;
    hc_status status = fstat(fd, &st) == 0 ? hash_open_fd(fh, fd, &st, range, digests, stats) : HC_ERR_IO;
    int saved = errno;
    close(fd);
    errno = saved;
    return status;
}

/* ---- the walk ------------------------------------------------------------ */

struct hc_walk {
    walk *inner;
    walk_item item; /* the last entry handed out: freed on the next call */
    bool holding;
};

hc_status hc_walk_open(hc_walk **out, const char *root, const hc_walk_options *options)
{
    *out = NULL;
    hc_walk *w = calloc(1, sizeof(*w));
    if (w == NULL)
        return HC_ERR_NOMEM;
    walk_options inner = {0};
    if (options) {
        inner.recursive = options->recursive;
        inner.include = options->include;
        inner.exclude = options->exclude;
    }
    if ((w->inner = walk_open(root, &inner)) == NULL) {
        int saved = errno;
        free(w);
        errno = saved;
        return saved == ENOMEM ? HC_ERR_NOMEM : HC_ERR_IO;
    }
    *out = w;
    return HC_OK;
}

hc_status hc_walk_next(hc_walk *w, hc_walk_entry *entry)
{
    if (w->holding) {
        walk_item_free(&w->item);
        w->holding = false;
    }
    entry->path = NULL;
    entry->error = 0;
    errno = 0;
    if (!walk_next(w->inner, &w->item))
        return errno == ENOMEM ? HC_ERR_NOMEM : HC_OK;
    w->holding = true;
    entry->path = w->item.path;
    entry->error = w->item.kind == WALK_ERROR ? w->item.error_number : 0;
    return HC_OK;
}

void hc_walk_close(hc_walk *w)
{
    if (w == NULL)
        return;
    if (w->holding)
        walk_item_free(&w->item);
    walk_close(w->inner);
    free(w);
}
