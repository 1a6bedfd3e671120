/* The platform layer (src/platform/platform.h) against its contract:
 * files and their info, links, positioned and cache-only reads, mapping
 * with its hints and the guarded call (a page past the end of a file that
 * shrank is an error, not a death), read-ahead streams, directories
 * (kinds, symlinks never followed, ".." and identity), threads (distinct
 * ids, the interrupt signals blocked), clocks, the machine, interrupts (the
 * flag, the status request, a second Ctrl+C kills after the last words),
 * write signals ignored, waiting for input, and the wake-up.
 *
 * The test itself uses POSIX calls to set the scene (mkdtemp, symlink,
 * fork); what it checks goes through the layer only. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "platform.h"
#include "testutil.h"

static char dir_path[4096];

static const char *file_path(const char *name)
{
    static char path[4200];
    snprintf(path, sizeof(path), "%s/%s", dir_path, name);
    return path;
}

static void make_dir(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir_path, sizeof(dir_path), "%s/hc-platform-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir_path) == NULL) {
        perror("mkdtemp");
        exit(2);
    }
}

/* A new file of len bytes (byte i is i * 7 mod 251), written through the
 * layer. */
static void make_file(const char *name, size_t len)
{
    uint8_t *data = malloc(len ? len : 1);
    for (size_t i = 0; i < len; i++)
        data[i] = (uint8_t)(i * 7 % 251);
    plat_file f = plat_open(file_path(name), PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW);
    CHECK(f != PLAT_FILE_INVALID);
    CHECK(plat_write(f, data, len) == (ptrdiff_t)len);
    CHECK(plat_close(f) == 0);
    free(data);
}

static bool pattern_at(const uint8_t *data, size_t len, uint64_t offset)
{
    for (size_t i = 0; i < len; i++)
        if (data[i] != (uint8_t)((offset + i) * 7 % 251))
            return false;
    return true;
}

static void test_files(void)
{
    make_file("f", 10000);
    CHECK(plat_open(file_path("f"), PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW) == PLAT_FILE_INVALID && errno == EEXIST);
    plat_file f = plat_open(file_path("f"), PLAT_OPEN_READ);
    uint8_t buf[4096];
    CHECK(plat_pread(f, buf, 100, 5000) == 100 && pattern_at(buf, 100, 5000));
    CHECK(plat_read(f, buf, 10) == 10 && pattern_at(buf, 10, 0));
    CHECK(plat_pread(f, buf, 100, 10000) == 0);
    plat_file_info info;
    CHECK(plat_file_info_of(f, &info) == 0 && info.kind == PLAT_KIND_REGULAR && info.size == 10000);
    plat_file_info by_path;
    CHECK(plat_path_info(file_path("f"), &by_path) == 0 && by_path.inode == info.inode &&
          by_path.device == info.device);
    CHECK(plat_close(f) == 0);

    plat_file w = plat_open(file_path("f"), PLAT_OPEN_WRITE);
    CHECK(plat_reserve(w, 20000) == 0);
    CHECK(plat_file_info_of(w, &info) == 0 && info.size == 10000); /* reserving keeps the size */
    CHECK(plat_pwrite(w, "xy", 2, 3) == 2);
    CHECK(plat_truncate(w, 6) == 0);
    CHECK(plat_file_info_of(w, &info) == 0 && info.size == 6);
    CHECK(plat_close(w) == 0);
    f = plat_open(file_path("f"), PLAT_OPEN_READ);
    CHECK(plat_pread(f, buf, sizeof(buf), 0) == 6 && memcmp(buf + 3, "xy", 2) == 0 && pattern_at(buf, 3, 0));
    plat_close(f);

    CHECK(symlink("f", file_path("link")) == 0);
    CHECK(plat_link_info(file_path("link"), &info) == 0 && info.kind == PLAT_KIND_LINK);
    CHECK(plat_path_info(file_path("link"), &info) == 0 && info.kind == PLAT_KIND_REGULAR && info.size == 6);
    char *target = plat_read_link(file_path("link"));
    CHECK(target != NULL && strcmp(target, "f") == 0);
    free(target);
    CHECK(plat_read_link(file_path("f")) == NULL && errno == EINVAL);
    CHECK(plat_open(file_path("link"), PLAT_OPEN_READ | PLAT_OPEN_NOFOLLOW) == PLAT_FILE_INVALID && errno == ELOOP);
    CHECK(plat_unlink(file_path("link")) == 0);
    CHECK(plat_link_info(file_path("link"), &info) != 0 && errno == ENOENT);
    CHECK(plat_open(file_path("absent"), PLAT_OPEN_READ) == PLAT_FILE_INVALID && errno == ENOENT);
    CHECK(!plat_is_terminal(PLAT_FILE_INVALID));
}

