/* Big files: the copy split over the threads like the hashing, or hidden
 * behind it; pread or mmap as measured (bigfile.h, docs/file-dir.md).
 *
 * Vocabulary: the message is the byte range being hashed; message offset 0
 * is file offset `start`. A unit is what one thread obtains at a time (one
 * pread buffer or one mapped window, at most UNIT_MAX); a piece is what is
 * hashed at a time from a read buffer (at most PIECE_MAX, so that the copy
 * and the hashing meet in the L2 cache) and, for a tree hash, one subtree
 * with one node. */
#include "bigfile.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_events.h"
#include "platform.h"

#define KIB ((size_t)1 << 10)
#define MIB ((size_t)1 << 20)

/* pread size: the copy lands in L2 and is hashed from there. 1 GiB warm,
 * BLAKE3 read, one thread: 128 KiB 0.203 s, 256 KiB 0.188, 512 KiB 0.189,
 * 1 MiB 0.206; both threads 0.118, 0.109, 0.113, 0.118 (Zen 5, 1 MiB of
 * L2 a core; medians of 7 interleaved runs). */
#define PIECE_MAX (256 * KIB)
/* What a thread maps at a time: big enough that mmap, munmap and the claim
 * cost nothing per byte. munmap is the dear part: in a process with
 * several threads each one interrupts the other CPUs to flush their TLBs
 * (in a VM an exit per CPU), whatever the size; 1 GiB warm on 2 threads,
 * 4 MiB windows against 16 MiB: system time 0.032 s against 0.020 s, wall
 * 1.06 times (bench/bigfile_bench.py conditions, docs/file-dir.md). The
 * last units of a batch shrink, so the threads still finish together. */
#define UNIT_MAX (16 * MIB)
#define UNIT_MIN (64 * KIB)
/* Read once a unit is claimed: the per-byte cost of pread does not depend
 * on the size, so reading (a probe, or the method chosen) claims this much
 * and a probe of the slower method costs little (a warm 1 GiB: 4-5 units
 * read, 8-10 MiB). One 2 MiB block of the file, so that the tree lanes'
 * claims stay on block boundaries and no two lanes' windows share a 2 MiB
 * page (dropping one would take the other's away, see release_window). */
#define READ_UNIT (2 * MIB)
/* Tree lanes share this much window, and this much read buffer (one piece
 * each). */
#define LANES_BUDGET (32 * MIB)
#define READ_BUDGET (16 * MIB)
/* The read-ahead ring of the serial path: SLOTS units of PIPE_UNIT (one
 * hashed, one ready, one being obtained). */
#define SLOTS 3
#define PIPE_UNIT (2 * MIB)
/* A mapped unit of the serial path: windows cost the hashing thread an
 * interrupt each (the producer's munmap flushes its TLB; in a VM, exits),
 * and a wake-up, whatever their size. SHA-256 of 1 GiB warm, mapped, 8
 * MiB units against 2 MiB: 0.79 s against 0.83, as fast as one thread
 * hashing the whole file mapped at once (medians of 9, chrt, docs). */
#define PIPE_MAP_UNIT (8 * MIB)
/* Below this, a read-ahead thread costs more than it saves. */
#define PIPELINE_MIN (8 * MIB)
/* Pieces hashed between two appends of their nodes to the hasher (the
 * threads wait for each other at the end of each batch): 1 GiB of 256 KiB
 * pieces, 266 KB of nodes. 1 GiB warm on 2 threads: 0.108 s, against
 * 0.113 s in batches of 256 MiB. */
#define BATCH_NODES 4096
/* The most tail jobs: one per power of two below PIECE_MAX. */
#define TAIL_JOBS_MAX 64
/* The page cache's large pages, and what a mapped window is aligned to. */
#define HUGE_BLOCK ((uint64_t)2 << 20)
/* Cold files: how far the streaming thread reads beyond the units claimed. */
#define STREAM_AHEAD (64 * MIB)

/* A mapped unit that only measures mapping (a probe, or a try of the
 * method not chosen): small, because on a host where mapping is dear each
 * mapped byte costs up to twice a read one (1 GiB warm, one thread: 0.37 s
 * mapped, 0.20 s read; with 16 MiB probes hc took 0.23 s), and not
 * smaller, because each window also costs an mmap and a munmap whatever
 * its size (10-100 us, against ~0.4 ms of hashing for 4 MiB). */
#define TRIAL_MAP_UNIT (4 * MIB)

/* Choosing pread or mmap: each method's units are timed (thread CPU time); PROBE_SAMPLES of
 * each first (alternating), then the cheaper one, with the other tried
 * again at unit indices 16, 64, 256, ... (powers of four) so a wrong first
 * impression or a change of conditions is corrected at a cost of
 * log4(units) units. A thread's first unit of a method in a call is not
 * counted: it pays for the thread's first use of the method (its read
 * buffer's pages faulted in, cold code and caches), 3-8 times a later
 * unit's cost.
 * An estimate is the median of a method's RECENT_SAMPLES latest samples,
 * not the least of them: what a mapped window costs depends on the page
 * cache's page sizes under it, and on a host where a page-table entry's
 * first use is dear, a window of 4 KiB pages costs several times one of
 * 2 MiB pages, where pread costs the same (Zen 5 VM, December 2026: 16 MiB
 * windows touched 0.63 ms against 6.2 ms; the first 32 MiB of a file
 * read in order are in small pages, read-ahead starting small). The least
 * trusted mapping's luckiest windows: a warm 1 GiB on one thread was
 * mapped at 64 units of 64 and took 0.246 s, against 0.194 s read. */
