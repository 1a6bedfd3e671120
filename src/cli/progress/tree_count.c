/* The counting walk of dir mode's progress line. */
#include "tree_count.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "platform.h"
#include "progress_count.h"

struct tree_count {
    progress_count *count;
    const char *source;
    walk_options options;
    read_range range;
};

/* The second walk, opened on the count's thread: every listed file gets a
 * line (or an error), as the hashing side counts them; only regular ones
 * have bytes. The walk ends when the count is stopped (Ctrl+C stops it
 * through tree_count_stop). */
static bool count_tree(progress_count *count, void *arg, uint64_t *files, uint64_t *bytes)
{
    tree_count *tree = arg;
    walk_options own = tree->options;
    own.cancelled = progress_count_stopped;
    own.cancel_ctx = count;
    walk *w = walk_open(tree->source, &own);
    if (w == NULL)
        return false;
    walk_item item;
    while (!progress_count_stopped(count) && walk_next(w, &item)) {
        if (item.kind == WALK_FILE) {
            plat_file_info info;
            ++*files;
            if (plat_stat_at(walk_dir_handle(item.dir), item.name, &info) == 0 && info.kind == PLAT_KIND_REGULAR)
                *bytes += read_length(info.size, &tree->range);
        }
        walk_item_free(&item);
    }
    const bool whole = errno != ENOMEM; /* out of memory: no totals */
    walk_close(w);
    return whole;
}

tree_count *tree_count_start(const char *source, const walk_options *options, const read_range *range,
                             progress *display)
{
    tree_count *tree = malloc(sizeof(*tree));
    if (tree == NULL)
        return NULL;
    *tree = (tree_count){.source = source, .options = *options, .range = *range};
    if ((tree->count = progress_count_start(display, count_tree, tree)) == NULL) {
        free(tree);
        return NULL;
    }
    return tree;
}

void tree_count_stop(tree_count *tree)
{
    if (tree == NULL)
        return;
    progress_count_stop(tree->count);
    free(tree);
}
