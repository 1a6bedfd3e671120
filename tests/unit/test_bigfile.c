/* The big-file path (src/lib/io/bigfile.c): every algorithm gives the plain
 * hasher's digest through it, by pread and by mmap, on one thread, with a
 * read-ahead thread and on the tree lanes, for ranges of awkward sizes and
 * offsets (beyond 4 GiB too), at every SIMD level; the tree path really
 * uses several threads; a file that shrinks while read or mapped is an
 * error (never a SIGBUS, never a digest), one that grows is hashed at its
 * old size; a SIGBUS that is not ours still kills; the tree lanes map
 * their windows out of one mapping per batch, or their own where the batch
 * cannot be mapped. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bigfile.h"
#include "cli.h"
#include "hc/cpu.h"
#include "hc/pool.h"
#include "testutil.h"
#include "simd.h"

#define MIB ((size_t)1 << 20)

static char dir_path[4096];
static hc_pool *pools[5];

static void make_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir_path, sizeof(dir_path), "%s/hc-bigfile-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir_path) == NULL) {
        perror("mkdtemp");
        exit(2);
    }
}

static const char *file_path(const char *name)
{
    static char path[4200];
    snprintf(path, sizeof(path), "%s/%s", dir_path, name);
    return path;
}

static void write_file(const char *path, const uint8_t *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || write(fd, data, len) != (ssize_t)len || close(fd) != 0) {
        perror(path);
        exit(2);
    }
}

static bool is_tmpfs(const char *path)
{
    struct statfs fs;
    return statfs(path, &fs) == 0 && fs.f_type == TMPFS_MAGIC;
}

/* A bigfile forcing a method (HC_IO: "read", "map" or "auto"). */
static bigfile *make_bigfile(const char *method, hc_pool *pool, bool spare_cpu)
{
    setenv("HC_IO", method, 1);
    bigfile *bf = bigfile_create(pool, spare_cpu);
    unsetenv("HC_IO");
    if (bf == NULL) {
        fprintf(stderr, "bigfile_create failed\n");
        exit(2);
    }
    return bf;
}

/* A stop asked for through the engine's events, as the CLI's Ctrl+C does. */
static atomic_int stop_asked;

static bool stop_was_asked(void *ctx)
{
    (void)ctx;
    return atomic_load(&stop_asked) != 0;
}

static const hc_file_events stop_events = {.cancelled = stop_was_asked};

/* bigfile_hash of [pos, end) of path with alg: the errno, digest to out. */
static int big_digest(bigfile *bf, const char *path, uint64_t pos, uint64_t end, const hc_algorithm *alg,
                      uint8_t *out, bigfile_stats *stats)
{
    int fd = open(path, O_RDONLY);
    hc_hasher h;
    if (fd < 0 || hc_hasher_open(&h, alg, NULL) != HC_OK) {
        perror(path);
        exit(2);
    }
    hc_hasher *hashers[1] = {&h};
    int error = bigfile_hash(bf, fd, pos, end, hashers, 1, &stop_events, stats);
    if (error == 0)
        hc_hasher_final(&h, out);
    hc_hasher_close(&h);
    close(fd);
    return error;
}

static void plain_digest(const hc_algorithm *alg, const uint8_t *data, size_t len, uint8_t *out)
{
    hc_hasher h;
    if (hc_hasher_open(&h, alg, NULL) != HC_OK)
        exit(2);
    hc_hasher_update(&h, data, len);
    hc_hasher_final(&h, out);
    hc_hasher_close(&h);
}

static const char *const methods[] = {"read", "map", "auto"};

/* BLAKE3 (the tree path) at every boundary: leaves, pieces, units, the
 * tail's subtrees; each method, pool size and read-ahead setting. */
