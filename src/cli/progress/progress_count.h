/* Counting the work ahead on a thread of its own, for the progress line's
 * totals (contract §10.7): dir mode's second walk (tree_count.c), check's
 * second reading of its lists. The work never waits for the count; once
 * the count is whole the display gets the totals, and until then it shows
 * what is done without them. */
#ifndef HC_CLI_PROGRESS_COUNT_H
#define HC_CLI_PROGRESS_COUNT_H

#include <stdbool.h>
#include <stdint.h>

#include "progress.h"

typedef struct progress_count progress_count;

/* The count itself, run on the count's thread: adds the files and bytes
 * ahead to *files and *bytes and returns true when it counted them all
 * (false: out of memory, or work that cannot be counted ahead). It ends
 * early once progress_count_stopped(count) is true. */
typedef bool progress_count_body(progress_count *count, void *arg, uint64_t *files, uint64_t *bytes);

/* Starts body(count, arg, ...) on a thread of its own; arg is the
 * count's from now on: release(arg) (may be NULL) frees it once the
 * thread has ended, or at once when the count does not start. NULL when
 * the display draws no live line (nothing would show the totals), or no
 * memory or thread could be had: no totals then. */
progress_count *progress_count_start(progress *display, progress_count_body *body, void *arg,
                                     void (*release)(void *arg));

/* Whether the count was stopped; count is a progress_count (the form the
 * walk's and the line reader's cancel hooks take). */
bool progress_count_stopped(void *count);

/* Stops the count if it still runs, waits for its thread and frees it
 * and its arg. NULL: nothing to do. */
void progress_count_stop(progress_count *count);

#endif
