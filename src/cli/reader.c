/* Reading files for hashing.
 *
 * Regular files are read with pread(2) in 1 MiB chunks into one reusable
 * buffer per thread and hashed from there, while the chunk is still in the
 * L2 cache; for big files a second thread reads ahead. No mmap: on the machines we measured (docs/file-dir.md),
 * faulting page-cache pages into the address space cost 5-7 times what
 * copying them with read(2) does (1 GiB: 0.7 s mapped vs 0.1 s read, b3sum
 * shows the same), and a mapping would also need SIGBUS recovery for files
 * that shrink while hashed. With read(2) a shrinking file is simply a short
 * read, reported as "read error".
 *
 * The range to hash is fixed when hashing starts, from the fstat the caller
 * did: a file that grows meanwhile is hashed up to its old size (matching
 * the size column), one that shrinks is a read error. */
#include "reader.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static_assert(sizeof(off_t) == 8, "files beyond 2 GiB need a 64-bit off_t");

/* 1 MiB reads: above the kernel's per-call overhead, small enough to stay
 * in L2 between the copy and the hash (512 KiB-2 MiB measured alike). */
#define READ_CHUNK ((size_t)1 << 20)
/* update_parallel splits each call between the pool's threads: give every
 * thread a few MiB of whole subtrees, within a bounded buffer. */
#define PARALLEL_CHUNK_PER_THREAD ((size_t)2 << 20)
#define PARALLEL_CHUNK_MAX ((size_t)16 << 20)
#define HUGE_PAGE ((size_t)2 << 20)
/* Below this a read-ahead thread costs more than it saves. */
#define READ_AHEAD_MIN ((uint64_t)8 << 20)
/* Chunks read and hashed in turn, and timed, before reading ahead. */
#define READ_AHEAD_PROBE 2

const char *read_status_text(read_status status)
{
    switch (status) {
    case READ_OPEN_ERROR:
        return "open error";
    case READ_STAT_ERROR:
        return "stat error";
    case READ_READ_ERROR:
        return "read error";
    case READ_OFFSET_ERROR:
        return "Offset is greater than file size";
    case READ_BAD_TARGET:
        return "invalid search hash";
    case READ_OK:
    case READ_SKIPPED:
        break;
    }
    return NULL;
}

hc_status reader_init(file_reader *reader, const hc_algorithm *alg, const hc_params *params, hc_pool *pool,
                      progress *display)
{
    memset(reader, 0, sizeof(*reader));
    reader->pool = pool;
    reader->progress = display;
    return hc_hasher_open(&reader->hasher, alg, params);
}

void reader_free(file_reader *reader)
{
    if (reader->hasher.ctx)
        hc_hasher_close(&reader->hasher);
    free(reader->buffer);
    reader->buffer = NULL;
    reader->buffer_len = 0;
}

static double monotonic_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static bool parallel_hashing(const file_reader *reader)
{
    return reader->pool && reader->hasher.alg->update_parallel && hc_pool_threads(reader->pool) > 1;
}

/* The buffer grows to what the largest input so far needed (a small file
 * needs only its size), rounded to pages; big buffers ask for huge pages so
 * that touching them costs one fault per 2 MiB. */
static bool ensure_buffer(file_reader *reader, size_t len)
{
    if (reader->buffer_len >= len)
        return true;
    size_t align = len >= HUGE_PAGE ? HUGE_PAGE : 4096;
    size_t size = (len + align - 1) / align * align;
    uint8_t *buffer = aligned_alloc(align, size);
    if (buffer == NULL)
        return false;
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE)
        madvise(buffer, size, MADV_HUGEPAGE); /* only a hint: failure is fine */
#endif
    free(reader->buffer);
    reader->buffer = buffer;
    reader->buffer_len = size;
    return true;
}

static void feed(file_reader *reader, const uint8_t *data, size_t len, bool parallel)
{
    if (parallel)
        reader->hasher.alg->update_parallel(reader->hasher.ctx, data, len, reader->pool);
    else
        hc_hasher_update(&reader->hasher, data, len);
    progress_add_bytes(reader->progress, len);
}

static void fail(file_result *result, read_status status, int error_number)
{
    result->status = status;
    result->error_number = error_number;
}

/* Reads exactly len bytes at pos unless an error or the end of the file
 * comes first: 0, or the errno (ENODATA: the file ended early, it shrank
 * after fstat and the digest would not be that of the size we print). */
static int read_fully(int fd, uint8_t *buffer, size_t len, uint64_t pos, size_t *got)
{
    *got = 0;
    while (*got < len) {
        ssize_t n = pread(fd, buffer + *got, len - *got, (off_t)(pos + *got));
        if (n < 0 && errno == EINTR)
            continue;
        /* dir mode opens with O_NONBLOCK (for FIFOs); a regular file with a
         * mandatory lock would then refuse instead of waiting */
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && fcntl(fd, F_SETFL, 0) == 0)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return ENODATA;
        *got += (size_t)n;
    }
    return 0;
}