static void check_blake3_ranges(const uint8_t *data, size_t size, const char *path)
{
    const hc_algorithm *alg = hc_algorithm_find("blake3");
    static const struct {
        uint64_t pos, len;
    } ranges[] = {
        {0, 1},          {0, 1023},         {0, 1024},          {0, 1025},         {0, 65535},
        {0, 65536},      {0, 65537},        {0, MIB - 1},       {0, MIB},          {0, MIB + 1},
        {0, 4 * MIB - 1}, {0, 4 * MIB},     {0, 4 * MIB + 1},   {0, 8 * MIB + 1024}, {1, 4 * MIB},
        {4095, 9 * MIB + 3}, {4 * MIB, 4 * MIB}, {12345, 0},    {0, 0},
    };
    enum { RANGES = sizeof(ranges) / sizeof(ranges[0]) };
    uint8_t want[RANGES][32];
    for (size_t i = 0; i < RANGES; i++) {
        uint64_t pos = ranges[i].pos;
        plain_digest(alg, data + pos, (size_t)(ranges[i].len ? ranges[i].len : size - pos), want[i]);
    }
    for (size_t m = 0; m < 3; m++) {
        for (unsigned threads = 1; threads <= 4; threads++) {
            for (int spare = 0; spare <= 1; spare++) {
                bigfile *bf = make_bigfile(methods[m], pools[threads], spare);
                for (size_t i = 0; i < RANGES; i++) {
                    uint64_t pos = ranges[i].pos;
                    uint64_t len = ranges[i].len ? ranges[i].len : size - pos;
                    uint8_t got[32];
                    int error = big_digest(bf, path, pos, pos + len, alg, got, NULL);
                    CHECK_MSG(error == 0 && memcmp(want[i], got, 32) == 0,
                              "blake3 %s threads %u spare %d range %llu+%llu: error %d", methods[m], threads,
                              spare, (unsigned long long)pos, (unsigned long long)len, error);
                }
                bigfile_destroy(bf);
            }
        }
    }
}

