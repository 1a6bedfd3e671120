/* Files: open, read, write, stat, links, advice (platform.h). */
#define _GNU_SOURCE /* preadv2, RWF_NOWAIT, fallocate (Linux) */
#include "posix.h"
#include "../common/common.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h> /* renameat2 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

/* Files beyond 2 GiB need a 64-bit off_t (the build asks for it where it
 * is not the default). */
_Static_assert(sizeof(off_t) == 8, "files beyond 2 GiB need a 64-bit off_t");

plat_file_kind plat_posix_kind(mode_t mode)
{
    static const struct {
        mode_t type;
        plat_file_kind kind;
    } kinds[] = {
        {S_IFREG, PLAT_KIND_REGULAR}, {S_IFDIR, PLAT_KIND_DIRECTORY}, {S_IFIFO, PLAT_KIND_FIFO},
        {S_IFCHR, PLAT_KIND_CHAR},    {S_IFBLK, PLAT_KIND_BLOCK},     {S_IFLNK, PLAT_KIND_LINK},
        {S_IFSOCK, PLAT_KIND_SOCKET},
    };
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        if ((mode & S_IFMT) == kinds[i].type)
            return kinds[i].kind;
    return PLAT_KIND_OTHER;
}

void plat_posix_info(const struct stat *st, plat_file_info *info)
{
    info->kind = plat_posix_kind(st->st_mode);
    info->size = st->st_size > 0 ? (uint64_t)st->st_size : 0;
    info->device = (uint64_t)st->st_dev;
    info->inode = (uint64_t)st->st_ino;
    info->mode = (unsigned)(st->st_mode & 07777);
}

int plat_posix_open_flags(unsigned flags)
{
    int mode = O_CLOEXEC | O_NOCTTY | ((flags & PLAT_OPEN_WRITE) ? O_WRONLY : O_RDONLY);
    if (flags & PLAT_OPEN_CREATE_NEW)
        mode |= O_CREAT | O_EXCL;
    if (flags & PLAT_OPEN_NONBLOCK)
        mode |= O_NONBLOCK;
    if (flags & PLAT_OPEN_NOFOLLOW)
        mode |= O_NOFOLLOW;
    if (flags & PLAT_OPEN_APPEND)
        mode |= O_APPEND | O_CREAT;
    return mode;
}

plat_file plat_open(const char *path, unsigned flags)
{
    return open(path, plat_posix_open_flags(flags), 0666);
}

int plat_close(plat_file file)
{
    return close(file);
}

ptrdiff_t plat_read(plat_file file, void *buffer, size_t len)
{
    return read(file, buffer, len);
}

ptrdiff_t plat_pread(plat_file file, void *buffer, size_t len, uint64_t offset)
{
    return pread(file, buffer, len, (off_t)offset);
}

ptrdiff_t plat_write(plat_file file, const void *data, size_t len)
{
    return write(file, data, len);
}

ptrdiff_t plat_pwrite(plat_file file, const void *data, size_t len, uint64_t offset)
{
    return pwrite(file, data, len, (off_t)offset);
}

/* Linux 4.14: preadv2 with RWF_NOWAIT reads only what the page cache
 * holds. Elsewhere (or a kernel or file system that refuses the flag)
 * ENOTSUP: the caller stops asking. */
ptrdiff_t plat_pread_cached(plat_file file, void *buffer, size_t len, uint64_t offset)
{
#if defined(__linux__) && defined(RWF_NOWAIT)
    struct iovec iov = {buffer, len};
    ssize_t n = preadv2(file, &iov, 1, (off_t)offset, RWF_NOWAIT);
    if (n < 0 && (errno == EOPNOTSUPP || errno == EINVAL || errno == ENOSYS))
        errno = ENOTSUP;
    return n;
#else
    return plat_read_not_supported(file, buffer, len, offset);
#endif
}

/* mincore on a one-page mapping never touched: a few microseconds. */
bool plat_page_cached(plat_file file, uint64_t offset)
{
#ifdef HC_HAVE_MINCORE
    uint64_t page = plat_page_size();
    void *map = mmap(NULL, (size_t)page, PROT_READ, MAP_SHARED, file, (off_t)(offset / page * page));
    if (map == MAP_FAILED)
        return false; /* cannot tell */
    unsigned char resident = 0;
    /* (void *): the vector is unsigned char * on Linux, char * on macOS */
    bool cached = mincore(map, (size_t)page, (void *)&resident) == 0 && (resident & 1);
    munmap(map, (size_t)page);
    return cached;
#else
    (void)file;
    (void)offset;
    return false;
#endif
}

int plat_truncate(plat_file file, uint64_t size)
{
    return ftruncate(file, (off_t)size);
}

/* Linux: fallocate(FALLOC_FL_KEEP_SIZE). Elsewhere nothing is reserved
 * (posix_fallocate would change the size, and emulates the reservation by
 * writing zeros where the file system cannot). */
