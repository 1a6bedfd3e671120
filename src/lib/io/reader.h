/* Hashing one open input, or a byte range of it, as fast as the machine
 * reads: the engine behind <hc/file.h> (hc_file_hash_*, the batch;
 * contract §3.5, §3.6). */
#ifndef HC_IO_READER_H
#define HC_IO_READER_H

#include <stdbool.h>
#include <stdint.h>

#include "hc/algorithm.h"
#include "hc/pool.h"
#include "hc/file.h"
#include "bigfile.h"
#include "multihash.h"
#include "platform.h"

/* A file whose hashed range is at most this long is "small": it is read in
 * one call, and dir mode hashes several small files at once. Larger files
 * are hashed one at a time, front to back (docs/file-dir.md). */
#define READ_SMALL_MAX ((uint64_t)1 << 20)

struct bigfile;

/* What one thread needs to hash files: the hashers and a read buffer. */
typedef struct file_reader {
    multihash hash;         /* the algorithms selected for the next file (§10.2) */
    uint8_t *buffer;
    size_t buffer_len;
    hc_pool *pool;          /* threads a big file of a tree hash (BLAKE3), or several algorithms, may use; may be NULL */
    bool read_ahead;        /* a spare CPU may read big files ahead of the hashing */
    const hc_file_events *events; /* progress out, cancellation in; may be NULL */
    struct bigfile *big;    /* big files (bigfile.h), made on first use */
} file_reader;

/* Opens the hashers of rows (count of them, hashed side by side) with
 * params; multihash_select on reader->hash picks others later. */
hc_status reader_init(file_reader *reader, const hc_algorithm *const *rows, size_t count, const hc_params *params,
                      hc_pool *pool, const hc_file_events *events);
void reader_free(file_reader *reader);

/* Does hashing this input (as opened: result->kind, result->stats.size)
 * under range read at most READ_SMALL_MAX bytes? Streams count as big. */
bool read_is_small(const hc_file_result *input, const hc_file_range *range);

/* The kind of input a file of this kind is (how it is read). */
hc_file_kind read_kind_of(plat_file_kind kind);

/* Hashes the range of an open input (not closed here) that result
 * describes (kind and stats.size, from its open) into digests; fills in
 * the rest of result. */
void reader_hash_fd(file_reader *reader, int fd, const hc_file_range *range, uint8_t *digests,
                    hc_file_result *result);

#endif
