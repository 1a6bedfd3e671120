/* The library's file engine through its public API (<hc/file.h>): digests
 * equal to the streaming hasher's for every size class and range, several
 * algorithms in one read, progress that adds up to the bytes hashed, a stop
 * asked through the events answered with HC_ERR_CANCELLED, the errors, the
 * walk iterator's order, the ordered batch and the walk's kept items. */
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

typedef struct stop_counter {
    atomic_int calls;
    int stop_from; /* cancelled() says stop from this call on */
} stop_counter;

static bool stop_from_call(void *ctx)
{
    stop_counter *c = ctx;
    return atomic_fetch_add(&c->calls, 1) + 1 >= c->stop_from;
}

/* A walk where nothing matches hands out no entry, so a caller cannot stop
 * it between entries: the walk itself must ask the events (issue 28). A
 * tree of empty directories and a pattern that matches nothing: a stop
 * asked part way ends the walk with HC_ERR_CANCELLED, and stays so. */
static void check_walk_cancel(void)
{
    mkdir(path_in("empty"), 0755);
    for (int i = 0; i < 40; i++) {
        char name[64];
        snprintf(name, sizeof(name), "empty/d%02d", i);
        mkdir(path_in(name), 0755);
        snprintf(name, sizeof(name), "empty/d%02d/in", i);
        mkdir(path_in(name), 0755);
    }
    write_file(path_in("empty/d07/in/file.bin"), (const uint8_t *)"x", 1);
    char root[256];
    snprintf(root, sizeof(root), "%s", path_in("empty"));
    stop_counter counter = {.stop_from = 5};
    hc_file_events events = {.ctx = &counter, .cancelled = stop_from_call};
    hc_walk_options options = {.recursive = true, .include = "*.nomatch", .events = &events};
    hc_walk *w;
    CHECK(hc_walk_open(&w, root, &options) == HC_OK);
    hc_walk_entry entry;
    hc_status got = hc_walk_next(w, &entry);
    CHECK_MSG(got == HC_ERR_CANCELLED, "a walk asked to stop went on: %s after %d questions", hc_status_text(got),
              atomic_load(&counter.calls));
    CHECK(hc_walk_next(w, &entry) == HC_ERR_CANCELLED);
    hc_walk_close(w);
    /* the same walk unstopped reaches its end: nothing matches */
    counter = (stop_counter){.stop_from = 1 << 30};
    CHECK(hc_walk_open(&w, root, &options) == HC_OK);
    CHECK(hc_walk_next(w, &entry) == HC_OK && entry.path == NULL);
    CHECK_MSG(atomic_load(&counter.calls) >= 40, "the walk asked %d times over 81 directories",
              atomic_load(&counter.calls));
    hc_walk_close(w);
    char command[600];
    snprintf(command, sizeof(command), "rm -rf '%s'", root);
    CHECK(system(command) == 0);
}

/* ---- the batch: many inputs on the pool, reported in order ---- */

typedef struct batch_case {
    const char *paths[8];
    const hc_algorithm *per_input[8]; /* NULL: the batch's own */
    size_t stop_after;                /* print says stop after this many (0: never) */
    size_t printed;
    bool in_order;
    hc_file_status status[8];
    int error[8];
    bool big[8];
    uint8_t digests[8][HC_MAX_DIGEST_LEN];
} batch_case;

static int open_case(void *ctx, size_t i, hc_file_result *result)
{
    batch_case *c = ctx;
    return hc_file_open(c->paths[i], result);
}

static void case_algorithms(void *ctx, size_t i, const hc_algorithm *const **algs, size_t *count)
{
    batch_case *c = ctx;
    *algs = &c->per_input[i];
    *count = 1;
}

static bool print_case(void *ctx, size_t i, const hc_file_result *result)
{
    batch_case *c = ctx;
    c->in_order = c->in_order && i == c->printed;
    c->printed++;
    c->status[i] = result->status;
    c->error[i] = result->error;
    c->big[i] = result->stats.big;
    if (result->status == HC_FILE_OK)
        memcpy(c->digests[i], result->digests, HC_MAX_DIGEST_LEN);
    return c->stop_after == 0 || c->printed < c->stop_after;
}

/* The digest of bytes [from, from + len) of data with alg, from the
 * streaming hasher. */
static void expected_digest(const hc_algorithm *alg, const uint8_t *data, size_t from, size_t len, uint8_t *out)
{
    hc_hasher h;
    hc_hasher_open(&h, alg, NULL);
    hc_hasher_oneshot(&h, data + from, len, out);
    hc_hasher_close(&h);
}