/* Every SIMD level this machine has, for the tree and the serial paths. */
static void check_simd_levels(const uint8_t *data, size_t size, const char *path)
{
    const char *names[] = {"blake3", "sha256", "crc32c"};
    for (int level = HC_SIMD_PORTABLE; level <= (int)hc_simd_detected(); level++) {
        hc_simd_limit((hc_simd_level)level);
        for (size_t a = 0; a < 3; a++) {
            const hc_algorithm *alg = hc_algorithm_find(names[a]);
            uint8_t want[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
            plain_digest(alg, data + 7, size - 7, want);
            for (size_t m = 0; m < 2; m++) {
                bigfile *bf = make_bigfile(methods[m], pools[3], true);
                int error = big_digest(bf, path, 7, size, alg, got, NULL);
                CHECK_MSG(error == 0 && memcmp(want, got, alg->digest_len) == 0, "%s at %s by %s", names[a],
                          hc_simd_name((hc_simd_level)level), methods[m]);
                bigfile_destroy(bf);
            }
        }
    }
    hc_simd_limit(HC_SIMD_AVX512);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Every row of the table, each path: alone and on a pool of 2 (tree lanes
 * for a tree hash) over 1 MiB + 777 bytes, and for the rows over 250 MB/s
 * with a read-ahead thread over 8 MiB + 777 (the pipeline's minimum; it
 * calls every row the same way, and fast rows stress it most). The rows
 * under 64 MB/s (MD2, Snefru, GOST) get 64 KiB + 777. */
static void check_every_algorithm(const uint8_t *data, size_t size, const char *path)
{
    (void)size;
    for (size_t a = 0; a < HC_ALGORITHM_COUNT; a++) {
        const hc_algorithm *alg = &hc_algorithms[a];
        uint8_t want[2][HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
        uint64_t pos = 3, lengths[2] = {64 * 1024 + 777, 8 * MIB + 777};
        double started = now_seconds();
        plain_digest(alg, data + pos, (size_t)lengths[0], want[0]);
        /* over 64 MB/s; a tree hash always gets the length its lanes need */
        bool fast = now_seconds() - started < 0.001 || alg->tree != NULL;
        bool pipeline = false;
        if (fast) {
            lengths[0] = MIB + 777;
            started = now_seconds();
            plain_digest(alg, data + pos, (size_t)lengths[0], want[0]);
            pipeline = now_seconds() - started < 0.004; /* over 250 MB/s */
        }
        if (pipeline)
            plain_digest(alg, data + pos, (size_t)lengths[1], want[1]);
        for (size_t m = 0; m < 2; m++) {
            for (int shape = 0; shape < 3; shape++) {
                /* 0: the caller alone; 1: a read-ahead thread; 2: a pool of 2 */
                if (shape == 1 && !pipeline)
                    continue;
                uint64_t len = lengths[shape == 1];
                bigfile *bf = make_bigfile(methods[m], shape == 2 ? pools[2] : NULL, shape == 1);
                bigfile_stats stats;
                int error = big_digest(bf, path, pos, pos + len, alg, got, &stats);
                CHECK_MSG(error == 0 && memcmp(want[shape == 1], got, alg->digest_len) == 0,
                          "%s by %s shape %d: error %d", alg->name, methods[m], shape, error);
                CHECK_MSG(stats.units[m] > 0 && stats.units[1 - m] == 0, "%s: HC_IO=%s not obeyed", alg->name,
                          methods[m]);
                CHECK_MSG(stats.pipelined == (shape == 1), "%s shape %d: pipelined %d", alg->name, shape,
                          stats.pipelined);
                CHECK_MSG(stats.tree == (shape == 2 && alg->tree != NULL), "%s shape %d: tree %d", alg->name,
                          shape, stats.tree);
                /* the tree lanes' windows are parts of one mapping per batch */
                uint64_t in_batch = stats.tree && m == BIGFILE_MAP ? stats.units[BIGFILE_MAP] : 0;
                CHECK_MSG(stats.batch_windows == in_batch, "%s by %s shape %d: %llu windows in batch mappings, want %llu",
                          alg->name, methods[m], shape, (unsigned long long)stats.batch_windows,
                          (unsigned long long)in_batch);
                /* a serial hash is fed in prefetched steps, a tree hash whole */
                uint64_t stepped = alg->tree != NULL ? 0 : len;
                CHECK_MSG(stats.stepped_bytes == stepped, "%s by %s shape %d: %llu bytes in prefetched steps, want %llu",
                          alg->name, methods[m], shape, (unsigned long long)stats.stepped_bytes,
                          (unsigned long long)stepped);
                bigfile_destroy(bf);
            }
        }
    }
}

/* The read-ahead thread's units: 2 MiB read into the ring, 8 MiB mapped
 * (fewer windows, fewer interrupts of the hashing thread), but 4 MiB while
 * the methods are being compared (TRIAL_MAP_UNIT: read, map, read, map,
 * read: 13 MiB from offset 1 is 2 + 4 + 2 + 4 + the last 1). Also with the
 * file's bytes at every offset where the unit size changes. */
static void check_pipeline_units(const uint8_t *data, size_t size, const char *path)
{
    const hc_algorithm *alg = hc_algorithm_find("sha256");
    uint8_t want[32], got[32];
    plain_digest(alg, data + 1, size - 1, want);
    bigfile *bf = make_bigfile("auto", NULL, true);
    bigfile_stats stats;
    CHECK(big_digest(bf, path, 1, size, alg, got, &stats) == 0 && memcmp(want, got, 32) == 0);
    CHECK_MSG(stats.pipelined && stats.units[BIGFILE_READ] == 3 && stats.units[BIGFILE_MAP] == 2,
              "pipeline units: read %llu map %llu (want 3 and 2)", (unsigned long long)stats.units[BIGFILE_READ],
              (unsigned long long)stats.units[BIGFILE_MAP]);
    bigfile_destroy(bf);
    bf = make_bigfile("map", NULL, true);
    CHECK(big_digest(bf, path, 1, size, alg, got, &stats) == 0 && memcmp(want, got, 32) == 0);
    CHECK_MSG(stats.units[BIGFILE_MAP] == 2, "mapped pipeline units: %llu (want 2 of 8 MiB)",
              (unsigned long long)stats.units[BIGFILE_MAP]);
    bigfile_destroy(bf);
}

/* Several hashers fed from the same buffers (check mode, several
 * algorithms per call): each gets its own digest, on one thread or with
 * the pool taking the hashers at once. */
static void check_several_hashers(const uint8_t *data, size_t size, const char *path)
{
    const char *names[] = {"md5", "sha256", "blake3", "crc32"};
    hc_hasher hashers[4];
    hc_hasher *pointers[4];
    uint8_t want[4][HC_MAX_DIGEST_LEN];
    for (size_t i = 0; i < 4; i++) {
        CHECK(hc_hasher_open(&hashers[i], hc_algorithm_find(names[i]), NULL) == HC_OK);
        pointers[i] = &hashers[i];
        plain_digest(hashers[i].alg, data + 1, size - 1, want[i]);
    }
    for (size_t m = 0; m < 3; m++) {
        for (unsigned threads = 1; threads <= 3; threads += 2) {
            bigfile *bf = make_bigfile(methods[m], pools[threads], threads > 1);
            int fd = open(path, O_RDONLY);
            for (size_t i = 0; i < 4; i++)
                hc_hasher_reset(&hashers[i]);
            int error = bigfile_hash(bf, fd, 1, size, pointers, 4, NULL, NULL);
            CHECK_MSG(error == 0, "several hashers: error %d", error);
            for (size_t i = 0; i < 4; i++) {
                uint8_t got[HC_MAX_DIGEST_LEN];
                hc_hasher_final(&hashers[i], got);
                CHECK_MSG(memcmp(got, want[i], hashers[i].out_len) == 0, "several hashers: %s by %s, %u threads",
                          names[i], methods[m], threads);
            }
            close(fd);
            bigfile_destroy(bf);
        }
    }
    for (size_t i = 0; i < 4; i++)
        hc_hasher_close(&hashers[i]);
}

/* A tree hash with a pool of 2 must hash on 2 threads (a threaded path
 * silently run on one thread fails here). Scheduling on a busy machine
 * may starve a thread once; never ten times in a row. */
static void check_threads_are_used(const char *path, size_t size)
{
    const hc_algorithm *alg = hc_algorithm_find("blake3");
    for (size_t m = 0; m < 2; m++) {
        bigfile *bf = make_bigfile(methods[m], pools[2], true);
        unsigned best = 0;
        bool tree = true;
        for (int attempt = 0; attempt < 10 && best < 2; attempt++) {
            bigfile_stats stats;
            uint8_t got[32];
            CHECK(big_digest(bf, path, 0, size, alg, got, &stats) == 0);
            best = stats.threads > best ? stats.threads : best;
            tree = tree && stats.tree;
        }
        CHECK_MSG(tree && best == 2, "blake3 by %s on a pool of 2: tree %d, at most %u threads", methods[m], tree,
                  best);
        bigfile_destroy(bf);
    }
    /* a serial hash with a spare CPU: a read-ahead thread */
    bigfile *bf = make_bigfile("auto", NULL, true);
    bigfile_stats stats;
    uint8_t got[HC_MAX_DIGEST_LEN];
    CHECK(big_digest(bf, path, 0, size, hc_algorithm_find("sha1"), got, &stats) == 0);
    CHECK(stats.pipelined && stats.threads == 1);
    bigfile_destroy(bf);
}

/* Drops the file from the page cache: true when none of its pages is
 * resident afterwards. Read-ahead still in flight from the last use (the
 * streaming thread's, say) keeps pages locked from the advice, and mincore
 * does not count them until their read completes, so it looks 30 ms after
 * the advice, and advises again while anything is there. */
static bool drop_from_cache(const char *path, size_t size)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0 || fdatasync(fd) != 0) {
        if (fd >= 0)
            close(fd);
        return false;
    }
    size_t pages = (size + 4095) / 4096;
    unsigned char *resident = malloc(pages);
    void *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    bool dropped = false;
    for (int attempt = 0; attempt < 50 && !dropped && resident && map != MAP_FAILED; attempt++) {
        posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        usleep(30000);
        dropped = mincore(map, size, resident) == 0;
        for (size_t i = 0; i < pages && dropped; i++)
            dropped = !(resident[i] & 1);
    }
    if (map != MAP_FAILED)
        munmap(map, size);
    free(resident);
    close(fd);
    return dropped;
}

/* A file not in the page cache (dropped with POSIX_FADV_DONTNEED, which
 * needs no privilege once the pages are clean): found cold, streamed, and
 * the tree lanes, the read-ahead thread and the caller alone all give the
 * right digest. */
static void check_cold_file(const uint8_t *data, size_t size, const char *path)
{
    const char *names[] = {"blake3", "sha1"};
    for (size_t a = 0; a < 2; a++) {
        const hc_algorithm *alg = hc_algorithm_find(names[a]);
        uint8_t want[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
        plain_digest(alg, data + 5, size - 5, want);
        for (size_t m = 0; m < 3; m++) {
            for (int shape = 0; shape < 3; shape++) {
                bool dropped = drop_from_cache(path, size);
                bigfile *bf = make_bigfile(methods[m], shape == 2 ? pools[2] : NULL, shape == 1);
                bigfile_stats stats;
                int error = big_digest(bf, path, 5, size, alg, got, &stats);
                CHECK_MSG(error == 0 && memcmp(want, got, alg->digest_len) == 0, "cold %s by %s shape %d: error %d",
                          names[a], methods[m], shape, error);
                /* A mapped window asks mincore, which knows. A non-blocking
                 * read starts the kernel's read-ahead, and from a fast
                 * device (a VM's disk in the host's cache) the data may be
                 * there before the read looks again. tmpfs keeps its pages
                 * whatever the advice. Whoever finds the file cold, a thread
                 * then reads it ahead in order: the tree lanes, the read-ahead
                 * thread and the caller alone alike. Mapped, the first unit
                 * finds it cold, with more than PIPELINE_MIN left; a read may
                 * find it only later, once the kernel has brought in the
                 * first part. */
                if (m == 1) {
                    CHECK_MSG(!dropped || stats.cold || is_tmpfs(path), "cold %s by %s shape %d: not seen cold",
                              names[a], methods[m], shape);
                    CHECK_MSG(!dropped || stats.streamed || is_tmpfs(path), "cold %s by %s shape %d: not streamed",
                              names[a], methods[m], shape);
                }
                bigfile_destroy(bf);
            }
        }
    }
}

/* Offsets beyond 4 GiB, in a sparse file: a range across the 4 GiB mark. */
static void check_beyond_4_gib(void)
{
    const char *path = file_path("sparse");
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    uint64_t mark = (uint64_t)1 << 32;
    uint8_t tail[4096];
    fill_pattern(tail, sizeof(tail), 42);
    if (fd < 0 || ftruncate(fd, (off_t)(mark + 8 * MIB)) != 0 ||
        pwrite(fd, tail, sizeof(tail), (off_t)(mark - 100)) != (ssize_t)sizeof(tail)) {
        fprintf(stderr, "bigfile: no large sparse files here; skipped\n");
        if (fd >= 0)
            close(fd);
        unlink(path);
        return;
    }
    close(fd);
    uint64_t pos = mark - 3 * MIB - 7, len = 7 * MIB + 13;
    uint8_t *expect = calloc(1, (size_t)len);
    memcpy(expect + (mark - 100 - pos), tail, sizeof(tail));
    const char *names[] = {"blake3", "md5"};
    for (size_t a = 0; a < 2; a++) {
        const hc_algorithm *alg = hc_algorithm_find(names[a]);
        uint8_t want[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
        plain_digest(alg, expect, (size_t)len, want);
        for (size_t m = 0; m < 2; m++) {
            bigfile *bf = make_bigfile(methods[m], pools[2], true);
            int error = big_digest(bf, path, pos, pos + len, alg, got, NULL);
            CHECK_MSG(error == 0 && memcmp(want, got, alg->digest_len) == 0, "beyond 4 GiB: %s by %s: error %d",
                      names[a], methods[m], error);
            bigfile_destroy(bf);
        }
    }
    free(expect);
    unlink(path);
}

/* The tree path hashes a big range in batches of 4096 pieces (1 GiB for a
 * range this big), each batch's units shrinking towards its end: a range
 * over the first batch, starting off a page boundary, with data either
 * side of the batch boundary (the rest is a hole, read as zeros). */
static void check_several_batches(void)
{
    const char *path = file_path("batches");
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    uint64_t pos = 4095, boundary = pos + ((uint64_t)1 << 30), end = boundary + 5 * MIB + 777;
    uint8_t marks[3][8192];
    uint64_t at[3] = {0, boundary - 3000, end - sizeof(marks[2])};
    bool made = fd >= 0 && ftruncate(fd, (off_t)end) == 0;
    for (int i = 0; i < 3 && made; i++) {
        fill_pattern(marks[i], sizeof(marks[i]), 50 + i);
        made = pwrite(fd, marks[i], sizeof(marks[i]), (off_t)at[i]) == (ssize_t)sizeof(marks[i]);
    }
    if (!made) {
        fprintf(stderr, "bigfile: no large sparse files here; skipped\n");
        if (fd >= 0)
            close(fd);
        unlink(path);
        return;
    }
    /* Each method alone has its own unit size; "auto" mixes both (probes),
     * the hardest case for the claims. Once only: the kernel fills 1 GiB of
     * page cache with zeros for the holes (seconds on the dev VM). */
    const hc_algorithm *alg = hc_algorithm_find("blake3");
    uint8_t want[32], got[32];
    bigfile *bf = make_bigfile("auto", pools[2], true);
    bigfile_stats stats;
    int error = big_digest(bf, path, pos, end, alg, got, &stats);
    CHECK_MSG(error == 0 && stats.tree && stats.threads == 2 && stats.units[BIGFILE_READ] > 0 &&
                  stats.units[BIGFILE_MAP] > 0,
              "two batches: error %d, tree %d, %u threads, read %llu map %llu units", error, stats.tree,
              stats.threads, (unsigned long long)stats.units[BIGFILE_READ],
              (unsigned long long)stats.units[BIGFILE_MAP]);
    bigfile_destroy(bf);
    /* the reference: the plain hasher fed the file in order */
    hc_hasher h;
    CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
    uint8_t *chunk = malloc(MIB);
    for (uint64_t done = pos; done < end && chunk;) {
        size_t n = end - done < MIB ? (size_t)(end - done) : MIB;
        CHECK(bigfile_read_fully(fd, chunk, n, done) == 0);
        hc_hasher_update(&h, chunk, n);
        done += n;
    }
    hc_hasher_final(&h, want);
    hc_hasher_close(&h);
    free(chunk);
    close(fd);
    CHECK_MSG(memcmp(want, got, 32) == 0, "two batches: wrong digest");
    unlink(path);
}

/* ---- files that change while hashed --------------------------------------
 *
 * A row of our own whose hooks change the file the first time they see
 * data, then touch every byte they were given: the change happens after the
 * data was read or mapped (and its pages populated), the worst moment. */

enum sabotage { SHRINK, GROW };
static enum sabotage sabotage_kind;
static const char *sabotage_path;
static atomic_bool sabotage_done;
static atomic_bool sabotage_failed; /* checked on the main thread */

typedef struct saboteur_ctx {
    uint64_t sum;
    hc_hasher *inner; /* GROW: the real hash the digest comes from */
} saboteur_ctx;
static hc_hasher *saboteur_inner;

static void sabotage(void)
{
    if (atomic_exchange(&sabotage_done, true))
        return;
    bool ok;
    if (sabotage_kind == SHRINK) {
        ok = truncate(sabotage_path, 1000) == 0;
    } else {
        int fd = open(sabotage_path, O_WRONLY | O_APPEND);
        uint8_t more[65536];
        memset(more, 'x', sizeof(more));
        ok = fd >= 0;
        for (int i = 0; i < 64 && ok; i++)
            ok = write(fd, more, sizeof(more)) == (ssize_t)sizeof(more);
        if (fd >= 0)
            close(fd);
    }
    if (!ok)
        atomic_store(&sabotage_failed, true);
}

static uint64_t touch(const uint8_t *data, size_t len)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < len; i += 512)
        sum += ((const volatile uint8_t *)data)[i];
    return sum + (len ? ((const volatile uint8_t *)data)[len - 1] : 0);
}

static void saboteur_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    saboteur_ctx *c = ctx;
    c->sum = 0;
    c->inner = saboteur_inner;
}

