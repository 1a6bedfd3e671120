/* The big-file engine (bigfile.c): obtaining a unit's bytes, by pread or a
 * mapped window, with a streaming thread for cold files, and hashing them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bigfile_run.h"
#include "io_events.h"
#include "platform.h"

/* ---- cold files: keep the device busy ----------------------------------- */

/* The tree lanes claim units in turn, so together they read the file in an
 * order the kernel's read-ahead does not recognise as sequential (it keeps
 * one window per open file). One thread alone, or the serial path's
 * read-ahead thread, switches between pread and mapped windows as it
 * measures them, and each switch upsets the read-ahead of the other way
 * (BLAKE3, 1 GiB cold, one thread: 0.74-1.14 s when it kept mapping,
 * 1.14-2.03 s when it tried pread for 16 units or more; 0.61-0.89 s with
 * this thread, in the runs that did not pay the host's first-touch faults,
 * docs/file-dir.md).
 * Once data is found missing from the page cache, a streaming thread
 * therefore reads the file in order, up to STREAM_AHEAD beyond the units
 * claimed, as `cat` would: the kernel's read-ahead then keeps the device
 * busy and fills the page cache with its large pages, and the units are
 * found there (or wait for the request already in flight), whatever the
 * method. posix_fadvise(WILLNEED) hints would start
 * the reads too, but they are capped at the read-ahead window per call
 * and fill the cache with 4 KiB pages, which then cost every later mmap
 * 512 times the page-table entries (measured: a file hashed with hints
 * kept 0-14% of its cache in 2 MiB pages, against 80-95% after cat). */
static void *stream_main(void *arg)
{
    run *r = arg;
    /* Its own open file where the OS allows, so its own read-ahead state:
     * the lanes' reads at other places of the file would otherwise reset
     * the window it builds (the kernel keeps one per open file); read
     * without a copy where the OS allows (Linux: sendfile to /dev/null,
     * 1 GiB cold: 0.03 s of system time, against 0.2-0.4 s for cat). */
    plat_stream *stream = plat_stream_open(r->fd, r->start, r->length);
    uint64_t pos = r->stream_from;
    while (stream != NULL && pos < r->length && !atomic_load_explicit(&r->stream_stop, memory_order_relaxed)) {
        if (pos >= atomic_load_explicit(&r->frontier, memory_order_relaxed) + STREAM_AHEAD) {
            plat_sleep_microseconds(200);
            continue;
        }
        size_t want = r->length - pos < PIECE_MAX ? (size_t)(r->length - pos) : PIECE_MAX;
        ptrdiff_t got = plat_stream_read(stream, r->start + pos, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break; /* the lanes' own reads report what went wrong */
        pos += (uint64_t)got;
    }
    plat_stream_close(stream);
    return NULL;
}

/* The unit at offset was claimed (by a lane, the caller alone or the
 * serial path's read-ahead thread): the streamer keeps ahead of it. */
void bigfile_note_claim(run *r, uint64_t offset)
{
    uint64_t seen = atomic_load_explicit(&r->frontier, memory_order_relaxed);
    while (seen < offset && !atomic_compare_exchange_weak(&r->frontier, &seen, offset))
        ;
}

/* Data at offset was not in the page cache. */
static void mark_cold(run *r, uint64_t offset)
{
    if (atomic_exchange(&r->cold, true))
        return;
    /* one method, and no switching, for the last few units: not worth a
     * thread (PIPELINE_MIN: the same reckoning as the read-ahead thread's) */
    if (!r->tree && r->length - offset < PIPELINE_MIN)
        return;
    plat_mutex_lock(&r->lock);
    if (!r->streaming) {
        r->stream_from = offset;
        r->streaming = plat_thread_start(&r->streamer, stream_main, r) == 0;
        /* The streamer reads ahead: the lanes' own reads need not (their
         * read-ahead would only ask again for what is already coming). */
        if (r->streaming)
            plat_advise(r->fd, r->start, r->length, PLAT_ADVICE_RANDOM);
    }
    plat_mutex_unlock(&r->lock);
}

void bigfile_stop_streaming(run *r)
{
    atomic_store(&r->stream_stop, true);
    if (r->streaming)
        plat_thread_join(r->streamer);
}

/* ---- pread --------------------------------------------------------------- */

int bigfile_read_fully(int fd, uint8_t *buffer, size_t len, uint64_t pos)
{
    size_t got = 0;
    while (got < len) {
        ptrdiff_t n = plat_pread(fd, buffer + got, len - got, pos + got);
        if (n < 0 && errno == EINTR)
            continue;
        /* dir mode opens non-blocking (for FIFOs); a regular file with a
         * mandatory lock would then refuse instead of waiting */
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && plat_set_blocking(fd) == 0)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return ENODATA;
        got += (size_t)n;
    }
    return 0;
}

