/* Read fault injection for the tests, loaded with LD_PRELOAD (never part of
 * hc): pread(2) and read(2) of one file fail once they reach a given offset,
 * as a disk with a bad sector does part way through a file.
 *
 *   HC_FAULT_READ_NAME    the file's name (the last part of its path)
 *   HC_FAULT_READ_OFFSET  reads at or past this byte fail (default 0)
 *   HC_FAULT_READ_ERRNO   the error (default EIO)
 *
 * The file is recognised by /proc/self/fd, so it works for files opened
 * relative to a directory descriptor too. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

typedef ssize_t (*pread_fn)(int, void *, size_t, off_t);
typedef ssize_t (*read_fn)(int, void *, size_t);

ssize_t pread(int fd, void *buf, size_t count, off_t offset);
ssize_t pread64(int fd, void *buf, size_t count, off_t offset);
ssize_t read(int fd, void *buf, size_t count);

/* Would a read of fd at offset fail? */
static bool faulty(int fd, off_t offset)
{
    const char *name = getenv("HC_FAULT_READ_NAME");
    if (name == NULL || *name == '\0')
        return false;
    const char *at = getenv("HC_FAULT_READ_OFFSET");
    if (offset < (at ? (off_t)strtoll(at, NULL, 10) : 0))
        return false;
    char link[64], path[4096];
    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof(path) - 1);
    if (n <= 0)
        return false;
    path[n] = '\0';
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(base, name) != 0)
        return false;
    const char *error = getenv("HC_FAULT_READ_ERRNO");
    errno = error ? atoi(error) : EIO;
    return true;
}

/* The next definition of symbol (the C library's, or a sanitizer's in
 * front of it). POSIX's way to turn dlsym's object pointer into a function
 * pointer without a cast ISO C forbids. */
#define NEXT(type, variable, symbol)                      \
    static type variable;                                 \
    if (variable == NULL)                                 \
        *(void **)(&variable) = dlsym(RTLD_NEXT, symbol)

ssize_t pread(int fd, void *buf, size_t count, off_t offset)
{
    NEXT(pread_fn, next, "pread");
    if (faulty(fd, offset))
        return -1;
    return next(fd, buf, count, offset);
}

ssize_t pread64(int fd, void *buf, size_t count, off_t offset)
{
    NEXT(pread_fn, next, "pread64");
    if (faulty(fd, offset))
        return -1;
    return next(fd, buf, count, offset);
}

ssize_t read(int fd, void *buf, size_t count)
{
    NEXT(read_fn, next, "read");
    off_t position = lseek(fd, 0, SEEK_CUR); /* -1 for pipes: never faulty */
    if (position >= 0 && faulty(fd, position))
        return -1;
    return next(fd, buf, count);
}