/* A non-blocking open of a regular file, made blocking again. */
static void test_blocking(void)
{
    plat_file f = plat_open(file_path("f"), PLAT_OPEN_READ | PLAT_OPEN_NONBLOCK);
    CHECK(f != PLAT_FILE_INVALID && (fcntl(f, F_GETFL) & O_NONBLOCK));
    CHECK(plat_set_blocking(f) == 0 && !(fcntl(f, F_GETFL) & O_NONBLOCK));
    CHECK(!plat_is_terminal(f) && plat_terminal_columns(f) == 0 && !plat_terminal_echoes(f));
    CHECK(plat_wait_readable(f, 0) == 1); /* a regular file is always ready */
    plat_close(f);
}

/* A file just written is in the page cache: the cache-only read gets all
 * of it, or says the OS cannot read so. */
static void test_cached_read(void)
{
    size_t page = plat_page_size();
    CHECK(page >= 512 && (page & (page - 1)) == 0);
    CHECK(plat_map_granularity() % page == 0);
    make_file("cached", 3 * page);
    plat_file f = plat_open(file_path("cached"), PLAT_OPEN_READ);
    uint8_t *buf = malloc(3 * page);
    ptrdiff_t n = plat_pread_cached(f, buf, 3 * page, 0);
    CHECK_MSG(n == (ptrdiff_t)(3 * page) || (n < 0 && errno == ENOTSUP), "cache-only read: %td", n);
    if (n > 0)
        CHECK(pattern_at(buf, (size_t)n, 0));
#if defined(__linux__) && defined(__x86_64__)
    /* preadv2(RWF_NOWAIT) since 4.14. Only where the tests run natively:
     * qemu-user (the aarch64 and s390x cross runs) answers EOPNOTSUPP,
     * which the platform layer rightly reports as ENOTSUP. */
    CHECK(n == (ptrdiff_t)(3 * page));
    CHECK(plat_page_cached(f, page + 1));
#endif
    free(buf);
    plat_close(f);
}

typedef struct touch_job {
    const volatile uint8_t *data;
    size_t len;
} touch_job;

static int sum_bytes(void *arg)
{
    const touch_job *job = arg;
    unsigned sum = 0;
    for (size_t i = 0; i < job->len; i++)
        sum += job->data[i];
    return (int)(sum % 1000) + 1;
}

/* A mapping reads the file; hints are taken or refused with ENOTSUP; a
 * page past the end of a file that shrank fails the guarded call, while
 * the same call within the file succeeds with fn's result. */
static void test_map(void)
{
    size_t page = plat_page_size();
    make_file("mapped", 4 * page);
    plat_file f = plat_open(file_path("mapped"), PLAT_OPEN_READ);
    uint8_t *map = plat_map(f, page, 3 * page);
    CHECK(map != NULL && pattern_at(map, 3 * page, page));
    int populated = plat_memory_advise(map, 3 * page, PLAT_HINT_POPULATE);
    CHECK(populated == 0 || errno == ENOTSUP);
    if (populated == 0)
        CHECK(plat_map_residency(map + page + 5) == PLAT_RESIDENT);
    CHECK(plat_memory_advise(map, 3 * page, PLAT_HINT_DONTNEED) == 0 || errno == ENOTSUP);
    CHECK(pattern_at(map, 3 * page, page)); /* faulted in again */

    int expected = sum_bytes(&(touch_job){map, 3 * page}), result = -1;
    CHECK(plat_guarded_call(map, 3 * page, sum_bytes, &(touch_job){map, 3 * page}, &result) && result == expected);
    plat_file w = plat_open(file_path("mapped"), PLAT_OPEN_WRITE);
    CHECK(plat_truncate(w, 2 * page) == 0); /* the mapping's last two pages are gone */
    plat_close(w);
    result = -1;
    CHECK(plat_guarded_call(map, 3 * page, sum_bytes, &(touch_job){map, page}, &result) && result > 0);
    CHECK(!plat_guarded_call(map, 3 * page, sum_bytes, &(touch_job){map, 3 * page}, &result));
    /* and again: the guard is armed anew after a fault */
    CHECK(!plat_guarded_call(map, 3 * page, sum_bytes, &(touch_job){map + 2 * page, page}, &result));
    plat_unmap(map, 3 * page);
    plat_close(f);

    uint8_t *heap = aligned_alloc(2 << 20, 2 << 20);
    CHECK(plat_memory_advise(heap, 2 << 20, PLAT_HINT_HUGEPAGE) == 0 || errno == ENOTSUP || errno == EINVAL);
    free(heap);
}

