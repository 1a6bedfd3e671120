/* The directory walk: depth first, each directory listed completely and
 * sorted before any of its entries is used (the order must not depend on
 * what readdir returns, contract §9).
 *
 * Trees of any depth, with a bounded number of descriptors and memory
 * linear in the depth (docs/file-dir.md, "Deep trees"):
 *  - at most DIRS_OPEN directories of the current path are kept open (and
 *    the source, always): going deeper closes the outermost one no item
 *    still needs; coming back up reopens a closed directory through ".."
 *    of the child just left (one system call a level), checked to be the
 *    same directory by device and inode, or failing that by its path,
 *    name by name without following symlinks, from the nearest open
 *    ancestor;
 *  - the printed path of the current directory is one buffer that grows
 *    and shrinks with the walk; a level keeps only the length of its path
 *    and its sorted names, never a copy of the path. */
#include "walk.h"

#include "platform.h"

#include "tree_part.h"
#include "array_grow.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Directories of the current path held open besides the source. */
enum { DIRS_OPEN = 16 };

struct walk_dir {
    plat_dir *handle; /* NULL while closed to save descriptors */
    unsigned refs;   /* the walk's frame plus the items not yet freed */
    bool framed;     /* the walk still has a frame for it */
    /* closed by the budget while items still use it: the handle goes when
     * the last of them is freed */
    bool closing;
    uint64_t dev;    /* identity, to check a reopened directory */
    uint64_t ino;
};

/* One directory being walked: its sorted file and sub-directory names. */
typedef struct frame {
    walk_dir *dir;
    size_t path_len;        /* its printed path: w->path[0, path_len) */
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
    char *path;              /* printed path of the deepest directory */
    size_t path_cap;
    size_t open_dirs;        /* frames past the source whose handle is open */
    size_t first_open;       /* frames past the source below this are closed */
    /* a directory that could be opened but not read to the end: reported
     * before its (partial) contents */
    char *pending_path;
    int pending_errno;
    size_t root_len;         /* the source's printed path: path[0, root_len) */
    bool cancelled;          /* options.cancelled said stop: the walk is over */
};

/* Entries read between two questions to options.cancelled. */
enum { ENTRIES_PER_CANCEL_CHECK = 64 };

/* Asks the caller whether to stop; once it said so, the walk stays over.
 * A tree where nothing matches (-i) never hands out an item, so the
 * caller cannot stop it between items: the walk asks itself. */
static bool walk_cancelled(walk *w)
{
    if (!w->cancelled && w->options.cancelled != NULL && w->options.cancelled(w->options.cancel_ctx))
        w->cancelled = true;
    return w->cancelled;
}

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

/* Whole-name glob of contract §4.2: '*' any run, '?' one byte, ASCII case
 * blind, '[' literal, ';' separates alternatives, empty alternatives match
 * nothing (tests/fuzz/fuzz_glob.c, through hc_walk_selects). */
static bool pattern_list_matches(const char *list, const char *name)
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

bool walk_selects_name(const walk_options *options, const char *name)
{
    if (options->include && options->include[0] && !pattern_list_matches(options->include, name))
        return false;
    return !(options->exclude && options->exclude[0] && pattern_list_matches(options->exclude, name));
}

/* ---- directories ---- */

/* "<dir>/<name>" for dir = path[0, dir_len), without doubling a separator
 * the directory ends in (§4.3); "<dir>\\<name>" on Windows. */
static size_t joined_len(const char *dir, size_t dir_len, const char *name)
{
    bool separator = dir_len > 0 && !plat_is_separator(dir[dir_len - 1]);
    return dir_len + separator + strlen(name);
}

static void join_into(char *out, const char *dir, size_t dir_len, const char *name)
{
    bool separator = dir_len > 0 && !plat_is_separator(dir[dir_len - 1]);
    memmove(out, dir, dir_len);
    if (separator)
        out[dir_len] = PLAT_PATH_SEPARATOR;
    strcpy(out + dir_len + separator, name);
}

static char *join_path(const char *dir, size_t dir_len, const char *name)
{
    char *path = malloc(joined_len(dir, dir_len, name) + 1);
    if (path != NULL)
        join_into(path, dir, dir_len, name);
    return path;
}

