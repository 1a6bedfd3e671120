/* Progress display: a small thread redraws one stderr line a few times a
 * second from counters the hashing threads bump atomically, so the hashing
 * loops never format text or touch the terminal themselves. */
#include "progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Runs shorter than this never show anything: a line that flashes up and
 * vanishes is noise. */
#define SHOW_AFTER_SECONDS 1.0
#define REDRAW_NANOSECONDS 250000000L

struct progress {
    pthread_t thread;
    pthread_mutex_t lock;   /* the terminal line and the fields below */
    pthread_cond_t wake;
    bool stopping;
    bool shown;             /* a progress line is on screen */
    double started;
    uint64_t total;         /* 0: unknown */
    atomic_uint_fast64_t bytes;
    atomic_uint_fast64_t files;
};

static double monotonic_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Progress is best effort: a failed write to the terminal is ignored. */
static void write_stderr(const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(STDERR_FILENO, text, len);
        if (n <= 0)
            return;
        text += n;
        len -= (size_t)n;
    }
}

/* "512 B", "1.5 KiB", "12.3 GiB". */
static void human_bytes(double value, char *out, size_t size)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    unsigned unit = 0;
    while (value >= 1024.0 && unit + 1 < sizeof(units) / sizeof(units[0])) {
        value /= 1024.0;
        unit++;
    }
    if (unit == 0)
        snprintf(out, size, "%.0f %s", value, units[unit]);
    else
        snprintf(out, size, "%.1f %s", value, units[unit]);
}

static void draw(progress *p, double now)
{
    uint64_t bytes = atomic_load_explicit(&p->bytes, memory_order_relaxed);
    uint64_t files = atomic_load_explicit(&p->files, memory_order_relaxed);
    double elapsed = now - p->started;
    double rate = elapsed > 0 ? (double)bytes / elapsed : 0;
    char done[32], total[32], speed[32], line[192];
    human_bytes((double)bytes, done, sizeof(done));
    human_bytes(rate, speed, sizeof(speed));
    int n;
    if (p->total > 0) {
        human_bytes((double)p->total, total, sizeof(total));
        double percent = 100.0 * (double)bytes / (double)p->total;
        n = snprintf(line, sizeof(line), "\rhc: %s of %s (%.0f%%), %s/s", done, total, percent > 100 ? 100 : percent,
                     speed);
        if (rate > 0 && bytes < p->total) {
            unsigned long eta = (unsigned long)((double)(p->total - bytes) / rate + 0.5);
            n += snprintf(line + n, sizeof(line) - (size_t)n, ", ETA %lu:%02lu:%02lu", eta / 3600, eta / 60 % 60,
                          eta % 60);
        }
    } else if (files > 0) {
        n = snprintf(line, sizeof(line), "\rhc: %llu files, %s, %s/s", (unsigned long long)files, done, speed);
    } else {
        n = snprintf(line, sizeof(line), "\rhc: %s, %s/s", done, speed);
    }
    if (n > 0 && (size_t)n < sizeof(line) - 4) {
        memcpy(line + n, "\033[K", 3); /* erase what a longer earlier line left */
        write_stderr(line, (size_t)n + 3);
        p->shown = true;
    }
}

static void erase_locked(progress *p)
{
    if (p->shown) {
        write_stderr("\r\033[K", 4);
        p->shown = false;
    }
}

static void *progress_main(void *arg)
{
    progress *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += REDRAW_NANOSECONDS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->wake, &p->lock, &until);
        double now = monotonic_seconds();
        if (!p->stopping && now - p->started >= SHOW_AFTER_SECONDS)
            draw(p, now);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

progress *progress_start(uint64_t total_bytes)
{
    if (!isatty(STDERR_FILENO))
        return NULL;
    progress *p = calloc(1, sizeof(*p));
    if (p == NULL)
        return NULL;
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&p->wake, &attr);
    pthread_condattr_destroy(&attr);
    pthread_mutex_init(&p->lock, NULL);
    p->started = monotonic_seconds();
    p->total = total_bytes;
    atomic_init(&p->bytes, 0);
    atomic_init(&p->files, 0);
    if (pthread_create(&p->thread, NULL, progress_main, p) != 0) {
        pthread_cond_destroy(&p->wake);
        pthread_mutex_destroy(&p->lock);
        free(p);
        return NULL;
    }
    return p;
}

void progress_add_bytes(progress *p, uint64_t bytes)
{
    if (p)
        atomic_fetch_add_explicit(&p->bytes, bytes, memory_order_relaxed);
}

void progress_add_file(progress *p)
{
    if (p)
        atomic_fetch_add_explicit(&p->files, 1, memory_order_relaxed);
}

void progress_hold(progress *p)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->lock);
    erase_locked(p);
}

void progress_release(progress *p)
{
    if (p)
        pthread_mutex_unlock(&p->lock);
}

void progress_stop(progress *p)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    erase_locked(p);
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