/* A stream brings in every byte of its range, then reports the end. */
static void test_stream(void)
{
    make_file("streamed", 300000);
    plat_file f = plat_open(file_path("streamed"), PLAT_OPEN_READ);
    plat_stream *s = plat_stream_open(f, 1000, 299000);
    CHECK(s != NULL);
    uint64_t pos = 1000;
    ptrdiff_t got;
    while ((got = plat_stream_read(s, pos, 65536)) > 0 || (got < 0 && errno == EINTR))
        pos += got > 0 ? (uint64_t)got : 0;
    CHECK(got == 0 && pos == 300000);
    plat_stream_close(s);
    /* the caller's file is not disturbed */
    uint8_t buf[16];
    CHECK(plat_pread(f, buf, sizeof(buf), 42) == (ptrdiff_t)sizeof(buf) && pattern_at(buf, sizeof(buf), 42));
    plat_close(f);
}

static plat_file_kind kind_listed(plat_dir *dir, const char *name)
{
    plat_dir_entry entry;
    plat_file_kind kind = PLAT_KIND_OTHER;
    int found = 0, got;
    while ((got = plat_dir_next(dir, &entry)) == 1) {
        CHECK(strcmp(entry.name, ".") != 0 && strcmp(entry.name, "..") != 0);
        if (strcmp(entry.name, name) == 0) {
            kind = entry.kind;
            found++;
        }
    }
    CHECK(got == 0 && found == 1);
    return kind;
}

static void test_dirs(void)
{
    CHECK(mkdir(file_path("tree"), 0700) == 0 && mkdir(file_path("tree/sub"), 0700) == 0);
    make_file("tree/file", 100);
    make_file("tree/sub/inner", 50);
    CHECK(symlink("sub", file_path("tree/dirlink")) == 0 && mkfifo(file_path("tree/fifo"), 0600) == 0);

    plat_dir *tree = plat_dir_open(file_path("tree"));
    CHECK(tree != NULL);
    CHECK(kind_listed(tree, "file") == PLAT_KIND_REGULAR);
    plat_dir_close(tree);
    const char *names[] = {"sub", "dirlink", "fifo"};
    const plat_file_kind kinds[] = {PLAT_KIND_DIRECTORY, PLAT_KIND_LINK, PLAT_KIND_FIFO};
    for (int i = 0; i < 3; i++) {
        tree = plat_dir_open(file_path("tree"));
        CHECK_MSG(kind_listed(tree, names[i]) == kinds[i], "kind of %s", names[i]);
        plat_dir_close(tree);
    }
    tree = plat_dir_open(file_path("tree"));
    CHECK(plat_dir_open(file_path("tree/file")) == NULL && errno == ENOTDIR);
    CHECK(plat_dir_open_at(tree, "dirlink") == NULL && (errno == ELOOP || errno == ENOTDIR));
    plat_dir *sub = plat_dir_open_at(tree, "sub");
    CHECK(sub != NULL && kind_listed(sub, "inner") == PLAT_KIND_REGULAR);
    plat_dir *parent = plat_dir_open_at(sub, "..");
    plat_file_info a, b;
    CHECK(parent != NULL && plat_dir_info(parent, &a) == 0 && plat_dir_info(tree, &b) == 0);
    CHECK(a.kind == PLAT_KIND_DIRECTORY && a.device == b.device && a.inode == b.inode);
    CHECK(plat_stat_at(tree, "dirlink", &a) == 0 && a.kind == PLAT_KIND_LINK);
    CHECK(plat_stat_at(sub, "inner", &a) == 0 && a.kind == PLAT_KIND_REGULAR && a.size == 50);
    plat_file f = plat_open_at(sub, "inner", PLAT_OPEN_READ | PLAT_OPEN_NOFOLLOW);
    uint8_t buf[64];
    CHECK(f != PLAT_FILE_INVALID && plat_read(f, buf, sizeof(buf)) == 50 && pattern_at(buf, 50, 0));
    plat_close(f);
    /* a FIFO without a writer opens at once, non-blocking, and has no data */
    f = plat_open_at(tree, "fifo", PLAT_OPEN_READ | PLAT_OPEN_NONBLOCK);
    CHECK(f != PLAT_FILE_INVALID && plat_file_info_of(f, &a) == 0 && a.kind == PLAT_KIND_FIFO);
    plat_close(f);
    plat_dir_close(parent);
    plat_dir_close(sub);
    plat_dir_close(tree);
}

