/* The status line of hash mode. */
#include "crack_status.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The live line changes about once a second (hashcat's pace). */
#define STATUS_INTERVAL 1.0
/* Weight of the latest second in the displayed speed: steady, yet it
 * follows the step to a longer length (slower candidates) in a few
 * seconds. */
#define RATE_WEIGHT 0.3

void format_count(count128 value, char *out, size_t size)
{
    const uint64_t giga18 = 1000000000000000000ull;
    if (value <= UINT64_MAX) {
        char grouped[GROUPED_MAX];
        format_grouped((uint64_t)value, grouped);
        snprintf(out, size, "%s", grouped);
        return;
    }
    /* groups of 10^18 are six whole groups of three */
    format_count(value / giga18, out, size);
    uint64_t low = (uint64_t)(value % giga18);
    size_t used = strlen(out);
    for (int g = 5; g >= 0 && used < size; g--) {
        uint64_t div = 1;
        for (int k = 0; k < g; k++)
            div *= 1000;
        used += (size_t)snprintf(out + used, size - used, " %03u", (unsigned)(low / div % 1000));
    }
}

/* "950", "12.3 k", "4.1 G", "7.2e+30": the live line's short counts. */
static void format_short(double value, char *out, size_t size)
{
    static const char *const prefixes[] = {"", " k", " M", " G", " T", " P", " E", " Z", " Y"};
    unsigned i = 0;
    while (value >= 999.95 && i + 1 < sizeof(prefixes) / sizeof(prefixes[0])) {
        value /= 1000;
        i++;
    }
    if (value >= 999.95)
        snprintf(out, size, "%.1e", value * 1e24);
    else if (i == 0)
        snprintf(out, size, "%.0f", value);
    else
        snprintf(out, size, "%.1f%s", value, prefixes[i]);
}

static void format_percent(double fraction, char *out, size_t size)
{
    if (fraction > 0 && fraction < 0.001)
        snprintf(out, size, "<0.1%%");
    else
        snprintf(out, size, "%.1f%%", fraction * 100 > 100 ? 100 : fraction * 100);
}

/* The ETA of a narrow live line: "340d 17h" for "340 days 17 h"; shorter
 * ones unchanged. */
static void format_eta_short(double seconds, char *out, size_t size)
{
    if (seconds >= 86400.0 && seconds < 365.0 * 86400) {
        unsigned long s = (unsigned long)(seconds + 0.5);
        snprintf(out, size, "%lud %luh", s / 86400, s / 3600 % 24);
        return;
    }
    progress_format_duration(seconds, out, size);
}

/* A wordlist run's line: candidates so far, how much of the list is
 * searched (its percentage, or its bytes when its size is not known), the
 * speed, the ETA from the bytes' pace, and the answers. */
static void render_words(crack_status *s, double elapsed, bool full, char *line, size_t size)
{
    uint64_t done = hc_crack_progress_hashed(s->counters);
    unsigned found = (unsigned)hc_crack_progress_found(s->counters);
    uint64_t read = atomic_load_explicit(&s->source.read, memory_order_relaxed);
    uint64_t bytes = atomic_load_explicit(&s->source.size, memory_order_relaxed);
    if (elapsed - s->rate_at >= 0.5 || s->rate_at == 0) {
        double span = elapsed - s->rate_at;
        double recent = span > 0 ? (double)(done - s->rate_done) / span : 0;
        double recent_bytes = span > 0 ? (double)(read - s->rate_read) / span : 0;
        bool first = s->rate_at == 0;
        s->rate = first ? recent : RATE_WEIGHT * recent + (1 - RATE_WEIGHT) * s->rate;
        s->byte_rate = first ? recent_bytes : RATE_WEIGHT * recent_bytes + (1 - RATE_WEIGHT) * s->byte_rate;
        s->rate_at = elapsed;
        s->rate_done = done;
        s->rate_read = read;
    }
    char candidates[64], speed[32], eta[32] = "-", where[64], took[32];
    format_short(s->rate, speed, sizeof(speed));
    if (bytes > 0 && s->byte_rate > 0 && read < bytes)
        progress_format_duration((double)(bytes - read) / s->byte_rate, eta, sizeof(eta));
    if (full)
        format_count((count128)done + s->skipped, candidates, sizeof(candidates));
    else
        format_short((double)done + (double)s->skipped, candidates, sizeof(candidates));
    if (bytes > 0) {
        char percent[16];
        format_percent((double)read / (double)bytes, percent, sizeof(percent));
        snprintf(where, sizeof(where), "%s of the wordlist", percent);
    } else {
        char amount[32];
        progress_format_bytes((double)read, amount, sizeof(amount));
        snprintf(where, sizeof(where), "%s of the wordlist", amount);
    }
    if (!full) {
        snprintf(line, size, "hc: %s candidates, %s, %s/s, ETA %s, found %u/%u", candidates, where, speed, eta, found,
                 s->targets);
        return;
    }
    progress_format_duration(elapsed, took, sizeof(took));
    snprintf(line, size, "hc: status: %s candidates, %s, %s/s, elapsed %s, ETA %s, found %u of %u", candidates, where,
             speed, took, eta, found, s->targets);
}

/* The status being shown (main thread only: set by start, cleared by stop,
 * read by the run's feeding of the words). */
static crack_status *live_status;

void crack_status_source_size(uint64_t size)
{
    if (live_status == NULL)
        return;
    atomic_store_explicit(&live_status->source.size, size, memory_order_relaxed);
    atomic_store_explicit(&live_status->source.active, true, memory_order_release);
}

