/* Hashing one open file, or a byte range of it, as fast as the machine
 * reads (file and dir modes, contract §3.5, §3.6). */
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

typedef enum read_status {
    READ_OK,
    READ_OPEN_ERROR,    /* "open error" */
    READ_STAT_ERROR,    /* "stat error" */
    READ_READ_ERROR,    /* "read error" (also: a directory) */
    READ_CHANGED,       /* "read error" too: the file shrank while read (error_number ENODATA) */
    READ_OFFSET_ERROR,  /* "Offset is greater than file size" */
    READ_SKIPPED,       /* dir mode: no longer a regular file when opened */
    READ_BAD_TARGET,    /* file mode: "invalid search hash", a malformed -m */
    READ_INTERRUPTED    /* Ctrl+C or SIGTERM came first: no line at all */
} read_status;

/* The per-file error text of contract §3.5; NULL for READ_OK, READ_SKIPPED
 * and READ_INTERRUPTED. */
const char *read_status_text(read_status status);

/* -q and -z: hash from offset, at most limit bytes (0: to the end). */
typedef struct read_range {
    uint64_t offset;
    uint64_t limit;
} read_range;

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

typedef struct file_result {
    read_status status;
    int error_number;   /* errno behind a failure, for stderr diagnostics */
    uint64_t size;      /* the whole file; for a pipe, the bytes read from it */
    double seconds;     /* the hashing alone, after open and stat (§3.4) */
    uint8_t *digest;    /* hash.out_len bytes (each algorithm's digest in turn), owned by the caller */
    bool big;           /* the big-file engine hashed it: io tells what it did */
    bigfile_stats io;
} file_result;

/* Why a file failed, for stderr: "changed while read (it shrank)", the
 * system's reason, or NULL when neither is known (the status text says
 * all). */
const char *read_failure_reason(const file_result *result);

/* Opens the hashers of rows (count of them, hashed side by side) with
 * params; multihash_select on reader->hash picks others later. */
hc_status reader_init(file_reader *reader, const hc_algorithm *const *rows, size_t count, const hc_params *params,
                      hc_pool *pool, const hc_file_events *events);
void reader_free(file_reader *reader);

/* The bytes range covers in a regular file of that size: 0 when the offset
 * is at or past the end. */
uint64_t read_length(uint64_t size, const read_range *range);

/* Does hashing this file (info from plat_file_info_of) under range read at
 * most READ_SMALL_MAX bytes? Pipes and devices count as big. */
bool read_is_small(const plat_file_info *info, const read_range *range);

/* Hashes the range of an open file (not closed here) whose info is info;
 * fills every field of result but digest's storage. */
void reader_hash_fd(file_reader *reader, int fd, const plat_file_info *info, const read_range *range,
                    file_result *result);

#endif
