/* Progress of long file and dir runs on stderr (bytes, rate, ETA).
 *
 * Shown only when stderr is a terminal, and only once a run has lasted long
 * enough to be worth it; a pipe or file on stderr never gets a byte. Every
 * function accepts NULL (no progress) so callers need no checks. */
#ifndef HC_CLI_PROGRESS_H
#define HC_CLI_PROGRESS_H

#include <stdint.h>

typedef struct progress progress;

/* NULL when stderr is not a terminal (or on any failure: progress is never
 * worth failing a run for). total_bytes 0 means unknown (no ETA). */
progress *progress_start(uint64_t total_bytes);
/* Thread-safe; called by the readers after every chunk. */
void progress_add_bytes(progress *p, uint64_t bytes);
void progress_add_file(progress *p);
/* Erase the progress line if it is on screen and keep it off until
 * progress_release: results are written between the two so they never mix
 * with the line. Thread-safe; not recursive. */
void progress_hold(progress *p);
void progress_release(progress *p);
/* Erase the line and stop the display thread. */
void progress_stop(progress *p);

#endif