#define PROBE_SAMPLES 3
#define RECENT_SAMPLES 4
/* A method that costs this many times the other after one counted unit
 * each is not probed further: on a host where mapping is dear, windows of
 * 4 KiB pages cost 4 times a read (1 GiB warm: CRC-32 mapped on 2 threads
 * 0.28 s, read 0.069 s), and every further probe pays that. */
#define CLEAR_LOSS 2.0
/* Mapping is chosen only when it measures this much cheaper than pread:
 * part of its cost is not on the clock of the unit that maps (the other
 * CPUs' TLB flushes when pages are dropped, unmapping at exit), and it
 * varies more from window to window. 1 GiB warm on 2 threads: mapped
 * 0.120 s, read 0.106 s, while the units measured mapping 10-25% cheaper
 * (Zen 5 VM, December 2026). */
#define MAP_MARGIN 1.25
/* Paces within 5% of each other are the same pace. */
#define SAME_PACE 1.05

/* Kept between calls: the ring and the lanes' buffers (lane 0's serves
 * run_alone too); mapped during one call: one path's windows. */
#define MAX3(a, b, c) ((a) > (b) ? ((a) > (c) ? (a) : (c)) : ((b) > (c) ? (b) : (c)))
static_assert(BIGFILE_MEMORY_MAX >= SLOTS * PIPE_UNIT + READ_BUDGET + MAX3(LANES_BUDGET, SLOTS * PIPE_MAP_UNIT, UNIT_MAX),
              "the memory bound of bigfile.h");
static_assert(UNIT_MAX >= READ_UNIT && READ_UNIT >= PIECE_MAX && PIECE_MAX >= UNIT_MIN, "unit and piece sizes");
static_assert(READ_UNIT == HUGE_BLOCK && HUGE_BLOCK % PIECE_MAX == 0, "claims on 2 MiB boundaries");

/* ---- one thread's reading state ----------------------------------------- */

typedef struct lane {
    uint8_t *buffer;     /* a piece, for pread */
    size_t buffer_len;
    uint64_t units;      /* units obtained in the current run of the lane */
} lane;

struct bigfile {
    hc_pool *pool;
    bool spare_cpu;
    int forced;                  /* -1, or the method HC_IO asks for */
    long page;
    unsigned lane_count;
    lane *lanes;
    uint8_t *ring;               /* SLOTS units, for the serial path's pread */
    size_t ring_len;
    uint8_t *nodes;              /* BATCH_NODES nodes */
    uintptr_t *threads;          /* lane_count + 1, for run.threads */
    atomic_bool no_nowait;       /* preadv2(RWF_NOWAIT) unsupported here */
    atomic_bool no_populate;     /* MADV_POPULATE_READ unsupported (Linux < 5.14) */
};

/* ---- the measurements behind the choice of method ----------------------- */

enum { STAGE_OBTAIN, STAGE_HASH, STAGE_COUNT };

typedef struct cost_log {
    double recent[RECENT_SAMPLES]; /* seconds per byte */
    unsigned count;
} cost_log;

static void cost_add(cost_log *log, double seconds_per_byte)
{
    log->recent[log->count++ % RECENT_SAMPLES] = seconds_per_byte;
}

/* The median of the latest samples (of an even count, the mean of the
 * middle two); INFINITY before the first. */
static double cost_estimate(const cost_log *log)
{
    unsigned n = log->count < RECENT_SAMPLES ? log->count : RECENT_SAMPLES;
    if (n == 0)
        return INFINITY;
    double sorted[RECENT_SAMPLES];
    memcpy(sorted, log->recent, n * sizeof(double));
    for (unsigned i = 1; i < n; i++)
        for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            double t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    return (sorted[(n - 1) / 2] + sorted[n / 2]) / 2;
}

/* ---- one call ----------------------------------------------------------- */

