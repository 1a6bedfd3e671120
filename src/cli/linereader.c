/* The bounded line reader (linereader.h). */
#include "linereader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { PIECE = 256 * 1024 };

bool line_reader_open(line_reader *r, const char *path, size_t max_line)
{
    memset(r, 0, sizeof(*r));
    r->own = strcmp(path, "-") != 0;
    r->file = r->own ? fopen(path, "rb") : stdin;
    if (r->file == NULL)
        return false;
    r->max_line = max_line;
    /* room for a whole line of the limit, its end, and a piece */
    r->cap = max_line + 2 + PIECE;
    if ((r->buf = malloc(r->cap)) == NULL) {
        if (r->own)
            fclose(r->file);
        r->file = NULL;
        errno = ENOMEM;
        return false;
    }
    return true;
}

/* More bytes after the ones kept; false at the end or on an error. */
static bool fill(line_reader *r)
{
    if (r->eof)
        return false;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    size_t got = fread(r->buf + r->end, 1, r->cap - r->end, r->file);
    r->end += got;
    if (got == 0) {
        r->eof = true;
        if (ferror(r->file))
            r->error = errno ? errno : EIO;
        return false;
    }
    return true;
}

/* Skips the rest of a line too long to keep, counting its bytes. */
static line_status skip_long(line_reader *r)
{
    r->long_len = r->end - r->start;
    r->start = r->end;
    for (;;) {
        if (!fill(r))
            return r->error ? LINE_ERROR : LINE_TOO_LONG;
        uint8_t *nl = memchr(r->buf, '\n', r->end);
        if (nl != NULL) {
            r->long_len += (size_t)(nl - r->buf);
            r->start = (size_t)(nl - r->buf) + 1;
            return LINE_TOO_LONG;
        }
        r->long_len += r->end;
        r->start = r->end;
    }
}

line_status line_reader_next(line_reader *r, const uint8_t **text, size_t *len)
{
    for (;;) {
        uint8_t *from = r->buf + r->start;
        uint8_t *nl = memchr(from, '\n', r->end - r->start);
        size_t n = nl ? (size_t)(nl - from) : r->end - r->start;
        if (nl == NULL && !r->eof && n <= r->max_line + 1) {
            fill(r);
            if (r->error)
                return LINE_ERROR;
            continue;
        }
        if (nl == NULL && n == 0)
            return r->error ? LINE_ERROR : LINE_END;
        r->line_no++;
        size_t kept = n > 0 && from[n - 1] == '\r' ? n - 1 : n;
        if (kept > r->max_line) {
            if (nl != NULL || r->eof) {
                r->long_len = kept;
                r->start += n + (nl != NULL);
                return LINE_TOO_LONG;
            }
            return skip_long(r);
        }
        r->start += n + (nl != NULL);
        *text = from;
        *len = kept;
        return LINE_OK;
    }
}

void line_reader_close(line_reader *r)
{
    if (r->own && r->file)
        fclose(r->file);
    free(r->buf);
    memset(r, 0, sizeof(*r));
}
