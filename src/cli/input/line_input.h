/* The one reader of every input hc takes line by line (check lists,
 * --hashes, wordlists): bounded memory and one rule for long lines, and
 * never deaf to Ctrl+C.
 *
 *  - A line holds at most LINE_INPUT_MAX bytes (its '\n' not counted). The
 *    moment a line passes that, the reader says so (LINE_INPUT_TOO_LONG,
 *    with the line's number) without waiting for the line's end, and reads
 *    no further: such an input is no list (/dev/zero, a binary file), and
 *    its end may never come. An input whose lines are words to try
 *    rather than a list to trust (a wordlist) asks for such a line to be
 *    skipped instead (line_input_skip_long_lines): its rest is read and
 *    dropped as it comes, never held.
 *  - Opening waits for nothing (a FIFO with no writer opens at once) and
 *    every wait for data polls the caller's cancelled() a few times a
 *    second: LINE_INPUT_CANCELLED then.
 *  - Lines end at '\n'; the last one needs none. The bytes are returned as
 *    they are ('\r', NUL): the caller's syntax judges them; lines that are
 *    words (wordlists, rule files) ask for a limit of their own and lose
 *    a CRLF file's '\r' (line_input_limit_words). */
#ifndef HC_CLI_LINE_INPUT_H
#define HC_CLI_LINE_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LINE_INPUT_MAX ((size_t)1 << 20)
#define LINE_INPUT_MAX_TEXT "1 MiB"

typedef enum line_input_status {
    LINE_INPUT_OK,         /* *text, *len: the line, valid until the next call */
    LINE_INPUT_END,        /* no more lines */
    LINE_INPUT_TOO_LONG,   /* line number line_no passed LINE_INPUT_MAX: the input ends here
                            * (over), or the line is skipped (line_input_skip_long_lines;
                            * line_input_limit_words: a word over the limit too) */
    LINE_INPUT_ERROR,      /* a read error: error holds errno */
    LINE_INPUT_CANCELLED,  /* cancelled() said stop while waiting */
    LINE_INPUT_WOULD_WAIT  /* only when the caller may not wait: no whole line yet */
} line_input_status;

typedef struct line_input {
    int fd;                        /* a plat_file */
    bool own;                      /* opened here (not standard input): closed by line_input_close */
    bool (*cancelled)(void *ctx);  /* NULL: never */
    void *cancel_ctx;
    char *buf;
    size_t cap, start, end;
    bool eof, over;                /* over: a line passed the limit, nothing more is read */
    bool skip_long, skipping;      /* skipping: the rest of a long line is being dropped */
    uint64_t line_no;              /* the line last returned or reported (1-based) */
    uint64_t consumed;             /* bytes of the lines returned or skipped, their '\n' included */
    size_t word_max;               /* line_input_limit_words's limit; 0: none */
    uint64_t long_len;             /* the skipped line's length (0: past LINE_INPUT_MAX, never known) */
    int error;
} line_input;

/* Opens path ("-": standard input) without waiting; false with errno set
 * (ENOMEM too) when it cannot be opened. cancelled may be NULL. */
bool line_input_open(line_input *in, const char *path, bool (*cancelled)(void *ctx), void *cancel_ctx);
/* The next line. may_wait false: LINE_INPUT_WOULD_WAIT rather than wait
 * for data not there yet. */
line_input_status line_input_next(line_input *in, const char **text, size_t *len, bool may_wait);
/* From now on a line past LINE_INPUT_MAX is reported (LINE_INPUT_TOO_LONG)
 * and skipped, its rest dropped as it is read; the next call goes on with
 * the line after it. */
void line_input_skip_long_lines(line_input *in);
/* Lines that are words to use (wordlists, rule files), of at most max_len
 * bytes (a word longer than a candidate can hold): a '\r' before the '\n'
 * is dropped (CRLF files), and a line still longer than max_len is
 * reported (LINE_INPUT_TOO_LONG, its length in long_len) and skipped. */
void line_input_limit_words(line_input *in, size_t max_len);
/* Says on stderr why the input ended early (LINE_INPUT_ERROR, or
 * LINE_INPUT_TOO_LONG with over set): `hc: PATH: <system reason>`, or
 * `hc: PATH:N: a line longer than 1 MiB; the file is not read further`. */
void line_input_report(const line_input *in, const char *path);
void line_input_close(line_input *in);

#endif