typedef struct run {
    uint64_t call;             /* this call's number, from 1 */
    bigfile *bf;
    int fd;
    uint64_t start;            /* file offset of message byte 0 */
    uint64_t length;           /* message bytes */
    hc_hasher *const *hashers;
    size_t count;
    const hc_file_events *events; /* progress out, cancellation in (may be NULL) */
    size_t unit, piece;
    bool tree;                 /* subtrees on the lanes */
    bool pipelined;            /* obtain on one thread, hash on another */
    size_t node_len;

    /* tree: the body (whole pieces, [0, body_end)), claimed by the lanes
     * a batch at a time; then the tail's subtrees (each under a piece);
     * then the last bytes (at most one leaf) through update */
    uint64_t body_end;
    unsigned tail_count;
    uint64_t tail_offset[TAIL_JOBS_MAX], tail_len[TAIL_JOBS_MAX];
    uint64_t last_offset;
    size_t last_len;
    uint64_t batch_start, batch_end;  /* the body range of the current batch */
    bool batch_has_tail;              /* the last batch also hashes the tail */
    atomic_uint_fast64_t next_offset; /* the body's next byte to claim */
    atomic_uint next_tail;            /* the tail's next job */
    atomic_uint_fast64_t claims;      /* units claimed so far (choose's index) */

    plat_mutex lock;      /* guards spent, threads and starting the streamer */
    cost_log spent[BIGFILE_METHODS][STAGE_COUNT];

    atomic_bool map_failed;    /* mmap refused this file: pread from now on */
    atomic_bool mapped;        /* a window was mapped: check the size at the end */
    uint8_t *batch_map;        /* tree: the current batch's bytes mapped once, or NULL */
    uint64_t batch_map_pos;    /* its file offset (2 MiB aligned) */
    size_t batch_map_len;
    atomic_bool cold;          /* data was missing from the page cache */
    /* cold files (stream_main) */
    atomic_uint_fast64_t frontier;  /* the furthest unit claimed */
    atomic_bool stream_stop;
    bool streaming;                 /* the streamer runs; under lock */
    plat_thread *streamer;
    uint64_t stream_from;
    atomic_int error;
    atomic_uint_fast64_t units[BIGFILE_METHODS];
    atomic_uint_fast64_t batch_windows; /* mapped units that were parts of batch_map */
    atomic_uint_fast64_t stepped_bytes; /* fed to serial hashes in prefetched steps (update_streamed) */
    uintptr_t *threads;        /* distinct threads that obtained units (stats), under lock */
    unsigned thread_count;
} run;

/* The calling thread's CPU time: what a method costs, without the time
 * other processes took the CPU away (wall time on a busy machine says
 * more about them than about the method). Read twice a unit: the clock
 * that is fine and cheap enough for that (platform.h). */
static double cpu_seconds(void)
{
    return plat_clock_seconds(PLAT_CLOCK_THREAD_WORK);
}

static void set_error(run *r, int error)
{
    int none = 0;
    atomic_compare_exchange_strong(&r->error, &none, error);
}

static bool failed(run *r)
{
    return atomic_load_explicit(&r->error, memory_order_relaxed) != 0;
}

/* Each call's number, for the warm-up rule of record(). */
static atomic_uint_fast64_t calls;
/* The call in which this thread last used each method and stage. */
static _Thread_local uint64_t warmed_in[BIGFILE_METHODS][STAGE_COUNT];

static void record(run *r, bigfile_method method, int stage, double seconds, size_t bytes)
{
    if (warmed_in[method][stage] != r->call) {
        warmed_in[method][stage] = r->call; /* a warm-up: see PROBE_SAMPLES */
        return;
    }
    plat_mutex_lock(&r->lock);
    cost_add(&r->spent[method][stage], seconds / (double)bytes);
    plat_mutex_unlock(&r->lock);
}

/* Counts the calling thread among those that obtained units. */
static void count_thread(run *r)
{
    uintptr_t self = plat_thread_id();
    plat_mutex_lock(&r->lock);
    bool seen = false;
    for (unsigned i = 0; i < r->thread_count && !seen; i++)
        seen = r->threads[i] == self;
    if (!seen && r->thread_count < r->bf->lane_count + 1)
        r->threads[r->thread_count++] = self;
    plat_mutex_unlock(&r->lock);
}

/* The method for unit `index` (see PROBE_SAMPLES). With a pipeline the
 * slower of obtaining and hashing sets the pace, and when both methods
 * keep the same pace (a slow hash hides either), the one that costs less
 * CPU in all wins; on one thread the two stages add up. */
static bigfile_method choose(run *r, uint64_t index, bool *trial)
{
    *trial = false;
    if (r->bf->forced >= 0)
        return (bigfile_method)r->bf->forced;
    if (atomic_load_explicit(&r->map_failed, memory_order_relaxed))
        return BIGFILE_READ;
    double pace[BIGFILE_METHODS], total[BIGFILE_METHODS];
    unsigned samples[BIGFILE_METHODS];
    plat_mutex_lock(&r->lock);
    for (int m = 0; m < BIGFILE_METHODS; m++) {
        const cost_log *log = r->spent[m];
        double obtain = cost_estimate(&log[STAGE_OBTAIN]);
        samples[m] = log[STAGE_OBTAIN].count;
        pace[m] = total[m] = obtain;
        if (r->pipelined) {
            double hash = cost_estimate(&log[STAGE_HASH]);
            pace[m] = obtain > hash ? obtain : hash;
            total[m] = obtain + hash;
            samples[m] = samples[m] < log[STAGE_HASH].count ? samples[m] : log[STAGE_HASH].count;
        }
    }
    plat_mutex_unlock(&r->lock);
    *trial = true;
    unsigned fewest = samples[BIGFILE_READ] < samples[BIGFILE_MAP] ? samples[BIGFILE_READ] : samples[BIGFILE_MAP];
    if (fewest == 0)
        return index % 2 ? BIGFILE_MAP : BIGFILE_READ;
    double slower = pace[BIGFILE_READ] > pace[BIGFILE_MAP] ? pace[BIGFILE_READ] : pace[BIGFILE_MAP];
    double faster = pace[BIGFILE_READ] + pace[BIGFILE_MAP] - slower;
    const double *measure = slower <= faster * SAME_PACE ? total : pace;
    bigfile_method best = measure[BIGFILE_MAP] * MAP_MARGIN < measure[BIGFILE_READ] ? BIGFILE_MAP : BIGFILE_READ;
    if (fewest < PROBE_SAMPLES && measure[1 - best] < measure[best] * CLEAR_LOSS)
        return index % 2 ? BIGFILE_MAP : BIGFILE_READ;
    bool explore = index >= 16 && (index & (index - 1)) == 0 && __builtin_ctzll(index) % 2 == 0; /* 4^k */
    *trial = explore;
    return explore ? (bigfile_method)(1 - best) : best;
}

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
static void note_claim(run *r, uint64_t offset)
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