static void run_case(batch_case *c, size_t count, const hc_file_batch_ops *ops, const hc_algorithm *alg,
                     unsigned threads, hc_file_range range)
{
    c->printed = 0;
    c->in_order = true;
    hc_file_batch_config config = {.struct_size = sizeof(config), .ops = ops, .ctx = c, .algs = &alg,
                                   .count = alg ? 1 : 0, .threads = threads, .range = range,
                                   .digests_len = HC_MAX_DIGEST_LEN};
    hc_file_batch *batch;
    CHECK(hc_file_batch_create(&batch, &config) == HC_OK);
    CHECK(hc_file_batch_capacity(batch) >= count);
    hc_file_batch_run(batch, count);
    CHECK_MSG(c->in_order && c->printed == count, "%zu of %zu inputs reported, in order: %d", c->printed, count,
              c->in_order);
    CHECK(hc_file_batch_stopped(batch) == (c->stop_after != 0 && c->stop_after <= count));
    hc_file_batch_free(batch);
}

/* Small and big files, a missing one, a directory and a file shorter than
 * the range's offset, on one and two threads: digests, statuses and their
 * words; a stop said by print; each input's own algorithm. */
static void check_batch(const uint8_t *data, size_t big)
{
    const hc_algorithm *sha256 = hc_algorithm_find("sha256"), *md5 = hc_algorithm_find("md5");
    const size_t sizes[] = {1000, 0, 0, big, 7, 50000};
    write_file(path_in("b0"), data, sizes[0]);
    write_file(path_in("b3"), data, sizes[3]);
    write_file(path_in("b4"), data, sizes[4]);
    write_file(path_in("b5"), data, sizes[5]);
    /* path_in's buffers are reused: each input keeps its own copy */
    static char paths[6][256];
    const char *names[] = {"b0", "b1-missing", NULL, "b3", "b4", "b5"};
    batch_case c = {0};
    for (size_t i = 0; i < 6; i++) {
        snprintf(paths[i], sizeof(paths[i]), "%s", names[i] ? path_in(names[i]) : scratch);
        c.paths[i] = paths[i];
    }
    const hc_file_batch_ops ops = {.open = open_case, .print = print_case};
    for (unsigned threads = 1; threads <= 2; threads++) {
        hc_file_range range = {10, 40000};
        run_case(&c, 6, &ops, sha256, threads, range);
        CHECK(c.status[1] == HC_FILE_OPEN_ERROR && c.error[1] == ENOENT);
        CHECK(strcmp(hc_file_status_text(c.status[1]), "open error") == 0);
        CHECK(c.status[2] == HC_FILE_READ_ERROR && c.error[2] == EISDIR);
        CHECK(c.status[4] == HC_FILE_OFFSET_ERROR);
        CHECK(strcmp(hc_file_status_text(c.status[4]), "Offset is greater than file size") == 0);
        for (size_t i = 0; i < 6; i++) {
            if (sizes[i] == 0 || i == 4)
                continue;
            uint8_t want[HC_MAX_DIGEST_LEN];
            size_t len = (size_t)hc_file_range_length(sizes[i], &range);
            expected_digest(sha256, data, 10, len, want);
            CHECK_MSG(c.status[i] == HC_FILE_OK && memcmp(c.digests[i], want, 32) == 0,
                      "input %zu of the batch (%u threads): status %d", i, threads, (int)c.status[i]);
            CHECK(c.big[i] == (len > (1 << 20)));
        }
    }
    /* print says stop after the first: the rest are skipped, not hashed
     * (one thread: with more, those started meanwhile are still reported) */
    c.stop_after = 1;
    run_case(&c, 6, &ops, sha256, 1, (hc_file_range){0, 0});
    for (size_t i = 1; i < 6; i++)
        CHECK_MSG(c.status[i] == HC_FILE_SKIPPED, "input %zu after the stop: status %d", i, (int)c.status[i]);
    /* each input its own algorithm */
    c.stop_after = 0;
    const hc_file_batch_ops own = {.open = open_case, .algorithms = case_algorithms, .print = print_case};
    c.paths[1] = paths[5];
    c.per_input[0] = md5;
    c.per_input[1] = sha256;
    run_case(&c, 2, &own, NULL, 2, (hc_file_range){0, 0});
    uint8_t want[HC_MAX_DIGEST_LEN];
    expected_digest(md5, data, 0, sizes[0], want);
    CHECK(c.status[0] == HC_FILE_OK && memcmp(c.digests[0], want, 16) == 0);
    expected_digest(sha256, data, 0, sizes[5], want);
    CHECK(c.status[1] == HC_FILE_OK && memcmp(c.digests[1], want, 32) == 0);
    /* no algorithm at all, and a config of another layout */
    hc_file_batch *batch;
    hc_file_batch_config config = {.struct_size = sizeof(config), .ops = &ops};
    CHECK(hc_file_batch_create(&batch, &config) == HC_ERR_INVALID && batch == NULL);
    config.struct_size = sizeof(config) + 8;
    CHECK(hc_file_batch_create(&batch, &config) == HC_ERR_ABI && batch == NULL);
    for (int i = 0; i < 6; i++) {
        char name[8];
        snprintf(name, sizeof(name), "b%d", i);
        unlink(path_in(name));
    }
}

