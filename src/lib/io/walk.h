/* Directory walk of dir mode (contract §4, §9): regular files only, in a
 * deterministic order (each directory's entries sorted byte-wise by name,
 * its files before its sub-directories, depth first), symlinks neither
 * followed nor hashed, FIFOs, sockets and devices never opened. */
#ifndef HC_IO_WALK_H
#define HC_IO_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform.h"

/* An open directory of the walk; files are opened relative to it, so paths
 * of any depth work. Reference-counted: items keep it open. */
typedef struct walk_dir walk_dir;

typedef enum walk_item_kind {
    WALK_FILE,     /* a regular file that passed -i/-e */
    WALK_ERROR     /* a sub-directory that could not be read */
} walk_item_kind;

typedef struct walk_item {
    walk_item_kind kind;
    walk_dir *dir;      /* WALK_FILE: holds a reference; release with walk_item_free */
    const char *name;   /* WALK_FILE: the name inside dir (points into path) */
    char *path;         /* the printed path (§4.3), owned */
    int error_number;   /* WALK_ERROR: errno */
} walk_item;

typedef struct walk_options {
    bool recursive;
    const char *include; /* -i: NULL or "" means no filter */
    const char *exclude; /* -e */
    /* --part K/N (walk_set_part): only the files, and the unreadable
     * sub-directories, of part K; parts 0: everything */
    uint64_t part, parts;
    /* NULL, or asked between directory entries: true ends the walk
     * (walk_next: false with errno ECANCELED) */
    bool (*cancelled)(void *ctx);
    void *cancel_ctx;
} walk_options;

typedef struct walk walk;

/* Opens the source directory (quotes already stripped). NULL with errno set
 * when it cannot be opened as a directory. */
walk *walk_open(const char *source, const walk_options *options);
/* The next item in walk order; false at the end, with errno = ENOMEM when
 * memory ran out, or ECANCELED when options->cancelled said stop. */
bool walk_next(walk *w, walk_item *item);
void walk_close(walk *w);
/* Lists only part K of N from the next item on (tree_part.h). */
void walk_set_part(walk *w, uint64_t part, uint64_t parts);

void walk_item_free(walk_item *item);
/* Would the walk list a regular file of this name (-i and -e)? */
bool walk_selects_name(const walk_options *options, const char *name);
/* The open directory holding a WALK_FILE item (files are opened and
 * stat'ed in it). */
plat_dir *walk_dir_handle(const walk_dir *dir);

#endif
