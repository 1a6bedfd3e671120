/* The bounded, interruptible line reader (line_input.h). */
#include "line_input.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The first buffer; it doubles up to the limit (and the '\n' after it). */
enum { FIRST_CAP = 64 << 10, WAIT_SLICE_MS = 100 };

/* ---- the OS calls (to move behind the platform layer) ---- */

/* Opening never waits: O_NONBLOCK lets a FIFO with no writer open at
 * once (the wait for its data is the poll below). */
static int open_for_lines(const char *path)
{
    return open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

typedef enum wait_result { WAIT_READY, WAIT_TIMEOUT, WAIT_FAILED } wait_result;

/* Waits up to ms for fd to have data, its end or an error. On Linux a
 * FIFO opened without a writer reports nothing until one has come. */
static wait_result wait_readable(int fd, int ms)
{
    struct pollfd ready = {.fd = fd, .events = POLLIN};
    int n = poll(&ready, 1, ms);
    if (n > 0)
        return WAIT_READY;
    return n == 0 || errno == EINTR ? WAIT_TIMEOUT : WAIT_FAILED;
}

/* ---- the reader ---- */

bool line_input_open(line_input *in, const char *path, bool (*cancelled)(void *ctx), void *cancel_ctx)
{
    memset(in, 0, sizeof(*in));
    in->cancelled = cancelled;
    in->cancel_ctx = cancel_ctx;
    in->own = strcmp(path, "-") != 0;
    in->fd = in->own ? open_for_lines(path) : STDIN_FILENO;
    if (in->fd < 0)
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
        wait_result waited = wait_readable(in->fd, may_wait ? WAIT_SLICE_MS : 0);
        if (waited == WAIT_TIMEOUT) {
            if (!may_wait)
                return LINE_INPUT_WOULD_WAIT;
            continue;
        }
        ssize_t n = waited == WAIT_READY ? read(in->fd, in->buf + in->end, in->cap - in->end) : -1;
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

line_input_status line_input_next(line_input *in, const char **text, size_t *len, bool may_wait)
{
    if (in->over)
        return LINE_INPUT_END;
    for (;;) {
        char *from = in->buf + in->start;
        size_t held = in->end - in->start;
        char *nl = memchr(from, '\n', held);
        size_t n = nl ? (size_t)(nl - from) : held;
        if (n > LINE_INPUT_MAX) {
            /* said now: the rest of this line may never come */
            in->line_no++;
            in->over = true;
            return LINE_INPUT_TOO_LONG;
        }
        if (nl != NULL || (in->eof && held > 0)) {
            in->line_no++;
            in->start += n + (nl != NULL);
            *text = from;
            *len = n;
            return LINE_INPUT_OK;
        }
        if (in->eof)
            return LINE_INPUT_END;
        line_input_status filled = fill(in, may_wait);
        if (filled != LINE_INPUT_OK)
            return filled;
    }
}

void line_input_close(line_input *in)
{
    if (in->own && in->fd >= 0)
        close(in->fd);
    free(in->buf);
    memset(in, 0, sizeof(*in));
    in->fd = -1;
}