/* One input opened, described and hashed by the caller, and the words for
 * each way it fails. */
static void check_input(const uint8_t *data)
{
    const hc_algorithm *alg = hc_algorithm_find("sha1");
    hc_file_hasher *fh;
    CHECK(hc_file_hasher_create(&fh, &alg, 1, NULL, 2, NULL) == HC_OK);
    const char *path = path_in("input");
    write_file(path, data, 5000);
    hc_file_result result = {.struct_size = sizeof(result)};
    int fd = hc_file_open(path, &result);
    CHECK(fd >= 0 && result.kind == HC_FILE_KIND_REGULAR && result.stats.size == 5000);
    uint8_t got[HC_MAX_DIGEST_LEN], want[HC_MAX_DIGEST_LEN];
    hc_file_range range = {100, 0};
    hc_file_hash_input(fh, fd, &range, got, &result);
    expected_digest(alg, data, 100, 4900, want);
    CHECK(result.status == HC_FILE_OK && result.digests == got && memcmp(got, want, 20) == 0);
    CHECK(result.stats.size == 5000 && result.stats.struct_size == sizeof(hc_file_stats));
    uint8_t by_fd[HC_MAX_DIGEST_LEN];
    CHECK(hc_file_hash_fd(fh, fd, &range, by_fd, NULL) == HC_OK && memcmp(by_fd, want, 20) == 0);
    /* the same descriptor described again, as standard input would be */
    hc_file_result again = {.struct_size = sizeof(again)};
    CHECK(hc_file_describe(fd, &again) == 0 && again.kind == HC_FILE_KIND_REGULAR && again.stats.size == 5000);
    close(fd);
    CHECK(hc_file_describe(fd, &again) == -1 && again.status == HC_FILE_STAT_ERROR && again.error == EBADF);
    /* a directory opens, and says so (it is not read as a stream) */
    fd = hc_file_open(scratch, &result);
    CHECK(fd >= 0 && result.kind == HC_FILE_KIND_DIRECTORY && result.status == HC_FILE_OK);
    if (fd >= 0)
        close(fd);
    CHECK(hc_file_open(path_in("nothing"), &result) == -1 && result.status == HC_FILE_OPEN_ERROR);
    CHECK(strcmp(hc_file_failure_reason(&result), strerror(ENOENT)) == 0);
    result = (hc_file_result){.struct_size = sizeof(result), .status = HC_FILE_CHANGED, .error = ENODATA};
    CHECK(strcmp(hc_file_failure_reason(&result), "changed while read (it shrank)") == 0);
    CHECK(strcmp(hc_file_status_text(HC_FILE_CHANGED), "read error") == 0);
    CHECK(hc_file_status_text(HC_FILE_OK) == NULL && hc_file_status_text(HC_FILE_REFUSED) == NULL);
    result = (hc_file_result){.struct_size = sizeof(result) - 1};
    CHECK(hc_file_open(path, &result) == -1 && errno == EINVAL);
    CHECK(hc_file_range_length(100, &(hc_file_range){30, 0}) == 70);
    CHECK(hc_file_range_length(100, &(hc_file_range){30, 20}) == 20);
    CHECK(hc_file_range_length(100, &(hc_file_range){100, 0}) == 0 && hc_file_range_length(9, NULL) == 9);
    unlink(path);
    hc_file_hasher_free(fh);
}

/* The part of a path below the root, by the documented rule: the first 8
 * bytes of SHA-256(rel), big-endian, modulo parts, plus 1. */
