/* The platform layer (src/platform/platform.h) on the system it is built
 * for: the POSIX layer here, the win32 one under Wine (scripts/cross.sh
 * windows). Files with names in three scripts and an emoji, a path over
 * 260 characters (Windows' old limit), positioned reads, identities,
 * listing and opening by directory, mapping, threads, clocks and
 * wake-ups. The tree is made in the current directory (ctest's: the build
 * folder). Making and removing directories is the test's own business:
 * the layer has no call for it (hc never creates one). */
#include "testutil.h"

#include <errno.h>
#include <stdatomic.h>

#include "hc/cpu.h"
#include "platform.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/stat.h>
#include <unistd.h>
#endif

static const char *const root = "platform-test-tree";
/* Cyrillic, CJK and an emoji (outside the BMP: a surrogate pair in UTF-16). */
static const char *const file_name = "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82-\xE6\x96\x87\xE5\xAD\x97-"
                                     "\xF0\x9F\x98\x80.txt";
static const char *const sub_name = "\xC3\xBC-sub";

#ifdef _WIN32
/* A relative UTF-8 path as an absolute \\?\ one (no length limit). */
static void long_wide_path(const char *path, wchar_t *out, size_t size)
{
    wchar_t rel[4096], full[8192];
    MultiByteToWideChar(CP_UTF8, 0, path, -1, rel, 4096);
    for (wchar_t *c = rel; *c; c++)
        if (*c == L'/')
            *c = L'\\';
    GetFullPathNameW(rel, 8192, full, NULL);
    swprintf(out, size, L"\\\\?\\%ls", full);
}
#endif

static bool make_dir(const char *path)
{
#ifdef _WIN32
    wchar_t wide[8300];
    long_wide_path(path, wide, sizeof(wide) / sizeof(wide[0]));
    return CreateDirectoryW(wide, NULL) || GetLastError() == ERROR_ALREADY_EXISTS;
#else
    return mkdir(path, 0777) == 0 || errno == EEXIST;
#endif
}

static void remove_dir(const char *path)
{
#ifdef _WIN32
    wchar_t wide[8300];
    long_wide_path(path, wide, sizeof(wide) / sizeof(wide[0]));
    RemoveDirectoryW(wide);
#else
    rmdir(path);
#endif
}

/* Removes what an earlier run left: the tree's files and folders, depth
 * first, through the layer's own listing. */
static void remove_tree(const char *path)
{
    plat_dir *dir = plat_dir_open(path);
    if (dir == NULL)
        return;
    plat_dir_entry entry;
    while (plat_dir_next(dir, &entry) == 1) {
        size_t len = strlen(path) + strlen(entry.name) + 2;
        char *child = malloc(len);
        snprintf(child, len, "%s/%s", path, entry.name);
        if (entry.kind == PLAT_KIND_DIRECTORY)
            remove_tree(child);
        else
            plat_unlink(child);
        free(child);
    }
    plat_dir_close(dir);
    remove_dir(path);
}

static bool write_file(const char *path, const char *text)
{
    plat_file f = plat_open(path, PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW);
    if (f == PLAT_FILE_INVALID)
        return false;
    bool ok = plat_write(f, text, strlen(text)) == (ptrdiff_t)strlen(text);
    return plat_close(f) == 0 && ok;
}