void crack_status_source_read(uint64_t read)
{
    if (live_status != NULL)
        atomic_store_explicit(&live_status->source.read, read, memory_order_relaxed);
}

static void render(void *ctx, double elapsed, bool full, char *line, size_t size)
{
    crack_status *s = ctx;
    if (atomic_load_explicit(&s->source.active, memory_order_acquire)) {
        render_words(s, elapsed, full, line, size);
        return;
    }
    uint64_t done = hc_crack_progress_hashed(s->counters);
    unsigned length = (unsigned)hc_crack_progress_length(s->counters);
    unsigned found = (unsigned)hc_crack_progress_found(s->counters);
    if (length == 0)
        length = s->min_len;
    /* the speed of the last seconds, not of the whole run: longer
     * candidates hash slower */
    if (elapsed - s->rate_at >= 0.5 || s->rate_at == 0) {
        double span = elapsed - s->rate_at;
        double recent = span > 0 ? (double)(done - s->rate_done) / span : 0;
        s->rate = s->rate_at == 0 ? recent : RATE_WEIGHT * recent + (1 - RATE_WEIGHT) * s->rate;
        s->rate_at = elapsed;
        s->rate_done = done;
    }
    /* the candidates skipped (a window, a restored run) count as done,
     * not in the speed */
    double total = (double)s->total + (double)s->skipped, shown = (double)done + (double)s->skipped;
    double fraction = total > 0 ? shown / total : 0;
    char percent[16], eta[32], speed[32];
    format_percent(fraction, percent, sizeof(percent));
    bool has_eta = s->rate > 0 && shown < total;
    double remaining = has_eta ? (total - shown) / s->rate : 0;
    if (has_eta)
        progress_format_duration(remaining, eta, sizeof(eta));
    else
        snprintf(eta, sizeof(eta), "-");
    format_short(s->rate, speed, sizeof(speed));
    if (!full) {
        char now[32], all[32];
        format_short(shown, now, sizeof(now));
        if (s->total == COUNT128_MAX)
            snprintf(all, sizeof(all), "2^128+");
        else
            format_short(total, all, sizeof(all));
        /* The line is cut at the terminal's width, and the count found
         * comes last: on a narrow terminal (or a long ETA such as "340
         * days 17 h" on 80 columns) the line is made shorter instead, the
         * ETA first, then without the length, then without the
         * percentage, so that count still shows (on 60 columns). */
        size_t width = progress_line_width();
        for (int shorter = 0; shorter < 4; shorter++) {
            if (shorter == 1 && has_eta)
                format_eta_short(remaining, eta, sizeof(eta));
            char with_percent[24] = "", with_length[24] = "";
            if (shorter < 3)
                snprintf(with_percent, sizeof(with_percent), " (%s)", percent);
            if (shorter < 2)
                snprintf(with_length, sizeof(with_length), ", length %u", length);
            snprintf(line, size, "hc: %s of %s%s%s, %s/s, ETA %s, found %u/%u", now, all, with_percent, with_length,
                     speed, eta, found, s->targets);
            if (strlen(line) <= width)
                break;
        }
        return;
    }
    char now[64], all[64], took[32];
    format_count((count128)done + s->skipped, now, sizeof(now));
    if (s->total == COUNT128_MAX)
        snprintf(all, sizeof(all), "%s", UNCOUNTABLE_TEXT);
    else
        format_count(s->total + s->skipped, all, sizeof(all));
    progress_format_duration(elapsed, took, sizeof(took));
    snprintf(line, size,
             "hc: status: %s of %s candidates (%s), length %u (%u-%u), %s/s, elapsed %s, ETA %s, found %u of %u", now,
             all, percent, length, s->min_len, s->max_len, speed, took, eta, found, s->targets);
}

/* The display's tick: the marker's look, the session's checkpoint. */
static void watch_search(void *ctx, double now)
{
    crack_status *s = ctx;
    if (s->marker)
        stop_marker_tick(s->marker, now);
    if (s->session)
        session_checkpoint(s->session, hc_crack_progress_settled(s->counters), false);
}

bool crack_status_start(crack_status *status, hc_crack_job *job, stop_marker *marker, session *saved)
{
    memset(status, 0, sizeof(*status));
    if (hc_crack_progress_create(&status->counters) != HC_OK)
        return false;
    atomic_init(&status->source.active, false);
    atomic_init(&status->source.size, 0);
    atomic_init(&status->source.read, 0);
    hc_count attempts, total, skip, limit;
    hc_crack_job_size(job, &attempts, &total);
    hc_crack_job_window(job, &skip, &limit);
    status->total = count128_of(total);
    status->skipped = count128_of(skip);
    if (status->total > COUNT128_MAX - status->skipped)
        status->total = COUNT128_MAX - status->skipped;
    hc_crack_job_lengths(job, &status->min_len, &status->max_len);
    const size_t targets = hc_crack_job_target_count(job);
    status->targets = targets > 0 ? (unsigned)targets : 1;
    hc_crack_job_set_progress(job, status->counters);
    status->marker = marker;
    status->session = saved;
    status->display = progress_start_ticking(render, watch_search, status, STATUS_INTERVAL, true);
    live_status = status;
    return true;
}

uint64_t crack_status_stop(crack_status *status, hc_crack_job *job)
{
    live_status = NULL;
    progress_stop(status->display);
    status->display = NULL;
    hc_crack_job_set_progress(job, NULL);
    const uint64_t settled = hc_crack_progress_settled(status->counters);
    hc_crack_progress_free(status->counters);
    status->counters = NULL;
    return settled;
}