/* Message bytes [offset, offset + len) into buffer. While the file seems
 * cached, a non-blocking read comes first: when it cannot deliver
 * everything, the file is cold (see mark_cold). It stops (EAGAIN, or a
 * short read) at a missing page, but also at a cached one that carries the
 * kernel's read-ahead mark (the read would start the next read-ahead,
 * which a non-blocking read may not), so its refusal alone does not prove
 * the file cold: warm files were taken for cold now and then.
 * plat_page_cached does tell (mincore on a mapping never touched: a few
 * microseconds, paid only when a non-blocking read stops); when it cannot
 * tell, the file is cold, as the read said. */
int bigfile_read_piece(run *r, uint8_t *buffer, uint64_t offset, size_t len)
{
    uint64_t pos = r->start + offset;
    size_t got = 0;
    if (!atomic_load_explicit(&r->cold, memory_order_relaxed) &&
        !atomic_load_explicit(&r->bf->no_nowait, memory_order_relaxed)) {
        ptrdiff_t n = plat_pread_cached(r->fd, buffer, len, pos);
        if (n == (ptrdiff_t)len)
            return 0;
        if (n > 0 || (n < 0 && errno == EAGAIN)) {
            got = n > 0 ? (size_t)n : 0; /* it stopped at the page holding pos + got */
            if (!plat_page_cached(r->fd, pos + got))
                mark_cold(r, offset + got);
        } else if (n < 0 && errno == ENOTSUP) {
            atomic_store(&r->bf->no_nowait, true);
        }
        /* n == 0 (the end of the file: it shrank) and other errors: the
         * blocking read below says which */
    }
    return bigfile_read_fully(r->fd, buffer + got, len - got, pos + got);
}

bool bigfile_ensure_buffer(uint8_t **buffer, size_t *have, size_t want)
{
    if (*have >= want)
        return true;
    size_t align = want >= 2 * MIB ? 2 * MIB : 4096;
    size_t size = (want + align - 1) / align * align;
    uint8_t *fresh = plat_aligned_alloc(align, size);
    if (fresh == NULL)
        return false;
    if (align == 2 * MIB)
        plat_memory_advise(fresh, size, PLAT_HINT_HUGEPAGE); /* a hint: failure is fine */
    /* touched now, so that the first timed read does not pay the faults */
    memset(fresh, 0, size);
    plat_aligned_free(*buffer);
    *buffer = fresh;
    *have = size;
    return true;
}

/* ---- mapping, and surviving a file that shrinks under the mapping ------- */


/* Gives a window back: its pages leave the process either way (the
 * memory bound counts them), but a part of the batch's mapping keeps its
 * address range, so no other thread has to wait for the mapping lock. */
void bigfile_window_release(const window *w)
{
    if (w->in_batch)
        plat_memory_advise(w->map, w->map_len, PLAT_HINT_DONTNEED);
    else
        plat_unmap(w->map, w->map_len);
}


/* Maps message bytes [offset, offset + len) and faults them in: 0,
 * ENODATA (the file no longer reaches that far), or MAP_REFUSED (this file
 * cannot be mapped: read it). */
