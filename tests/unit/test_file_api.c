/* The library's file engine through its public API (<hc/file.h>): digests
 * equal to the streaming hasher's for every size class and range, several
 * algorithms in one read, progress that adds up to the bytes hashed, a stop
 * asked through the events answered with HC_ERR_CANCELLED, the errors, and
 * the walk iterator's order. */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hc/hc.h"
#include "testutil.h"

static char scratch[] = "/tmp/hc-file-api-XXXXXX";

static const char *path_in(const char *name)
{
    static char path[4][256];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof(path[0]), "%s/%s", scratch, name);
    return p;
}

static void write_file(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        exit(2);
    }
}

typedef struct watcher {
    atomic_uint_fast64_t bytes;
    atomic_int stop_after; /* stop once this many bytes were reported (0: never) */
} watcher;

static void count_bytes(void *ctx, uint64_t bytes)
{
    watcher *w = ctx;
    atomic_fetch_add(&w->bytes, bytes);
}

static bool stop_when_due(void *ctx)
{
    watcher *w = ctx;
    int after = atomic_load(&w->stop_after);
    return after > 0 && atomic_load(&w->bytes) >= (uint64_t)after;
}

/* Every size class (empty, small, one MiB, big) and a range inside the big
 * one, for one algorithm and for three at once, on 1 and 2 threads. */
static void check_digests(const uint8_t *data, size_t big)
{
    static const char *const lists[][3] = {{"blake3"}, {"sha256"}, {"crc32"}, {"md5", "blake3", "sha1"}};
    static const size_t sizes[] = {0, 1000, 1 << 20, 0};
    const char *path = path_in("data");
    for (size_t s = 0; s < 4; s++) {
        size_t size = sizes[s] ? sizes[s] : s == 3 ? big : 0;
        write_file(path, data, size);
        for (size_t l = 0; l < 4; l++) {
            const hc_algorithm *algs[3];
            size_t count = 0;
            while (count < 3 && lists[l][count])
                algs[count] = hc_algorithm_find(lists[l][count]), count++;
            for (unsigned threads = 1; threads <= 2; threads++) {
                watcher w = {0};
                hc_file_events events = {.ctx = &w, .progress = count_bytes};
                hc_file_hasher *fh;
                CHECK(hc_file_hasher_create(&fh, algs, count, NULL, threads, &events) == HC_OK);
                hc_file_range range = {size / 3, size / 2};
                for (int ranged = 0; ranged < 2; ranged++) {
                    uint64_t from = ranged ? range.offset : 0, len = ranged ? range.limit : size;
                    if (ranged && size == 0)
                        continue;
                    uint8_t got[3 * HC_MAX_DIGEST_LEN];
                    hc_file_stats stats = {.struct_size = sizeof(stats)};
                    atomic_store(&w.bytes, 0);
                    hc_status status = hc_file_hash_path(fh, path, ranged ? &range : NULL, got, &stats);
                    CHECK_MSG(status == HC_OK, "%s size %zu: %s", lists[l][0], size, hc_status_text(status));
                    size_t at = 0;
                    for (size_t i = 0; i < count; i++) {
                        uint8_t want[HC_MAX_DIGEST_LEN];
                        hc_hasher h;
                        hc_hasher_open(&h, algs[i], NULL);
                        hc_hasher_oneshot(&h, data + from, (size_t)len, want);
                        CHECK_MSG(memcmp(got + at, want, h.out_len) == 0, "%s of %zu bytes (ranged %d, %u threads)",
                                  hc_algorithm_name(algs[i]), size, ranged, threads);
                        at += h.out_len;
                        hc_hasher_close(&h);
                    }
                    CHECK(at == hc_file_hasher_digests_len(fh));
                    CHECK_MSG(atomic_load(&w.bytes) == len, "progress %llu of %llu bytes",
                              (unsigned long long)atomic_load(&w.bytes), (unsigned long long)len);
                    CHECK(stats.size == size && stats.big == (len > (1 << 20)));
                }
                hc_file_hasher_free(fh);
            }
        }
    }
    unlink(path);
}

/* A stop asked through the events ends a big hash early, whatever the
 * algorithm's path (tree, serial, several). */