/* Takes handle (closed on failure). */
static walk_dir *dir_new(plat_dir *handle)
{
    walk_dir *dir = malloc(sizeof(*dir));
    if (dir == NULL) {
        plat_dir_close(handle);
        return NULL;
    }
    dir->handle = handle;
    dir->refs = 1;
    dir->framed = true;
    dir->closing = false;
    dir->dev = 0;
    dir->ino = 0;
    return dir;
}

static void dir_release(walk_dir *dir)
{
    if (dir == NULL)
        return;
    if (--dir->refs == 0) {
        if (dir->handle)
            plat_dir_close(dir->handle);
        free(dir);
    } else if (dir->refs == 1 && dir->framed && dir->closing) {
        plat_dir_close(dir->handle);
        dir->handle = NULL;
        dir->closing = false;
    }
}

/* Open for the walk: not closed, and not waiting to be. */
static bool dir_open(const walk_dir *dir)
{
    return dir->handle != NULL && !dir->closing;
}

plat_dir *walk_dir_handle(const walk_dir *dir)
{
    return dir->handle;
}

static int compare_names(const void *a, const void *b)
{
    /* strcmp compares as unsigned char: the byte-wise order of §9 */
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Makes room for need bytes in the buffer *data of *cap bytes: first
 * bytes at the start, doubled until they hold need; false when out of
 * memory (the buffer as it was). */
static bool grow_chars(char **data, size_t *cap, size_t need, size_t first)
{
    char *grown = hc_array_grow(*data, cap, need, 1, first);
    if (grown == NULL)
        return false;
    *data = grown;
    return true;
}

/* Offsets of the kept names while the name buffer may still move. */
typedef struct offsets {
    size_t *items;
    size_t count, cap;
} offsets;

static bool offsets_push(offsets *list, size_t value)
{
    size_t *items = hc_array_grow(list->items, &list->cap, list->count + 1, sizeof(*items), 64);
    if (items == NULL)
        return false;
    list->items = items;
    list->items[list->count++] = value;
    return true;
}

static bool keep_name(frame *f, offsets *list, const char *name)
{
    size_t len = strlen(name) + 1;
    /* exact for the many small directories of a deep chain, doubling
     * for big ones */
    if (!grow_chars(&f->names, &f->names_cap, f->names_len + len, 64))
        return false;
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

/* Reads the whole directory of f. Returns 0, or the errno of a read error
 * (what was read so far is kept), or ENOMEM. */
static int list_frame(walk *w, frame *f)
{
    offsets files = {0}, dirs = {0};
    int error = 0;
    for (size_t read = 1;; read++) {
        if (read % ENTRIES_PER_CANCEL_CHECK == 0 && walk_cancelled(w))
            break; /* walk_next ends the walk */
        /* the kind as lstat says: symlinks are neither files nor
         * directories here */
        plat_dir_entry entry;
        int got = plat_dir_next(f->dir->handle, &entry);
        if (got <= 0) {
            error = got < 0 ? errno : 0;
            break;
        }
        const char *name = entry.name;
        bool ok = true;
        if (entry.kind == PLAT_KIND_REGULAR && walk_selects_name(&w->options, name))
            ok = keep_name(f, &files, name);
        else if (entry.kind == PLAT_KIND_DIRECTORY && w->options.recursive)
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

static void frame_free(walk *w, frame *f)
{
    if (f != w->stack && dir_open(f->dir))
        w->open_dirs--;
    /* the items still to be hashed need the handle */
    f->dir->framed = false;
    f->dir->closing = false;
    dir_release(f->dir);
    free(f->names);
    free(f->files);
    free(f->dirs);
}

/* ---- the descriptor budget ---- */

/* Closes the handle of the outermost open frame (never the source's, never
 * the deepest one's); when items of the batch still use it, as soon as they
 * are freed. false when there is none. */
static bool close_outermost(walk *w)
{
    if (w->first_open < 1)
        w->first_open = 1;
    for (size_t i = w->first_open; i + 1 < w->depth; i++) {
        walk_dir *dir = w->stack[i].dir;
        if (!dir_open(dir)) {
            if (i == w->first_open)
                w->first_open++; /* so that a deep walk never rescans them */
            continue;
        }
        plat_file_info info;
        if (plat_dir_info(dir->handle, &info) != 0)
            continue; /* cannot check it when reopened: keep it open */
        dir->dev = info.device;
        dir->ino = info.inode;
        if (dir->refs > 1) {
            dir->closing = true;
        } else {
            plat_dir_close(dir->handle);
            dir->handle = NULL;
        }
        w->open_dirs--;
        return true;
    }
    return false;
}

/* Adopts handle as the handle of dir if it is the same directory (errno:
 * ENOENT when it is another one, moved or replaced meanwhile); closes it
 * otherwise. */
static bool adopt(walk_dir *dir, plat_dir *handle)
{
    if (handle == NULL)
        return false;
    plat_file_info info;
    if (plat_dir_info(handle, &info) == 0) {
        if (info.device == dir->dev && info.inode == dir->ino) {
            dir->handle = handle;
            return true;
        }
        errno = ENOENT;
    }
    int saved = errno;
    plat_dir_close(handle);
    errno = saved;
    return false;
}

/* Reopens the closed directory of frame i by its path: from the nearest
 * open ancestor, one name at a time, never through a symlink. */
static bool reopen_by_path(walk *w, size_t i)
{
    size_t a = i;
    while (w->stack[--a].dir->handle == NULL) {
    }
    plat_dir *ancestor = w->stack[a].dir->handle, *at = NULL;
    for (size_t k = a + 1; k <= i; k++) {
        /* frame k's own name ends its path; its parent's path precedes it */
        size_t start = w->stack[k - 1].path_len, end = w->stack[k].path_len;
        while (start < end && plat_is_separator(w->path[start]))
            start++;
        char saved = w->path[end];
        w->path[end] = '\0';
        plat_dir *next = plat_dir_open_at(at ? at : ancestor, w->path + start);
        w->path[end] = saved;
        if (at) {
            int error = errno;
            plat_dir_close(at);
            errno = error;
        }
        at = next;
        if (at == NULL)
            break;
    }
    return adopt(w->stack[i].dir, at);
}

/* The deepest frame's handle is open again (it was closed on the way
 * down); child is the directory just left, or NULL. false when it cannot
 * be reopened (removed, moved, replaced): errno says why. */
static bool reopen_top(walk *w, const walk_dir *child)
{
    walk_dir *dir = w->stack[w->depth - 1].dir;
    if (dir_open(dir))
        return true;
    if (dir->closing) {
        dir->closing = false; /* still open for its items: keep it */
    } else {
        plat_dir *parent = child != NULL && child->handle != NULL ? plat_dir_open_at(child->handle, "..") : NULL;
        if (!adopt(dir, parent) && !reopen_by_path(w, w->depth - 1))
            return false;
    }
    if (w->first_open > w->depth - 1)
        w->first_open = w->depth - 1;
    w->open_dirs++;
    return true;
}

/* Makes room in the path buffer for len bytes and a NUL. */
static bool path_reserve(walk *w, size_t len)
{
    return grow_chars(&w->path, &w->path_cap, len + 1, 256);
}

/* Pushes a frame for dir (its printed path already in w->path[0,
 * path_len)) and lists it. false only when out of memory. */
static bool push_dir(walk *w, walk_dir *dir, size_t path_len)
{
    frame *stack = hc_array_grow(w->stack, &w->cap, w->depth + 1, sizeof(*stack), 16);
    if (stack == NULL) {
        dir_release(dir);
        return false;
    }
    w->stack = stack;
    frame *f = &w->stack[w->depth++];
    memset(f, 0, sizeof(*f));
    f->dir = dir;
    f->path_len = path_len;
    if (w->depth > 1)
        w->open_dirs++;
    while (w->open_dirs > DIRS_OPEN && close_outermost(w)) {
    }
    int error = list_frame(w, f);
    if (error == ENOMEM)
        return false;
    if (error) {
        w->pending_path = plat_strndup(w->path, path_len);
        w->pending_errno = error;
        if (w->pending_path == NULL)
            return false;
    }
    return true;
}

walk *walk_open(const char *source, const walk_options *options)
{
    plat_dir *handle = plat_dir_open(source);
    if (handle == NULL)
        return NULL;
    walk *w = calloc(1, sizeof(*w));
    size_t len = strlen(source);
    if (w == NULL || !path_reserve(w, len)) {
        free(w);
        plat_dir_close(handle);
        errno = ENOMEM;
        return NULL;
    }
    memcpy(w->path, source, len + 1);
    w->root_len = len;
    w->options = *options;
    walk_dir *root = dir_new(handle);
    if (root == NULL || !push_dir(w, root, len)) {
        walk_close(w);
        errno = ENOMEM;
        return NULL;
    }
    return w;
}

/* Leaves the deepest directory; its parent, if closed, is reopened. On
 * failure the parent's remaining sub-directories are skipped and *error
 * says why. */
static void pop_dir(walk *w, int *error)
{
    frame *f = &w->stack[w->depth - 1];
    walk_dir *child = f->dir;
    child->refs++; /* its handle serves to reopen the parent */
    frame_free(w, f);
    w->depth--;
    *error = 0;
    if (w->depth > 0) {
        frame *parent = &w->stack[w->depth - 1];
        w->path[parent->path_len] = '\0';
        if (!reopen_top(w, child)) {
            *error = errno;
            parent->next_dir = parent->dir_count;
        }
    }
    dir_release(child);
}

/* Is a printed path below the source in this walk's part? 1, 0, or -1
 * when memory ran out. */
static int in_part(const walk *w, const char *path)
{
    if (w->options.parts <= 1)
        return 1;
    const char *rel = path + w->root_len;
    while (plat_is_separator(*rel))
        rel++;
    if (*rel == '\0')
        return 1; /* the source itself (it could not be read): every part says so */
    return tree_part_holds(rel, strlen(rel), w->options.part, w->options.parts);
}

/* Keeps an item of this walk's part; drops (and frees) the others. false
 * when it was dropped; *failed when memory ran out. */
static bool keep_item(const walk *w, walk_item *item, bool *failed)
{
    int held = in_part(w, item->path);
    if (held == 1)
        return true;
    *failed = held < 0;
    walk_item_free(item);
    return false;
}

/* The next item in walk order, whatever its part. */
static bool walk_next_any(walk *w, walk_item *item)
{
    memset(item, 0, sizeof(*item));
    errno = 0;
    while (w->depth > 0) {
        if (walk_cancelled(w)) {
            errno = ECANCELED;
            return false;
        }
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
            item->path = join_path(w->path, f->path_len, name);
            if (item->path == NULL)
                break;
            item->name = item->path + strlen(item->path) - strlen(name);
            item->dir = f->dir;
            f->dir->refs++;
            return true;
        }
        if (f->next_dir < f->dir_count) {
            const char *name = f->dirs[f->next_dir++];
            size_t len = joined_len(w->path, f->path_len, name);
            if (!path_reserve(w, len))
                break;
            join_into(w->path, w->path, f->path_len, name);
            plat_dir *handle = plat_dir_open_at(f->dir->handle, name);
            if (handle == NULL && (errno == EMFILE || errno == ENFILE) && close_outermost(w))
                handle = plat_dir_open_at(f->dir->handle, name);
            if (handle == NULL) {
                item->kind = WALK_ERROR;
                item->error_number = errno;
                item->path = plat_strndup(w->path, len);
                w->path[f->path_len] = '\0';
                if (item->path == NULL)
                    break;
                return true;
            }
            walk_dir *dir = dir_new(handle);
            if (dir == NULL || !push_dir(w, dir, len))
                break;
            continue;
        }
        int error;
        pop_dir(w, &error);
        if (error) {
            /* the parent (now the deepest) is gone or replaced */
            frame *parent = &w->stack[w->depth - 1];
            item->kind = WALK_ERROR;
            item->error_number = error;
            item->path = plat_strndup(w->path, parent->path_len);
            if (item->path == NULL)
                break;
            return true;
        }
    }
    if (w->depth > 0)
        errno = ENOMEM;
    return false;
}

bool walk_next(walk *w, walk_item *item)
{
    bool failed = false;
    while (!failed && walk_next_any(w, item)) {
        if (keep_item(w, item, &failed))
            return true;
    }
    if (failed)
        errno = ENOMEM;
    return false;
}

void walk_set_part(walk *w, uint64_t part, uint64_t parts)
{
    w->options.part = part;
    w->options.parts = parts;
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
        frame_free(w, &w->stack[--w->depth]);
    free(w->stack);
    free(w->path);
    free(w->pending_path);
    free(w);
}