static void test_files(void)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", root, file_name);
    CHECK_MSG(write_file(path, "hello, world"), "cannot create %s (errno %d)", path, errno);
    CHECK(plat_open(path, PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW) == PLAT_FILE_INVALID && errno == EEXIST);

    plat_file f = plat_open(path, PLAT_OPEN_READ);
    CHECK(f != PLAT_FILE_INVALID);
    char buf[64] = {0};
    CHECK(plat_pread(f, buf, 5, 7) == 5 && memcmp(buf, "world", 5) == 0);
    CHECK(plat_pread(f, buf, sizeof(buf), 12) == 0); /* the end */
    plat_file_info by_file, by_path;
    CHECK(plat_file_info_of(f, &by_file) == 0 && by_file.kind == PLAT_KIND_REGULAR && by_file.size == 12);
    CHECK(plat_path_info(path, &by_path) == 0 && by_path.device == by_file.device && by_path.inode == by_file.inode);
    CHECK(plat_read_link(path) == NULL && errno == EINVAL);

    /* a mapping from offset 0 */
    void *map = plat_map(f, 0, 12);
    CHECK(map != NULL && memcmp(map, "hello, world", 12) == 0);
    if (map)
        plat_unmap(map, 12);
    CHECK(plat_close(f) == 0);

    CHECK(plat_open("platform-test-tree/no such file", PLAT_OPEN_READ) == PLAT_FILE_INVALID && errno == ENOENT);
    plat_file_info info;
    CHECK(plat_path_info(root, &info) == 0 && info.kind == PLAT_KIND_DIRECTORY);

    f = plat_open(path, PLAT_OPEN_WRITE);
    CHECK(f != PLAT_FILE_INVALID && plat_truncate(f, 5) == 0 && plat_file_info_of(f, &info) == 0 && info.size == 5);
    CHECK(plat_pwrite(f, "J", 1, 0) == 1);
    plat_close(f);
    f = plat_open(path, PLAT_OPEN_READ);
    CHECK(plat_read(f, buf, sizeof(buf)) == 5 && memcmp(buf, "Jello", 5) == 0);
    plat_close(f);
}

/* A path of over 300 characters: folders of 60 characters each. */
static void test_long_path(void)
{
    char path[1024];
    int at = snprintf(path, sizeof(path), "%s", root);
    for (int level = 0; level < 5; level++) {
        at += snprintf(path + at, sizeof(path) - (size_t)at, "/%02d-%s", level,
                       "long-folder-name-long-folder-name-long-folder-name-lon");
        CHECK_MSG(make_dir(path), "cannot make %s", path);
    }
    snprintf(path + at, sizeof(path) - (size_t)at, "/%s", file_name);
    CHECK(strlen(path) > 300);
    CHECK_MSG(write_file(path, "deep"), "cannot create a file at %zu characters (errno %d)", strlen(path), errno);
    plat_file_info info;
    CHECK(plat_path_info(path, &info) == 0 && info.size == 4);
}

static void test_directories(void)
{
    char sub[512];
    snprintf(sub, sizeof(sub), "%s/%s", root, sub_name);
    CHECK(make_dir(sub));
    char inner[600];
    snprintf(inner, sizeof(inner), "%s/inner.bin", sub);
    CHECK(write_file(inner, "abc"));

    plat_dir *dir = plat_dir_open(root);
    CHECK(dir != NULL);
    if (dir == NULL)
        return;
    plat_dir_entry entry;
    int files = 0, subs = 0, got;
    plat_dir *child = NULL;
    while ((got = plat_dir_next(dir, &entry)) == 1) {
        if (strcmp(entry.name, file_name) == 0)
            files += entry.kind == PLAT_KIND_REGULAR;
        if (strcmp(entry.name, sub_name) == 0 && entry.kind == PLAT_KIND_DIRECTORY) {
            subs++;
            child = plat_dir_open_at(dir, entry.name);
        }
    }
    CHECK(got == 0);
    CHECK_MSG(files == 1 && subs == 1, "listed %d files and %d folders named as made", files, subs);
    CHECK(child != NULL);
    if (child) {
        plat_file_info info;
        CHECK(plat_stat_at(child, "inner.bin", &info) == 0 && info.kind == PLAT_KIND_REGULAR && info.size == 3);
        plat_file f = plat_open_at(child, "inner.bin", PLAT_OPEN_READ);
        char buf[8];
        CHECK(f != PLAT_FILE_INVALID && plat_read(f, buf, sizeof(buf)) == 3 && memcmp(buf, "abc", 3) == 0);
        plat_close(f);
        plat_dir *up = plat_dir_open_at(child, "..");
        plat_file_info a, b;
        CHECK(up != NULL && plat_dir_info(up, &a) == 0 && plat_dir_info(dir, &b) == 0 && a.inode == b.inode);
        plat_dir_close(up);
        plat_dir_close(child);
    }
    plat_dir_close(dir);
    char file[512];
    snprintf(file, sizeof(file), "%s/%s", root, file_name);
    CHECK(plat_dir_open(file) == NULL && errno == ENOTDIR);
}

