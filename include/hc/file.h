/* hc — hashing files and trees: the fast path the hc command takes.
 *
 * A file hasher holds one or more algorithms, a pool of threads and its
 * buffers, and hashes one input after another with all of them in a single
 * read:
 *
 *   - a big regular file is split over the threads: the copy out of the
 *     page cache (or the wait for the disk) as well as the hashing, for
 *     BLAKE3's tree and the CRCs; other algorithms hash on one thread while
 *     a second reads ahead; several algorithms take each piece at once;
 *   - how bytes are obtained (positioned reads or mapped windows) is
 *     measured per file, not assumed;
 *   - pipes, FIFOs, terminals and devices are streamed.
 *
 * Progress and cancellation reach the caller through hc_file_events; the
 * hasher never prints and never installs signal handlers. A walk of a
 * directory tree in hc's order is offered as an iterator (hc_walk_*).
 *
 *   const hc_algorithm *alg = hc_algorithm_find("blake3");
 *   hc_file_hasher *fh;
 *   if (hc_file_hasher_create(&fh, &alg, 1, NULL, 0, NULL) == HC_OK) {
 *       uint8_t digest[HC_MAX_DIGEST_LEN];
 *       hc_status s = hc_file_hash_path(fh, "big.iso", NULL, digest, NULL);
 *       hc_file_hasher_free(fh);
 *   }
 */
#ifndef HC_FILE_H
#define HC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/algorithm.h"
#include "hc/export.h"
#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a long hash tells its caller, and how the caller stops it. Both
 * callbacks may be NULL; both are called from any of the hasher's threads,
 * so they must be thread-safe (an atomic counter, an atomic flag). */
typedef struct hc_file_events {
    void *ctx;
    /* bytes hashed since the last call (called every piece, ~256 KiB) */
    void (*progress)(void *ctx, uint64_t bytes);
    /* polled between pieces and while a stream waits for data: true stops
     * the work, which then returns HC_ERR_CANCELLED within one piece */
    bool (*cancelled)(void *ctx);
} hc_file_events;

typedef struct hc_file_hasher hc_file_hasher;

/* algs: count algorithms (1..HC_ALGORITHM_COUNT, each at most once) hashed
 * side by side; params: NULL or the BLAKE3 options, applied to every row
 * that takes them; threads: 0 for every CPU this process may use, 1 for the
 * calling thread alone (the threads split a tree hash or several
 * algorithms; a single serial hash gets one thread reading ahead); events: NULL, or kept by pointer (it must outlive
 * the hasher). HC_ERR_NOMEM, HC_ERR_INVALID (a bad count or params). */
HC_API hc_status hc_file_hasher_create(hc_file_hasher **out, const hc_algorithm *const *algs, size_t count,
                                       const hc_params *params, unsigned threads, const hc_file_events *events);
HC_API void hc_file_hasher_free(hc_file_hasher *fh);

/* The bytes one hash writes: every algorithm's digest, one after the
 * other, in the order given to hc_file_hasher_create. */
HC_API size_t hc_file_hasher_digests_len(const hc_file_hasher *fh);

/* Which part of an input to hash: bytes [offset, offset + limit) (limit 0:
 * to the end). NULL for the whole input. */
typedef struct hc_file_range {
    uint64_t offset;
    uint64_t limit;
} hc_file_range;

/* The bytes range covers in a regular file of size bytes: 0 when the
 * offset is at or past the end; range NULL: size. */
HC_API uint64_t hc_file_range_length(uint64_t size, const hc_file_range *range);

/* What one hash did. Versioned by size: set struct_size to
 * sizeof(hc_file_stats) before the call; the library fills in the fields
 * it knows of and leaves the rest alone, so newer fields can be added. */
