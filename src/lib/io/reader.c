/* Reading files for hashing.
 *
 * A small range of a regular file is read with one positioned read into a
 * reusable buffer and hashed from there; a big one goes to bigfile.c,
 * which splits the copy over the threads (or hides it behind the hashing)
 * and chooses between pread and mmap by measuring. Pipes, FIFOs and
 * devices are streamed with read(2).
 *
 * The range to hash is fixed when hashing starts, from the fstat the caller
 * did: a file that grows meanwhile is hashed up to its old size (matching
 * the size column), one that shrinks is a read error of its own kind
 * (HC_FILE_CHANGED), said as such. */
#include "reader.h"

#include "bigfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io_events.h"
#include "platform.h"

/* Streams are read in chunks of this size. */
#define READ_CHUNK ((size_t)1 << 20)

const char *hc_file_status_text(hc_file_status status)
{
    /* HC_FILE_OK, _SKIPPED, _REFUSED and _INTERRUPTED have no line: NULL */
    static const char *const texts[HC_FILE_INTERRUPTED + 1] = {
        [HC_FILE_OPEN_ERROR] = "open error",
        [HC_FILE_STAT_ERROR] = "stat error",
        [HC_FILE_READ_ERROR] = "read error",
        [HC_FILE_CHANGED] = "read error",
        [HC_FILE_OFFSET_ERROR] = "Offset is greater than file size",
    };
    return (unsigned)status < sizeof(texts) / sizeof(texts[0]) ? texts[status] : NULL;
}

const char *hc_file_failure_reason(const hc_file_result *result)
{
    if (result->status == HC_FILE_CHANGED)
        return "changed while read (it shrank)";
    return result->error ? strerror(result->error) : NULL;
}

hc_status reader_init(file_reader *reader, const hc_algorithm *const *rows, size_t count, const hc_params *params,
                      hc_pool *pool, const hc_file_events *events)
{
    memset(reader, 0, sizeof(*reader));
    reader->pool = pool;
    reader->events = events;
    multihash_init(&reader->hash, params);
    return multihash_select(&reader->hash, rows, count);
}

void reader_free(file_reader *reader)
{
    multihash_free(&reader->hash);
    bigfile_destroy(reader->big);
    reader->big = NULL;
    plat_aligned_free(reader->buffer);
    reader->buffer = NULL;
    reader->buffer_len = 0;
}

/* The buffer grows to what the largest input so far needed (a small file
 * needs only its size; at most READ_SMALL_MAX), rounded to pages. */
static bool ensure_buffer(file_reader *reader, size_t len)
{
    if (reader->buffer_len >= len)
        return true;
    size_t size = (len + 4095) / 4096 * 4096;
    uint8_t *buffer = plat_aligned_alloc(4096, size);
    if (buffer == NULL)
        return false;
    plat_aligned_free(reader->buffer);
    reader->buffer = buffer;
    reader->buffer_len = size;
    return true;
}

/* Several algorithms share big buffers between the pool's threads
 * (multihash.c); one algorithm hashes on this thread. */
static void feed(file_reader *reader, const uint8_t *data, size_t len)
{
    multihash_update(&reader->hash, data, len, reader->pool);
    io_report(reader->events, len);
}

static void fail(hc_file_result *result, hc_file_status status, int error_number)
{
    result->status = status;
    result->error = error_number;
}

/* A stop asked for through the events (the CLI's Ctrl+C): the loops here
 * and in bigfile.c look before each chunk and stop with EINTR, so a stop
 * is answered within one chunk's work. */
static bool interrupted(const file_reader *reader)
{
    return io_cancelled(reader->events);
}

/* A failed read: the error, or the stop that looks like one. */
static void fail_read(const file_reader *reader, hc_file_result *result, int error)
{
    fail(result, error == EINTR && interrupted(reader) ? HC_FILE_INTERRUPTED : HC_FILE_READ_ERROR, error);
}

/* A failed read of a regular file's bytes up to end: ENODATA is the
 * reading's word for a file that ended first, and the file's size now
 * tells whether it shrank (or a device said ENODATA itself). */
static void fail_regular(const file_reader *reader, int fd, uint64_t end, hc_file_result *result, int error)
{
    plat_file_info info;
    if (error == ENODATA && plat_file_info_of(fd, &info) == 0 && info.size < end)
        fail(result, HC_FILE_CHANGED, error);
    else
        fail_read(reader, result, error);
}

