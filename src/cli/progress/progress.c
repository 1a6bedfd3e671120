/* Progress and status lines: a small thread per display redraws one stderr
 * line from counters the working threads bump atomically, so the hashing
 * loops never format text or touch the terminal themselves.
 *
 * The terminal has one line to give, so its state is the process's (the
 * `term` below, like the one signal flag): the display that owns the live
 * line, whether the line is on screen, and whether stdout, when it is the
 * terminal too, left a line unfinished. Everything that writes to the
 * terminal (the display threads, stdout through output/cli_output.c, warnings) goes
 * through it. */
#include "progress.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "platform.h"

/* Runs shorter than this never show a live line: a line that flashes up
 * and vanishes is noise. */
#define SHOW_AFTER_SECONDS 1.0
/* The display thread wakes this often: the live line of a tree or a file
 * changes at most 10 times a second, SIGUSR1 is answered within it. */
#define TICK_MS 100
#define FILES_INTERVAL 0.1
#define LINE_MAX_BYTES 512
/* For the percentage of a tree: opening and finishing a file costs about
 * as much as hashing this many bytes, so a tree of many small files does
 * not sit at 0% while its count of files moves. */
#define FILE_COST_BYTES 32768.0

struct progress {
    plat_thread *thread;
    plat_wakeup *wake;      /* signalled: the thread stops */
    bool live;              /* owns the terminal's live line */
    bool enter;             /* Enter on a terminal stdin asks for a status line */
    double started, interval, last_draw;
    progress_render render; /* NULL: files and bytes */
    progress_tick tick;     /* NULL: none */
    void *ctx;
    atomic_uint_fast64_t bytes, files;
    atomic_uint_fast64_t total_bytes, total_files;
    atomic_bool totals_known;
    hc_file_events events; /* the file engine's view of this display */
};

static progress_policy policy = PROGRESS_AUTO;
static bool policy_set;
static bool live_allowed;   /* the policy and the terminal allow a live line */
static bool stdout_shared;  /* stdout is a terminal: results erase the line first */

static struct {
    plat_mutex lock;
    progress *owner;        /* the display drawing the live line */
    bool shown;             /* the live line is on screen */
    bool redraw;            /* erased for stdout: draw it again after */
    bool partial;           /* stdout (a terminal) left its line unfinished */
    size_t partial_cols;    /* its length so far, and whether it is plain */
    bool partial_ascii;     /* ASCII (then the length is its columns) */
    /* The live line was put on the row below that unfinished line; the
     * cursor can go back to its end (below_exact) unless a message came
     * between them. */
    bool below, below_exact;
    unsigned writing;       /* stdout writes in progress (nested) */
    char text[LINE_MAX_BYTES];
    size_t len;
} term = {.lock = PLAT_MUTEX_INIT, .partial_ascii = true};

/* What a signal handler may read: is a live line on screen? */
static atomic_bool line_on_screen;

void progress_set_policy(progress_policy chosen)
{
    policy = chosen;
    policy_set = true;
    const char *term_name = getenv("TERM");
    bool dumb = term_name != NULL && strcmp(term_name, "dumb") == 0;
    live_allowed = chosen == PROGRESS_FORCE || (chosen == PROGRESS_AUTO && !dumb && plat_is_terminal(PLAT_STDERR));
    stdout_shared = live_allowed && plat_is_terminal(PLAT_STDOUT);
}

