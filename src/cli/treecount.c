/* The counting walk of dir mode's progress line. */
#include "treecount.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "platform.h"

struct tree_count {
    plat_thread *thread;
    atomic_bool stop;
    walk *walk;
    read_range range;
    progress *display;
};

/* The counting walk ends when the count is stopped (Ctrl+C stops the
 * count through tree_count_stop). */
static bool count_stopped(void *arg)
{
    tree_count *count = arg;
    return atomic_load_explicit(&count->stop, memory_order_relaxed);
}

static void *count_main(void *arg)
{
    tree_count *count = arg;
    uint64_t files = 0, bytes = 0;
    walk_item item;
    while (!atomic_load_explicit(&count->stop, memory_order_relaxed) && walk_next(count->walk, &item)) {
        if (item.kind == WALK_FILE) {
            /* every listed file gets a line (or an error), as the
             * hashing side counts them; only regular ones have bytes */
            plat_file_info info;
            files++;
            if (plat_stat_at(walk_dir_handle(item.dir), item.name, &info) == 0 && info.kind == PLAT_KIND_REGULAR)
                bytes += read_length(info.size, &count->range);
        }
        walk_item_free(&item);
    }
    /* out of memory, or stopped: no totals rather than wrong ones */
    if (!atomic_load(&count->stop) && errno != ENOMEM)
        progress_set_totals(count->display, files, bytes);
    return NULL;
}

tree_count *tree_count_start(const char *source, const walk_options *options, const read_range *range,
                             progress *display)
{
    if (!progress_live(display))
        return NULL;
    tree_count *count = calloc(1, sizeof(*count));
    if (count == NULL)
        return NULL;
    atomic_init(&count->stop, false);
    count->range = *range;
    count->display = display;
    walk_options own = *options;
    own.cancelled = count_stopped;
    own.cancel_ctx = count;
    count->walk = walk_open(source, &own);
    if (count->walk == NULL || plat_thread_start(&count->thread, count_main, count) != 0) {
        walk_close(count->walk);
        free(count);
        return NULL;
    }
    return count;
}

void tree_count_stop(tree_count *count)
{
    if (count == NULL)
        return;
    atomic_store(&count->stop, true);
    plat_thread_join(count->thread);
    walk_close(count->walk);
    free(count);
}