static void saboteur_update(void *ctx, const void *data, size_t len)
{
    saboteur_ctx *c = ctx;
    sabotage();
    c->sum += touch(data, len);
    if (c->inner)
        hc_hasher_update(c->inner, data, len);
}

static void saboteur_final(void *ctx, uint8_t *out, size_t out_len)
{
    saboteur_ctx *c = ctx;
    memset(out, 0, out_len);
    if (c->inner)
        hc_hasher_final(c->inner, out);
}

static void saboteur_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    (void)ctx;
    (void)offset;
    sabotage();
    uint64_t sum = touch(data, len);
    memcpy(node, &sum, sizeof(sum));
}

static void saboteur_push(void *ctx, uint64_t len, const uint8_t *node)
{
    (void)len;
    uint64_t sum;
    memcpy(&sum, node, sizeof(sum));
    ((saboteur_ctx *)ctx)->sum += sum;
}

static const hc_tree_hooks saboteur_tree = {1024, 8, saboteur_subtree, saboteur_push};

static hc_algorithm saboteur_row(bool tree)
{
    hc_algorithm row;
    memset(&row, 0, sizeof(row));
    row.name = "saboteur";
    row.title = "changes the file while it is hashed";
    row.digest_len = 32;
    row.block_len = 64;
    row.ctx_size = sizeof(saboteur_ctx);
    row.init = saboteur_init;
    row.update = saboteur_update;
    row.final = saboteur_final;
    row.tree = tree ? &saboteur_tree : NULL;
    return row;
}

