/* The big-file engine's internals, shared by its three files: bigfile.c
 * (the choice of method from measurements, the entry points),
 * bigfile_obtain.c (getting a unit's bytes: pread, mapped windows, the
 * streaming thread of cold files, and hashing them) and bigfile_schedule.c
 * (how units are spread: a tree over every thread, or one thread obtaining
 * while the caller hashes). The vocabulary is bigfile.c's. */
#ifndef HC_IO_BIGFILE_RUN_H
#define HC_IO_BIGFILE_RUN_H

#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bigfile.h"
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
 * page (dropping one would take the other's away, see bigfile_window_release). */
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

enum { STAGE_OBTAIN, STAGE_HASH, STAGE_COUNT };

typedef struct cost_log {
    double recent[RECENT_SAMPLES]; /* seconds per byte */
    unsigned count;
} cost_log;


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
    atomic_uint_fast64_t claims;      /* units claimed so far (bigfile_choose_method's index) */

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


typedef struct window {
    const uint8_t *data;   /* message offset of the unit */
    uint8_t *map;
    size_t map_len;
    bool in_batch;         /* part of the batch's mapping: dropped, not unmapped */
} window;

#define MAP_REFUSED (-1)

typedef struct consume_args {
    run *r;
    uint64_t offset;
    const uint8_t *data;
    size_t len;
    uint8_t *nodes;
} consume_args;

/* The calling thread's CPU time: what a method costs, without the time
 * other processes took the CPU away (wall time on a busy machine says
 * more about them than about the method). Read twice a unit: the clock
 * that is fine and cheap enough for that (platform.h). */
static inline double run_cpu_seconds(void)
{
    return plat_clock_seconds(PLAT_CLOCK_THREAD_WORK);
}

static inline void run_set_error(run *r, int error)
{
    int none = 0;
    atomic_compare_exchange_strong(&r->error, &none, error);
}

static inline bool run_failed(run *r)
{
    return atomic_load_explicit(&r->error, memory_order_relaxed) != 0;
}

/* Ctrl+C or SIGTERM (cli.h): every unit starts with a look, and so does
 * every piece (at most 256 KiB) hashed, so a stop is answered within a
 * piece's work even for a slow hash in a 16 MiB window (MD2: tens of
 * milliseconds); the run then fails with EINTR, which the reader reports
 * as interrupted. */
static inline bool run_stop_requested(const run *r)
{
    return io_cancelled(r->events);
}

static inline uint64_t floor_pow2(uint64_t n)
{
    return n == 0 ? 0 : (uint64_t)1 << (63 - __builtin_clzll((unsigned long long)n));
}

/* bigfile.c */
bigfile_method bigfile_choose_method(run *r, uint64_t index, bool *trial);
void bigfile_count_thread(run *r);
void bigfile_record(run *r, bigfile_method method, int stage, double seconds, size_t bytes);

/* bigfile_obtain.c */
int bigfile_consume(run *r, uint64_t offset, const uint8_t *data, size_t len, uint8_t *nodes);
int bigfile_consume_mapped(consume_args *args, const window *w);
int bigfile_do_unit(run *r, lane *ln, bigfile_method method, uint64_t offset, size_t len, uint8_t *nodes, bool timed);
bool bigfile_ensure_buffer(uint8_t **buffer, size_t *have, size_t want);
int bigfile_map_window(run *r, uint64_t offset, size_t len, window *w);
void bigfile_note_claim(run *r, uint64_t offset);
int bigfile_read_piece(run *r, uint8_t *buffer, uint64_t offset, size_t len);
void bigfile_window_release(const window *w);
void bigfile_stop_streaming(run *r);
size_t bigfile_unit_for(const run *r, bigfile_method method, bool trial);

/* bigfile_schedule.c */
int bigfile_run_tree(run *r);
bool bigfile_run_pipeline(run *r, int *result);
#endif