static uint64_t part_of(const char *rel, uint64_t parts)
{
    uint8_t digest[32];
    expected_digest(hc_algorithm_find("sha256"), (const uint8_t *)rel, 0, strlen(rel), digest);
    uint64_t key = 0;
    for (int i = 0; i < 8; i++)
        key = key << 8 | digest[i];
    return key % parts + 1;
}

/* Items kept past the next call: their paths, directories, sizes and
 * opens; --part's split; the name check. */
static void check_walk_items(void)
{
    const char *dirs[] = {"items", "items/a", "items/b"};
    for (size_t i = 0; i < 3; i++)
        mkdir(path_in(dirs[i]), 0755);
    const char *rels[] = {"top", "a/one", "a/two", "b/three"};
    for (size_t i = 0; i < 4; i++) {
        char name[64];
        snprintf(name, sizeof(name), "items/%s", rels[i]);
        write_file(path_in(name), (const uint8_t *)"abcdef", 1 + i);
    }
    char root[256];
    snprintf(root, sizeof(root), "%s", path_in("items"));
    hc_walk_options options = {.recursive = true};
    hc_walk *w;
    CHECK(hc_walk_open(&w, root, &options) == HC_OK);
    hc_walk_item *items[5] = {0};
    size_t n = 0;
    while (n < 5 && hc_walk_next_item(w, &items[n]) == HC_OK && items[n] != NULL)
        n++;
    hc_walk_close(w); /* the items keep their directories */
    CHECK_MSG(n == 4, "the walk kept %zu items", n);
    for (size_t i = 0; i < n && i < 4; i++) {
        char expected[512];
        snprintf(expected, sizeof(expected), "%s/%s", root, rels[i]);
        CHECK_MSG(strcmp(hc_walk_item_path(items[i]), expected) == 0 && hc_walk_item_error(items[i]) == 0,
                  "item %zu: %s", i, hc_walk_item_path(items[i]));
        uint64_t size = 0;
        CHECK(hc_walk_item_regular_size(items[i], &size) && size == 1 + i);
        hc_file_result result = {.struct_size = sizeof(result)};
        int fd = hc_walk_item_open(items[i], &result);
        CHECK(fd >= 0 && result.kind == HC_FILE_KIND_REGULAR && result.stats.size == 1 + i);
        if (fd >= 0)
            close(fd);
    }
    CHECK(!hc_walk_item_same_dir(items[0], items[1]) && hc_walk_item_same_dir(items[1], items[2]));
    CHECK(!hc_walk_item_same_dir(items[2], items[3]) && !hc_walk_item_same_dir(NULL, items[0]));
    /* a file replaced by a symbolic link since it was listed is skipped */
    char target[512];
    snprintf(target, sizeof(target), "%s/top", root);
    unlink(target);
    CHECK(symlink("a/one", target) == 0);
    hc_file_result result = {.struct_size = sizeof(result)};
    CHECK(hc_walk_item_open(items[0], &result) == -1 && result.status == HC_FILE_SKIPPED);
    for (size_t i = 0; i < 5; i++)
        hc_walk_item_free(items[i]);
    unlink(target);
    write_file(target, (const uint8_t *)"x", 1);
    /* three parts: disjoint, together the tree, each file where the rule says */
    size_t listed = 0;
    for (uint64_t part = 1; part <= 3; part++) {
        CHECK(hc_walk_open(&w, root, &options) == HC_OK);
        hc_walk_set_part(w, part, 3);
        hc_walk_item *item;
        while (hc_walk_next_item(w, &item) == HC_OK && item != NULL) {
            const char *rel = hc_walk_item_path(item) + strlen(root) + 1;
            CHECK_MSG(part_of(rel, 3) == part, "%s listed in part %llu", rel, (unsigned long long)part);
            listed++;
            hc_walk_item_free(item);
        }
        hc_walk_close(w);
    }
    CHECK_MSG(listed == 4, "the three parts listed %zu files", listed);
    hc_walk_options txt = {.include = "*.TXT;t*", .exclude = "two"};
    CHECK(hc_walk_selects(&txt, "a.txt") && hc_walk_selects(&txt, "top") && !hc_walk_selects(&txt, "two"));
    CHECK(!hc_walk_selects(&txt, "one") && hc_walk_selects(NULL, "anything"));
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
    check_walk_cancel();
    check_batch(data, big);
    check_input(data);
    check_walk_items();
    free(data);
    rmdir(scratch);
    return test_report("file_api");
}