static void stop_streaming(run *r)
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
static int read_piece(run *r, uint8_t *buffer, uint64_t offset, size_t len)
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

static bool ensure_buffer(uint8_t **buffer, size_t *have, size_t want)
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

typedef struct window {
    const uint8_t *data;   /* message offset of the unit */
    uint8_t *map;
    size_t map_len;
    bool in_batch;         /* part of the batch's mapping: dropped, not unmapped */
} window;

/* Gives a window back: its pages leave the process either way (the
 * memory bound counts them), but a part of the batch's mapping keeps its
 * address range, so no other thread has to wait for the mapping lock. */
static void release_window(const window *w)
{
    if (w->in_batch)
        plat_memory_advise(w->map, w->map_len, PLAT_HINT_DONTNEED);
    else
        plat_unmap(w->map, w->map_len);
}

#define MAP_REFUSED (-1)

/* Maps message bytes [offset, offset + len) and faults them in: 0,
 * ENODATA (the file no longer reaches that far), or MAP_REFUSED (this file
 * cannot be mapped: read it). */
static int map_window(run *r, uint64_t offset, size_t len, window *w)
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
            release_window(w);
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

/* Ctrl+C or SIGTERM (cli.h): every unit starts with a look, and so does
 * every piece (at most 256 KiB) hashed, so a stop is answered within a
 * piece's work even for a slow hash in a 16 MiB window (MD2: tens of
 * milliseconds); the run then fails with EINTR, which the reader reports
 * as interrupted. */
static bool stop_requested(const run *r)
{
    return io_cancelled(r->events);
}

/* Hashes message bytes [offset, offset + len), in memory at data, piece by
 * piece: subtree nodes to `nodes` (tree), else appended to every hasher.
 * 0, or EINTR when a stop was asked for. */
