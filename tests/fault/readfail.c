/* Read fault injection for the tests, loaded with LD_PRELOAD (never part of
 * hc): reads of one file fail once they reach a given offset, as a disk
 * with a bad sector does part way through a file.
 *
 *   HC_FAULT_READ_NAME    the file's name (the last part of its path)
 *   HC_FAULT_READ_OFFSET  bytes at or past this offset cannot be read
 *                         (default 0; a multiple of the page size for mmap)
 *   HC_FAULT_READ_ERRNO   the error of read calls (default EIO)
 *
 * read, pread, preadv2 (and their 64-bit names) fail with the error. A
 * mapping that reaches the offset is what the kernel gives for a page it
 * cannot read: SIGBUS when touched (MADV_POPULATE_READ: EFAULT). The
 * stand-in maps a memory file holding only the readable bytes, so every
 * page past them raises SIGBUS.
 *
 * It also makes reading or mapping one file cost CPU time, as a host
 * where one method is dear does, to test that hc measures them:
 *
 *   HC_SLOW_NAME           the file's name
 *   HC_SLOW_READ_NS        a read of it spins this many ns per KiB first
 *   HC_SLOW_MAP_NS         a mapping of it likewise, per KiB mapped
 *
 * It can cut a file short at a chosen point of its reading, as another
 * process truncating it there would:
 *
 *   HC_SHRINK_NAME         the file's name
 *   HC_SHRINK_AT           the first read or mapping that reaches past
 *                          this offset truncates the file to it first
 *
 * And it can hold a directory walk in one directory until a signal comes,
 * so that a test sends Ctrl+C while the walk is inside it:
 *
 *   HC_STALL_DIR_NAME      the directory's name: the main thread's first
 *                          readdir of it writes "hc-test: walk stalled\n"
 *                          to stderr, then waits until a signal's handler
 *                          has run on it, or the file HC_STALL_RELEASE
 *                          exists (the test creates it after sending the
 *                          signal: one that came before the wait began
 *                          has run its handler already)
 *   HC_STALL_DEAF          set: the wait ignores signals and ends only
 *                          when HC_STALL_RELEASE exists, as a call that
 *                          cannot be interrupted (a hung network mount)
 *
 * Files are recognised through /proc/self/fd, so it works for files
 * opened relative to a directory descriptor too. */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

typedef ssize_t (*pread_fn)(int, void *, size_t, off_t);
typedef ssize_t (*preadv2_fn)(int, const struct iovec *, int, off_t, int);
typedef ssize_t (*read_fn)(int, void *, size_t);
typedef void *(*mmap_fn)(void *, size_t, int, int, int, off_t);

ssize_t pread(int fd, void *buf, size_t count, off_t offset);
ssize_t pread64(int fd, void *buf, size_t count, off_t offset);
ssize_t preadv2(int fd, const struct iovec *iov, int iovcnt, off_t offset, int flags);
ssize_t preadv64v2(int fd, const struct iovec *iov, int iovcnt, off_t offset, int flags);
ssize_t read(int fd, void *buf, size_t count);
void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset);
void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset);

/* The next definition of symbol (the C library's, or a sanitizer's in
 * front of it). POSIX's way to turn dlsym's object pointer into a function
 * pointer without a cast ISO C forbids. */
#define NEXT(type, variable, symbol)                      \
    static type variable;                                 \
    if (variable == NULL)                                 \
        *(void **)(&variable) = dlsym(RTLD_NEXT, symbol)

/* The path fd is open on, into path[4096]; false when unknown. */
static bool path_of(int fd, char *path)
{
    char link[64];
    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, 4095);
    if (n <= 0)
        return false;
    path[n] = '\0';
    return true;
}

/* Is fd open on the file the variable `variable` names? */
static bool named(int fd, const char *variable)
{
    const char *name = getenv(variable);
    char path[4096];
    if (fd < 0 || name == NULL || *name == '\0' || !path_of(fd, path))
        return false;
    const char *base = strrchr(path, '/');
    return strcmp(base ? base + 1 : path, name) == 0;
}

/* Spins (CPU time, not sleep) for the ns per KiB of `variable` times
 * bytes, when fd is the slow file. */
static void spin_if_slow(int fd, const char *variable, size_t bytes)
{
    const char *cost = getenv(variable);
    if (cost == NULL || !named(fd, "HC_SLOW_NAME"))
        return;
    double ns = strtod(cost, NULL) * (double)bytes / 1024;
    struct timespec start, now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    do
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    while ((double)(now.tv_sec - start.tv_sec) * 1e9 + (double)(now.tv_nsec - start.tv_nsec) < ns);
}

/* Where the bad bytes of fd start, or -1 when fd is not the faulty file. */
static off_t bad_from(int fd)
{
    if (!named(fd, "HC_FAULT_READ_NAME"))
        return -1;
    const char *at = getenv("HC_FAULT_READ_OFFSET");
    return at ? (off_t)strtoll(at, NULL, 10) : 0;
}

/* Would a read of fd at offset fail? Sets errno when it would. */
static bool faulty(int fd, off_t offset)
{
    off_t bad = bad_from(fd);
    if (bad < 0 || offset < bad)
        return false;
    const char *error = getenv("HC_FAULT_READ_ERRNO");
    errno = error ? atoi(error) : EIO;
    return true;
}

/* Truncates the shrinking file to HC_SHRINK_AT when [offset, offset +
 * length) of fd reaches past it. */
static void shrink_if_reached(int fd, off_t offset, size_t length)
{
    const char *at = getenv("HC_SHRINK_AT");
    if (at == NULL || !named(fd, "HC_SHRINK_NAME"))
        return;
    off_t cut = (off_t)strtoll(at, NULL, 10);
    char path[4096];
    if (offset + (off_t)length <= cut || !path_of(fd, path))
        return;
    int saved = errno;
    if (truncate(path, cut) != 0)
        perror("hc-test: truncate");
    errno = saved;
}

