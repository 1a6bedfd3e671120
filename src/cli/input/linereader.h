/* Lines of wordlists and rule files, with a limit of the caller's on the
 * line's length (a word longer than a candidate can hold): such a line is
 * not returned, the reader says so (its number and length) and goes on
 * with the next one. Lines end at '\n'; a '\r' before it is dropped (CRLF
 * files); the last line needs no '\n'.
 *
 * The reading itself is line_input's, the one reader of every input hc
 * takes line by line (line_input.h): bounded memory, a line past 1 MiB
 * ends the input at once (LINE_ERROR with error EFBIG) or, when the
 * reader was opened with skip_huge, is skipped like any line past
 * max_line (LINE_TOO_LONG with long_len 0: its length is never known),
 * and every wait answers Ctrl+C (LINE_END, with cli_interrupted set). */
#ifndef HC_CLI_LINEREADER_H
#define HC_CLI_LINEREADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "line_input.h"

typedef enum line_status {
    LINE_OK,        /* *text, *len: the line, valid until the next call */
    LINE_TOO_LONG,  /* the line (number r->line_no, r->long_len bytes; 0: past 1 MiB) passed max_line: skipped */
    LINE_END,       /* no more lines (or Ctrl+C) */
    LINE_ERROR      /* a read error: r->error holds errno (EFBIG: a line past 1 MiB) */
} line_status;

typedef struct line_reader {
    line_input in;
    size_t max_line;    /* the longest line returned, in bytes */
    uint64_t line_no;   /* the line last returned or reported (1-based) */
    uint64_t long_len;  /* LINE_TOO_LONG: that line's length (0: more than 1 MiB) */
    int error;
} line_reader;

/* Opens path ("-": standard input) for lines of at most max_line bytes;
 * skip_huge: a line past 1 MiB is skipped too, rather than ending the
 * input (a wordlist's word, where a rule file's line is an error). false
 * with errno set when it cannot be opened. */
bool line_reader_open(line_reader *r, const char *path, size_t max_line, bool skip_huge);
line_status line_reader_next(line_reader *r, const uint8_t **text, size_t *len);
/* Says on stderr why LINE_ERROR came: `hc: PATH: <system reason>`, or
 * `hc: PATH:N: a line longer than 1 MiB; the file is not read further`. */
void line_reader_report(const line_reader *r, const char *path);
void line_reader_close(line_reader *r);

#endif