static int consume(run *r, uint64_t offset, const uint8_t *data, size_t len, uint8_t *nodes)
{
    size_t piece = r->tree ? r->piece : PIECE_MAX;
    for (size_t done = 0; done < len; done += piece) {
        if (stop_requested(r))
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

typedef struct consume_args {
    run *r;
    uint64_t offset;
    const uint8_t *data;
    size_t len;
    uint8_t *nodes;
} consume_args;

static int consume_args_call(void *arg)
{
    const consume_args *args = arg;
    return consume(args->r, args->offset, args->data, args->len, args->nodes);
}

/* consume() on a mapped window, a page that cannot be read (SIGBUS)
 * turned into an error. */
static int consume_mapped(consume_args *args, const window *w)
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
static size_t unit_for(const run *r, bigfile_method method, bool trial)
{
    size_t most = method == BIGFILE_READ ? READ_UNIT : trial ? TRIAL_MAP_UNIT : r->unit;
    return r->unit < most ? r->unit : most;
}

/* Obtains and hashes one unit on this thread by method (choose()): mapped
 * whole, or read piece by piece. timed: a unit of the method's full size,
 * whose time counts for the choice. */
static int do_unit(run *r, lane *ln, bigfile_method method, uint64_t offset, size_t len, uint8_t *nodes, bool timed)
{
    if (stop_requested(r))
        return EINTR;
    note_claim(r, offset);
    ln->units++;
    size_t piece = len < r->piece ? len : r->piece;
    if (method == BIGFILE_READ && !ensure_buffer(&ln->buffer, &ln->buffer_len, piece))
        return ENOMEM;
    double started = cpu_seconds();
    int error = 0;
    if (method == BIGFILE_MAP) {
        window w;
        error = map_window(r, offset, len, &w);
        if (error == 0) {
            consume_args args = {r, offset, w.data, len, nodes};
            error = consume_mapped(&args, &w);
            release_window(&w);
        } else if (error == MAP_REFUSED) {
            error = 0;
            method = BIGFILE_READ;
            timed = false;
        }
    }
    if (method == BIGFILE_READ) {
        if (!ensure_buffer(&ln->buffer, &ln->buffer_len, piece))
            return ENOMEM; /* mmap refused, and no memory for reading */
        for (size_t done = 0; done < len && error == 0; done += piece) {
            size_t n = len - done < piece ? len - done : piece;
            error = read_piece(r, ln->buffer, offset + done, n);
            if (error == 0)
                error = consume(r, offset + done, ln->buffer, n, nodes ? nodes + done / piece * r->node_len : NULL);
        }
    }
    if (error == 0 && timed)
        record(r, method, STAGE_OBTAIN, cpu_seconds() - started, len);
    atomic_fetch_add_explicit(&r->units[method], 1, memory_order_relaxed);
    return error;
}

/* ---- a tree hash on every thread ---------------------------------------- */

static uint64_t floor_pow2(uint64_t n)
{
    return n == 0 ? 0 : (uint64_t)1 << (63 - __builtin_clzll((unsigned long long)n));
}

/* The body is whole pieces, leaving 1 to `piece` bytes; those are cut into
 * subtrees of decreasing powers of two (each aligned, as the tree
 * requires), leaving 1 to leaf_len bytes for update() (the last leaf may be
 * the root's child, and only final() knows how to close it). */
static void plan_tree(run *r, size_t leaf)
{
    r->body_end = (r->length - 1) / r->piece * r->piece;
    uint64_t offset = r->body_end;
    uint64_t rest = r->length - offset;
    r->tail_count = 0;
    while (rest > leaf) {
        uint64_t size = floor_pow2(rest - 1); /* the largest power of two below rest */
        r->tail_offset[r->tail_count] = offset;
        r->tail_len[r->tail_count] = size;
        r->tail_count++;
        offset += size;
        rest -= size;
    }
    r->last_offset = offset;
    r->last_len = (size_t)rest;
}

/* Claims the batch's next body range for a lane obtaining it by method:
 * false when none is left. A unit is the method's size while the batch has
 * plenty left, then a share of the rest that halves as the rest does (but
 * whole pieces), so every lane gets work until near the end and the lanes
 * finish within about a piece of each other. */
static bool claim_body(run *r, bigfile_method method, bool trial, uint64_t *offset, size_t *len)
{
    uint64_t at = atomic_load(&r->next_offset);
    for (;;) {
        if (at >= r->batch_end)
            return false;
        uint64_t rest = r->batch_end - at;
        uint64_t want = unit_for(r, method, trial);
        uint64_t share = floor_pow2(rest / (2 * (uint64_t)r->bf->lane_count));
        want = share < want ? share : want;
        /* whole 2 MiB blocks while they fit (see READ_UNIT), else pieces */
        uint64_t grain = want >= HUGE_BLOCK ? HUGE_BLOCK : r->piece;
        want = want > grain ? want / grain * grain : grain;
        want = want < rest ? want : rest; /* rest is whole pieces */
        if (atomic_compare_exchange_weak(&r->next_offset, &at, at + want)) {
            *offset = at;
            *len = (size_t)want;
            return true;
        }
    }
}

static void tree_lane(void *arg, size_t index)
{
    run *r = arg;
    lane *ln = &r->bf->lanes[index];
    ln->units = 0;
    while (!failed(r)) {
        bool trial;
        bigfile_method method = choose(r, atomic_fetch_add(&r->claims, 1), &trial);
        uint64_t offset;
        size_t len;
        uint8_t *nodes;
        bool timed;
        if (claim_body(r, method, trial, &offset, &len)) {
            nodes = r->bf->nodes + (offset - r->batch_start) / r->piece * r->node_len;
            timed = len == unit_for(r, method, trial);
        } else {
            unsigned tail = r->batch_has_tail ? atomic_fetch_add(&r->next_tail, 1) : TAIL_JOBS_MAX;
            if (tail >= r->tail_count)
                break;
            offset = r->tail_offset[tail];
            len = (size_t)r->tail_len[tail];
            nodes = r->bf->nodes + ((r->batch_end - r->batch_start) / r->piece + tail) * r->node_len;
            timed = false;
        }
        int error = do_unit(r, ln, method, offset, len, nodes, timed);
        if (error != 0)
            set_error(r, error);
    }
    if (ln->units > 0)
        count_thread(r);
}

/* Maps the batch's bytes (and the tail's, with the last batch) once, so
 * that the lanes' windows are parts of one mapping: mapping and unmapping
 * take the process's mapping lock for writing, and a lane that finds it
 * taken sleeps (1 GiB warm on 2 threads: about 14 such sleeps a run, each
 * a wake-up of an idle CPU, 4-5 ms of each lane's time), while filling and
 * dropping pages of a mapping (MADV_POPULATE_READ, MADV_DONTNEED) and
 * mincore only read it. NULL when it cannot be mapped (a 32-bit address
 * space): the lanes then map their own windows. */
static void map_batch(run *r)
{
    if (r->bf->forced == BIGFILE_READ || atomic_load(&r->map_failed))
        return; /* r->batch_map stays NULL (run_tree resets it after each batch) */
    uint64_t from = r->start + r->batch_start;
    uint64_t to = r->start + (r->batch_has_tail ? r->last_offset : r->batch_end);
    uint64_t base = from / HUGE_BLOCK * HUGE_BLOCK;
    uint64_t end = (to + HUGE_BLOCK - 1) / HUGE_BLOCK * HUGE_BLOCK; /* a batch and its tail: at most 1 GiB + 2 MiB */
    void *map = plat_map(r->fd, base, (size_t)(end - base));
    if (map == NULL)
        return;
    r->batch_map = map;
    r->batch_map_pos = base;
    r->batch_map_len = (size_t)(end - base);
}

static int run_tree(run *r)
{
    bigfile *bf = r->bf;
    hc_hasher *hasher = r->hashers[0];
    if (bf->nodes == NULL && (bf->nodes = malloc((BATCH_NODES + TAIL_JOBS_MAX) * HC_TREE_NODE_MAX)) == NULL)
        return ENOMEM;
    plan_tree(r, hc_hasher_tree_leaf(hasher));
    uint64_t batch_bytes = (uint64_t)BATCH_NODES * r->piece;
    for (uint64_t start = 0;; start += batch_bytes) {
        r->batch_start = start;
        r->batch_end = r->body_end - start > batch_bytes ? start + batch_bytes : r->body_end;
        r->batch_has_tail = r->batch_end == r->body_end;
        atomic_store(&r->next_offset, start);
        map_batch(r);
        hc_pool_for(bf->pool, bf->lane_count, tree_lane, r);
        if (r->batch_map != NULL)
            plat_unmap(r->batch_map, r->batch_map_len);
        r->batch_map = NULL;
        if (failed(r))
            return atomic_load(&r->error);
        uint64_t nodes = (r->batch_end - start) / r->piece;
        for (uint64_t node = 0; node < nodes; node++)
            hc_hasher_push_subtree(hasher, r->piece, bf->nodes + node * r->node_len);
        if (r->batch_has_tail)
            break;
    }
    for (unsigned tail = 0; tail < r->tail_count; tail++)
        hc_hasher_push_subtree(hasher, r->tail_len[tail],
                               bf->nodes + ((r->batch_end - r->batch_start) / r->piece + tail) * r->node_len);
    lane *ln = &bf->lanes[0];
    if (!ensure_buffer(&ln->buffer, &ln->buffer_len, r->last_len))
        return ENOMEM;
    int error = bigfile_read_fully(r->fd, ln->buffer, r->last_len, r->start + r->last_offset);
    if (error == 0) {
        hc_hasher_update(hasher, ln->buffer, r->last_len);
        io_report(r->events, r->last_len);
    }
    return error;
}

/* ---- one thread obtains, the caller hashes ------------------------------ */

typedef struct slot {
    bigfile_method method;
    uint64_t offset;     /* message offset of data */
    const uint8_t *data;
    size_t len;
    bool whole;      /* len is the size asked for: the hashing is timed */
    window w;        /* method MAP: unmapped when the slot is reused */
} slot;

typedef struct pipeline {
    run *r;
    plat_mutex lock;
    plat_cond changed;     /* a slot was filled or emptied, or a side failed */
    slot slots[SLOTS];
    uint64_t produced, consumed;
    bool producer_done;
    bool consumer_failed;
    int producer_error;
} pipeline;

static void release_slot(slot *s)
{
    if (s->method == BIGFILE_MAP && s->w.map != NULL)
        release_window(&s->w);
    s->w.map = NULL;
}

/* The ring, allocated (and touched) the first time a unit is read, before
 * that read is timed. */
static uint8_t *ring_slot(run *r, uint64_t index)
{
    bigfile *bf = r->bf;
    if (!ensure_buffer(&bf->ring, &bf->ring_len, SLOTS * r->unit))
        return NULL;
    return bf->ring + index % SLOTS * r->unit;
}

/* The size of a pipeline unit obtained by method (r->unit is PIPE_UNIT
 * whenever there is a pipeline). */
static size_t pipe_unit(const run *r, bigfile_method method, bool trial)
{
    return method == BIGFILE_MAP ? (trial ? TRIAL_MAP_UNIT : PIPE_MAP_UNIT) : r->unit;
}

/* Unit `index`, at message offset `offset`, into slot s, by method: 0 or
 * the errno. A read unit is at most r->unit (its ring slot), a mapped one
 * may be bigger (pipe_unit). */
static int obtain(run *r, uint64_t index, uint64_t offset, slot *s)
{
    if (stop_requested(r))
        return EINTR;
    note_claim(r, offset);
    bool trial;
    bigfile_method method = choose(r, index, &trial);
    size_t unit = pipe_unit(r, method, trial);
    size_t len = r->length - offset < unit ? (size_t)(r->length - offset) : unit;
    uint8_t *buffer = method == BIGFILE_READ ? ring_slot(r, index) : NULL;
    if (method == BIGFILE_READ && buffer == NULL)
        return ENOMEM;
    double started = cpu_seconds();
    int error = 0;
    if (method == BIGFILE_MAP) {
        error = map_window(r, offset, len, &s->w);
        if (error == MAP_REFUSED) {
            error = 0;
            method = BIGFILE_READ;
            unit = r->unit;
            len = len < unit ? len : unit;
        } else {
            s->data = s->w.data;
        }
    }
    if (method == BIGFILE_READ) {
        s->w.map = NULL;
        s->data = buffer = buffer ? buffer : ring_slot(r, index);
        error = buffer ? read_piece(r, buffer, offset, len) : ENOMEM;
    }
    s->method = method;
    s->offset = offset;
    s->len = len;
    s->whole = len == unit;
    if (error == 0 && s->whole)
        record(r, method, STAGE_OBTAIN, cpu_seconds() - started, len);
    atomic_fetch_add_explicit(&r->units[method], 1, memory_order_relaxed);
    return error;
}

static void *producer_main(void *arg)
{
    pipeline *p = arg;
    run *r = p->r;
    for (uint64_t index = 0, offset = 0; offset < r->length; index++) {
        plat_mutex_lock(&p->lock);
        while (p->produced - p->consumed == SLOTS && !p->consumer_failed)
            plat_cond_wait(&p->changed, &p->lock);
        bool stop = p->consumer_failed;
        plat_mutex_unlock(&p->lock);
        if (stop)
            break;
        slot *s = &p->slots[index % SLOTS];
        release_slot(s);
        int error = obtain(r, index, offset, s);
        offset += s->len;
        if (index == 0)
            count_thread(r);
        plat_mutex_lock(&p->lock);
        if (error != 0)
            p->producer_error = error;
        else
            p->produced++;
        plat_cond_signal(&p->changed);
        plat_mutex_unlock(&p->lock);
        if (error != 0)
            break;
    }
    plat_mutex_lock(&p->lock);
    p->producer_done = true;
    plat_cond_signal(&p->changed);
    plat_mutex_unlock(&p->lock);
    return NULL;
}

/* false when no thread could be started (then nothing was read). */
static bool run_pipeline(run *r, int *result)
{
    pipeline p;
    memset(&p, 0, sizeof(p));
    p.r = r;
    plat_mutex_init(&p.lock);
    plat_cond_init(&p.changed);
    plat_thread *thread;
    if (plat_thread_start(&thread, producer_main, &p) != 0) {
        plat_cond_destroy(&p.changed);
        plat_mutex_destroy(&p.lock);
        return false;
    }
    int error = 0;
    for (uint64_t index = 0;; index++) {
        plat_mutex_lock(&p.lock);
        while (p.consumed == p.produced && !p.producer_done)
            plat_cond_wait(&p.changed, &p.lock);
        bool empty = p.consumed == p.produced;
        plat_mutex_unlock(&p.lock);
        if (empty)
            break;
        slot *s = &p.slots[index % SLOTS];
        double started = cpu_seconds();
        if (s->method == BIGFILE_MAP) {
            consume_args args = {r, s->offset, s->data, s->len, NULL};
            error = consume_mapped(&args, &s->w);
        } else {
            error = consume(r, s->offset, s->data, s->len, NULL);
        }
        if (error == 0 && s->whole)
            record(r, s->method, STAGE_HASH, cpu_seconds() - started, s->len);
        plat_mutex_lock(&p.lock);
        if (error != 0)
            p.consumer_failed = true;
        else
            p.consumed++;
        plat_cond_signal(&p.changed);
        plat_mutex_unlock(&p.lock);
        if (error != 0)
            break;
    }
    plat_thread_join(thread);
    for (size_t i = 0; i < SLOTS; i++)
        release_slot(&p.slots[i]);
    plat_cond_destroy(&p.changed);
    plat_mutex_destroy(&p.lock);
    *result = error != 0 ? error : p.producer_error;
    return true;
}

/* ---- the caller alone ---------------------------------------------------- */

static int run_alone(run *r)
{
    lane *ln = &r->bf->lanes[0];
    int error = 0;
    count_thread(r);
    for (uint64_t index = 0, offset = 0; offset < r->length && error == 0; index++) {
        bool trial;
        bigfile_method method = choose(r, index, &trial);
        size_t want = unit_for(r, method, trial);
        size_t len = r->length - offset < want ? (size_t)(r->length - offset) : want;
        error = do_unit(r, ln, method, offset, len, NULL, len == want);
        offset += len;
    }
    return error;
}

/* ---- public --------------------------------------------------------------- */

bigfile *bigfile_create(hc_pool *pool, bool spare_cpu)
{
    bigfile *bf = calloc(1, sizeof(*bf));
    if (bf == NULL)
        return NULL;
    bf->pool = pool;
    bf->spare_cpu = spare_cpu;
    bf->lane_count = hc_pool_threads(pool);
    bf->lanes = calloc(bf->lane_count, sizeof(*bf->lanes));
    bf->threads = calloc(bf->lane_count + 1, sizeof(*bf->threads));
    if (bf->lanes == NULL || bf->threads == NULL) {
        free(bf->lanes);
        free(bf->threads);
        free(bf);
        return NULL;
    }
    bf->page = (long)plat_page_size();
    const char *io = getenv("HC_IO");
    bf->forced = io == NULL ? -1 : strcmp(io, "read") == 0 ? BIGFILE_READ : strcmp(io, "map") == 0 ? BIGFILE_MAP : -1;
    atomic_init(&bf->no_nowait, false);
    atomic_init(&bf->no_populate, false);
    return bf;
}

void bigfile_destroy(bigfile *bf)
{
    if (bf == NULL)
        return;
    for (unsigned i = 0; i < bf->lane_count; i++)
        plat_aligned_free(bf->lanes[i].buffer);
    free(bf->lanes);
    free(bf->threads);
    plat_aligned_free(bf->ring);
    free(bf->nodes);
    free(bf);
}

/* A run's state at its start: the file's range and the hashers. */
static void run_init(run *r, bigfile *bf, int fd, uint64_t pos, uint64_t end, hc_hasher *const *hashers, size_t count,
                     const hc_file_events *events)
{
    memset(r, 0, sizeof(*r));
    r->call = atomic_fetch_add(&calls, 1) + 1;
    r->bf = bf;
    r->fd = fd;
    r->start = pos;
    r->length = end - pos;
    r->hashers = hashers;
    r->count = count;
    r->events = events;
    plat_mutex_init(&r->lock);
    atomic_init(&r->next_offset, 0);
    atomic_init(&r->next_tail, 0);
    atomic_init(&r->claims, 0);
    atomic_init(&r->map_failed, false);
    atomic_init(&r->mapped, false);
    atomic_init(&r->cold, false);
    atomic_init(&r->frontier, 0);
    atomic_init(&r->stream_stop, false);
    atomic_init(&r->error, 0);
    for (int m = 0; m < BIGFILE_METHODS; m++)
        atomic_init(&r->units[m], 0);
    atomic_init(&r->batch_windows, 0);
    atomic_init(&r->stepped_bytes, 0);
    r->threads = bf->threads;
}

/* How the run is cut: a tree of units (one BLAKE3-like hasher, several
 * threads, a file long enough) or a stream of units; the units' and the
 * read pieces' sizes. */
static void run_choose_units(run *r)
{
    unsigned lanes = r->bf->lane_count;
    size_t leaf = r->count == 1 ? hc_hasher_tree_leaf(r->hashers[0]) : 0;
    r->tree = leaf > 0 && leaf <= UNIT_MIN && lanes > 1 && r->length >= (uint64_t)lanes * 4 * UNIT_MIN;
    if (r->tree) {
        /* at least four units per thread, within the lanes' budget */
        size_t unit = (size_t)floor_pow2(r->length / (lanes * 4));
        size_t budget = (size_t)floor_pow2(LANES_BUDGET / lanes);
        unit = unit < budget ? unit : budget;
        unit = unit < UNIT_MAX ? unit : UNIT_MAX;
        r->unit = unit > UNIT_MIN ? unit : UNIT_MIN;
        r->node_len = hc_hasher_tree_node_len(r->hashers[0]);
    } else {
        r->unit = r->bf->spare_cpu && r->length >= PIPELINE_MIN ? PIPE_UNIT : UNIT_MAX;
    }
    r->piece = r->unit < PIECE_MAX ? r->unit : PIECE_MAX;
    if (r->tree) {
        /* one read buffer of a piece per lane, within their budget */
        size_t share = (size_t)floor_pow2(READ_BUDGET / lanes);
        share = share > UNIT_MIN ? share : UNIT_MIN;
        r->piece = r->piece < share ? r->piece : share;
    }
}

static void run_report(run *r, bigfile_stats *stats)
{
    memset(stats, 0, sizeof(*stats));
    for (int m = 0; m < BIGFILE_METHODS; m++)
        stats->units[m] = atomic_load(&r->units[m]);
    stats->threads = r->thread_count;
    stats->tree = r->tree;
    stats->pipelined = r->pipelined;
    stats->cold = atomic_load(&r->cold);
    stats->streamed = r->streaming;
    stats->batch_windows = atomic_load(&r->batch_windows);
    stats->stepped_bytes = atomic_load(&r->stepped_bytes);
}

int bigfile_hash(bigfile *bf, int fd, uint64_t pos, uint64_t end, hc_hasher *const *hashers, size_t count,
                 const hc_file_events *events, bigfile_stats *stats)
{
    run r;
    run_init(&r, bf, fd, pos, end, hashers, count, events);
    run_choose_units(&r);
    /* Doubles the kernel's read-ahead window for cold files. */
    plat_advise(fd, pos, r.length, PLAT_ADVICE_SEQUENTIAL);

    int error = 0;
    if (r.tree) {
        error = run_tree(&r);
    } else {
        r.pipelined = bf->spare_cpu && r.length >= PIPELINE_MIN;
        if (!r.pipelined || !run_pipeline(&r, &error)) {
            r.pipelined = false;
            error = run_alone(&r);
        }
    }
    stop_streaming(&r);
    /* The advice belongs to the open file, which a caller's standard
     * input may share with other processes: back to the default. */
    plat_advise(fd, pos, r.length, PLAT_ADVICE_NORMAL);
    /* A mapped page past a new end of file reads as zeros, not as an
     * error: a file that shrank meanwhile must be refused here. */
    plat_file_info info;
    if (error == 0 && atomic_load(&r.mapped) && (plat_file_info_of(fd, &info) != 0 || info.size < end))
        error = ENODATA;

    if (stats)
        run_report(&r, stats);
    plat_mutex_destroy(&r.lock);
    return error;
}
