/* Counting a tree ahead of its hashing (dir mode's progress line, contract
 * §10.7): a second walk, on a thread of its own (progress_count.h), with
 * the same selection, stats every file it lists and, once it reaches the
 * end, gives the display the totals (files, and bytes to hash under
 * -q/-z). Hashing never waits for it: until then the line shows what is
 * done without totals. */
#ifndef HC_CLI_TREECOUNT_H
#define HC_CLI_TREECOUNT_H

#include <stdint.h>

#include "hc/file.h"
#include "progress.h"
#include "progress_count.h"

/* Which files of a tree dir mode hashes: -r, -i, -e (walk) and --part K/N
 * (parts 0: all of them). */
typedef struct tree_selection {
    hc_walk_options walk;
    uint64_t part, parts;
} tree_selection;

/* The count, stopped with progress_count_stop; NULL when the display
 * draws no live line (nothing would show the totals) or no thread could
 * be had. source and the selection's patterns stay the caller's until
 * then. */
progress_count *tree_count_start(const char *source, const tree_selection *selection, const hc_file_range *range,
                                 progress *display);

#endif