static atomic_int counter;
static atomic_uintptr_t ids[4];

static void *count_up(void *arg)
{
    size_t slot = (size_t)(uintptr_t)arg;
    atomic_store(&ids[slot], plat_thread_id());
    for (int i = 0; i < 1000; i++)
        atomic_fetch_add(&counter, 1);
    return NULL;
}

static int add_one(void *arg)
{
    return *(const int *)arg + 1;
}

static void test_threads_and_clocks(void)
{
    plat_thread *threads[4];
    for (size_t i = 0; i < 4; i++)
        CHECK(plat_thread_start(&threads[i], count_up, (void *)(uintptr_t)i) == 0);
    for (size_t i = 0; i < 4; i++)
        plat_thread_join(threads[i]);
    CHECK(atomic_load(&counter) == 4000);
    for (size_t i = 0; i < 4; i++)
        for (size_t j = i + 1; j < 4; j++)
            CHECK(atomic_load(&ids[i]) != atomic_load(&ids[j]) || atomic_load(&ids[i]) == 0);

    CHECK(plat_cpu_count() >= 1 && hc_cpu_count() == plat_cpu_count());
    CHECK(plat_page_size() >= 4096 && plat_map_granularity() % plat_page_size() == 0);
    CHECK(plat_memory_total() > 0);
    double start = plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
    plat_sleep_microseconds(2000);
    CHECK(plat_clock_seconds(PLAT_CLOCK_MONOTONIC) - start >= 0.0015);
    CHECK(plat_clock_seconds(PLAT_CLOCK_PROCESS_CPU) >= 0);

    int value = 41, result = 0;
    char probe[16] = {0};
    CHECK(plat_guarded_call(probe, sizeof(probe), add_one, &value, &result) && result == 42);

    plat_wakeup *w = plat_wakeup_create();
    CHECK(w != NULL);
    if (w) {
        CHECK(plat_wakeup_wait(w, PLAT_FILE_INVALID, 0) == PLAT_WAIT_TIMEOUT);
        plat_wakeup_signal(w);
        CHECK(plat_wakeup_wait(w, PLAT_FILE_INVALID, 1000) == PLAT_WAIT_WOKEN);
        plat_wakeup_destroy(w);
    }
}

/* Two threads pass a token back and forth through one lock and condition
 * variable: every hand-over needs the wake-up to reach the other side (a
 * signal that wakes no one, or a lock that excludes nothing, loses a turn
 * or a count and the test hangs or fails), and the static initialiser
 * gives a working lock. */
typedef struct ping_pong {
    plat_mutex lock;
    plat_cond turned;
    int turn, passes, shared;
} ping_pong;

enum { PASSES = 2000 };

static void play(ping_pong *p, int me)
{
    for (int i = 0; i < PASSES; i++) {
        plat_mutex_lock(&p->lock);
        while (p->turn != me)
            plat_cond_wait(&p->turned, &p->lock);
        p->shared += 1; /* not atomic: the lock must exclude */
        p->passes++;
        p->turn = 1 - me;
        plat_cond_signal(&p->turned);
        plat_mutex_unlock(&p->lock);
    }
}

static void *play_one(void *arg)
{
    play(arg, 1);
    return NULL;
}

static plat_mutex static_lock = PLAT_MUTEX_INIT;

static void test_locks(void)
{
    ping_pong p = {.turn = 0};
    CHECK(plat_mutex_init(&p.lock) == 0 && plat_cond_init(&p.turned) == 0);
    plat_thread *other;
    CHECK(plat_thread_start(&other, play_one, &p) == 0);
    play(&p, 0);
    plat_thread_join(other);
    CHECK(p.passes == 2 * PASSES && p.shared == 2 * PASSES);
    plat_cond_broadcast(&p.turned); /* no waiter: nothing happens */
    plat_cond_destroy(&p.turned);
    plat_mutex_destroy(&p.lock);
    plat_mutex_lock(&static_lock);
    plat_mutex_unlock(&static_lock);
}

