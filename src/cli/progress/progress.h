/* Progress and status lines on stderr (contract §10.7).
 *
 * A display counts what a long job has done. It draws a live line, redrawn
 * in place ("\r...\033[K"), when the policy allows (a terminal on stderr,
 * TERM not "dumb", or --progress; never with --no-progress), and prints one
 * full status line, with a newline, when SIGUSR1 arrives (and, for displays
 * that ask for it, when Enter is pressed on a terminal stdin), live line or
 * not, as dd and hashcat do.
 *
 * stdout stays exact: the live line is never written to stdout, and when
 * stdout is the terminal too, every result line first erases it (output/cli_output.c
 * calls progress_stdout_begin/end around each write) and it is redrawn
 * below the result at once. When stdout is a file or a pipe, results leave
 * the line alone: it stays on screen and changes in place.
 *
 * Every function accepts a NULL display, so callers need no checks. */
#ifndef HC_CLI_PROGRESS_H
#define HC_CLI_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/file.h"

#include "platform.h"

typedef enum progress_policy {
    PROGRESS_AUTO,   /* a live line when stderr is a terminal and TERM is not "dumb" */
    PROGRESS_FORCE,  /* --progress: a live line wherever stderr goes */
    PROGRESS_OFF     /* --no-progress: status lines on request only */
} progress_policy;

/* Set once from the options, before any display starts (dispatch.c). */
void progress_set_policy(progress_policy policy);

typedef struct progress progress;

/* A display of files and bytes (file and dir modes). total_bytes: the bytes
 * to hash when known up front (one file), 0 when not (progress_set_totals
 * may tell later). NULL only when no thread could be started. */
progress *progress_start(uint64_t total_bytes);
/* Thread-safe; called by the readers after every chunk. */
void progress_add_bytes(progress *p, uint64_t bytes);
/* Thread-safe; one input finished (hashed or failed). */
void progress_add_file(progress *p);
/* The whole job, once known (a counting walk finished, a list was read):
 * the line then shows totals, percent and ETA. Thread-safe. */
void progress_set_totals(progress *p, uint64_t files, uint64_t bytes);
/* Does the display draw a live line? (Worth counting ahead for.) */
bool progress_live(const progress *p);

/* A display of anything else: render writes the line's text (no control
 * characters, starting "hc: ") into line; `full` asks for the long form
 * printed on request (SIGUSR1, Enter). Called from the display's thread,
 * about every `interval` seconds while the line is live. `enter`: Enter on
 * a terminal stdin asks for the full line too. */
typedef void (*progress_render)(void *ctx, double elapsed, bool full, char *line, size_t size);
progress *progress_start_custom(progress_render render, void *ctx, double interval, bool enter);
/* The same with tick(ctx, now) called from the display's thread about every
 * 100 ms, whatever the line does: for cheap watches that must not run in
 * the working threads (hash mode's stop marker). */
typedef void (*progress_tick)(void *ctx, double now);
progress *progress_start_ticking(progress_render render, progress_tick tick, void *ctx, double interval, bool enter);

/* What the file engine reports to (bytes hashed) and asks (Ctrl+C or
 * SIGTERM came): valid while the display runs; for a NULL display, the
 * interrupt alone. */
const hc_file_events *progress_events(progress *p);

/* Erase the line and stop the display (its thread is joined). */
void progress_stop(progress *p);

/* Around a batch of result lines (hold true before, false after): the
 * line is erased once before and redrawn once after, instead of around
 * each line (stdout on a terminal only; elsewhere nothing happens). Nests
 * with the per-write hooks. The file batch (<hc/file.h>) calls it
 * (display: a progress). */
void progress_hold_switch(void *display, bool hold);

/* For output.c, around every write to stdout; end gets the bytes
 * written. */
void progress_stdout_begin(void);
void progress_stdout_end(const char *data, size_t len);

/* "hc: <text>\n" on stderr without mixing with a live line. */
void progress_warn(const char *fmt, ...) PLAT_PRINTF(1, 2);

/* Erases a live line from a signal handler (async-signal-safe), before
 * the process dies of a second Ctrl+C. */
void progress_erase_for_signal(void);

/* Durations in status lines: "0:00:05", "12:34:56", "3 days 4 h",
 * "4.2 years", ">100 years". */
void progress_format_duration(double seconds, char *out, size_t size);
/* The columns a live line may take (three less than the terminal's, so
 * that it never wraps); a longer one is cut there. */
size_t progress_line_width(void);

/* Fits a progress or status line ("hc: a, b (c), d") into width columns by
 * dropping whole fields, the least useful first (elapsed time, speed,
 * length, an amount whose percentage shows, counts, ETA, found, the
 * percentage); nothing at all when not even one field fits. ASCII lines. */
void progress_fit_line(char *line, size_t width);
/* "512 B", "1.5 KiB", "12.3 GiB". */
void progress_format_bytes(double value, char *out, size_t size);

#endif