/* Reads and hashes the chunk at *pos, which advances. times, when given,
 * gets the seconds spent reading and hashing added. */
static int hash_chunk(file_reader *reader, int fd, uint64_t *pos, uint64_t end, size_t chunk, bool parallel,
                      double times[2])
{
    size_t want = end - *pos < chunk ? (size_t)(end - *pos) : chunk;
    size_t got;
    double started = times ? monotonic_seconds() : 0;
    int error = read_fully(fd, reader->buffer, want, *pos, &got);
    double read = times ? monotonic_seconds() : 0;
    if (got > 0)
        feed(reader, reader->buffer, got, parallel);
    if (times) {
        times[0] += read - started;
        times[1] += monotonic_seconds() - read;
    }
    *pos += got;
    return error;
}

/* ---- read-ahead: a second thread reads the next chunks while this one
 * hashes, so the copy out of the page cache (or the wait for the disk)
 * overlaps the hashing instead of adding to it. ---- */

#define READ_AHEAD_SLOTS 3

typedef struct read_ahead {
    pthread_mutex_t lock;
    pthread_cond_t changed;     /* a slot was filled or emptied */
    int fd;
    uint64_t pos, end;          /* the reading thread's next byte, and the end */
    size_t chunk;
    uint8_t *slots;             /* READ_AHEAD_SLOTS chunks */
    size_t lengths[READ_AHEAD_SLOTS];
    uint64_t produced, consumed;
    int error;                  /* set with finished */
    bool finished;              /* the reading thread is done (or failed) */
} read_ahead;

static void *read_ahead_main(void *arg)
{
    read_ahead *ra = arg;
    pthread_mutex_lock(&ra->lock);
    while (!ra->finished) {
        while (ra->produced - ra->consumed == READ_AHEAD_SLOTS)
            pthread_cond_wait(&ra->changed, &ra->lock);
        size_t slot = ra->produced % READ_AHEAD_SLOTS;
        uint64_t pos = ra->pos;
        size_t want = ra->end - pos < ra->chunk ? (size_t)(ra->end - pos) : ra->chunk;
        pthread_mutex_unlock(&ra->lock);

        size_t got;
        int error = read_fully(ra->fd, ra->slots + slot * ra->chunk, want, pos, &got);

        pthread_mutex_lock(&ra->lock);
        if (got > 0) {
            ra->lengths[slot] = got;
            ra->produced++;
            ra->pos += got;
        }
        ra->error = error;
        ra->finished = error != 0 || ra->pos >= ra->end;
        pthread_cond_signal(&ra->changed);
    }
    pthread_mutex_unlock(&ra->lock);
    return NULL;
}

/* false when no thread could be started (then nothing was read). */
static bool hash_with_read_ahead(file_reader *reader, int fd, uint64_t pos, uint64_t end, size_t chunk, bool parallel,
                                 int *error)
{
    read_ahead ra = {.fd = fd, .pos = pos, .end = end, .chunk = chunk, .slots = reader->buffer};
    pthread_mutex_init(&ra.lock, NULL);
    pthread_cond_init(&ra.changed, NULL);
    pthread_t thread;
    if (pthread_create(&thread, NULL, read_ahead_main, &ra) != 0) {
        pthread_cond_destroy(&ra.changed);
        pthread_mutex_destroy(&ra.lock);
        return false;
    }
    pthread_mutex_lock(&ra.lock);
    for (;;) {
        while (ra.consumed == ra.produced && !ra.finished)
            pthread_cond_wait(&ra.changed, &ra.lock);
        if (ra.consumed == ra.produced)
            break;
        size_t slot = ra.consumed % READ_AHEAD_SLOTS;
        pthread_mutex_unlock(&ra.lock);
        feed(reader, ra.slots + slot * chunk, ra.lengths[slot], parallel);
        pthread_mutex_lock(&ra.lock);
        ra.consumed++;
        pthread_cond_signal(&ra.changed);
    }
    *error = ra.error;
    pthread_mutex_unlock(&ra.lock);
    pthread_join(thread, NULL);
    pthread_cond_destroy(&ra.changed);
    pthread_mutex_destroy(&ra.lock);
    return true;
}

