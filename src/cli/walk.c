/* The directory walk: one open directory per level of the current path,
 * each listed completely and sorted before any of its entries is used (the
 * order must not depend on what readdir returns, contract §9). */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct walk_dir {
    DIR *handle;
    char *path;     /* printed path of the directory itself */
    unsigned refs;  /* the walk's frame plus the items not yet freed */
};

/* One directory being walked: its sorted file and sub-directory names. */
typedef struct frame {
    walk_dir *dir;
    char *names;            /* every kept name, NUL-terminated, back to back */
    size_t names_len, names_cap;
    char **files, **dirs;
    size_t file_count, dir_count;
    size_t next_file, next_dir;
} frame;

struct walk {
    walk_options options;
    frame *stack;
    size_t depth, cap;
    /* a directory that could be opened but not read to the end: reported
     * before its (partial) contents */
    char *pending_path;
    int pending_errno;
};

/* ---- patterns (contract §4.2) ---- */

static unsigned char fold(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* Iterative matching with one backtrack point: on a mismatch after a '*',
 * let that star swallow one more byte. Linear in practice, never
 * exponential. */
static bool glob_matches(const char *pattern, size_t pattern_len, const char *name)
{
    size_t p = 0, n = 0, star_p = SIZE_MAX, star_n = 0;
    size_t name_len = strlen(name);
    while (n < name_len) {
        if (p < pattern_len && pattern[p] == '*') {
            star_p = p++;
            star_n = n;
        } else if (p < pattern_len &&
                   (pattern[p] == '?' || fold((unsigned char)pattern[p]) == fold((unsigned char)name[n]))) {
            p++;
            n++;
        } else if (star_p != SIZE_MAX) {
            p = star_p + 1;
            n = ++star_n;
        } else {
            return false;
        }
    }
    while (p < pattern_len && pattern[p] == '*')
        p++;
    return p == pattern_len;
}

bool pattern_list_matches(const char *list, const char *name)
{
    for (;;) {
        size_t len = strcspn(list, ";");
        if (len > 0 && glob_matches(list, len, name))
            return true;
        if (list[len] == '\0')
            return false;
        list += len + 1;
    }
}

static bool name_selected(const walk_options *options, const char *name)
{
    if (options->include && options->include[0] && !pattern_list_matches(options->include, name))
        return false;
    return !(options->exclude && options->exclude[0] && pattern_list_matches(options->exclude, name));
}

/* ---- error names (the reference prints Zig's error names) ---- */

const char *walk_error_name(int error_number)
{
    switch (error_number) {
    case EACCES:
        return "AccessDenied";
    case EPERM:
        return "PermissionDenied";
    case ENOENT:
        return "FileNotFound";
    case ENOTDIR:
        return "NotDir";
    case ELOOP:
        return "SymLinkLoop";
    case ENAMETOOLONG:
        return "NameTooLong";
    case EMFILE:
        return "ProcessFdQuotaExceeded";
    case ENFILE:
        return "SystemFdQuotaExceeded";
    case ENOMEM:
        return "SystemResources";
    case EIO:
        return "InputOutput";
    case ENODEV:
        return "NoDevice";
    default:
        return "Unexpected";
    }
}

/* ---- directories ---- */

/* "<dir>/<name>", without doubling a separator the directory ends in (§4.3). */
static char *join_path(const char *dir, const char *name)
{
    size_t dir_len = strlen(dir), name_len = strlen(name);
    bool separator = dir_len > 0 && dir[dir_len - 1] != '/';
    char *path = malloc(dir_len + separator + name_len + 1);
    if (path == NULL)
        return NULL;
    memcpy(path, dir, dir_len);
    if (separator)
        path[dir_len] = '/';
    memcpy(path + dir_len + separator, name, name_len + 1);
    return path;
}

/* Takes fd (closed on failure) and path (left to the caller on failure). */
static walk_dir *dir_new(int fd, char *path)
{
    walk_dir *dir = malloc(sizeof(*dir));
    DIR *handle = dir ? fdopendir(fd) : NULL;
    if (handle == NULL) {
        free(dir);
        close(fd);
        return NULL;
    }
    dir->handle = handle;
    dir->path = path;
    dir->refs = 1;
    return dir;
}

static void dir_release(walk_dir *dir)
{
    if (dir && --dir->refs == 0) {
        closedir(dir->handle);
        free(dir->path);
        free(dir);
    }
}

int walk_dir_fd(const walk_dir *dir)
{
    return dirfd(dir->handle);
}

static int compare_names(const void *a, const void *b)
{
    /* strcmp compares as unsigned char: the byte-wise order of §9 */
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Offsets of the kept names while the name buffer may still move. */
typedef struct offsets {
    size_t *items;
    size_t count, cap;
} offsets;

static bool offsets_push(offsets *list, size_t value)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 64;
        size_t *grown = realloc(list->items, cap * sizeof(*grown));
        if (grown == NULL)
            return false;
        list->items = grown;
        list->cap = cap;
    }
    list->items[list->count++] = value;
    return true;
}

static bool keep_name(frame *f, offsets *list, const char *name)
{
    size_t len = strlen(name) + 1;
    if (f->names_len + len > f->names_cap) {
        size_t cap = f->names_cap ? f->names_cap : 4096;
        while (cap < f->names_len + len)
            cap *= 2;
        char *grown = realloc(f->names, cap);
        if (grown == NULL)
            return false;
        f->names = grown;
        f->names_cap = cap;
    }
    memcpy(f->names + f->names_len, name, len);
    bool ok = offsets_push(list, f->names_len);
    f->names_len += len;
    return ok;
}

