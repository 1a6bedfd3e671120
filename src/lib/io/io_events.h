/* The file engine's side of hc_file_events (<hc/file.h>): progress out,
 * cancellation in, both optional. */
#ifndef HC_IO_EVENTS_H
#define HC_IO_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "hc/file.h"

static inline void io_report(const hc_file_events *events, uint64_t bytes)
{
    if (events != NULL && events->progress != NULL)
        events->progress(events->ctx, bytes);
}

static inline bool io_cancelled(const hc_file_events *events)
{
    return events != NULL && events->cancelled != NULL && events->cancelled(events->ctx);
}

/* Seconds on a clock that never goes back, for timing the hashing. */
double io_monotonic_seconds(void);

#endif
