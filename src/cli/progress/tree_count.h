/* Counting a tree ahead of its hashing (dir mode's progress line, contract
 * §10.7): a second walk, on a thread of its own (progress_count.h), with
 * the same selection, stats every file it lists and, once it reaches the
 * end, gives the display the totals (files, and bytes to hash under
 * -q/-z). Hashing never waits for it: until then the line shows what is
 * done without totals. */
#ifndef HC_CLI_TREECOUNT_H
#define HC_CLI_TREECOUNT_H

#include "progress.h"
#include "reader.h"
#include "walk.h"

typedef struct tree_count tree_count;

/* NULL when the display draws no live line (nothing would show the
 * totals) or no thread could be had. source, options' patterns and range
 * stay the caller's until tree_count_stop. */
tree_count *tree_count_start(const char *source, const walk_options *options, const read_range *range,
                             progress *display);
/* Stops the count if it still runs, and waits for its thread. */
void tree_count_stop(tree_count *count);

#endif
