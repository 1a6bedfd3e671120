/* Hash mode's sessions (--session NAME, --restore): the position of a
 * search, saved to a state file as it goes and when it is stopped, so
 * that the same command with --restore continues where it stopped.
 *
 * The position is a count of candidates from the start of the run's part
 * (the units of --skip): every candidate before it was tried. A restored
 * run starts there (hc_crack_job_set_window), its attempts and status line
 * counting on. The file also holds the lines that name the search (the
 * stop marker's identity, the part, --skip, --limit and the content of
 * the wordlist and rule files): a file whose lines are not this search's
 * is refused, never used. */
#ifndef HC_CLI_SESSION_H
#define HC_CLI_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "platform.h"

typedef struct session {
    char *path;          /* the state file; NULL: no session */
    char *temporary;     /* written, then renamed over path */
    char *identity;      /* the search's lines */
    uint64_t start;      /* the run's skip: position = start + settled */
    uint64_t saved;      /* the position in the file (UINT64_MAX: none written yet) */
    double saved_at;     /* when (cli_monotonic_seconds) */
    plat_mutex lock;     /* checkpoints come from the display's thread and the main one */
    bool locking;        /* lock is made */
    bool complained;     /* a failed save was said */
} session;

/* The state files' folder: $HC_SESSION_DIR, else hc/sessions in the
 * user's state folder (plat_user_state_dir). */
#define SESSION_DIR_ENV "HC_SESSION_DIR"

/* Seconds between two checkpoints of a running search. */
#define SESSION_INTERVAL 2.0

/* Opens the session of --session/--restore (none without them: s->path
 * NULL, true). identity: the search's lines (session_identity). With
 * --restore, *skip becomes the saved position; without it, a saved state
 * of that name is refused (it would be lost). false after a message on
 * stderr (exit status 2). */
bool session_open(session *s, const cli_args *args, const char *identity, uint64_t *skip);

/* The lines naming the search: the stop marker's identity plus the part,
 * --skip, --limit, and the files' contents (their BLAKE3). NULL after a
 * message (out of memory, a file that cannot be read). */
char *session_identity(const cli_args *args, const char *marker_identity, uint64_t part, uint64_t skip,
                       uint64_t limit);

/* Saves the position start + settled if SESSION_INTERVAL has passed since
 * the last save, or it is the first move past the start (or force); any
 * thread. A failed write is said once on
 * stderr; the search goes on. */
void session_checkpoint(session *s, uint64_t settled, bool force);

/* The search is over (found, or searched to its end): the state file goes. */
void session_finish(session *s);

void session_close(session *s);

#endif