static void check_shrinking_file(const uint8_t *data)
{
    const char *path = file_path("shrinks");
    sabotage_kind = SHRINK;
    sabotage_path = path;
    saboteur_inner = NULL;
    for (size_t m = 0; m < 3; m++) {
        for (int shape = 0; shape < 3; shape++) {
            write_file(path, data, 24 * MIB);
            atomic_store(&sabotage_done, false);
            hc_algorithm row = saboteur_row(shape == 2);
            bigfile *bf = make_bigfile(methods[m], shape == 2 ? pools[2] : NULL, shape == 1);
            uint8_t got[32];
            int error = big_digest(bf, path, 0, 24 * MIB, &row, got, NULL);
            CHECK_MSG(error == ENODATA, "a file that shrank while hashed by %s (shape %d): error %d, expected %d",
                      methods[m], shape, error, ENODATA);
            bigfile_destroy(bf);
        }
    }
    /* shrunk before hashing starts: the first read or map says so */
    for (size_t m = 0; m < 2; m++) {
        write_file(path, data, 1000);
        bigfile *bf = make_bigfile(methods[m], pools[2], true);
        uint8_t got[32];
        CHECK(big_digest(bf, path, 0, 12 * MIB, hc_algorithm_find("blake3"), got, NULL) == ENODATA);
        CHECK(big_digest(bf, path, 0, 12 * MIB, hc_algorithm_find("md5"), got, NULL) == ENODATA);
        bigfile_destroy(bf);
    }
    unlink(path);
}

