/* Directories (platform.h): one DIR, and its descriptor as the base for
 * the names in it. */
#include "posix.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

struct plat_dir {
    DIR *handle;
    int fd;
};

/* Takes fd (closed on failure). */
static plat_dir *dir_from_fd(int fd)
{
    if (fd < 0)
        return NULL;
    plat_dir *dir = malloc(sizeof(*dir));
    DIR *handle = dir ? fdopendir(fd) : NULL;
    if (handle == NULL) {
        int saved = dir ? errno : ENOMEM;
        free(dir);
        close(fd);
        errno = saved;
        return NULL;
    }
    dir->handle = handle;
    dir->fd = fd;
    return dir;
}

plat_dir *plat_dir_open(const char *path)
{
    return dir_from_fd(open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
}

plat_dir *plat_dir_open_at(plat_dir *parent, const char *name)
{
    /* O_NOFOLLOW: a directory swapped for a symlink since it was listed is
     * not followed either ("..", never a symlink, opens as usual). */
    return dir_from_fd(openat(parent->fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

/* d_type where the file system fills it in; otherwise an lstat-like
 * fstatat, so symlinks stay symlinks either way. */
static plat_file_kind entry_kind(plat_dir *dir, const struct dirent *entry)
{
#ifdef DT_UNKNOWN
    switch (entry->d_type) {
    case DT_REG:
        return PLAT_KIND_REGULAR;
    case DT_DIR:
        return PLAT_KIND_DIRECTORY;
    case DT_LNK:
        return PLAT_KIND_LINK;
    case DT_FIFO:
        return PLAT_KIND_FIFO;
    case DT_CHR:
        return PLAT_KIND_CHAR;
    case DT_BLK:
        return PLAT_KIND_BLOCK;
    case DT_SOCK:
        return PLAT_KIND_SOCKET;
    case DT_UNKNOWN:
        break;
    default:
        return PLAT_KIND_OTHER;
    }
#endif
    struct stat st;
    if (fstatat(dir->fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return PLAT_KIND_OTHER; /* vanished meanwhile */
    return plat_posix_kind(st.st_mode);
}

int plat_dir_next(plat_dir *dir, plat_dir_entry *entry)
{
    for (;;) {
        errno = 0;
        struct dirent *found = readdir(dir->handle);
        if (found == NULL)
            return errno ? -1 : 0;
        const char *name = found->d_name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
            continue;
        entry->name = name;
        entry->kind = entry_kind(dir, found);
        return 1;
    }
}

int plat_dir_info(plat_dir *dir, plat_file_info *info)
{
    return plat_file_info_of(dir->fd, info);
}

int plat_stat_at(plat_dir *dir, const char *name, plat_file_info *info)
{
    struct stat st;
    if (fstatat(dir->fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    plat_posix_info(&st, info);
    return 0;
}

plat_file plat_open_at(plat_dir *dir, const char *name, unsigned flags)
{
    return openat(dir->fd, name, plat_posix_open_flags(flags), 0666);
}

void plat_dir_close(plat_dir *dir)
{
    if (dir == NULL)
        return;
    closedir(dir->handle);
    free(dir);
}
