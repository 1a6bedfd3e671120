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
 *    written: the space is reserved first (plat_reserve, where the file
 *    system has it), so a full disk shows before any byte changes; the bytes about
 *    to be overwritten are read first and written back should a write still
 *    fail part way. */
#include "cli.h"
#include "printable.h"
#include "progress.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

/* Symlinks followed while looking for the file a dangling link names, as
 * the kernel's own limit (path_resolution(7)). */
enum { LINK_HOPS_MAX = 40, OPEN_ATTEMPTS = 8 };

static bool pwrite_all(int fd, const char *data, size_t len, uint64_t offset, size_t *written)
{
    size_t done = 0;
    while (done < len) {
        ptrdiff_t n = plat_pwrite(fd, data + done, len - done, offset + done);
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

/* ---- waits that Ctrl+C ends ---- */

enum { WAIT_SLICE_MS = 50 };

/* false with errno EINTR once Ctrl+C came, after waiting a little. */
static bool pause_unless_interrupted(void)
{
    if (cli_interrupt_requested(NULL)) {
        errno = EINTR;
        return false;
    }
    plat_sleep_microseconds(WAIT_SLICE_MS * 1000UL);
    return true;
}

/* Opens an existing path for writing. A FIFO with no reader would keep
 * the open waiting, deaf to Ctrl+C: opened without waiting (ENXIO while
 * no reader is there) and tried again until a reader comes or Ctrl+C
 * (errno EINTR). The file is non-blocking: write_all waits for room. */
static int open_existing(const char *path)
{
    for (;;) {
        int fd = plat_open(path, PLAT_OPEN_WRITE | PLAT_OPEN_NONBLOCK);
        plat_file_info info;
        if (fd >= 0 || errno != ENXIO || plat_path_info(path, &info) != 0 || info.kind != PLAT_KIND_FIFO)
            return fd;
        if (!pause_unless_interrupted())
            return -1;
    }
}

/* Waits until fd takes more bytes (a full pipe); false with errno EINTR
 * after Ctrl+C. */
static bool wait_writable(int fd)
{
    while (plat_wait_writable(fd, WAIT_SLICE_MS) <= 0)
        if (cli_interrupt_requested(NULL)) {
            errno = EINTR;
            return false;
        }
    return true;
}

static bool write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ptrdiff_t n = plat_write(fd, data, len);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && wait_writable(fd))
            continue;
        if (n < 0 && errno == EINTR && !cli_interrupt_requested(NULL))
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
    char *link = plat_read_link(path);
    if (link == NULL)
        return NULL;
    size_t n = strlen(link);
    const char *slash = strrchr(path, '/');
    size_t dir_len = link[0] == '/' || slash == NULL ? 0 : (size_t)(slash - path) + 1;
    char *target = malloc(dir_len + n + 1);
    if (target != NULL) {
        memcpy(target, path, dir_len);
        memcpy(target + dir_len, link, n + 1);
    }
    free(link);
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

char *save_final_path(const char *path)
{
    return resolve_links(path);
}

typedef struct save_target {
    int fd;
    plat_file_info info;
    /* The file hc created (the path, or the end of a dangling symlink
     * chain): removed again on failure. NULL for an existing file. */
    char *created;
} save_target;

/* Opens path for writing the way `>` does, without truncating. */
static bool open_target(const char *path, save_target *t)
{
    memset(t, 0, sizeof(*t));
    t->fd = -1;
    /* Each round either opens or finds the path changed meanwhile (created
     * or removed by someone else); a few rounds settle any real race. */
    for (int attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
        t->fd = plat_open(path, PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW);
        if (t->fd >= 0) {
            t->created = strdup(path);
            break;
        }
        if (errno != EEXIST)
            return false;
        /* It exists: write into it where it points (a FIFO waits here
         * until a reader comes, as with `>`, or Ctrl+C). */
        t->fd = open_existing(path);
        if (t->fd >= 0)
            break;
        if (errno != ENOENT)
            return false; /* EINTR: Ctrl+C */
        /* A dangling symlink (or the file vanished meanwhile): create the
         * file the link names, exclusively, so that it is ours to remove. */
        char *end = resolve_links(path);
        if (end == NULL)
            return false;
        t->fd = plat_open(end, PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW);
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
    if (plat_file_info_of(t->fd, &t->info) != 0) {
        int saved = errno;
        plat_close(t->fd);
        if (t->created)
            plat_unlink(t->created);
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
    plat_file_info now;
    if (plat_link_info(t->created, &now) == 0 && plat_same_file(&now, &t->info))
        plat_unlink(t->created);
}

/* The first len bytes of the existing file, read through a second
 * descriptor (the target is open write-only: a FIFO must not be opened for
 * reading). NULL when it cannot be read (a write-only file): then a failed
 * write cannot be undone. */
static char *read_old(const char *path, const plat_file_info *info, size_t len)
{
    int fd = plat_open(path, PLAT_OPEN_READ | PLAT_OPEN_NONBLOCK);
    if (fd < 0)
        return NULL;
    plat_file_info again;
    char *old = NULL;
    if (plat_file_info_of(fd, &again) == 0 && plat_same_file(&again, info))
        old = malloc(len ? len : 1);
    size_t done = 0;
    while (old != NULL && done < len) {
        ptrdiff_t n = plat_pread(fd, old + done, len - done, done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            free(old);
            old = NULL;
        } else {
            done += (size_t)n;
        }
    }
    plat_close(fd);
    return old;
}

/* Rewrites an existing regular file in place; on failure it is left as it
 * was wherever that can be done (docs/reliability.md). */
static bool rewrite_regular(const char *path, const save_target *t, const char *data, size_t len)
{
    const uint64_t old_size = t->info.size;
    /* the space first, so a full disk shows before any byte changes */
    if (plat_reserve(t->fd, len) != 0) {
        int saved = errno;
        /* give back what a partial reservation took past the end */
        if (plat_truncate(t->fd, old_size) != 0) {
            /* nothing more to undo: the size was never changed */
        }
        errno = saved;
        return false;
    }
    size_t overwritten = old_size < len ? (size_t)old_size : len;
    char *old = read_old(path, &t->info, overwritten);
    size_t written = 0;
    bool ok = pwrite_all(t->fd, data, len, 0, &written) && (len >= old_size || plat_truncate(t->fd, len) == 0);
    if (!ok) {
        int saved = errno;
        if (old != NULL) {
            /* put back the old bytes, then the old size */
            size_t back = written < overwritten ? written : overwritten;
            if (!pwrite_all(t->fd, old, back, 0, NULL) || plat_truncate(t->fd, old_size) != 0) {
                /* the file is now partly new: nothing more can be done */
            }
        } else if (plat_truncate(t->fd, written) != 0) {
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
    if (t.created || t.info.kind != PLAT_KIND_REGULAR)
        ok = write_all(t.fd, data, len); /* a new file, a device or a FIFO */
    else
        ok = rewrite_regular(path, &t, data, len);
    int saved = errno;
    /* close reports what some file systems (NFS) only learn then */
    if (plat_close(t.fd) != 0 && ok) {
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
    if (!ok && errno == EINTR && cli_interrupt_requested(NULL))
        return false; /* Ctrl+C while waiting for a FIFO's reader: the caller says so */
    if (!ok)
        output_save_failure(out, path, errno);
    return ok;
}

void output_save_failure(cli_output *out, const char *path, int error)
{
    /* said once, in the contract's line on the console; a blank line
     * parts it from the lines above, when there are any */
    const bool after_lines = out->saved_len > 0;
    out->collect = false;
    char *owned;
    output_line(out, "%sError opening file: %s Error message: %s", after_lines ? "\n" : "", printable_name(path, &owned),
                strerror(error));
    free(owned);
}
