/* Directories (platform.h) through FindFirstFileExW with wide names: a
 * plat_dir keeps its path (UTF-16) as the base for the names in it. */
#include "win32.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

struct plat_dir {
    char *path;           /* UTF-8, as given or joined; the base for names */
    HANDLE find;          /* INVALID_HANDLE_VALUE before the first entry */
    bool done;
    WIN32_FIND_DATAW found;
    char name[4 * MAX_PATH]; /* the current entry, UTF-8 */
};

/* dir's path, a backslash and name. */
static char *join(const plat_dir *dir, const char *name)
{
    size_t a = strlen(dir->path), b = strlen(name);
    char *path = malloc(a + b + 2);
    if (path == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    memcpy(path, dir->path, a);
    size_t at = a;
    if (a > 0 && dir->path[a - 1] != '\\' && dir->path[a - 1] != '/' && dir->path[a - 1] != ':')
        path[at++] = '\\';
    memcpy(path + at, name, b + 1);
    return path;
}

/* Takes path. */
static plat_dir *dir_of_path(char *path, bool refuse_link)
{
    if (path == NULL)
        return NULL;
    plat_file_info info;
    int failed = refuse_link ? plat_link_info(path, &info) : plat_path_info(path, &info);
    if (failed == 0 && info.kind != PLAT_KIND_DIRECTORY) {
        errno = info.kind == PLAT_KIND_LINK ? ELOOP : ENOTDIR;
        failed = -1;
    }
    plat_dir *dir = failed == 0 ? calloc(1, sizeof(*dir)) : NULL;
    if (dir == NULL) {
        if (failed == 0)
            errno = ENOMEM;
        free(path);
        return NULL;
    }
    dir->path = path;
    dir->find = INVALID_HANDLE_VALUE;
    return dir;
}

plat_dir *plat_dir_open(const char *path)
{
    return dir_of_path(strdup(path), false);
}

plat_dir *plat_dir_open_at(plat_dir *parent, const char *name)
{
    return dir_of_path(join(parent, name), strcmp(name, "..") != 0);
}

/* A reparse point is a symbolic link when its tag says so (junctions and
 * the rest are walked as what they point to). */
static plat_file_kind found_kind(const WIN32_FIND_DATAW *f)
{
    if ((f->dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) && f->dwReserved0 == IO_REPARSE_TAG_SYMLINK)
        return PLAT_KIND_LINK;
    if (f->dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)
        return PLAT_KIND_DIRECTORY;
    if (f->dwFileAttributes & FILE_ATTRIBUTE_DEVICE)
        return PLAT_KIND_CHAR;
    return PLAT_KIND_REGULAR;
}

/* Starts the listing: FindFirstFileExW on dir\*. */
static int start_listing(plat_dir *dir)
{
    char *pattern = join(dir, "*");
    wchar_t *wide = pattern ? plat_win32_wide_path(pattern) : NULL;
    free(pattern);
    if (wide == NULL)
        return -1;
    dir->find = FindFirstFileExW(wide, FindExInfoBasic, &dir->found, FindExSearchNameMatch, NULL,
                                 FIND_FIRST_EX_LARGE_FETCH);
    free(wide);
    if (dir->find == INVALID_HANDLE_VALUE) {
        if (GetLastError() == ERROR_FILE_NOT_FOUND) {
            dir->done = true; /* empty (not even . and ..: a drive's root) */
            return 0;
        }
        plat_win32_errno(GetLastError());
        return -1;
    }
    return 1;
}

int plat_dir_next(plat_dir *dir, plat_dir_entry *entry)
{
    for (;;) {
        if (dir->done)
            return 0;
        if (dir->find == INVALID_HANDLE_VALUE) {
            int started = start_listing(dir);
            if (started <= 0)
                return started;
        } else if (!FindNextFileW(dir->find, &dir->found)) {
            if (GetLastError() == ERROR_NO_MORE_FILES) {
                dir->done = true;
                return 0;
            }
            plat_win32_errno(GetLastError());
            return -1;
        }
        const wchar_t *name = dir->found.cFileName;
        if (name[0] == L'.' && (name[1] == L'\0' || (name[1] == L'.' && name[2] == L'\0')))
            continue;
        if (!plat_win32_utf8(name, dir->name, sizeof(dir->name))) {
            errno = ENAMETOOLONG;
            return -1;
        }
        entry->name = dir->name;
        entry->kind = found_kind(&dir->found);
        return 1;
    }
}

int plat_dir_info(plat_dir *dir, plat_file_info *info)
{
    return plat_path_info(dir->path, info);
}

int plat_stat_at(plat_dir *dir, const char *name, plat_file_info *info)
{
    char *path = join(dir, name);
    int result = path ? plat_link_info(path, info) : -1;
    free(path);
    return result;
}

plat_file plat_open_at(plat_dir *dir, const char *name, unsigned flags)
{
    char *path = join(dir, name);
    plat_file file = path ? plat_open(path, flags) : PLAT_FILE_INVALID;
    free(path);
    return file;
}

void plat_dir_close(plat_dir *dir)
{
    if (dir == NULL)
        return;
    if (dir->find != INVALID_HANDLE_VALUE)
        FindClose(dir->find);
    free(dir->path);
    free(dir);
}