int bigfile_map_window(run *r, uint64_t offset, size_t len, window *w)
{
    /* The window reaches out to whole 2 MiB blocks of the file, so that
     * the page cache's 2 MiB pages are mapped one entry each even when the
     * range starts anywhere (the kernel places file mappings of 2 MiB and
     * more at addresses congruent to their offset); only the bytes hashed
     * are faulted in. */
    uint64_t pos = r->start + offset;
    uint64_t base = pos / HUGE_BLOCK * HUGE_BLOCK;
    uint64_t end = (pos + len + HUGE_BLOCK - 1) / HUGE_BLOCK * HUGE_BLOCK;
    uint64_t page = (uint64_t)r->bf->page;
    w->map_len = (size_t)(end - base);
    w->in_batch = r->batch_map != NULL && base >= r->batch_map_pos && end <= r->batch_map_pos + r->batch_map_len;
    void *map = w->in_batch ? r->batch_map + (base - r->batch_map_pos) : plat_map(r->fd, base, w->map_len);
    if (map == NULL) {
        atomic_store(&r->map_failed, true);
        return MAP_REFUSED;
    }
    atomic_store_explicit(&r->mapped, true, memory_order_relaxed);
    if (w->in_batch)
        atomic_fetch_add_explicit(&r->batch_windows, 1, memory_order_relaxed);
    w->map = map;
    w->data = w->map + (pos - base);
    uint8_t *first = w->map + (pos - base) / page * page; /* the pages holding the bytes */
    size_t span = (size_t)((pos + len - base + page - 1) / page * page - (uint64_t)(first - w->map));
    if (!atomic_load_explicit(&r->cold, memory_order_relaxed)) {
        /* the page the kernel's read-ahead reaches last */
        if (plat_map_residency(first + span - page) == PLAT_NOT_RESIDENT)
            mark_cold(r, offset);
    }
    /* One call fills the page tables: no fault per page while hashing. */
    if (!atomic_load_explicit(&r->bf->no_populate, memory_order_relaxed) &&
        plat_memory_advise(first, span, PLAT_HINT_POPULATE) != 0) {
        if (errno == EFAULT) { /* a SIGBUS had it been touched: the file shrank */
            bigfile_window_release(w);
            return ENODATA;
        }
        if (errno == ENOTSUP)
            atomic_store(&r->bf->no_populate, true);
        /* otherwise (no memory, interrupted) the hashing faults pages in */
    }
    return 0;
}

/* ---- hashing what was obtained ----------------------------------------- */

typedef struct feed_job {
    run *r;
    hc_hasher *const *hashers;
    const uint8_t *data;
    size_t len;
} feed_job;

/* A serial hash gets its input STEP bytes at a time, each call preceded
 * by a request for the lines STEP_AHEAD further on. On some hosts the
 * hardware prefetchers leave a serial hash that reads the page cache
 * waiting on memory: a warm 1 GiB mapped at once, hashed in 1 MiB calls,
 * took SHA-256 0.76 s and SHA-1 0.79 s, against 0.53 and 0.47 for the
 * same bytes in L2 (OpenSSL, this VM, December 2026). Asking for a whole
 * piece ahead at once is worse (0.62-0.66 s for SHA-256 at 4-64 KiB):
 * the burst fills the L1's miss buffers and the hash's own loads queue
 * behind it. In 1 KiB steps, 2 KiB ahead: SHA-256 0.54 s, SHA-1 0.49, MD5
 * and SHA-512 1.01 times their in-L2 time. Tree hashes split their input
 * over SIMD lanes and prefetch for them on their own, and the CRCs (tree
 * hashes too, crc_combine.c) fold 64 bytes at a time with the hardware
 * prefetchers keeping up: they get it whole. */
#define STEP KIB
#define STEP_AHEAD (2 * KIB)
#define CACHE_LINE 64

static void update_streamed(run *r, hc_hasher *hasher, const uint8_t *data, size_t len)
{
    if (hc_hasher_tree_leaf(hasher) > 0) {
        hc_hasher_update(hasher, data, len);
        return;
    }
    atomic_fetch_add_explicit(&r->stepped_bytes, len, memory_order_relaxed);
    size_t done = 0;
    for (; len - done >= STEP; done += STEP) {
        for (size_t line = done + STEP_AHEAD; line < done + STEP_AHEAD + STEP && line < len; line += CACHE_LINE)
            __builtin_prefetch(data + line, 0, 3);
        hc_hasher_update(hasher, data + done, STEP);
    }
    if (done < len)
        hc_hasher_update(hasher, data + done, len - done);
}

static void feed_one(void *arg, size_t index)
{
    const feed_job *job = arg;
    update_streamed(job->r, job->hashers[index], job->data, job->len);
}

