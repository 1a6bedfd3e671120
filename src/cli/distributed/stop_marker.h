/* The stop marker of hash mode (--stop-file PATH, contract §10.10): a
 * file on storage every part of a distributed search sees. The part that
 * finds the answer creates it; every part watches for it and, once it
 * appears, stops as Ctrl+C stops a run, with its own status (EXIT_STOPPED)
 * and summary line. The watching is one stat() every STOP_MARKER_INTERVAL
 * from the status display's thread (crack_status.c), never from the
 * workers: they only read the flag, inside the engine's existing cancel
 * check.
 *
 * A marker says which search it belongs to (its first lines, the search's
 * identity: search_identity.h), so that a marker left by an earlier search
 * never passes for this one's find: a part refuses to start on another
 * search's marker, and stops with EXIT_USAGE when one appears while it
 * runs. Markers appear complete (written beside the path, then moved to it
 * without replacing anything), so a part never reads half of one. */
#ifndef HC_CLI_STOP_MARKER_H
#define HC_CLI_STOP_MARKER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/* The first line of every marker (the version of its layout). */
#define STOP_MARKER_MAGIC "hc stop marker 1\n"

typedef struct stop_marker {
    const char *path;    /* NULL: no marker watched (every call is then a no-op) */
    const char *identity; /* this search's lines, STOP_MARKER_MAGIC first (the caller's) */
    atomic_bool seen;    /* this search's marker appeared: the search stops (EXIT_STOPPED) */
    atomic_bool taken;   /* something else took the path: the search stops (EXIT_USAGE) */
    char what[320];      /* what took it, for the message (written before `taken`) */
    double next_look;    /* the watcher's own: when to look again */
} stop_marker;

/* The seconds between two looks at the marker (well within the one
 * second the contract allows). */
#define STOP_MARKER_INTERVAL 0.25

void stop_marker_init(stop_marker *m, const char *path, const char *identity);
/* The look as a part starts: nothing there, or this search's marker (then
 * m->seen: the search stops at once), returns true. Another search's
 * marker: with replace it is removed (said on stderr) and true; without,
 * false. A file that is no marker, or cannot be read: false. Every false
 * after a message on stderr naming the path and what is there. */
bool stop_marker_start(stop_marker *m, bool replace);
/* The watcher's look: sets m->seen when this search's marker is there now,
 * m->taken when something else is. Returns whether the search must stop. */
bool stop_marker_look(stop_marker *m);
/* For a thread that ticks often: looks at most every STOP_MARKER_INTERVAL. */
void stop_marker_tick(stop_marker *m, double now);
/* Must the search stop? (The workers' check: atomic loads.) */
bool stop_marker_seen(const stop_marker *m);
/* The status of a search the marker stopped: EXIT_STOPPED for this
 * search's marker, EXIT_USAGE when something else took the path. */
int stop_marker_status(const stop_marker *m);
/* The finding part: creates the marker, the identity then found_by and
 * answer as lines, written beside it and moved into place without
 * replacing a file (the user's or another part's: the existence of the
 * name is the signal, and it appears complete). When this search's marker
 * is already there (another part found it first), nothing is said; when
 * something else is, or the marker cannot be made, false after a message
 * on stderr. */
bool stop_marker_create(const stop_marker *m, const char *found_by, const char *answer, size_t answer_len);
/* Why the search stopped, on stderr: "hc: stopped: PATH appeared", or
 * what else took the path. */
void stop_marker_report(const stop_marker *m);

#endif