/* Turns offsets into sorted pointers. */
static char **sorted_names(frame *f, offsets *list)
{
    if (list->count == 0)
        return NULL;
    char **names = malloc(list->count * sizeof(*names));
    if (names == NULL)
        return NULL;
    for (size_t i = 0; i < list->count; i++)
        names[i] = f->names + list->items[i];
    qsort(names, list->count, sizeof(*names), compare_names);
    return names;
}

typedef enum entry_kind { ENTRY_OTHER, ENTRY_FILE, ENTRY_DIR } entry_kind;

/* d_type where the file system fills it in; otherwise an lstat-like
 * fstatat, so symlinks stay symlinks either way. */
static entry_kind classify(int dir_fd, const struct dirent *entry)
{
    unsigned char type = entry->d_type;
    if (type == DT_UNKNOWN) {
        struct stat st;
        if (fstatat(dir_fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            return ENTRY_OTHER; /* vanished meanwhile */
        return S_ISREG(st.st_mode) ? ENTRY_FILE : S_ISDIR(st.st_mode) ? ENTRY_DIR : ENTRY_OTHER;
    }
    return type == DT_REG ? ENTRY_FILE : type == DT_DIR ? ENTRY_DIR : ENTRY_OTHER;
}

/* Reads the whole directory of f. Returns 0, or the errno of a read error
 * (what was read so far is kept), or ENOMEM. */
static int list_frame(const walk *w, frame *f)
{
    offsets files = {0}, dirs = {0};
    int fd = walk_dir_fd(f->dir);
    int error = 0;
    for (;;) {
        errno = 0;
        struct dirent *entry = readdir(f->dir->handle);
        if (entry == NULL) {
            error = errno;
            break;
        }
        const char *name = entry->d_name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
            continue;
        entry_kind kind = classify(fd, entry);
        bool ok = true;
        if (kind == ENTRY_FILE && name_selected(&w->options, name))
            ok = keep_name(f, &files, name);
        else if (kind == ENTRY_DIR && w->options.recursive)
            ok = keep_name(f, &dirs, name);
        if (!ok) {
            error = ENOMEM;
            break;
        }
    }
    f->file_count = files.count;
    f->dir_count = dirs.count;
    f->files = sorted_names(f, &files);
    f->dirs = sorted_names(f, &dirs);
    if ((files.count && f->files == NULL) || (dirs.count && f->dirs == NULL)) {
        f->file_count = f->dir_count = 0;
        error = ENOMEM;
    }
    free(files.items);
    free(dirs.items);
    return error;
}

static void frame_free(frame *f)
{
    dir_release(f->dir);
    free(f->names);
    free(f->files);
    free(f->dirs);
}

/* Pushes a frame for dir and lists it. false only when out of memory. */
static bool push_dir(walk *w, walk_dir *dir)
{
    if (w->depth == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 16;
        frame *grown = realloc(w->stack, cap * sizeof(*grown));
        if (grown == NULL) {
            dir_release(dir);
            return false;
        }
        w->stack = grown;
        w->cap = cap;
    }
    frame *f = &w->stack[w->depth++];
    memset(f, 0, sizeof(*f));
    f->dir = dir;
    int error = list_frame(w, f);
    if (error == ENOMEM)
        return false;
    if (error) {
        w->pending_path = strdup(dir->path);
        w->pending_errno = error;
        if (w->pending_path == NULL)
            return false;
    }
    return true;
}

walk *walk_open(const char *source, const walk_options *options)
{
    int fd = open(source, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    walk *w = calloc(1, sizeof(*w));
    char *path = strdup(source);
    if (w == NULL || path == NULL) {
        free(w);
        free(path);
        close(fd);
        errno = ENOMEM;
        return NULL;
    }
    w->options = *options;
    walk_dir *root = dir_new(fd, path);
    if (root == NULL)
        free(path);
    if (root == NULL || !push_dir(w, root)) {
        walk_close(w);
        errno = ENOMEM;
        return NULL;
    }
    return w;
}

bool walk_next(walk *w, walk_item *item)
{
    memset(item, 0, sizeof(*item));
    errno = 0;
    while (w->depth > 0) {
        if (w->pending_path) {
            item->kind = WALK_ERROR;
            item->path = w->pending_path;
            item->error_number = w->pending_errno;
            w->pending_path = NULL;
            return true;
        }
        frame *f = &w->stack[w->depth - 1];
        if (f->next_file < f->file_count) {
            const char *name = f->files[f->next_file++];
            item->kind = WALK_FILE;
            item->path = join_path(f->dir->path, name);
            if (item->path == NULL)
                break;
            item->name = item->path + strlen(item->path) - strlen(name);
            item->dir = f->dir;
            f->dir->refs++;
            return true;
        }
        if (f->next_dir < f->dir_count) {
            const char *name = f->dirs[f->next_dir++];
            char *path = join_path(f->dir->path, name);
            if (path == NULL)
                break;
            /* O_NOFOLLOW: a directory swapped for a symlink since it was
             * listed is not followed either. */
            int fd = openat(walk_dir_fd(f->dir), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (fd < 0) {
                item->kind = WALK_ERROR;
                item->path = path;
                item->error_number = errno;
                return true;
            }
            walk_dir *dir = dir_new(fd, path);
            if (dir == NULL) {
                free(path);
                break;
            }
            if (!push_dir(w, dir))
                break;
            continue;
        }
        frame_free(f);
        w->depth--;
    }
    if (w->depth > 0)
        errno = ENOMEM;
    return false;
}

void walk_item_free(walk_item *item)
{
    if (item->kind == WALK_FILE)
        dir_release(item->dir);
    free(item->path);
    memset(item, 0, sizeof(*item));
}

void walk_close(walk *w)
{
    if (w == NULL)
        return;
    while (w->depth > 0)
        frame_free(&w->stack[--w->depth]);
    free(w->stack);
    free(w->pending_path);
    free(w);
}
