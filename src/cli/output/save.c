/* The save file of -o: written where its path points, as a shell's `>`
 * does (design guide §5; the rules and each failure are in
 * docs/reliability.md).
 *
 *  - Through symlinks (dangling ones too: the file they name is created);
 *    into devices and FIFOs directly; an existing regular file is rewritten
 *    in place, so its mode, owner, ACLs and hard links stay, and a writable
 *    file in a read-only directory can be saved to. Nothing is ever renamed
 *    over the target.
 *  - A file hc creates (O_EXCL) is removed again when it cannot be written
 *    completely: no partial file.
 *  - An existing regular file is left as it was when the new text cannot be
 *    written: the space is reserved first (fallocate, where the file system
 *    has it), so a full disk shows before any byte changes; the bytes about
 *    to be overwritten are read first and written back should a write still
 *    fail part way. */
#define _GNU_SOURCE /* fallocate */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Symlinks followed while looking for the file a dangling link names, as
 * the kernel's own limit (path_resolution(7)). */
enum { LINK_HOPS_MAX = 40, OPEN_ATTEMPTS = 8 };

static bool pwrite_all(int fd, const char *data, size_t len, off_t offset, size_t *written)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = pwrite(fd, data + done, len - done, offset + (off_t)done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            if (written)
                *written = done;
            return false;
        }
        done += (size_t)n;
    }
    if (written)
        *written = done;
    return true;
}

static bool write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        data += n;
        len -= (size_t)n;
    }
    return true;
}

/* The target of the symlink at path, relative targets taken from the
 * link's directory; NULL with errno EINVAL when path is not a symlink. */
static char *link_target(const char *path)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(path, buf, sizeof(buf));
    if (n < 0)
        return NULL;
    if ((size_t)n >= sizeof(buf)) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    const char *slash = strrchr(path, '/');
    size_t dir_len = buf[0] == '/' || slash == NULL ? 0 : (size_t)(slash - path) + 1;
    char *target = malloc(dir_len + (size_t)n + 1);
    if (target == NULL)
        return NULL;
    memcpy(target, path, dir_len);
    memcpy(target + dir_len, buf, (size_t)n);
    target[dir_len + (size_t)n] = '\0';
    return target;
}

/* The path a chain of symlinks ends at (which does not exist when the
 * chain is dangling); NULL with errno set on failure. */
static char *resolve_links(const char *path)
{
    char *current = strdup(path);
    for (int hop = 0; current != NULL && hop <= LINK_HOPS_MAX; hop++) {
        char *next = link_target(current);
        if (next == NULL) {
            if (errno == EINVAL || errno == ENOENT)
                return current; /* not a link, or nothing there */
            free(current);
            return NULL;
        }
        free(current);
        current = next;
    }
    free(current);
    errno = ELOOP;
    return NULL;
}

typedef struct save_target {
    int fd;
    struct stat st;
    /* The file hc created (the path, or the end of a dangling symlink
     * chain): removed again on failure. NULL for an existing file. */
    char *created;
} save_target;

/* Opens path for writing the way `>` does, without truncating. */
static bool open_target(const char *path, save_target *t)
{
    const int flags = O_WRONLY | O_CLOEXEC | O_NOCTTY;
    memset(t, 0, sizeof(*t));
    t->fd = -1;
    /* Each round either opens or finds the path changed meanwhile (created
     * or removed by someone else); a few rounds settle any real race. */
    for (int attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
        t->fd = open(path, flags | O_CREAT | O_EXCL, 0666);
        if (t->fd >= 0) {
            t->created = strdup(path);
            break;
        }
        if (errno != EEXIST)
            return false;
        /* It exists: write into it where it points (a FIFO blocks here
         * until a reader comes, as with `>`). */
        t->fd = open(path, flags);
        if (t->fd >= 0)
            break;
        if (errno != ENOENT)
            return false;
        /* A dangling symlink (or the file vanished meanwhile): create the
         * file the link names, exclusively, so that it is ours to remove. */
        char *end = resolve_links(path);
        if (end == NULL)
            return false;
        t->fd = open(end, flags | O_CREAT | O_EXCL, 0666);
        if (t->fd >= 0) {
            t->created = end;
            break;
        }
        int saved = errno;
        free(end);
        errno = saved;
        if (errno != EEXIST)
            return false;
    }
    if (t->fd < 0) {
        errno = ELOOP; /* the path kept changing under us */
        return false;
    }
    if (fstat(t->fd, &t->st) != 0) {
        int saved = errno;
        close(t->fd);
        if (t->created)
            unlink(t->created);
        free(t->created);
        errno = saved;
        return false;
    }
    return true;
}