/* ---- Ctrl+C: answered within a piece --------------------------------------
 *
 * A row of our own that asks for a stop (as the SIGINT handler does) the
 * first time it is given data, and counts every byte it is given: a slow
 * hash (MD2: 9 MB/s) must not go on through the rest of a 16 MiB window. */

static atomic_uint_fast64_t stopper_bytes;

static void stopper_update(void *ctx, const void *data, size_t len)
{
    (void)ctx;
    (void)data;
    atomic_store(&stop_asked, 1);
    atomic_fetch_add(&stopper_bytes, len);
}

static void stopper_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    (void)offset;
    stopper_update((void *)(uintptr_t)ctx, data, len);
    memset(node, 0, 8);
}

static const hc_tree_hooks stopper_tree = {1024, 8, stopper_subtree, saboteur_push};

static void check_stop_within_a_piece(const uint8_t *data)
{
    const char *path = file_path("stops");
    write_file(path, data, 24 * MIB);
    for (size_t m = 0; m < 2; m++) {
        for (int shape = 0; shape < 3; shape++) {
            hc_algorithm row = saboteur_row(shape == 2);
            row.update = stopper_update;
            row.tree = shape == 2 ? &stopper_tree : NULL;
            atomic_store(&stopper_bytes, 0);
            bigfile *bf = make_bigfile(methods[m], shape == 2 ? pools[2] : NULL, shape == 1);
            uint8_t got[32];
            int error = big_digest(bf, path, 0, 24 * MIB, &row, got, NULL);
            /* what each thread had begun: a piece (1 MiB) each */
            uint64_t most = (shape == 2 ? 2 : 1) * MIB;
            CHECK_MSG(error == EINTR && atomic_load(&stopper_bytes) <= most,
                      "stop by %s (shape %d): error %d, %llu bytes hashed after it", methods[m], shape, error,
                      (unsigned long long)atomic_load(&stopper_bytes));
            atomic_store(&stop_asked, 0);
            bigfile_destroy(bf);
        }
    }
    unlink(path);
}

