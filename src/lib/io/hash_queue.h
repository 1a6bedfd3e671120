/* Many inputs hashed on the thread pool, results printed in input order:
 * the files of dir mode, several inputs of file mode (§10.1) and the
 * entries of a checksum list (§10.4).
 *
 * The caller fills a batch of up to hash_queue_capacity() inputs (its own
 * array, indexed 0..count-1) and runs it; the queue opens, hashes and hands
 * each input to the print callback in index order, each as soon as it and
 * all before it are done. Within a batch (docs/file-dir.md): small inputs
 * (at most READ_SMALL_MAX bytes to hash) are hashed several at once, one
 * per pool thread; big ones afterwards, one at a time, in order, each read
 * front to back with every pool thread (a tree hash or a CRC, or several
 * algorithms side by side). */
#ifndef HC_IO_HASHQUEUE_H
#define HC_IO_HASHQUEUE_H

#include <stdbool.h>
#include <stddef.h>

#include "reader.h"

typedef struct hash_queue_ops {
    /* Opens input i: a descriptor with *info filled in, or -1 with
     * result->status (and error_number) set; READ_SKIPPED prints nothing.
     * Called on any pool thread. */
    int (*open)(void *ctx, size_t i, plat_file_info *info, file_result *result);
    /* Closes what open returned; NULL: plat_close. */
    void (*close)(void *ctx, size_t i, int fd);
    /* Input i's algorithms, in output order; NULL: the queue's rows for all. */
    void (*algorithms)(void *ctx, size_t i, const hc_algorithm *const **rows, size_t *count);
    /* Prints input i, in index order, one call at a time (and counts it in
     * the progress). false: stop (stdout is gone, or Ctrl+C cut the run):
     * inputs not started yet are skipped (READ_SKIPPED). After a stop
     * asked through the events, inputs not started are READ_INTERRUPTED. */
    bool (*print)(void *ctx, size_t i, const file_result *result);
    /* A big input keeps the descriptor open returned until it is hashed
     * (standard input and FIFOs cannot be opened twice). Otherwise it is
     * closed and opened again, so a batch of big files does not hold a
     * descriptor each; FIFOs and devices are kept open all the same. */
    bool keep_big_open;
} hash_queue_ops;

typedef struct hash_queue_config {
    const hash_queue_ops *ops;
    void *ctx;
    const hc_algorithm *const *rows;  /* the algorithms every reader starts with */
    size_t row_count;
    const hc_params *params;
    unsigned threads;                 /* -T */
    read_range range;                 /* -z, -q */
    size_t digest_bytes;              /* the most digest bytes one input needs */
    const hc_file_events *events;     /* progress out, cancellation in; may be NULL */
    /* Around each run of print calls (may be NULL): the CLI keeps its
     * progress line from being redrawn between the lines of one run. */
    void (*print_hold)(void *hold_ctx, bool hold);
    void *hold_ctx;
} hash_queue_config;

typedef struct hash_queue hash_queue;

/* NULL when memory or the hashers could not be had (errno is not set). */
hash_queue *hash_queue_open(const hash_queue_config *config);
void hash_queue_close(hash_queue *q);
/* Inputs per batch: enough to keep every thread busy, few enough that the
 * first lines come out at once and the digests stay within 16 MiB. */
size_t hash_queue_capacity(const hash_queue *q);
/* Hashes and prints inputs 0..count-1 (count <= capacity). */
void hash_queue_run(hash_queue *q, size_t count);
/* print returned false at some point. */
bool hash_queue_stopped(const hash_queue *q);

#endif
