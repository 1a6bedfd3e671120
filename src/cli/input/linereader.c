/* Wordlists and rule files over the one line reader (linereader.h). */
#include "linereader.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

bool line_reader_open(line_reader *r, const char *path, size_t max_line, bool skip_huge)
{
    memset(r, 0, sizeof(*r));
    r->max_line = max_line;
    if (!line_input_open(&r->in, path, cli_interrupt_requested, NULL))
        return false;
    if (skip_huge)
        line_input_skip_long_lines(&r->in);
    return true;
}

line_status line_reader_next(line_reader *r, const uint8_t **text, size_t *len)
{
    const char *line;
    size_t n;
    switch (line_input_next(&r->in, &line, &n, true)) {
    case LINE_INPUT_OK:
        break;
    case LINE_INPUT_TOO_LONG:
        r->line_no = r->in.line_no;
        if (r->in.skipping) {
            r->long_len = 0; /* unknown: its rest is being dropped unread */
            return LINE_TOO_LONG;
        }
        r->error = EFBIG;
        return LINE_ERROR;
    case LINE_INPUT_ERROR:
        r->error = r->in.error;
        return LINE_ERROR;
    case LINE_INPUT_END:
    case LINE_INPUT_CANCELLED:
    case LINE_INPUT_WOULD_WAIT:
        return LINE_END;
    }
    r->line_no = r->in.line_no;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (n > r->max_line) {
        r->long_len = n;
        return LINE_TOO_LONG;
    }
    *text = (const uint8_t *)line;
    *len = n;
    return LINE_OK;
}

void line_reader_report(const line_reader *r, const char *path)
{
    if (r->error == EFBIG)
        fprintf(stderr, "hc: %s:%llu: a line longer than %s; the file is not read further\n", path,
                (unsigned long long)r->line_no, LINE_INPUT_MAX_TEXT);
    else
        fprintf(stderr, "hc: %s: %s\n", path, strerror(r->error));
}

void line_reader_close(line_reader *r)
{
    line_input_close(&r->in);
    memset(r, 0, sizeof(*r));
}
