/* Output: every line goes to stdout at once (flushed per line) and, with
 * -o, into a copy written to the save file when the mode finishes (save.c). */
#include "cli.h"
#include "progress.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"
#include "platform.h"

void output_init(cli_output *out, FILE *stream)
{
    memset(out, 0, sizeof(*out));
    out->stream = stream;
}

void output_free(cli_output *out)
{
    free(out->saved);
    out->saved = NULL;
    out->saved_len = out->saved_cap = 0;
}

void output_collect(cli_output *out)
{
    out->collect = true;
}

static void keep_copy(cli_output *out, const char *data, size_t len)
{
    if (!out->collect || out->no_memory)
        return;
    char *saved = hc_array_grow(out->saved, &out->saved_cap, out->saved_len + len, 1, 4096);
    if (saved == NULL) {
        out->no_memory = true;
        return;
    }
    out->saved = saved;
    memcpy(out->saved + out->saved_len, data, len);
    out->saved_len += len;
}

/* data, then a line feed when newline is set. */
static void write_out(cli_output *out, const char *data, size_t len, bool newline, bool flush)
{
    keep_copy(out, data, len);
    if (newline)
        keep_copy(out, "\n", 1);
    if (out->tap) {
        out->tap(out->tap_ctx, data, len);
        if (newline)
            out->tap(out->tap_ctx, "\n", 1);
    }
    if (out->write_failed)
        return;
    /* a progress line on the same terminal steps aside (progress.h) */
    progress_stdout_begin();
    if ((len > 0 && fwrite(data, 1, len, out->stream) != len) || (newline && fputc('\n', out->stream) == EOF) ||
        (flush && fflush(out->stream) != 0)) {
        out->write_failed = true;
        out->write_errno = plat_stream_write_errno(errno);
    }
    /* a line feed at the end leaves no unfinished line */
    progress_stdout_end(newline ? "\n" : data, newline ? 1 : len);
}

/* Text lines; in JSON format they are not data and go to stderr. */
static void emit(cli_output *out, const char *data, size_t len, bool flush)
{
    if (out->divert_text) {
        fwrite(data, 1, len, stderr);
        return;
    }
    write_out(out, data, len, false, flush);
}

void output_data_line(cli_output *out, const char *data, size_t len)
{
    write_out(out, data, len, true, true);
}

PLAT_PRINTF(3, 0) static void emit_formatted(cli_output *out, bool newline, const char *fmt,
                                                               va_list ap)
{
    char small[1024];
    va_list copy;
    va_copy(copy, ap);
    /* Leave one byte for the newline. */
    int n = vsnprintf(small, sizeof(small) - 1, fmt, copy);
    va_end(copy);
    if (n < 0)
        return;
    char *text = small;
    if ((size_t)n >= sizeof(small) - 1) {
        text = malloc((size_t)n + 2);
        if (text == NULL) {
            out->no_memory = true;
            return;
        }
        vsnprintf(text, (size_t)n + 1, fmt, ap);
    }
    size_t len = (size_t)n;
    if (newline)
        text[len++] = '\n';
    emit(out, text, len, true);
    if (text != small)
        free(text);
}

void output_line(cli_output *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_formatted(out, true, fmt, ap);
    va_end(ap);
}

void output_text(cli_output *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_formatted(out, false, fmt, ap);
    va_end(ap);
}

void output_bytes(cli_output *out, const void *data, size_t len)
{
    emit(out, data, len, false);
}

int output_finish(cli_output *out, int status)
{
    if (!out->write_failed && fflush(out->stream) != 0) {
        out->write_failed = true;
        out->write_errno = plat_stream_write_errno(errno);
    }
    if (out->write_failed) {
        /* A reader that went away (hc ... | head -1) is not worth a
         * message; a full disk or a closed descriptor is. */
        if (out->write_errno != EPIPE)
            fprintf(stderr, "hc: write error: %s\n", strerror(out->write_errno));
        return status == EXIT_INTERRUPTED ? status : EXIT_USAGE;
    }
    return status;
}
