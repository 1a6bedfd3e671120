/* One writer per output format of §10.3 (--format hc|gnu|bsd|sfv|json, and
 * -c, the hc checksum line): each knows how its result lines look, and
 * format_writer_of() is the one place that picks it. String, file and dir
 * modes print their rows through it, check its verdicts, hash mode its
 * JSON records. */
#ifndef HC_CLI_FORMAT_WRITER_H
#define HC_CLI_FORMAT_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formats.h"

/* What a line of file and dir modes tells besides the digest. */
typedef struct format_file {
    uint64_t size;
    double seconds;
    bool time;           /* -t: the hc line has a time column */
    bool name_algorithm; /* several algorithms: each hc line names its own (§10.8) */
    bool verdict;        /* a target (-m, or dir search's digest): valid or not */
    bool valid;          /* the digest is the target */
    bool search;         /* a dir search match: "<path> | <size>" in the hc format */
} format_file;

/* One result line: one algorithm's digest of a file or of string mode's
 * text. */
typedef struct format_row {
    const format_choice *choice; /* the digest's rendering */
    const hc_algorithm *alg;
    const uint8_t *digest;
    size_t digest_len;
    const char *name; /* the path, or the text string mode hashed */
    size_t name_len;
    /* NULL in string mode: the text stands where the other formats put a
     * file name, and the hc line is the digest alone (§3.1) */
    const format_file *file;
} format_row;

/* One verdict of check mode on one listed file and algorithm. */
typedef struct format_verdict {
    const char *list; /* the list's name as shown */
    size_t line;      /* its line number */
    const char *path;
    size_t path_len;
    const hc_algorithm *alg;
    const char *verdict; /* OK, FAILED, ... (§10.4) */
    const char *error;   /* why it could not be read, or NULL */
} format_verdict;

/* One target of hash mode, found or not. */
typedef struct format_search {
    const hc_algorithm *alg;
    const char *target_hex;
    const uint8_t *text; /* what was found, as UTF-8; NULL: nothing */
    size_t text_len;
    const char *attempts; /* digits */
    double seconds;       /* < 0: one of many targets, no attempts and seconds */
} format_search;

typedef struct format_writer {
    const char *name;      /* the --format value ("hc" for -c too) */
    bool lower_by_default; /* the formats of other tools write lower-case hex, as those tools do */
    /* Appends the row's line, without its line feed. */
    void (*row_line)(text_buffer *t, const format_row *row);
    /* Appends the line of a file that could not be read (reason: the
     * contract's text); NULL where the format has no line for it (stderr
     * alone says why, §10.7). */
    void (*failure_line)(text_buffer *t, const char *path, const char *reason);
    /* Check mode's line of one verdict; NULL where check does not write
     * the format (it takes hc and json). */
    void (*verdict_line)(text_buffer *t, const format_verdict *v);
    /* Hash mode's record of one target; NULL where the mode writes its own
     * lines (hc: the summary, then "Found: ..." or "Nothing found"). */
    void (*search_line)(text_buffer *t, const format_search *s);
    /* A checksum list `hc check` reads back: why a line of it cannot carry
     * a name that does not read back. NULL: not such a list. */
    const char *uncarried;
} format_writer;

const format_writer *format_writer_of(out_format kind);

/* The writers, one per file (format_hc.c holds -c's too). */
extern const format_writer format_hc_writer, format_checksum_writer, format_gnu_writer, format_bsd_writer,
    format_sfv_writer, format_json_writer;

#endif