typedef struct thread_probe {
    uintptr_t id;
    bool interrupts_blocked;
} thread_probe;

/* The probes wait for each other, so that their ids are those of threads
 * alive at the same time (a finished thread's id may be reused). */
static atomic_int probes_arrived;
enum { PROBES = 4 };

static void *probe_main(void *arg)
{
    thread_probe *probe = arg;
    probe->id = plat_thread_id();
    atomic_fetch_add(&probes_arrived, 1);
    double start = plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
    while (atomic_load(&probes_arrived) < PROBES && plat_clock_seconds(PLAT_CLOCK_MONOTONIC) - start < 60)
        plat_sleep_microseconds(100);
    sigset_t mask;
    pthread_sigmask(SIG_SETMASK, NULL, &mask);
    probe->interrupts_blocked = sigismember(&mask, SIGINT) == 1 && sigismember(&mask, SIGTERM) == 1 &&
                                sigismember(&mask, SIGUSR1) == 1;
    return NULL;
}

static void test_threads(void)
{
    enum { N = PROBES };
    plat_thread *threads[N];
    thread_probe probes[N];
    memset(probes, 0, sizeof(probes));
    for (int i = 0; i < N; i++)
        CHECK(plat_thread_start(&threads[i], probe_main, &probes[i]) == 0);
    for (int i = 0; i < N; i++)
        plat_thread_join(threads[i]);
    uintptr_t self = plat_thread_id();
    CHECK(self == plat_thread_id());
    for (int i = 0; i < N; i++) {
        CHECK(probes[i].interrupts_blocked);
        CHECK(probes[i].id != 0 && probes[i].id != self);
        for (int j = 0; j < i; j++)
            CHECK(probes[i].id != probes[j].id);
    }
    sigset_t mask;
    pthread_sigmask(SIG_SETMASK, NULL, &mask);
    CHECK(sigismember(&mask, SIGINT) == 0); /* the caller's own mask is left alone */
}

static void test_clocks_and_machine(void)
{
    double start = plat_clock_seconds(PLAT_CLOCK_MONOTONIC), cpu = plat_clock_seconds(PLAT_CLOCK_THREAD_CPU);
    plat_sleep_microseconds(2000);
    CHECK(plat_clock_seconds(PLAT_CLOCK_MONOTONIC) - start >= 0.0019);
    volatile unsigned spin = 0;
    double spin_start = plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
    while (plat_clock_seconds(PLAT_CLOCK_THREAD_CPU) - cpu < 0.005 &&
           plat_clock_seconds(PLAT_CLOCK_MONOTONIC) - spin_start < 10)
        spin++;
    CHECK(plat_clock_seconds(PLAT_CLOCK_THREAD_CPU) - cpu >= 0.005);
    CHECK(plat_clock_seconds(PLAT_CLOCK_PROCESS_CPU) >= plat_clock_seconds(PLAT_CLOCK_THREAD_CPU) - 0.001);

    CHECK(plat_cpu_count() >= 1);
    uint64_t total = plat_memory_total(), available = plat_memory_available();
    CHECK(total > 0 && available > 0 && available <= total);
    char model[256];
    plat_cpu_model(model, sizeof(model));
    CHECK(strlen(model) < sizeof(model));
    double load[3];
    CHECK(plat_load_average(load) && load[0] >= 0);
    uint64_t limit = 0;
    CHECK(plat_raise_open_files(256, &limit) && limit >= 64);
}

static atomic_int interrupted, status_requested;
static int last_words_pipe = -1;

