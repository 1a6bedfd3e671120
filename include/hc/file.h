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
 * calling thread alone; events: NULL, or kept by pointer (it must outlive
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

#ifdef __cplusplus
}
#endif

#endif