ssize_t pread(int fd, void *buf, size_t count, off_t offset)
{
    NEXT(pread_fn, next, "pread");
    spin_if_slow(fd, "HC_SLOW_READ_NS", count);
    shrink_if_reached(fd, offset, count);
    return faulty(fd, offset) ? -1 : next(fd, buf, count, offset);
}

ssize_t pread64(int fd, void *buf, size_t count, off_t offset)
{
    NEXT(pread_fn, next, "pread64");
    spin_if_slow(fd, "HC_SLOW_READ_NS", count);
    shrink_if_reached(fd, offset, count);
    return faulty(fd, offset) ? -1 : next(fd, buf, count, offset);
}

ssize_t preadv2(int fd, const struct iovec *iov, int iovcnt, off_t offset, int flags)
{
    NEXT(preadv2_fn, next, "preadv2");
    for (int i = 0; i < iovcnt; i++) {
        spin_if_slow(fd, "HC_SLOW_READ_NS", iov[i].iov_len);
        shrink_if_reached(fd, offset, iov[i].iov_len); /* (the first reaches furthest in practice: one iov) */
    }
    return faulty(fd, offset) ? -1 : next(fd, iov, iovcnt, offset, flags);
}

ssize_t preadv64v2(int fd, const struct iovec *iov, int iovcnt, off_t offset, int flags)
{
    NEXT(preadv2_fn, next, "preadv64v2");
    for (int i = 0; i < iovcnt; i++) {
        spin_if_slow(fd, "HC_SLOW_READ_NS", iov[i].iov_len);
        shrink_if_reached(fd, offset, iov[i].iov_len); /* (the first reaches furthest in practice: one iov) */
    }
    return faulty(fd, offset) ? -1 : next(fd, iov, iovcnt, offset, flags);
}

ssize_t read(int fd, void *buf, size_t count)
{
    NEXT(read_fn, next, "read");
    off_t position = lseek(fd, 0, SEEK_CUR); /* -1 for pipes: never faulty */
    if (position >= 0)
        shrink_if_reached(fd, position, count);
    return position >= 0 && faulty(fd, position) ? -1 : next(fd, buf, count);
}

/* A read-only shared mapping of fd that reaches bad: a memory file with
 * the readable bytes before bad, mapped over the whole length. */
static void *map_with_bad_pages(mmap_fn next, void *addr, size_t length, int prot, int flags, int fd,
                                off_t offset, off_t bad)
{
    NEXT(pread_fn, real_pread, "pread");
    size_t good = bad > offset ? (size_t)(bad - offset) : 0;
    if (good > length)
        good = length;
    int mem = memfd_create("hc-readfail", MFD_CLOEXEC);
    if (mem < 0 || ftruncate(mem, (off_t)good) != 0) {
        if (mem >= 0)
            close(mem);
        return next(addr, length, prot, flags, fd, offset);
    }
    uint8_t *copy = good ? (uint8_t *)next(NULL, good, PROT_READ | PROT_WRITE, MAP_SHARED, mem, 0) : NULL;
    for (size_t done = 0; copy != NULL && copy != MAP_FAILED && done < good;) {
        ssize_t n = real_pread(fd, copy + done, good - done, offset + (off_t)done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    if (copy != NULL && copy != MAP_FAILED)
        munmap(copy, good);
    void *map = next(addr, length, prot, flags, mem, 0);
    close(mem);
    return map;
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
    NEXT(mmap_fn, next, "mmap");
    spin_if_slow(fd, "HC_SLOW_MAP_NS", length);
    shrink_if_reached(fd, offset, length);
    off_t bad = bad_from(fd);
    if (bad >= 0 && offset + (off_t)length > bad && !(prot & PROT_WRITE))
        return map_with_bad_pages(next, addr, length, prot, flags, fd, offset, bad);
    return next(addr, length, prot, flags, fd, offset);
}

void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
    NEXT(mmap_fn, next, "mmap64");
    spin_if_slow(fd, "HC_SLOW_MAP_NS", length);
    shrink_if_reached(fd, offset, length);
    off_t bad = bad_from(fd);
    if (bad >= 0 && offset + (off_t)length > bad && !(prot & PROT_WRITE))
        return map_with_bad_pages(next, addr, length, prot, flags, fd, offset, bad);
    return next(addr, length, prot, flags, fd, offset);
}

/* ---- a walk held in one directory (HC_STALL_DIR_NAME) ---- */

typedef struct dirent *(*readdir_fn)(DIR *);

struct dirent *readdir(DIR *dir);

static void stall_once(DIR *dir)
{
    static atomic_bool stalled;
    if (syscall(SYS_gettid) != getpid() || !named(dirfd(dir), "HC_STALL_DIR_NAME") ||
        atomic_exchange(&stalled, true))
        return;
    static const char said[] = "hc-test: walk stalled\n";
    if (write(2, said, sizeof(said) - 1) < 0)
        return;
    /* a process-directed signal goes to the main thread while it waits
     * (Linux gives the thread-group leader the first chance) */
    const char *release = getenv("HC_STALL_RELEASE");
    const bool deaf = getenv("HC_STALL_DEAF") != NULL;
    for (;;) {
        struct timespec slice = {0, 10 * 1000 * 1000};
        if (nanosleep(&slice, NULL) != 0 && errno == EINTR && !deaf)
            return;
        if (release != NULL && access(release, F_OK) == 0)
            return;
    }
}

struct dirent *readdir(DIR *dir)
{
    NEXT(readdir_fn, next, "readdir");
    stall_once(dir);
    return next(dir);
}