/* What the big-file engine did, in the public words (<hc/file.h>). */
static void note_big_stats(hc_file_stats *stats, const bigfile_stats *io)
{
    stats->big = true;
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

/* Bytes [pos, end) of a regular file. */
static void hash_regular(file_reader *reader, int fd, uint64_t pos, uint64_t end, hc_file_result *result)
{
    uint64_t total = end - pos;
    int error;
    if (total <= READ_SMALL_MAX) {
        if (!ensure_buffer(reader, (size_t)total)) {
            fail(result, HC_FILE_READ_ERROR, ENOMEM);
            return;
        }
        error = bigfile_read_fully(fd, reader->buffer, (size_t)total, pos);
        if (error == 0)
            feed(reader, reader->buffer, (size_t)total);
    } else {
        if (reader->big == NULL && (reader->big = bigfile_create(reader->pool, reader->read_ahead)) == NULL) {
            fail(result, HC_FILE_READ_ERROR, ENOMEM);
            return;
        }
        /* Several algorithms: the first MiB through multihash times each of
         * them, then bigfile hands every unit to them costliest first, so
         * its threads take them longest first (LPT). */
        if (multihash_needs_costs(&reader->hash, reader->pool) && ensure_buffer(reader, READ_SMALL_MAX)) {
            error = bigfile_read_fully(fd, reader->buffer, READ_SMALL_MAX, pos);
            if (error) {
                fail_regular(reader, fd, end, result, error);
                return;
            }
            feed(reader, reader->buffer, READ_SMALL_MAX);
            pos += READ_SMALL_MAX;
        }
        hc_hasher *hashers[HC_ALGORITHM_COUNT];
        size_t count = multihash_by_cost(&reader->hash, hashers);
        bigfile_stats io = {0};
        error = bigfile_hash(reader->big, fd, pos, end, hashers, count, reader->events, &io);
        note_big_stats(&result->stats, &io);
    }
    if (error)
        fail_regular(reader, fd, end, result, error);
}

/* Waits until a pipe, FIFO, terminal or socket has data or is closed: 0,
 * or EINTR after Ctrl+C. A blocking read could wait for a silent producer
 * forever, whatever the signal flag says; the wait looks at it four times a
 * second (and returns at once for files and devices that are always
 * ready). A wait that fails for another reason leaves it to the read. */
static int wait_readable(const file_reader *reader, int fd)
{
    for (;;) {
        if (interrupted(reader))
            return EINTR;
        int n = plat_wait_readable(fd, 250);
        if (n > 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
            return 0;
    }
}

/* Feeds the part of a stream chunk at [start, start + len) from the offset
 * on; the chunk is at the start of the buffer. */
static void feed_stream(file_reader *reader, uint64_t start, size_t len, const hc_file_range *range)
{
    if (start + len <= range->offset)
        return;
    size_t skip = start < range->offset ? (size_t)(range->offset - start) : 0;
    feed(reader, reader->buffer + skip, len - skip);
}

/* A pipe, FIFO, socket or device: read to the end (or to offset + limit,
 * so `producer | hc ... -z N` stops after N bytes). The size column then
 * shows the bytes read, the only size a stream has. */
static void hash_stream(file_reader *reader, int fd, const hc_file_range *range, hc_file_result *result)
{
    uint64_t end = range->limit ? range->offset + range->limit : UINT64_MAX;
    uint64_t total = 0;
    /* Several algorithms share whole chunks between threads; a pipe gives
     * 64 KiB per read, so the chunks are gathered first. */
    bool gather = reader->pool && multihash_splits(&reader->hash);
    size_t filled = 0;
    if (!ensure_buffer(reader, READ_CHUNK)) {
        fail(result, HC_FILE_READ_ERROR, ENOMEM);
        return;
    }
    while (total < end) {
        size_t room = READ_CHUNK - filled;
        size_t want = end - total < room ? (size_t)(end - total) : room;
        int error = wait_readable(reader, fd);
        if (error) {
            fail_read(reader, result, error);
            return;
        }
        ptrdiff_t got = plat_read(fd, reader->buffer + filled, want);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
                continue;
            fail(result, HC_FILE_READ_ERROR, errno);
            return;
        }
        if (got == 0)
            break;
        total += (uint64_t)got;
        filled += (size_t)got;
        if (gather && filled < READ_CHUNK && total < end)
            continue;
        feed_stream(reader, total - filled, filled, range);
        filled = 0;
    }
    if (filled)
        feed_stream(reader, total - filled, filled, range);
    result->stats.size = total;
    if (range->offset > 0 && range->offset >= total)
        fail(result, HC_FILE_OFFSET_ERROR, 0);
}

uint64_t hc_file_range_length(uint64_t size, const hc_file_range *range)
{
    if (range == NULL)
        return size;
    uint64_t length = range->offset < size ? size - range->offset : 0;
    return range->limit && range->limit < length ? range->limit : length;
}

bool read_is_small(const hc_file_result *input, const hc_file_range *range)
{
    return input->kind == HC_FILE_KIND_REGULAR && hc_file_range_length(input->stats.size, range) <= READ_SMALL_MAX;
}

hc_file_kind read_kind_of(plat_file_kind kind)
{
    return kind == PLAT_KIND_REGULAR     ? HC_FILE_KIND_REGULAR
           : kind == PLAT_KIND_DIRECTORY ? HC_FILE_KIND_DIRECTORY
                                         : HC_FILE_KIND_STREAM;
}

void reader_hash_fd(file_reader *reader, int fd, const hc_file_range *range, uint8_t *digests,
                    hc_file_result *result)
{
    /* the open's word on the input; everything else is this hash's */
    uint64_t size = result->kind == HC_FILE_KIND_REGULAR ? result->stats.size : 0;
    result->status = HC_FILE_OK;
    result->error = 0;
    result->digests = NULL;
    result->stats = (hc_file_stats){.struct_size = sizeof(hc_file_stats)};
    if (result->kind == HC_FILE_KIND_DIRECTORY) {
        /* What read(2) says of a directory; the contract allows open or
         * read error here, and Linux opens directories fine. */
        fail(result, HC_FILE_READ_ERROR, EISDIR);
        return;
    }
    multihash_reset(&reader->hash);
    double started = io_monotonic_seconds();
    /* An empty regular file may be a kernel file that produces content
     * only when read (/proc, /sys): read it as a stream, which costs a real
     * empty file one read(2) and gets theirs right. */
    if (result->kind == HC_FILE_KIND_REGULAR && size > 0) {
        result->stats.size = size;
        if (range->offset > 0 && range->offset >= size) {
            fail(result, HC_FILE_OFFSET_ERROR, 0);
        } else {
            hash_regular(reader, fd, range->offset, range->offset + hc_file_range_length(size, range), result);
        }
    } else {
        hash_stream(reader, fd, range, result);
    }
    if (result->status == HC_FILE_OK) {
        multihash_final(&reader->hash, digests);
        result->digests = digests;
    }
    result->stats.seconds = io_monotonic_seconds() - started;
}