static void last_words(void)
{
    ssize_t ignored = write(last_words_pipe, "!", 1);
    (void)ignored;
}

/* The first SIGINT sets the flag, SIGUSR1 the status request; in a child,
 * a SIGINT right after the first is its echo (timeout's TERM to the child
 * and its group), and one PLAT_INTERRUPT_ECHO_MS later runs the last words
 * and kills it with SIGINT. */
static void test_interrupts(void)
{
    int words[2];
    CHECK(pipe(words) == 0);
    last_words_pipe = words[1];
    plat_catch_interrupts(&interrupted, &status_requested, last_words);
    raise(SIGUSR1);
    CHECK(atomic_load(&status_requested) == 1 && atomic_load(&interrupted) == 0);
    raise(SIGTERM);
    CHECK(atomic_load(&interrupted) == 1);
    pid_t child = fork();
    if (child == 0) {
        atomic_store(&interrupted, 0);
        raise(SIGINT);
        if (atomic_load(&interrupted) != 1)
            _exit(3);
        raise(SIGINT); /* the echo: not a second request */
        double first = plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
        while (plat_clock_seconds(PLAT_CLOCK_MONOTONIC) - first < PLAT_INTERRUPT_ECHO_MS / 1000.0 + 0.05)
            plat_sleep_microseconds(10000);
        raise(SIGINT);
        _exit(4); /* not reached: the second one kills */
    }
    close(words[1]); /* a child that said nothing reads as the end */
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    CHECK_MSG(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT, "child status %#x", status);
    char said = 0;
    CHECK(read(words[0], &said, 1) == 1 && said == '!');
    close(words[0]);
    /* back to the defaults for the rest of the run */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGUSR1, SIG_DFL);
}

/* A write into a pipe nobody reads fails with EPIPE instead of killing. */
static void test_write_signals(void)
{
    plat_ignore_write_signals();
    int p[2];
    CHECK(pipe(p) == 0);
    close(p[0]);
    CHECK(plat_write(p[1], "x", 1) == -1 && errno == EPIPE);
    close(p[1]);
}

static void test_waiting(void)
{
    int p[2];
    CHECK(pipe(p) == 0);
    CHECK(plat_wait_readable(p[0], 0) == 0);
    double start = plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
    CHECK(plat_wait_readable(p[0], 30) == 0 && plat_clock_seconds(PLAT_CLOCK_MONOTONIC) - start >= 0.025);
    plat_wakeup *w = plat_wakeup_create();
    CHECK(w != NULL);
    CHECK(plat_wakeup_wait(w, PLAT_FILE_INVALID, 0) == PLAT_WAIT_TIMEOUT);
    CHECK(plat_wakeup_wait(w, p[0], 0) == PLAT_WAIT_TIMEOUT);
    CHECK(plat_write(p[1], "k", 1) == 1);
    CHECK(plat_wait_readable(p[0], 1000) == 1);
    CHECK(plat_wakeup_wait(w, p[0], 1000) == PLAT_WAIT_INPUT);
    CHECK(plat_wakeup_wait(w, PLAT_FILE_INVALID, 0) == PLAT_WAIT_TIMEOUT); /* input not watched */
    plat_wakeup_signal(w);
    CHECK(plat_wakeup_wait(w, p[0], 1000) == PLAT_WAIT_WOKEN); /* wins over input */
    CHECK(plat_wakeup_wait(w, PLAT_FILE_INVALID, 1000) == PLAT_WAIT_WOKEN); /* and stays */
    close(p[1]);
    close(p[0]);
    CHECK(plat_wait_readable(p[0], 0) != 0);
    plat_wakeup_destroy(w);
    w = plat_wakeup_create();
    /* a descriptor that is not open: stop watching it */
    int closed = dup(2);
    CHECK(closed >= 0 && close(closed) == 0);
    CHECK(plat_wakeup_wait(w, closed, 1000) == PLAT_WAIT_INVALID);
    plat_wakeup_destroy(w);
}

int main(void)
{
    make_dir();
    test_files();
    test_blocking();
    test_cached_read();
    test_map();
    test_stream();
    test_dirs();
    test_threads();
    test_clocks_and_machine();
    test_interrupts();
    test_write_signals();
    test_waiting();
    char command[4300];
    snprintf(command, sizeof(command), "rm -rf '%s'", dir_path);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", dir_path);
    return test_report("test_platform");
}