/* Status output is best effort: a failed write to the terminal is ignored. */
static void write_stderr(const char *text, size_t len)
{
    while (len > 0) {
        ptrdiff_t n = plat_write(PLAT_STDERR, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        text += n;
        len -= (size_t)n;
    }
}

/* Appends to a bounded buffer, quietly truncating. */
typedef struct line_buffer {
    char data[2 * LINE_MAX_BYTES + 64];
    size_t len;
} line_buffer;

static void append(line_buffer *b, const char *text, size_t len)
{
    if (len > sizeof(b->data) - b->len)
        len = sizeof(b->data) - b->len;
    memcpy(b->data + b->len, text, len);
    b->len += len;
}

static void append_str(line_buffer *b, const char *text)
{
    append(b, text, strlen(text));
}

static void set_shown(bool shown)
{
    term.shown = shown;
    atomic_store(&line_on_screen, shown);
}

/* The terminal's width in columns. */
static size_t terminal_columns(void)
{
    unsigned terminal = plat_terminal_columns(PLAT_STDERR);
    if (terminal > 0)
        return terminal;
    const char *columns = getenv("COLUMNS");
    long n = columns ? strtol(columns, NULL, 10) : 0;
    return n > 0 && n < 10000 ? (size_t)n : 80;
}

/* The width a live line may take: it must never wrap (a wrapped line
 * cannot be redrawn in place), not even when the terminal echoes the "^C"
 * of a Ctrl+C after it: three columns are left free. */
size_t progress_line_width(void)
{
    size_t columns = terminal_columns();
    return columns > 13 ? columns - 3 : 10;
}

/* ---- formatting ---- */

void progress_format_bytes(double value, char *out, size_t size)
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

void progress_format_duration(double seconds, char *out, size_t size)
{
    if (!(seconds >= 0)) /* NaN too */
        seconds = 0;
    if (seconds >= 100.0 * 365 * 86400) {
        snprintf(out, size, ">100 years");
        return;
    }
    if (seconds >= 365.0 * 86400) {
        snprintf(out, size, "%.1f years", seconds / (365.0 * 86400));
        return;
    }
    unsigned long s = (unsigned long)(seconds + 0.5);
    if (s < 86400)
        snprintf(out, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(out, size, "%lu days %lu h", s / 86400, s / 3600 % 24);
}

/* The line of a files-and-bytes display, after its prefix. */
static void render_files(const progress *p, double elapsed, bool full, char *line, size_t size)
{
    uint64_t bytes = atomic_load_explicit(&p->bytes, memory_order_relaxed);
    uint64_t files = atomic_load_explicit(&p->files, memory_order_relaxed);
    double rate = elapsed > 0 ? (double)bytes / elapsed : 0;
    char done[32], speed[32], count[GROUPED_MAX];
    progress_format_bytes((double)bytes, done, sizeof(done));
    progress_format_bytes(rate, speed, sizeof(speed));
    format_grouped(files, count);
    const char *prefix = full ? "hc: status: " : "hc: ";
    int n;
    if (atomic_load(&p->totals_known)) {
        uint64_t total_bytes = atomic_load(&p->total_bytes), total_files = atomic_load(&p->total_files);
        char total[32], total_count[GROUPED_MAX];
        progress_format_bytes((double)total_bytes, total, sizeof(total));
        format_grouped(total_files, total_count);
        double work = (double)bytes + FILE_COST_BYTES * (double)files;
        double all = (double)total_bytes + FILE_COST_BYTES * (double)total_files;
        double fraction = all > 0 ? work / all : 1;
        if (fraction > 1)
            fraction = 1;
        if (total_files > 0)
            n = snprintf(line, size, "%s%s of %s files, %s of %s (%.0f%%), %s/s", prefix, count, total_count, done,
                         total, floor(fraction * 100), speed);
        else
            n = snprintf(line, size, "%s%s of %s (%.0f%%), %s/s", prefix, done, total, floor(fraction * 100), speed);
        if (n > 0 && (size_t)n < size && fraction > 0 && fraction < 1) {
            char eta[32];
            progress_format_duration(elapsed * (1 - fraction) / fraction, eta, sizeof(eta));
            n += snprintf(line + n, size - (size_t)n, ", ETA %s", eta);
        }
    } else if (files > 0) {
        n = snprintf(line, size, "%s%s files, %s, %s/s", prefix, count, done, speed);
    } else {
        n = snprintf(line, size, "%s%s, %s/s", prefix, done, speed);
    }
    if (full && n > 0 && (size_t)n < size) {
        char took[32];
        progress_format_duration(elapsed, took, sizeof(took));
        snprintf(line + n, size - (size_t)n, ", elapsed %s", took);
    }
}

static void render(progress *p, double now, bool full, char *line, size_t size)
{
    line[0] = '\0';
    if (p->render)
        p->render(p->ctx, now - p->started, full, line, size);
    else
        render_files(p, now - p->started, full, line, size);
}

/* ---- the terminal ---- */

/* Under term.lock: a line that must stay (a status line, a warning), with
 * the live line erased first and drawn again after. cursor_up: the live
 * line is one row up (Enter was echoed below it). */
static void print_line_locked(const char *text, size_t len, bool cursor_up)
{
    line_buffer b = {.len = 0};
    if (term.shown) {
        if (cursor_up)
            append_str(&b, "\033[A");
        append_str(&b, "\r\033[K");
        term.below_exact = false; /* one more row between */
    } else if (term.partial && stdout_shared) {
        append_str(&b, "\n"); /* not glued to stdout's unfinished line */
        term.partial = false;
    }
    write_stderr(b.data, b.len);
    write_stderr(text, len);
    b.len = 0;
    append_str(&b, "\n");
    if (term.shown) {
        append(&b, term.text, term.len);
        append_str(&b, "\033[K");
    }
    write_stderr(b.data, b.len);
}

static void draw_live(progress *p, double now)
{
    char line[LINE_MAX_BYTES];
    render(p, now, false, line, sizeof(line));
    size_t width = progress_line_width();
    progress_fit_line(line, width);
    size_t len = strlen(line);
    plat_mutex_lock(&term.lock);
    if (term.owner == p && term.writing == 0) {
        line_buffer b = {.len = 0};
        if (!term.shown && term.partial && stdout_shared && !term.below) {
            /* the row below stdout's unfinished line, never over it */
            append_str(&b, "\n");
            term.below = term.below_exact = true;
        }
        append_str(&b, "\r");
        append(&b, line, len);
        append_str(&b, "\033[K"); /* what a longer earlier line left */
        write_stderr(b.data, b.len);
        memcpy(term.text, line, len);
        term.len = len;
        set_shown(true);
        term.redraw = false;
    }
    plat_mutex_unlock(&term.lock);
    p->last_draw = now;
}

/* Was the Enter just read echoed by the terminal (so that the cursor left
 * the live line's row)? */
static bool enter_echoed(void)
{
    return plat_terminal_echoes(PLAT_STDIN);
}

static void print_full(progress *p, double now, bool cursor_up)
{
    char line[LINE_MAX_BYTES];
    render(p, now, true, line, sizeof(line));
    /* a status line on a terminal stays on screen: it must not wrap
     * either (a log file gets it whole) */
    if (plat_is_terminal(PLAT_STDERR))
        progress_fit_line(line, terminal_columns() > 1 ? terminal_columns() - 1 : 1);
    plat_mutex_lock(&term.lock);
    print_line_locked(line, strlen(line), cursor_up && term.shown);
    plat_mutex_unlock(&term.lock);
}

/* A status key on the terminal stdin? Reads what the line discipline has
 * (the tool reads stdin for nothing else in these modes): Enter or s asks
 * for the status line, q stops the run as Ctrl+C does (hashcat's keys;
 * the terminal hands them over with the Enter that ends their line).
 * *watch goes false at the end of input. */
static bool status_key_pressed(bool *watch)
{
    char keys[256];
    ptrdiff_t got = plat_read(PLAT_STDIN, keys, sizeof(keys));
    if (got < 0 && (errno == EINTR || errno == EAGAIN))
        return false;
    if (got <= 0) {
        *watch = false;
        return false;
    }
    bool status = false;
    for (ptrdiff_t i = 0; i < got; i++) {
        if (keys[i] == 'q' || keys[i] == 'Q')
            atomic_store(&cli_interrupted, 1);
        status |= keys[i] == '\n' || keys[i] == '\r' || keys[i] == 's' || keys[i] == 'S';
    }
    return status && !atomic_load(&cli_interrupted);
}

static void *display_main(void *arg)
{
    progress *p = arg;
    bool watch_stdin = p->enter && plat_is_terminal(PLAT_STDIN);
    for (;;) {
        /* A job in the background must not read the terminal (SIGTTIN). */
        bool watching = watch_stdin && plat_terminal_foreground(PLAT_STDIN);
        plat_wait_result woke = plat_wakeup_wait(p->wake, watching ? PLAT_STDIN : PLAT_FILE_INVALID, TICK_MS);
        if (woke == PLAT_WAIT_WOKEN)
            break;
        bool full = atomic_exchange(&cli_status_requested, 0) != 0, enter = false;
        if (woke == PLAT_WAIT_INVALID)
            watch_stdin = false;
        else if (woke == PLAT_WAIT_INPUT)
            enter = status_key_pressed(&watch_stdin);
        double now = cli_monotonic_seconds();
        if (p->tick)
            p->tick(p->ctx, now);
        if (full || enter)
            print_full(p, now, enter && enter_echoed());
        if (p->live && now - p->started >= SHOW_AFTER_SECONDS && now - p->last_draw >= p->interval * 0.95)
            draw_live(p, now);
    }
    return NULL;
}

static void add_engine_bytes(void *display, uint64_t bytes)
{
    progress_add_bytes(display, bytes);
}

static bool interrupt_requested(void *unused)
{
    (void)unused;
    return atomic_load_explicit(&cli_interrupted, memory_order_relaxed) != 0;
}

const hc_file_events *progress_events(progress *p)
{
    static const hc_file_events interrupt_only = {.cancelled = interrupt_requested};
    return p ? &p->events : &interrupt_only;
}

static progress *start(progress_render render_fn, progress_tick tick, void *ctx, double interval, bool enter,
                       uint64_t total_bytes)
{
    if (!policy_set)
        progress_set_policy(PROGRESS_AUTO);
    progress *p = calloc(1, sizeof(*p));
    if (p == NULL)
        return NULL;
    if ((p->wake = plat_wakeup_create()) == NULL) {
        free(p);
        return NULL;
    }
    p->render = render_fn;
    p->tick = tick;
    p->ctx = ctx;
    p->events = (hc_file_events){.ctx = p, .progress = add_engine_bytes, .cancelled = interrupt_requested};
    p->interval = interval;
    p->enter = enter;
    p->started = cli_monotonic_seconds();
    atomic_init(&p->bytes, 0);
    atomic_init(&p->files, 0);
    atomic_init(&p->total_bytes, total_bytes);
    atomic_init(&p->total_files, 0);
    atomic_init(&p->totals_known, total_bytes > 0);
    plat_mutex_lock(&term.lock);
    p->live = live_allowed && term.owner == NULL;
    if (p->live)
        term.owner = p;
    plat_mutex_unlock(&term.lock);
    if (plat_thread_start(&p->thread, display_main, p) != 0) {
        plat_mutex_lock(&term.lock);
        if (term.owner == p)
            term.owner = NULL;
        plat_mutex_unlock(&term.lock);
        plat_wakeup_destroy(p->wake);
        free(p);
        return NULL;
    }
    return p;
}

progress *progress_start(uint64_t total_bytes)
{
    return start(NULL, NULL, NULL, FILES_INTERVAL, false, total_bytes);
}

progress *progress_start_custom(progress_render render_fn, void *ctx, double interval, bool enter)
{
    return start(render_fn, NULL, ctx, interval, enter, 0);
}

progress *progress_start_ticking(progress_render render_fn, progress_tick tick, void *ctx, double interval, bool enter)
{
    return start(render_fn, tick, ctx, interval, enter, 0);
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

void progress_set_totals(progress *p, uint64_t files, uint64_t bytes)
{
    if (p == NULL)
        return;
    atomic_store(&p->total_files, files);
    atomic_store(&p->total_bytes, bytes);
    atomic_store(&p->totals_known, true);
}

bool progress_live(const progress *p)
{
    return p != NULL && p->live;
}

/* Under term.lock: takes the live line off the screen. When it sat below
 * stdout's unfinished line, the cursor goes back to that line's end, so
 * that stdout goes on where it stopped (hash mode's estimate line, which
 * the summary's newline ends) instead of leaving a blank row. */
static void erase_locked(void)
{
    line_buffer b = {.len = 0};
    append_str(&b, "\r\033[K");
    if (term.below) {
        size_t width = terminal_columns(), column = term.partial_cols % width;
        if (term.below_exact && term.partial_ascii && column > 0) {
            char back[32];
            snprintf(back, sizeof(back), "\033[A\033[%zuG", column + 1);
            append_str(&b, back);
        } else {
            term.partial = false; /* stdout goes on from the fresh row */
        }
        term.below = term.below_exact = false;
    }
    write_stderr(b.data, b.len);
    set_shown(false);
}

void progress_stop(progress *p)
{
    if (p == NULL)
        return;
    plat_wakeup_signal(p->wake);
    plat_thread_join(p->thread);
    plat_mutex_lock(&term.lock);
    if (term.owner == p) {
        if (term.shown)
            erase_locked();
        term.redraw = false;
        term.owner = NULL;
    }
    plat_mutex_unlock(&term.lock);
    plat_wakeup_destroy(p->wake);
    free(p);
}

void progress_stdout_begin(void)
{
    if (!stdout_shared)
        return;
    plat_mutex_lock(&term.lock);
    term.writing++;
    if (term.shown) {
        erase_locked();
        term.redraw = true;
    }
    plat_mutex_unlock(&term.lock);
}

/* Under term.lock: one write to stdout (or a batch of them) is over. */
static void stdout_done_locked(void)
{
    if (--term.writing == 0 && term.redraw && !term.partial && term.owner != NULL) {
        /* below the result at once: the line never blinks */
        line_buffer b = {.len = 0};
        append_str(&b, "\r");
        append(&b, term.text, term.len);
        append_str(&b, "\033[K");
        write_stderr(b.data, b.len);
        set_shown(true);
        term.redraw = false;
    }
}

void progress_stdout_end(const char *data, size_t len)
{
    if (!stdout_shared)
        return;
    plat_mutex_lock(&term.lock);
    if (len > 0) {
        /* the unfinished part: after the last newline, or added to it */
        size_t start = len;
        while (start > 0 && data[start - 1] != '\n')
            start--;
        if (start > 0) {
            term.partial_cols = 0;
            term.partial_ascii = true;
        }
        for (size_t i = start; i < len; i++)
            if ((unsigned char)data[i] < 0x20 || (unsigned char)data[i] >= 0x7F)
                term.partial_ascii = false;
        term.partial_cols += len - start;
        term.partial = term.partial_cols > 0;
    }
    stdout_done_locked();
    plat_mutex_unlock(&term.lock);
}

/* The line is erased by the batch's first write, if any, and redrawn once
 * at the end. */
void progress_hold_switch(void *display, bool hold)
{
    (void)display;
    if (!stdout_shared)
        return;
    plat_mutex_lock(&term.lock);
    if (hold)
        term.writing++;
    else
        stdout_done_locked();
    plat_mutex_unlock(&term.lock);
}

void progress_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    char small[1024];
    size_t len = 4 + (size_t)n;
    char *text = len < sizeof(small) ? small : malloc(len + 1);
    if (text == NULL)
        return;
    memcpy(text, "hc: ", 4);
    va_start(ap, fmt);
    vsnprintf(text + 4, (size_t)n + 1, fmt, ap);
    va_end(ap);
    plat_mutex_lock(&term.lock);
    print_line_locked(text, len, false);
    plat_mutex_unlock(&term.lock);
    if (text != small)
        free(text);
}

void progress_erase_for_signal(void)
{
    if (atomic_load(&line_on_screen)) {
        static const char erase[] = "\r\033[K";
        ptrdiff_t ignored = plat_write(PLAT_STDERR, erase, sizeof(erase) - 1);
        (void)ignored;
    }
}