/* Hashes message bytes [offset, offset + len), in memory at data, piece by
 * piece: subtree nodes to `nodes` (tree), else appended to every hasher.
 * 0, or EINTR when a stop was asked for. */
int bigfile_consume(run *r, uint64_t offset, const uint8_t *data, size_t len, uint8_t *nodes)
{
    size_t piece = r->tree ? r->piece : PIECE_MAX;
    for (size_t done = 0; done < len; done += piece) {
        if (run_stop_requested(r))
            return EINTR;
        size_t n = len - done < piece ? len - done : piece;
        if (r->tree) {
            hc_hasher_subtree(r->hashers[0], offset + done, data + done, n, nodes);
            nodes += r->node_len;
        } else if (r->count > 1 && hc_pool_threads(r->bf->pool) > 1) {
            feed_job job = {r, r->hashers, data + done, n};
            hc_pool_for(r->bf->pool, r->count, feed_one, &job);
        } else {
            for (size_t i = 0; i < r->count; i++)
                update_streamed(r, r->hashers[i], data + done, n);
        }
        io_report(r->events, n);
    }
    return 0;
}


static int consume_args_call(void *arg)
{
    const consume_args *args = arg;
    return bigfile_consume(args->r, args->offset, args->data, args->len, args->nodes);
}

/* bigfile_consume() on a mapped window, a page that cannot be read (SIGBUS)
 * turned into an error. */
int bigfile_consume_mapped(consume_args *args, const window *w)
{
    int error;
    if (plat_guarded_call(w->map, w->map_len, consume_args_call, args, &error))
        return error;
    /* Past the end of a file that shrank, or a page the device could not
     * read: the size tells them apart. */
    plat_file_info info;
    uint64_t end = args->r->start + args->offset + args->len;
    return plat_file_info_of(args->r->fd, &info) == 0 && info.size >= end ? EIO : ENODATA;
}

/* The most a unit obtained by method may be (see READ_UNIT and
 * TRIAL_MAP_UNIT). */
size_t bigfile_unit_for(const run *r, bigfile_method method, bool trial)
{
    size_t most = method == BIGFILE_READ ? READ_UNIT : trial ? TRIAL_MAP_UNIT : r->unit;
    return r->unit < most ? r->unit : most;
}

/* Obtains and hashes one unit on this thread by method (bigfile_choose_method()): mapped
 * whole, or read piece by piece. timed: a unit of the method's full size,
 * whose time counts for the choice. */
int bigfile_do_unit(run *r, lane *ln, bigfile_method method, uint64_t offset, size_t len, uint8_t *nodes, bool timed)
{
    if (run_stop_requested(r))
        return EINTR;
    bigfile_note_claim(r, offset);
    ln->units++;
    size_t piece = len < r->piece ? len : r->piece;
    if (method == BIGFILE_READ && !bigfile_ensure_buffer(&ln->buffer, &ln->buffer_len, piece))
        return ENOMEM;
    double started = run_cpu_seconds();
    int error = 0;
    if (method == BIGFILE_MAP) {
        window w;
        error = bigfile_map_window(r, offset, len, &w);
        if (error == 0) {
            consume_args args = {r, offset, w.data, len, nodes};
            error = bigfile_consume_mapped(&args, &w);
            bigfile_window_release(&w);
        } else if (error == MAP_REFUSED) {
            error = 0;
            method = BIGFILE_READ;
            timed = false;
        }
    }
    if (method == BIGFILE_READ) {
        if (!bigfile_ensure_buffer(&ln->buffer, &ln->buffer_len, piece))
            return ENOMEM; /* mmap refused, and no memory for reading */
        for (size_t done = 0; done < len && error == 0; done += piece) {
            size_t n = len - done < piece ? len - done : piece;
            error = bigfile_read_piece(r, ln->buffer, offset + done, n);
            if (error == 0)
                error = bigfile_consume(r, offset + done, ln->buffer, n, nodes ? nodes + done / piece * r->node_len : NULL);
        }
    }
    if (error == 0 && timed)
        bigfile_record(r, method, STAGE_OBTAIN, run_cpu_seconds() - started, len);
    atomic_fetch_add_explicit(&r->units[method], 1, memory_order_relaxed);
    return error;
}