static void check_growing_file(const uint8_t *data)
{
    const char *path = file_path("grows");
    const hc_algorithm *sha256 = hc_algorithm_find("sha256");
    uint8_t want[32];
    plain_digest(sha256, data, 20 * MIB, want);
    sabotage_kind = GROW;
    sabotage_path = path;
    for (size_t m = 0; m < 3; m++) {
        for (int spare = 0; spare <= 1; spare++) {
            write_file(path, data, 20 * MIB);
            atomic_store(&sabotage_done, false);
            hc_hasher inner;
            CHECK(hc_hasher_open(&inner, sha256, NULL) == HC_OK);
            saboteur_inner = &inner;
            hc_algorithm row = saboteur_row(false);
            bigfile *bf = make_bigfile(methods[m], NULL, spare);
            uint8_t got[32];
            int error = big_digest(bf, path, 0, 20 * MIB, &row, got, NULL);
            CHECK_MSG(error == 0 && memcmp(got, want, 32) == 0, "a file that grew, by %s: error %d", methods[m],
                      error);
            bigfile_destroy(bf);
            hc_hasher_close(&inner);
            saboteur_inner = NULL;
        }
    }
    unlink(path);
}

/* Once the SIGBUS guard is installed, a SIGBUS outside a guarded window
 * must still end the process (in a child). */
