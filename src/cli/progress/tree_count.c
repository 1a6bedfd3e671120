/* The counting walk of dir mode's progress line. */
#include "tree_count.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "platform.h"
#include "progress_count.h"

typedef struct tree_count {
    const char *source;
    tree_selection selection;
    hc_file_range range;
    hc_file_events stop; /* the count's stop, asked by its walk */
} tree_count;

/* The second walk, opened on the count's thread: every listed file gets a
 * line (or an error), as the hashing side counts them; only regular ones
 * have bytes. The walk ends when the count is stopped (Ctrl+C stops it
 * through tree_count_stop). */
static bool count_tree(progress_count *count, void *arg, uint64_t *files, uint64_t *bytes)
{
    tree_count *tree = arg;
    tree->stop = (hc_file_events){.ctx = count, .cancelled = progress_count_stopped};
    hc_walk_options own = tree->selection.walk;
    own.events = &tree->stop;
    hc_walk *w;
    if (hc_walk_open(&w, tree->source, &own) != HC_OK)
        return false;
    hc_walk_set_part(w, tree->selection.part, tree->selection.parts);
    hc_walk_item *item;
    hc_status status = HC_OK;
    while (!progress_count_stopped(count) && (status = hc_walk_next_item(w, &item)) == HC_OK && item != NULL) {
        if (hc_walk_item_error(item) == 0) {
            uint64_t size;
            ++*files;
            if (hc_walk_item_regular_size(item, &size))
                *bytes += hc_file_range_length(size, &tree->range);
        }
        hc_walk_item_free(item);
    }
    hc_walk_close(w);
    return status != HC_ERR_NOMEM; /* out of memory: no totals */
}

progress_count *tree_count_start(const char *source, const tree_selection *selection, const hc_file_range *range,
                                 progress *display)
{
    tree_count *tree = malloc(sizeof(*tree));
    if (tree == NULL)
        return NULL;
    *tree = (tree_count){.source = source, .selection = *selection, .range = *range};
    return progress_count_start(display, count_tree, tree, free);
}