/* Removes the file hc created, unless something else has taken its name
 * since. */
static void remove_created(const save_target *t)
{
    struct stat now;
    if (lstat(t->created, &now) == 0 && now.st_dev == t->st.st_dev && now.st_ino == t->st.st_ino)
        unlink(t->created);
}

/* Reserves [0, len) without changing the file's size or bytes. false only
 * when the file system said no for want of space (or quota); a file system
 * without fallocate is written without the reservation. */
static bool reserve(int fd, size_t len)
{
#ifdef __linux__
    if (len > 0 && fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)len) != 0)
        return errno != ENOSPC && errno != EDQUOT && errno != EFBIG;
#else
    (void)fd;
    (void)len;
#endif
    return true;
}

/* The first len bytes of the existing file, read through a second
 * descriptor (the target is open write-only: a FIFO must not be opened for
 * reading). NULL when it cannot be read (a write-only file): then a failed
 * write cannot be undone. */
static char *read_old(const char *path, const struct stat *st, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return NULL;
    struct stat again;
    char *old = NULL;
    if (fstat(fd, &again) == 0 && again.st_dev == st->st_dev && again.st_ino == st->st_ino)
        old = malloc(len ? len : 1);
    size_t done = 0;
    while (old != NULL && done < len) {
        ssize_t n = pread(fd, old + done, len - done, (off_t)done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            free(old);
            old = NULL;
        } else {
            done += (size_t)n;
        }
    }
    close(fd);
    return old;
}

/* Rewrites an existing regular file in place; on failure it is left as it
 * was wherever that can be done (docs/reliability.md). */
static bool rewrite_regular(const char *path, const save_target *t, const char *data, size_t len)
{
    const off_t old_size = t->st.st_size;
    if (!reserve(t->fd, len)) {
        int saved = errno;
        /* give back what a partial reservation took past the end */
        if (ftruncate(t->fd, old_size) != 0) {
            /* nothing more to undo: the size was never changed */
        }
        errno = saved;
        return false;
    }
    size_t overwritten = (uint64_t)old_size < len ? (size_t)old_size : len;
    char *old = read_old(path, &t->st, overwritten);
    size_t written = 0;
    bool ok = pwrite_all(t->fd, data, len, 0, &written) && ((off_t)len >= old_size || ftruncate(t->fd, (off_t)len) == 0);
    if (!ok) {
        int saved = errno;
        if (old != NULL) {
            /* put back the old bytes, then the old size */
            size_t back = written < overwritten ? written : overwritten;
            if (!pwrite_all(t->fd, old, back, 0, NULL) || ftruncate(t->fd, old_size) != 0) {
                /* the file is now partly new: nothing more can be done */
            }
        } else if (ftruncate(t->fd, (off_t)written) != 0) {
            /* a cut-off new text rather than new bytes over old ones */
        }
        errno = saved;
    }
    free(old);
    return ok;
}

static bool save_to(const char *path, const char *data, size_t len)
{
    save_target t;
    if (!open_target(path, &t))
        return false;
    bool ok;
    if (t.created || !S_ISREG(t.st.st_mode))
        ok = write_all(t.fd, data, len); /* a new file, a device or a FIFO */
    else
        ok = rewrite_regular(path, &t, data, len);
    int saved = errno;
    /* close reports what some file systems (NFS) only learn then */
    if (close(t.fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (!ok && t.created)
        remove_created(&t);
    free(t.created);
    errno = saved;
    return ok;
}

bool output_save(cli_output *out, const char *path)
{
    bool ok;
    if (out->no_memory) {
        errno = ENOMEM;
        ok = false;
    } else {
        ok = save_to(path, out->saved ? out->saved : "", out->saved_len);
    }
    if (!ok) {
        const char *reason = strerror(errno);
        out->collect = false;
        output_line(out, "\nError opening file: %s Error message: %s", path, reason);
    }
    return ok;
}