static void check_foreign_sigbus_kills(const uint8_t *data)
{
    const char *path = file_path("foreign");
    write_file(path, data, 8 * MIB);
    pid_t child = fork();
    if (child == 0) {
        bigfile *bf = make_bigfile("map", NULL, false);
        uint8_t got[32];
        int fd = open(path, O_RDONLY);
        if (big_digest(bf, path, 0, 8 * MIB, hc_algorithm_find("md5"), got, NULL) != 0 || fd < 0)
            _exit(3);
        const volatile uint8_t *map = mmap(NULL, 8 * MIB, PROT_READ, MAP_SHARED, fd, 0);
        if (map == MAP_FAILED || ftruncate(open(path, O_RDWR), 0) != 0)
            _exit(3);
        uint8_t byte = map[4 * MIB]; /* SIGBUS: the file is empty now */
        _exit(byte == 255 ? 4 : 0);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    /* killed by SIGBUS; a sanitizer's own handler may report and exit 1 */
    bool died = (WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS) ||
                (WIFEXITED(status) && WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 3 &&
                 WEXITSTATUS(status) != 4);
    CHECK_MSG(died, "a foreign SIGBUS was swallowed: status %#x", status);
    unlink(path);
}

/* ASan's and TSan's shadow memory needs more address space than any
 * limit that the checks below can set leaves. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ADDRESS_LIMIT_USABLE false
#else
#define ADDRESS_LIMIT_USABLE true
#endif

/* The process's address space in bytes (VmSize), 0 when unknown. */
static uint64_t address_space_used(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    unsigned long long kib = 0;
    while (f != NULL && fgets(line, sizeof(line), f) != NULL)
        if (sscanf(line, "VmSize: %llu kB", &kib) == 1)
            break;
    if (f != NULL)
        fclose(f);
    return (uint64_t)kib << 10;
}

/* Where the batch cannot be mapped (a 32-bit address space), the tree
 * lanes map their own windows: a child under an address-space limit that
 * leaves room for the 2 MiB windows but not for the 14 MiB batch. Not
 * under ASan or TSan, nor where the limit is not enforced (qemu-user keeps
 * it from the guest). */
static void check_batch_map_refused(const uint8_t *data, size_t size, const char *path)
{
    if (!ADDRESS_LIMIT_USABLE) {
        fprintf(stderr, "bigfile: no address-space limit under a sanitizer; batch-refused check skipped\n");
        return;
    }
    const hc_algorithm *alg = hc_algorithm_find("blake3");
    uint8_t want[32];
    plain_digest(alg, data, size, want);
    pid_t child = fork();
    if (child == 0) {
        hc_pool *pool = NULL;
        if (hc_pool_create(&pool, 2) != HC_OK)
            _exit(10);
        bigfile *bf = make_bigfile("map", pool, false);
        uint64_t used = address_space_used();
        struct rlimit limit = {(rlim_t)(used + 8 * MIB), (rlim_t)(used + 8 * MIB)};
        if (used == 0 || setrlimit(RLIMIT_AS, &limit) != 0)
            _exit(11);
        void *probe = mmap(NULL, 14 * MIB, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (probe != MAP_FAILED)
            _exit(12); /* the limit is not enforced here */
        uint8_t got[32];
        bigfile_stats stats;
        int error = big_digest(bf, path, 0, size, alg, got, &stats);
        if (error != 0 || memcmp(got, want, sizeof(want)) != 0)
            _exit(1);
        if (!stats.tree || stats.units[BIGFILE_MAP] == 0 || stats.units[BIGFILE_READ] != 0)
            _exit(2);
        _exit(stats.batch_windows == 0 ? 0 : 3);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status));
    if (WIFEXITED(status) && WEXITSTATUS(status) >= 10)
        fprintf(stderr, "bigfile: no address-space limit here (child %d); batch-refused check skipped\n",
                WEXITSTATUS(status));
    else
        CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                  "batch not mapped: status %#x (1 wrong digest, 2 not mapped tree lanes, 3 batch mapping used)",
                  status);
}

int main(void)
{
    make_dir();
    for (unsigned t = 1; t <= 4; t++)
        CHECK(hc_pool_create(&pools[t], t) == HC_OK);
    size_t size = 13 * MIB + 1234;
    uint8_t *data = malloc(24 * MIB);
    if (data == NULL)
        return 2;
    fill_pattern(data, 24 * MIB, 13);
    const char *path = file_path("data");
    write_file(path, data, size);

    check_blake3_ranges(data, size, path);
    check_simd_levels(data, size, path);
    check_every_algorithm(data, size, path);
    check_pipeline_units(data, size, path);
    check_several_hashers(data, size, path);
    check_threads_are_used(path, size);
    check_batch_map_refused(data, size, path);
    check_cold_file(data, size, path);
    check_beyond_4_gib();
    check_several_batches();
    check_shrinking_file(data);
    check_growing_file(data);
    check_stop_within_a_piece(data);
    check_foreign_sigbus_kills(data);
    CHECK(!atomic_load(&sabotage_failed));

    unlink(path);
    rmdir(dir_path);
    free(data);
    for (unsigned t = 1; t <= 4; t++)
        hc_pool_destroy(pools[t]);
    return test_report("bigfile");
}