int plat_reserve(plat_file file, uint64_t len)
{
#if defined(__linux__) && defined(FALLOC_FL_KEEP_SIZE)
    if (len > 0 && fallocate(file, FALLOC_FL_KEEP_SIZE, 0, (off_t)len) != 0)
        return errno == ENOSPC || errno == EDQUOT || errno == EFBIG ? -1 : 0;
#else
    (void)file;
    (void)len;
#endif
    return 0;
}

int plat_set_blocking(plat_file file)
{
    int flags = fcntl(file, F_GETFL);
    return flags < 0 ? -1 : fcntl(file, F_SETFL, flags & ~O_NONBLOCK);
}

/* A stat call's result (stat_result, st) as platform.h's: info filled, or
 * -1 with stat's errno. */
static int info_result(int stat_result, const struct stat *st, plat_file_info *info)
{
    if (stat_result != 0)
        return -1;
    plat_posix_info(st, info);
    return 0;
}

int plat_file_info_of(plat_file file, plat_file_info *info)
{
    struct stat st;
    return info_result(fstat(file, &st), &st, info);
}

int plat_path_info(const char *path, plat_file_info *info)
{
    struct stat st;
    return info_result(stat(path, &st), &st, info);
}

int plat_link_info(const char *path, plat_file_info *info)
{
    struct stat st;
    return info_result(lstat(path, &st), &st, info);
}

int plat_unlink(const char *path)
{
    return unlink(path);
}

/* A copy of base followed by tail. */
static char *joined(const char *base, const char *tail)
{
    size_t a = strlen(base), b = strlen(tail);
    char *path = malloc(a + b + 1);
    if (path != NULL) {
        memcpy(path, base, a);
        memcpy(path + a, tail, b + 1);
    }
    return path;
}

/* $env when absolute (the XDG base directory rules: a relative value is
 * to be ignored), else $HOME followed by home_tail; NULL without either. */
static char *xdg_dir(const char *env, const char *home_tail)
{
    const char *xdg = getenv(env);
    if (xdg != NULL && xdg[0] == '/')
        return joined(xdg, "");
    const char *home = getenv("HOME");
    return home != NULL && home[0] != '\0' ? joined(home, home_tail) : NULL;
}

char *plat_user_data_dir(void)
{
    return xdg_dir("XDG_DATA_HOME", "/.local/share");
}
bool plat_path_too_long(const char *path)
{
    return strlen(path) >= PATH_MAX;
}

int plat_rename_replace(const char *from, const char *to)
{
    return rename(from, to);
}

int plat_make_dir(const char *path)
{
    return mkdir(path, 0700);
}

char *plat_user_state_dir(void)
{
    return xdg_dir("XDG_STATE_HOME", "/.local/state");
}
int plat_rename_new(const char *from, const char *to)
{
#ifdef RENAME_NOREPLACE
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    /* EINVAL: a file system without the flag (NFS before 4.x servers,
     * some FUSE); ENOSYS: a kernel before 3.15 */
    if (errno != EINVAL && errno != ENOSYS)
        return -1;
#endif
    if (link(from, to) != 0)
        return -1;
    if (unlink(from) == 0)
        return 0;
    /* `from` went away meanwhile (another process moved it): the file is
     * not ours to give a second name */
    int error = errno;
    unlink(to);
    errno = error;
    return -1;
}

/* The folder a new file at path would go in, in folder[size]. */
static bool folder_of(const char *path, char *folder, size_t size)
{
    const char *slash = strrchr(path, '/');
    size_t len = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
    if (len + 2 > size)
        return false;
    memcpy(folder, slash ? path : ".", slash ? len : 1);
    folder[slash ? len : 1] = '\0';
    return true;
}

int plat_check_writable(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            return -1;
        }
        return access(path, W_OK);
    }
    if (errno != ENOENT)
        return -1;
    if (lstat(path, &st) == 0)
        return 0; /* a dangling link: where it points decides, at the write */
    /* a new name: its folder is there (stat would have said ENOTDIR for a
     * file in the way) and takes one */
    char folder[PATH_MAX];
    if (!folder_of(path, folder, sizeof(folder)))
        return 0;
    return access(folder, W_OK | X_OK);
}

char *plat_read_link(const char *path)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(path, buf, sizeof(buf));
    if (n < 0)
        return NULL;
    if ((size_t)n >= sizeof(buf)) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    char *target = malloc((size_t)n + 1);
    if (target == NULL)
        return NULL;
    memcpy(target, buf, (size_t)n);
    target[n] = '\0';
    return target;
}

/* posix_fadvise: Linux and the BSDs; macOS has none (a no-op there). */
void plat_advise(plat_file file, uint64_t offset, uint64_t len, plat_advice advice)
{
#if defined(POSIX_FADV_SEQUENTIAL) && !defined(__APPLE__)
    int how = advice == PLAT_ADVICE_SEQUENTIAL ? POSIX_FADV_SEQUENTIAL
              : advice == PLAT_ADVICE_RANDOM   ? POSIX_FADV_RANDOM
                                               : POSIX_FADV_NORMAL;
    posix_fadvise(file, (off_t)offset, (off_t)len, how);
#else
    (void)file;
    (void)offset;
    (void)len;
    (void)advice;
#endif
}