static void check_cancel(const uint8_t *data, size_t big)
{
    const char *path = path_in("stop");
    write_file(path, data, big);
    static const char *const names[] = {"blake3", "md2", "sha256"};
    for (size_t i = 0; i < 3; i++) {
        const hc_algorithm *alg = hc_algorithm_find(names[i]);
        watcher w = {0};
        atomic_store(&w.stop_after, 1);
        hc_file_events events = {.ctx = &w, .progress = count_bytes, .cancelled = stop_when_due};
        hc_file_hasher *fh;
        CHECK(hc_file_hasher_create(&fh, &alg, 1, NULL, 2, &events) == HC_OK);
        uint8_t got[HC_MAX_DIGEST_LEN];
        CHECK_MSG(hc_file_hash_path(fh, path, NULL, got, NULL) == HC_ERR_CANCELLED, "%s not cancelled", names[i]);
        CHECK_MSG(atomic_load(&w.bytes) < big, "%s: %llu bytes hashed after the stop", names[i],
                  (unsigned long long)atomic_load(&w.bytes));
        hc_file_hasher_free(fh);
    }
    unlink(path);
}

static void check_errors(void)
{
    const hc_algorithm *alg = hc_algorithm_find("md5");
    hc_file_hasher *fh = NULL;
    CHECK(hc_file_hasher_create(&fh, &alg, 0, NULL, 1, NULL) == HC_ERR_INVALID && fh == NULL);
    CHECK(hc_file_hasher_create(&fh, &alg, 1, NULL, 1, NULL) == HC_OK);
    uint8_t got[HC_MAX_DIGEST_LEN];
    errno = 0;
    CHECK(hc_file_hash_path(fh, path_in("missing"), NULL, got, NULL) == HC_ERR_IO && errno == ENOENT);
    CHECK(hc_file_hash_path(fh, scratch, NULL, got, NULL) == HC_ERR_IO && errno == EISDIR);
    const char *path = path_in("short");
    write_file(path, (const uint8_t *)"123", 3);
    hc_file_range past = {3, 0};
    CHECK(hc_file_hash_path(fh, path, &past, got, NULL) == HC_ERR_RANGE);
    CHECK(hc_file_hash_path(fh, path, NULL, got, NULL) == HC_OK);
    char hex[33];
    hc_hex_encode(got, 16, hex, true);
    CHECK(strcmp(hex, "202cb962ac59075b964b07152d234b70") == 0); /* MD5("123"), tests/data/vectors/hc-vectors.tsv */
    unlink(path);
    hc_file_hasher_free(fh);
}

/* hc's order: names byte-wise, a directory's files before its
 * sub-directories, depth first; -i/-e on names; links and FIFOs left out. */
static void check_walk(void)
{
    const char *dirs[] = {"tree", "tree/b", "tree/a", "tree/a/z"};
    for (size_t i = 0; i < 4; i++)
        mkdir(path_in(dirs[i]), 0755);
    const char *files[] = {"tree/y.txt", "tree/B.txt", "tree/b/1.bin", "tree/a/z/deep.txt", "tree/a/k.txt"};
    for (size_t i = 0; i < 5; i++)
        write_file(path_in(files[i]), (const uint8_t *)"x", 1);
    CHECK(symlink("y.txt", path_in("tree/link")) == 0);
    char root[256];
    snprintf(root, sizeof(root), "%s", path_in("tree"));
    const char *want[] = {"B.txt", "y.txt", "a/k.txt", "a/z/deep.txt", "b/1.bin"};
    hc_walk_options options = {.recursive = true};
    hc_walk *w;
    CHECK(hc_walk_open(&w, root, &options) == HC_OK);
    hc_walk_entry entry;
    size_t n = 0;
    while (hc_walk_next(w, &entry) == HC_OK && entry.path != NULL) {
        char expected[512];
        snprintf(expected, sizeof(expected), "%s/%s", root, n < 5 ? want[n] : "?");
        CHECK_MSG(entry.error == 0 && strcmp(entry.path, expected) == 0, "walk entry %zu: %s, expected %s", n,
                  entry.path, expected);
        n++;
    }
    CHECK_MSG(n == 5, "walk gave %zu entries", n);
    hc_walk_close(w);
    options = (hc_walk_options){.recursive = true, .include = "*.txt", .exclude = "k*"};
    CHECK(hc_walk_open(&w, root, &options) == HC_OK);
    n = 0;
    while (hc_walk_next(w, &entry) == HC_OK && entry.path != NULL)
        n++;
    CHECK_MSG(n == 3, "filtered walk gave %zu entries", n);
    hc_walk_close(w);
    CHECK(hc_walk_open(&w, path_in("none"), NULL) == HC_ERR_IO && w == NULL);
    char command[600];
    snprintf(command, sizeof(command), "rm -rf '%s'", root);
    CHECK(system(command) == 0);
}

int main(void)
{
    if (mkdtemp(scratch) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    size_t big = (size_t)9 << 20;
    uint8_t *data = malloc(big);
    if (data == NULL)
        return 2;
    fill_pattern(data, big, 7);
    check_digests(data, big);
    check_cancel(data, big);
    check_errors();
    check_walk();
    free(data);
    rmdir(scratch);
    return test_report("file_api");
}