typedef struct hc_file_stats {
    size_t struct_size;
    uint64_t size;           /* the file's size; for a stream, the bytes read */
    double seconds;          /* wall time of the hashing */
    bool big;                /* the big-file engine ran (more than 1 MiB to hash) */
    unsigned threads;        /* threads that obtained pieces of the file */
    bool tree;               /* pieces hashed on several threads at once (BLAKE3, CRCs) */
    bool pipelined;          /* a second thread read ahead of the hashing */
    bool cold;               /* some of the file was not in the page cache */
    bool streamed;           /* so a thread read the file ahead in order */
    uint64_t pieces_read;    /* pieces obtained by positioned reads */
    uint64_t pieces_mapped;  /* pieces obtained through mapped windows */
    uint64_t batch_windows;  /* mapped pieces that were parts of one larger mapping */
    uint64_t stepped_bytes;  /* bytes fed to serial hashes in prefetched steps, summed over the hashes */
} hc_file_stats;

/* Hashes the file at path (a regular file, FIFO or device; "-" is not
 * special here) with every algorithm of fh, writing
 * hc_file_hasher_digests_len(fh) bytes to digests. stats may be NULL.
 * HC_OK; HC_ERR_IO with errno (ENOENT, EISDIR, EIO, ENODATA: the file
 * shrank while hashed); HC_ERR_RANGE: the offset is at or past the end;
 * HC_ERR_CANCELLED; HC_ERR_NOMEM. Not reentrant: one call at a time per
 * hasher (use one hasher per thread to hash several files at once). */
HC_API hc_status hc_file_hash_path(hc_file_hasher *fh, const char *path, const hc_file_range *range,
                                   uint8_t *digests, hc_file_stats *stats);
/* The same for an open descriptor (left open): a regular file is hashed
 * over its size at the call, anything else is read to its end. */
HC_API hc_status hc_file_hash_fd(hc_file_hasher *fh, int fd, const hc_file_range *range, uint8_t *digests,
                                 hc_file_stats *stats);

/* ---- one input, as the hc command reports it ---------------------------
 * An input is opened first (hc_file_open, hc_file_describe, or a walk's
 * hc_walk_item_open), which tells what it is, then hashed; each step that
 * fails says how in an hc_file_result, with the contract's words for it. */

/* How hashing one input ended. */
typedef enum hc_file_status {
    HC_FILE_OK,
    HC_FILE_OPEN_ERROR,   /* "open error" (error: errno) */
    HC_FILE_STAT_ERROR,   /* "stat error" */
    HC_FILE_READ_ERROR,   /* "read error"; also a directory (EISDIR) */
    HC_FILE_CHANGED,      /* "read error" too: the file shrank while read (ENODATA) */
    HC_FILE_OFFSET_ERROR, /* "Offset is greater than file size": the range starts at or past the end */
    HC_FILE_SKIPPED,      /* not hashed and nothing to say: no longer a regular file (a walk's
                           * entry), or a batch stopped by its print callback */
    HC_FILE_REFUSED,      /* a batch's open callback refused it for a reason of its own */
    HC_FILE_INTERRUPTED   /* the events asked to stop before it was done */
} hc_file_status;

/* What an opened input is: how it is read. */
typedef enum hc_file_kind {
    HC_FILE_KIND_REGULAR,   /* hashed over its size at the open (stats.size) */
    HC_FILE_KIND_DIRECTORY, /* not hashed: HC_FILE_READ_ERROR, EISDIR */
    HC_FILE_KIND_STREAM     /* a pipe, FIFO, terminal, socket or device: read to its end */
} hc_file_kind;

/* One input's outcome. Versioned by size: set struct_size to
 * sizeof(hc_file_result) before handing one to the library (a batch's
 * own are set already). */
typedef struct hc_file_result {
    size_t struct_size;
    hc_file_status status;
    int error;               /* the errno behind a failure; 0 when none is known */
    hc_file_kind kind;       /* set by the open */
    const uint8_t *digests;  /* HC_FILE_OK: every algorithm's digest in turn */
    hc_file_stats stats;     /* stats.size: a regular file's size from the open, a stream's bytes read */
} hc_file_result;

/* The contract's text of a failure ("open error", "read error", ...);
 * NULL for HC_FILE_OK, HC_FILE_SKIPPED, HC_FILE_REFUSED and
 * HC_FILE_INTERRUPTED, which have none. */
HC_API const char *hc_file_status_text(hc_file_status status);
/* Why an input failed, for a diagnostic: "changed while read (it
 * shrank)", the system's text of result->error, or NULL when neither is
 * known (the status text says all). */
HC_API const char *hc_file_failure_reason(const hc_file_result *result);