/* Wildcards: Windows expands them (sorted, the folder as typed, the
 * Cyrillic-CJK-emoji name found through '?' and '*'); POSIX leaves them to
 * the shell. A wildcard in a folder part is never expanded. */
static void test_wildcards(void)
{
    char path[512], pattern[512];
    snprintf(path, sizeof(path), "%s/w2.txt", root);
    CHECK(write_file(path, "2"));
    snprintf(path, sizeof(path), "%s/w1.txt", root);
    CHECK(write_file(path, "1"));
    snprintf(pattern, sizeof(pattern), "%s/w?.txt", root);
    char **names;
    ptrdiff_t count = plat_expand_wildcards(pattern, &names);
#ifdef _WIN32
    CHECK(count == 2 && names != NULL);
    if (count == 2) {
        CHECK(strcmp(names[0], path) == 0);
        snprintf(path, sizeof(path), "%s/w2.txt", root);
        CHECK(strcmp(names[1], path) == 0 && names[2] == NULL);
    }
    for (ptrdiff_t k = 0; k < count; k++)
        free(names[k]);
    free(names);
    snprintf(pattern, sizeof(pattern), "%s/*\xF0\x9F\x98\x80.tx?", root);
    count = plat_expand_wildcards(pattern, &names);
    snprintf(path, sizeof(path), "%s/%s", root, file_name);
    CHECK(count == 1 && strcmp(names[0], path) == 0);
    for (ptrdiff_t k = 0; k < count; k++)
        free(names[k]);
    free(names);
#else
    CHECK(count == 0 && names == NULL);
#endif
    CHECK(plat_expand_wildcards("platform-test-*/w1.txt", &names) == 0 && names == NULL);
    snprintf(pattern, sizeof(pattern), "%s/none-*.txt", root);
    CHECK(plat_expand_wildcards(pattern, &names) == 0 && names == NULL);
}

/* plat_run_once from several threads at once: the set-up runs once, and
 * no caller returns before it has finished (each sees it done). */
static plat_once once = PLAT_ONCE_INIT;
static atomic_int once_runs, once_seen_unfinished;
static atomic_bool once_done;

static void set_up_once(void)
{
    atomic_fetch_add(&once_runs, 1);
    plat_sleep_microseconds(50000); /* the other callers likely arrive while it runs */
    atomic_store(&once_done, true);
}

static void *call_once(void *arg)
{
    (void)arg;
    plat_run_once(&once, set_up_once);
    if (!atomic_load(&once_done))
        atomic_fetch_add(&once_seen_unfinished, 1);
    return NULL;
}

static void test_once(void)
{
    plat_thread *threads[4];
    int started = 0;
    for (int i = 0; i < 4; i++)
        started += plat_thread_start(&threads[i], call_once, NULL) == 0;
    CHECK(started == 4);
    call_once(NULL);
    for (int i = 0; i < started; i++)
        plat_thread_join(threads[i]);
    CHECK(atomic_load(&once_runs) == 1 && atomic_load(&once_seen_unfinished) == 0);
}

int main(void)
{
    remove_tree(root);
    if (!make_dir(root)) {
        fprintf(stderr, "cannot make %s in the current directory\n", root);
        return 1;
    }
    test_files();
    test_long_path();
    test_directories();
    test_threads_and_clocks();
    test_locks();
    test_once();
    test_wildcards();
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", root, file_name);
    CHECK(plat_unlink(path) == 0 && plat_open(path, PLAT_OPEN_READ) == PLAT_FILE_INVALID && errno == ENOENT);
    remove_tree(root);
    plat_file_info info;
    CHECK(plat_path_info(root, &info) != 0);
    return test_report("platform layer");
}
