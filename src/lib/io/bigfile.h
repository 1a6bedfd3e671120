/* Hashing a big byte range of a regular file at the machine's limit: the
 * copy out of the page cache (or the wait for the disk) split over the
 * threads like the hashing, or hidden behind it (docs/file-dir.md, "One big
 * file").
 *
 * One call hashes bytes [pos, end) of an open file with one or more
 * hashers, each of which receives every byte in order, exactly as if
 * hc_hasher_update had been given the whole range:
 *
 *   - a tree hash (hc_hasher_tree_leaf() > 0: BLAKE3) alone, with a pool of
 *     several threads: every thread reads (pread) or maps its own units of
 *     the file and hashes them into subtree nodes; the nodes are appended in
 *     order, so both the copy and the hashing are split N ways;
 *   - anything else (serial hashes, or several hashers at once): one thread
 *     hashes while, given a spare CPU, a second one reads or maps the next
 *     units into a ring; several hashers take each unit at once on the pool.
 *
 * How the bytes are obtained is measured, not assumed: the first units are
 * read with pread and mapped with mmap alternately, each timed, and from
 * then on the cheaper method is used (tried again now and then, so a
 * change of conditions is followed). HC_IO=read or HC_IO=map in the
 * environment forces one method (tests; fault injection through a read()
 * shim). A file that is not in the page cache gets read-ahead hints some
 * tens of MiB ahead of the threads, so the device always has work queued.
 *
 * Memory: at most BIGFILE_MEMORY_MAX bytes of buffers and mapped windows,
 * whatever the file size and thread count.
 *
 * A file that shrinks while hashed is a failure (ENODATA), never a SIGBUS:
 * mapped windows are populated before hashing and guarded by a SIGBUS
 * handler that turns a fault inside a window into an error (the handler is
 * installed the first time a window is mapped and passes every other SIGBUS
 * on). Bytes appended meanwhile are not hashed. */
#ifndef HC_IO_BIGFILE_H
#define HC_IO_BIGFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/algorithm.h"
#include "hc/pool.h"
#include "hc/file.h"

/* Buffers plus mapped windows of one bigfile, at most (in practice 6-40
 * MiB: one path per algorithm; BLAKE3's threads map up to 32 MiB). */
#define BIGFILE_MEMORY_MAX ((size_t)56 << 20)

typedef enum bigfile_method { BIGFILE_READ, BIGFILE_MAP, BIGFILE_METHODS } bigfile_method;

/* What one bigfile_hash call did, for tests and benchmarks. */
typedef struct bigfile_stats {
    uint64_t units[BIGFILE_METHODS]; /* units obtained by each method */
    uint64_t batch_windows;          /* mapped units that were parts of their batch's mapping (tree) */
    uint64_t stepped_bytes;          /* bytes fed to serial hashes in prefetched steps, summed over the hashes */
    unsigned threads;                /* distinct threads that obtained units */
    bool tree;                       /* subtrees hashed on several threads */
    bool pipelined;                  /* a second thread read ahead of the hashing */
    bool cold;                       /* data was missing from the page cache */
    bool streamed;                   /* so a thread read the file ahead in order */
} bigfile_stats;

typedef struct bigfile bigfile;

/* pool: the threads a tree hash may use (NULL or 1 thread: the caller
 * alone); spare_cpu: a second thread may read ahead for serial hashes.
 * Buffers are allocated on first use and kept for the next files. NULL
 * when out of memory. */
bigfile *bigfile_create(hc_pool *pool, bool spare_cpu);
void bigfile_destroy(bigfile *bf);

/* Feeds bytes [pos, end) of the regular file fd (pos < end) to each of the
 * count hashers (count >= 1), in order; the hashers are neither reset nor
 * finished here. events (may be NULL) hears of the bytes as they are
 * hashed and is asked between pieces whether to stop; stats, when not
 * NULL, what was done. Returns 0, or the errno of the failure: ENODATA
 * when the file ended before `end` (it shrank), EIO (or what read(2)
 * said) for a page that could not be read, mapped or not, EINTR when
 * events asked to stop, ENOMEM.
 * Not reentrant: one call at a time per bigfile.
 *
 * For check mode and several algorithms per call: hand every hasher of one
 * file to one call; a single tree hash (hc_hasher_tree_leaf > 0) gets the
 * lanes, anything else the read-ahead ring, each unit fed to all hashers
 * (at once on the pool when it has threads). */
int bigfile_hash(bigfile *bf, int fd, uint64_t pos, uint64_t end, hc_hasher *const *hashers, size_t count,
                 const hc_file_events *events, bigfile_stats *stats);

/* pread until len bytes are in or the file ends: 0, or the errno
 * (ENODATA: the file ended first). Retries EINTR, and EAGAIN on a
 * descriptor opened O_NONBLOCK (made blocking). */
int bigfile_read_fully(int fd, uint8_t *buffer, size_t len, uint64_t pos);

#endif