/* Opens path for hashing, without waiting (a FIFO without a writer does
 * not hold up the open; the hashing waits for its data, polling the
 * events), and tells what it is: the descriptor (the caller closes it),
 * or -1 with result->status HC_FILE_OPEN_ERROR or HC_FILE_STAT_ERROR and
 * result->error (EINVAL: a result of another struct_size). */
HC_API int hc_file_open(const char *path, hc_file_result *result);
/* The same for a descriptor the caller opened (standard input): 0, or -1
 * with HC_FILE_STAT_ERROR. */
HC_API int hc_file_describe(int fd, hc_file_result *result);

/* Hashes an input opened by hc_file_open or hc_file_describe (result as
 * they filled it; fd is left open) with every algorithm of fh into
 * digests, hc_file_hasher_digests_len(fh) bytes; the outcome in result. */
HC_API void hc_file_hash_input(hc_file_hasher *fh, int fd, const hc_file_range *range, uint8_t *digests,
                               hc_file_result *result);

/* ---- many inputs, hashed on a pool and reported in order: the batch ----
 * The caller numbers a batch's inputs 0..count-1 (count at most
 * hc_file_batch_capacity) and runs it; the batch opens (through the
 * caller), hashes and hands each input to print in index order, each as
 * soon as it and all before it are done. Small inputs (at most 1 MiB to
 * hash) are hashed several at once, one per thread; bigger ones
 * afterwards, one at a time, in order, each with every thread. */
typedef struct hc_file_batch hc_file_batch;

typedef struct hc_file_batch_ops {
    /* Opens input i (hc_file_open, hc_walk_item_open, ...): a descriptor
     * with result->kind and result->stats.size set, or -1 with
     * result->status (and error) set. Called on any of the threads. */
    int (*open)(void *ctx, size_t i, hc_file_result *result);
    /* Closes what open returned; NULL: the system's close. */
    void (*close)(void *ctx, size_t i, int fd);
    /* Input i's algorithms, in digest order; NULL: the batch's for all. */
    void (*algorithms)(void *ctx, size_t i, const hc_algorithm *const **algs, size_t *count);
    /* Reports input i, in index order, one call at a time. false: stop;
     * inputs not started yet are HC_FILE_SKIPPED. After the events asked
     * to stop, inputs not started are HC_FILE_INTERRUPTED. */
    bool (*print)(void *ctx, size_t i, const hc_file_result *result);
    /* A big input keeps the descriptor open returned until it is hashed
     * (standard input cannot be opened twice); false: it is closed and
     * opened again then, so a batch of big files does not hold a
     * descriptor each (streams are kept open all the same). */
    bool keep_big_open;
} hc_file_batch_ops;

/* Versioned by size: struct_size = sizeof(hc_file_batch_config). */
typedef struct hc_file_batch_config {
    size_t struct_size;
    const hc_file_batch_ops *ops;    /* kept by pointer */
    void *ctx;                       /* handed to every callback */
    const hc_algorithm *const *algs; /* every input's algorithms, unless ops->algorithms picks */
    size_t count;                    /* 0 only with ops->algorithms */
    const hc_params *params;         /* NULL, or the BLAKE3 options */
    unsigned threads;                /* 0 for every CPU this process may use */
    hc_file_range range;             /* of every input ({0, 0}: the whole of it) */
    size_t digests_len;              /* the most digest bytes one input needs */
    const hc_file_events *events;    /* NULL, or kept by pointer */
    /* NULL, or called with true before and false after each run of print
     * calls (a progress display not redrawn between the lines of a run) */
    void (*print_hold)(void *hold_ctx, bool hold);
    void *hold_ctx;
} hc_file_batch_config;

/* HC_ERR_NOMEM; HC_ERR_INVALID (no ops, or no algorithms); HC_ERR_ABI (a
 * config of another struct_size). */
HC_API hc_status hc_file_batch_create(hc_file_batch **out, const hc_file_batch_config *config);
HC_API void hc_file_batch_free(hc_file_batch *batch);
/* Inputs per batch: enough to keep every thread busy, few enough that the
 * first reports come at once and the digests stay within 16 MiB. */
