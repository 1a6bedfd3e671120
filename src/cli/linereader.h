/* A bounded line reader: a file or standard input read in pieces, one line
 * at a time, in memory that does not grow with the file (a buffer of a few
 * hundred KiB whatever the file's size or its lines' lengths). A line
 * longer than the reader's limit is not returned: the reader says so (its
 * number and length) and goes on with the next one. Lines end at '\n'; a
 * '\r' before it is dropped (CRLF files); the last line needs no '\n'.
 * Usable for wordlists, rule files, --hashes and check lists. */
#ifndef HC_CLI_LINEREADER_H
#define HC_CLI_LINEREADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum line_status {
    LINE_OK,        /* *text, *len: the line, valid until the next call */
    LINE_TOO_LONG,  /* the line (number r->line_no, r->long_len bytes) passed the limit: skipped */
    LINE_END,       /* no more lines */
    LINE_ERROR      /* a read error: r->error holds errno */
} line_status;

typedef struct line_reader {
    FILE *file;
    bool own;           /* not standard input: closed by line_reader_close */
    size_t max_line;    /* the longest line returned, in bytes */
    uint8_t *buf;
    size_t cap, start, end;
    bool eof;
    uint64_t line_no;   /* the line last returned or reported (1-based) */
    uint64_t long_len;  /* LINE_TOO_LONG: that line's length */
    int error;
} line_reader;

/* Opens path ("-": standard input) for lines of at most max_line bytes;
 * false with errno set when it cannot be opened. */
bool line_reader_open(line_reader *r, const char *path, size_t max_line);
line_status line_reader_next(line_reader *r, const uint8_t **text, size_t *len);
void line_reader_close(line_reader *r);

#endif
