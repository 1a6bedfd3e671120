/* The status line of hash mode (contract §10.7): candidates done of the
 * run (percent), current length, speed, ETA and answers found, from the
 * counters the engine publishes (hc_crack_progress); live on a terminal
 * about once a second, in full on SIGUSR1 or Enter. */
#ifndef HC_CLI_CRACK_STATUS_H
#define HC_CLI_CRACK_STATUS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "count128.h"
#include "hc/crack.h"
#include "progress.h"
#include "session.h"
#include "stop_marker.h"

/* A word stream's source (a wordlist) as far as it has been read: its
 * candidates cannot be counted before the end, its bytes can, so the
 * percentage and the ETA come from them. */
typedef struct crack_source {
    atomic_bool active;          /* the run reads a wordlist */
    atomic_uint_fast64_t size;   /* its bytes; 0: not known (standard input) */
    atomic_uint_fast64_t read;   /* bytes of the words searched so far */
} crack_source;

typedef struct crack_status {
    hc_crack_progress *counters; /* the engine writes, the display reads */
    crack_source source;
    count128 total;              /* candidates the run hashes */
    count128 skipped;            /* before them: the job's skip, shown as done */
    uint32_t min_len, max_len;
    unsigned targets;
    /* the display thread's own: the speed, smoothed over the last seconds */
    double rate, rate_at, byte_rate;
    uint64_t rate_done, rate_read;
    progress *display;
    stop_marker *marker;         /* watched from the display's thread; may be NULL */
    session *session;            /* checkpointed from the display's thread; may be NULL */
} crack_status;

/* Starts showing the status of job (which then publishes into status),
 * watching marker and saving the session's position (each NULL: none).
 * false without memory for the counters (nothing started). */
bool crack_status_start(crack_status *status, hc_crack_job *job, stop_marker *marker, session *saved);
/* Erases the line; the job publishes nowhere again. Returns the counters'
 * last `settled` (the run's checkpoint). */
uint64_t crack_status_stop(crack_status *status, hc_crack_job *job);

/* The run being shown reads a wordlist of size bytes (0: not known), and
 * has searched the words of its first `read` bytes. The status shown is
 * the process's one live line: these reach it without a handle, and do
 * nothing when no line is live. */
void crack_status_source_size(uint64_t size);
void crack_status_source_read(uint64_t read);

/* A count that saturated (COUNT128_MAX), in words. */
#define UNCOUNTABLE_TEXT "2^128 - 1 or more"

/* Digits grouped by spaces (§5.6), for counts beyond 64 bits too. */
void format_count(count128 value, char *out, size_t size);

#endif