HC_API size_t hc_file_batch_capacity(const hc_file_batch *batch);
/* Opens, hashes and reports inputs 0..count-1 (count <= capacity). */
HC_API void hc_file_batch_run(hc_file_batch *batch, size_t count);
/* print returned false at some point. */
HC_API bool hc_file_batch_stopped(const hc_file_batch *batch);

/* ---- the walk of a directory tree ---------------------------------------
 * Regular files only, in hc's order: each directory's entries sorted
 * byte-wise by name, its files before its sub-directories, depth first;
 * symbolic links neither followed nor listed; FIFOs, sockets and devices
 * skipped. Paths of any depth work (directories are opened relative to
 * their parent). */
typedef struct hc_walk hc_walk;

typedef struct hc_walk_options {
    bool recursive;       /* false: the files of the top directory only */
    const char *include;  /* NULL, or ';'-separated globs a file name must match */
    const char *exclude;  /* NULL, or ';'-separated globs that drop a file */
    /* NULL, or kept by pointer: its cancelled() is asked between directory
     * entries (a tree where nothing matches hands out no entry to stop
     * between), and true ends the walk: HC_ERR_CANCELLED */
    const hc_file_events *events;
} hc_walk_options;

typedef struct hc_walk_entry {
    const char *path;  /* root + separator + the path below it; valid until the next call */
    int error;         /* 0: a file; else the errno of a sub-directory that could not be read (path names it) */
} hc_walk_entry;

/* HC_ERR_IO with errno when root cannot be opened as a directory. */
HC_API hc_status hc_walk_open(hc_walk **out, const char *root, const hc_walk_options *options);
/* HC_OK with the next entry, or with entry->path NULL at the end of the
 * walk; HC_ERR_NOMEM; HC_ERR_CANCELLED once options->events said stop (every
 * later call too). */
HC_API hc_status hc_walk_next(hc_walk *w, hc_walk_entry *entry);
HC_API void hc_walk_close(hc_walk *w);

/* Would the walk list a regular file of this name (its include and
 * exclude patterns: whole-name globs, '*' any run, '?' one byte, ASCII
 * case blind, ';' between alternatives, empty alternatives match
 * nothing)? options NULL: yes. */
HC_API bool hc_walk_selects(const hc_walk_options *options, const char *name);
/* Lists only part K of N of the tree (1 <= part <= parts; parts 0 or 1:
 * all of it), by each path below the root, so that N walks on N machines
 * list disjoint sets that together are the tree: the first 8 bytes of
 * SHA-256 of the relative path ('/' between names), big-endian, modulo N,
 * plus 1, is its part. Unreadable sub-directories are listed by the same
 * rule (the root by every part). Before the first hc_walk_next. */
HC_API void hc_walk_set_part(hc_walk *w, uint64_t part, uint64_t parts);

/* An entry the caller keeps past the next call (a batch of entries hashed
 * at once): a file keeps its directory open, so that it is opened there
 * whatever the depth. */
typedef struct hc_walk_item hc_walk_item;

/* HC_OK with the next entry in *out, or NULL at the end; errors as
 * hc_walk_next. Free each with hc_walk_item_free (before or after
 * hc_walk_close). */
HC_API hc_status hc_walk_next_item(hc_walk *w, hc_walk_item **out);
HC_API void hc_walk_item_free(hc_walk_item *item);
/* root + separator + the path below it */
HC_API const char *hc_walk_item_path(const hc_walk_item *item);
/* 0: a file; else the errno of a sub-directory that could not be read */
HC_API int hc_walk_item_error(const hc_walk_item *item);
/* Both files of one directory (a batch holds a descriptor per directory). */
HC_API bool hc_walk_item_same_dir(const hc_walk_item *a, const hc_walk_item *b);
/* Opens a file entry as hc_file_open does, in its directory, without
 * following a symbolic link: -1 with HC_FILE_SKIPPED when it is no longer
 * a regular file (replaced since it was listed). */
HC_API int hc_walk_item_open(const hc_walk_item *item, hc_file_result *result);
/* A file entry's size, when it is (still) a regular file. */
HC_API bool hc_walk_item_regular_size(const hc_walk_item *item, uint64_t *size);

#ifdef __cplusplus
}
#endif

#endif