/* Bytes [pos, end) of a regular file. */
static void hash_regular(file_reader *reader, int fd, uint64_t pos, uint64_t end, file_result *result)
{
    bool parallel = parallel_hashing(reader);
    size_t chunk = READ_CHUNK;
    if (parallel) {
        size_t threads = hc_pool_threads(reader->pool);
        chunk = threads < PARALLEL_CHUNK_MAX / PARALLEL_CHUNK_PER_THREAD ? threads * PARALLEL_CHUNK_PER_THREAD
                                                                        : PARALLEL_CHUNK_MAX;
    }
    uint64_t total = end - pos;
    if (total > READ_SMALL_MAX) {
        /* Doubles the kernel's read-ahead window for cold files. */
        posix_fadvise(fd, (off_t)pos, (off_t)total, POSIX_FADV_SEQUENTIAL);
    }
    bool ahead = reader->read_ahead && total >= READ_AHEAD_MIN;
    size_t buffer = ahead ? READ_AHEAD_SLOTS * chunk : total < chunk ? (size_t)total : chunk;
    if (!ensure_buffer(reader, buffer)) {
        fail(result, READ_READ_ERROR, ENOMEM);
        return;
    }
    /* Reading ahead pays when hashing a chunk takes at least as long as
     * reading it: then the reads vanish behind the hashing. A hash much
     * faster than the copy (CRC) only loses by it: it would then read
     * every chunk from another core's cache. The first chunks decide. */
    double times[2] = {0, 0};
    int error = 0;
    for (unsigned n = 0; ahead && n < READ_AHEAD_PROBE && !error; n++)
        error = hash_chunk(reader, fd, &pos, end, chunk, parallel, times);
    ahead = ahead && times[1] >= times[0];
    if (!error && ahead && !hash_with_read_ahead(reader, fd, pos, end, chunk, parallel, &error))
        ahead = false; /* no thread: read here */
    while (!error && !ahead && pos < end)
        error = hash_chunk(reader, fd, &pos, end, chunk, parallel, NULL);
    if (error)
        fail(result, READ_READ_ERROR, error);
}

/* Waits until a non-blocking descriptor (a FIFO opened with O_NONBLOCK, or a
 * stdin some other process made non-blocking) has data or is closed. */
static bool wait_readable(int fd)
{
    struct pollfd pfd = {.fd = fd, .events = POLLIN};
    for (;;) {
        int n = poll(&pfd, 1, -1);
        if (n > 0)
            return true;
        if (n < 0 && errno != EINTR)
            return false;
    }
}

/* A pipe, FIFO, socket or device: read to the end (or to offset + limit,
 * so `producer | hc ... -z N` stops after N bytes). The size column then
 * shows the bytes read, the only size a stream has. */
static void hash_stream(file_reader *reader, int fd, const read_range *range, file_result *result)
{
    uint64_t end = range->limit ? range->offset + range->limit : UINT64_MAX;
    uint64_t total = 0;
    if (!ensure_buffer(reader, READ_CHUNK)) {
        fail(result, READ_READ_ERROR, ENOMEM);
        return;
    }
    while (total < end) {
        size_t want = end - total < READ_CHUNK ? (size_t)(end - total) : READ_CHUNK;
        ssize_t got = read(fd, reader->buffer, want);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            if ((errno == EAGAIN || errno == EWOULDBLOCK) && wait_readable(fd))
                continue;
            fail(result, READ_READ_ERROR, errno);
            return;
        }
        if (got == 0)
            break;
        uint64_t start = total;
        total += (uint64_t)got;
        if (total > range->offset) {
            size_t skip = start < range->offset ? (size_t)(range->offset - start) : 0;
            feed(reader, reader->buffer + skip, (size_t)got - skip, false);
        }
    }
    result->size = total;
    if (range->offset > 0 && range->offset >= total)
        fail(result, READ_OFFSET_ERROR, 0);
}

uint64_t read_length(uint64_t size, const read_range *range)
{
    uint64_t length = range->offset < size ? size - range->offset : 0;
    return range->limit && range->limit < length ? range->limit : length;
}

bool read_is_small(const struct stat *st, const read_range *range)
{
    return S_ISREG(st->st_mode) && read_length((uint64_t)st->st_size, range) <= READ_SMALL_MAX;
}

void reader_hash_fd(file_reader *reader, int fd, const struct stat *st, const read_range *range, file_result *result)
{
    result->status = READ_OK;
    result->error_number = 0;
    result->size = 0;
    result->seconds = 0;
    if (S_ISDIR(st->st_mode)) {
        /* What read(2) says of a directory; the contract allows open or
         * read error here, and Linux opens directories fine. */
        fail(result, READ_READ_ERROR, EISDIR);
        return;
    }
    hc_hasher_reset(&reader->hasher);
    double started = monotonic_seconds();
    /* An empty regular file may be a kernel file that produces content
     * only when read (/proc, /sys): read it as a stream, which costs a real
     * empty file one read(2) and gets theirs right. */
    if (S_ISREG(st->st_mode) && st->st_size > 0) {
        uint64_t size = (uint64_t)st->st_size;
        result->size = size;
        if (range->offset > 0 && range->offset >= size) {
            fail(result, READ_OFFSET_ERROR, 0);
        } else {
            hash_regular(reader, fd, range->offset, range->offset + read_length(size, range), result);
        }
    } else {
        hash_stream(reader, fd, range, result);
    }
    if (result->status == READ_OK)
        hc_hasher_final(&reader->hasher, result->digest);
    result->seconds = monotonic_seconds() - started;
}
