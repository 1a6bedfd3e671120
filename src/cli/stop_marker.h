/* The stop marker of hash mode (--stop-file PATH, contract §10.10): a
 * file on storage every part of a distributed search sees. The part that
 * finds the answer creates it; every part watches for it and, once it
 * appears, stops as Ctrl+C stops a run, with its own status (EXIT_STOPPED)
 * and summary line. The watching is one stat() every WATCH_INTERVAL from
 * the status display's thread (crack_status.c), never from the workers:
 * they only read the flag, inside the engine's existing cancel check. */
#ifndef HC_CLI_STOP_MARKER_H
#define HC_CLI_STOP_MARKER_H

#include <stdatomic.h>
#include <stdbool.h>

typedef struct stop_marker {
    const char *path;    /* NULL: no marker watched (every call is then a no-op) */
    atomic_bool seen;    /* the marker appeared: the search stops */
    double next_look;    /* the watcher's own: when to look again */
} stop_marker;

/* The seconds between two looks at the marker (well within the one
 * second the contract allows). */
#define STOP_MARKER_INTERVAL 0.25

void stop_marker_init(stop_marker *m, const char *path);
/* Looks whether the marker exists now (a stat); sets m->seen if so.
 * Returns m->seen. */
bool stop_marker_look(stop_marker *m);
/* For a thread that ticks often: looks at most every STOP_MARKER_INTERVAL. */
void stop_marker_tick(stop_marker *m, double now);
/* Has the marker been seen? (The workers' check: one atomic load.) */
bool stop_marker_seen(const stop_marker *m);
/* The finding part: creates the marker holding text, with an exclusive
 * create (it never replaces a file, the user's or another part's: the
 * existence of the name is the signal, made in one step; the text follows
 * at once). A marker that already exists is left as it is. false, with a
 * message on stderr, when it could not be created. */
bool stop_marker_create(const stop_marker *m, const char *text);
/* "hc: stopped: PATH appeared" on stderr. */
void stop_marker_report(const stop_marker *m);

#endif
