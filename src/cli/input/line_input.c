/* The bounded, interruptible line reader (line_input.h). */
#include "line_input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

/* The first buffer; it doubles up to the limit (and the '\n' after it). */
enum { FIRST_CAP = 64 << 10, WAIT_SLICE_MS = 100 };

/* ---- the reader ---- */

bool line_input_open(line_input *in, const char *path, bool (*cancelled)(void *ctx), void *cancel_ctx)
{
    memset(in, 0, sizeof(*in));
    in->cancelled = cancelled;
    in->cancel_ctx = cancel_ctx;
    in->own = strcmp(path, "-") != 0;
    /* opening never waits: a FIFO with no writer opens at once, and the
     * wait for its data is plat_wait_readable's, a slice at a time */
    in->fd = in->own ? plat_open(path, PLAT_OPEN_READ | PLAT_OPEN_NONBLOCK) : PLAT_STDIN;
    if (in->fd == PLAT_FILE_INVALID)
        return false;
    in->cap = FIRST_CAP;
    if ((in->buf = malloc(in->cap)) == NULL) {
        line_input_close(in);
        errno = ENOMEM;
        return false;
    }
    return true;
}

static bool stop_asked(const line_input *in)
{
    return in->cancelled != NULL && in->cancelled(in->cancel_ctx);
}

/* Room after the kept bytes: moves them to the front, grows the buffer up
 * to the limit. false when out of memory (error ENOMEM). */
static bool make_room(line_input *in)
{
    if (in->start > 0) {
        memmove(in->buf, in->buf + in->start, in->end - in->start);
        in->end -= in->start;
        in->start = 0;
    }
    if (in->end < in->cap)
        return true;
    size_t cap = 2 * in->cap > LINE_INPUT_MAX + 1 ? LINE_INPUT_MAX + 1 : 2 * in->cap;
    char *grown = realloc(in->buf, cap);
    if (grown == NULL) {
        in->error = ENOMEM;
        return false;
    }
    in->buf = grown;
    in->cap = cap;
    return true;
}

/* Reads more bytes, waiting as needed (a few times a second asking
 * cancelled()). */
static line_input_status fill(line_input *in, bool may_wait)
{
    if (!make_room(in))
        return LINE_INPUT_ERROR;
    for (;;) {
        if (stop_asked(in))
            return LINE_INPUT_CANCELLED;
        /* (a FIFO opened before its writer came reports nothing until one
         * has: its end is not taken for the list's) */
        int waited = plat_wait_readable(in->fd, may_wait ? WAIT_SLICE_MS : 0);
        if (waited == 0 && !may_wait)
            return LINE_INPUT_WOULD_WAIT;
        if (waited == 0 || (waited < 0 && errno == EINTR))
            continue;
        /* a stop asked while waiting wins over what woke the wait (the
         * input's end, say, which would otherwise finish the run) */
        if (stop_asked(in))
            return LINE_INPUT_CANCELLED;
        ptrdiff_t n = waited > 0 ? plat_read(in->fd, in->buf + in->end, in->cap - in->end) : -1;
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0) {
            in->error = errno;
            return LINE_INPUT_ERROR;
        }
        if (n == 0)
            in->eof = true;
        in->end += (size_t)n;
        return LINE_INPUT_OK;
    }
}

void line_input_skip_long_lines(line_input *in)
{
    in->skip_long = true;
}

void line_input_limit_words(line_input *in, size_t max_len)
{
    in->word_max = max_len;
}

/* Drops the held bytes up to the skipped line's end, its '\n' included
 * (all of them while that end has not come). */
static void drop_skipped(line_input *in, const char *nl, size_t n)
{
    size_t dropped = nl != NULL ? n + 1 : n;
    in->start += dropped;
    in->consumed += dropped;
    in->skipping = nl == NULL;
}

/* A whole line of n bytes at from: returned, or skipped as a word too long. */
static line_input_status line_found(line_input *in, const char *from, size_t n, const char **text, size_t *len)
{
    if (in->word_max > 0) {
        if (n > 0 && from[n - 1] == '\r')
            n--;
        if (n > in->word_max) {
            in->long_len = n;
            return LINE_INPUT_TOO_LONG;
        }
    }
    *text = from;
    *len = n;
    return LINE_INPUT_OK;
}

line_input_status line_input_next(line_input *in, const char **text, size_t *len, bool may_wait)
{
    if (in->over)
        return LINE_INPUT_END;
    for (;;) {
        char *from = in->buf + in->start;
        size_t held = in->end - in->start;
        char *nl = memchr(from, '\n', held);
        size_t n = nl ? (size_t)(nl - from) : held;
        if (in->skipping) {
            drop_skipped(in, nl, n);
            if (!in->skipping)
                continue;
        } else if (n > LINE_INPUT_MAX) {
            /* said now: the rest of this line may never come (it is
             * skipped, or the input ends here) */
            in->line_no++;
            in->over = !in->skip_long;
            in->skipping = in->skip_long;
            in->long_len = 0;
            return LINE_INPUT_TOO_LONG;
        } else if (nl != NULL || (in->eof && held > 0)) {
            in->line_no++;
            in->start += n + (nl != NULL);
            in->consumed += n + (nl != NULL);
            return line_found(in, from, n, text, len);
        }
        if (in->eof)
            return LINE_INPUT_END;
        line_input_status filled = fill(in, may_wait);
        if (filled != LINE_INPUT_OK)
            return filled;
    }
}

void line_input_report(const line_input *in, const char *path)
{
    if (in->over)
        fprintf(stderr, "hc: %s:%llu: a line longer than %s; the file is not read further\n", path,
                (unsigned long long)in->line_no, LINE_INPUT_MAX_TEXT);
    else
        fprintf(stderr, "hc: %s: %s\n", path, strerror(in->error));
}

void line_input_close(line_input *in)
{
    if (in->own && in->fd != PLAT_FILE_INVALID)
        plat_close(in->fd);
    free(in->buf);
    memset(in, 0, sizeof(*in));
    in->fd = PLAT_FILE_INVALID;
}
