/* The contract's own lines (§3.1, §3.2): "<path> | <size> | <DIGEST>" and
 * -c's checksum line "<DIGEST> <path>". */
#include "format_writer.h"

#include <string.h>

#include "cli.h"

static void hc_row_line(text_buffer *t, const format_row *row)
{
    const format_file *file = row->file;
    if (file == NULL) {
        /* string mode: the digest alone */
        text_append_digest(t, row->choice, row->digest, row->digest_len);
        return;
    }
    char size[SIZE_TEXT_MAX];
    format_size(file->size, size);
    text_append(t, row->name, row->name_len);
    if (file->search) {
        /* a match of dir search: the path and the size only */
        text_printf(t, " | %s", size);
        return;
    }
    text_printf(t, " | %s | ", size);
    if (file->time) {
        char time[TIME_TEXT_MAX];
        format_time_long(file->seconds, time);
        text_printf(t, "%s | ", time);
    }
    /* several algorithms: each line names its own, in a column check
     * reads back (§10.8); one algorithm keeps the contract's line */
    if (file->name_algorithm)
        text_printf(t, "%s | ", hc_algorithm_name(row->alg));
    /* File mode with -m shows the verdict instead of the digest. */
    if (file->verdict)
        text_append_str(t, file->valid ? "File is valid" : "File is invalid");
    else
        text_append_digest(t, row->choice, row->digest, row->digest_len);
}

static void hc_failure_line(text_buffer *t, const char *path, const char *reason)
{
    text_printf(t, "%s | %s", path, reason);
}

/* check: "<path>: <verdict>"; a name with a newline or carriage return
 * is escaped (the line starts with '\\'), as coreutils does. */
static void hc_verdict_line(text_buffer *t, const format_verdict *v)
{
    bool escape = memchr(v->path, '\n', v->path_len) || memchr(v->path, '\r', v->path_len);
    if (escape)
        text_append(t, "\\", 1);
    text_append_gnu_name(t, v->path, v->path_len, escape);
    text_printf(t, ": %s", v->verdict);
}

const format_writer format_hc_writer = {
    .name = "hc",
    .row_line = hc_row_line,
    .failure_line = hc_failure_line,
    .verdict_line = hc_verdict_line,
    .uncarried = "an hc line cannot carry this name (a line feed); --format gnu escapes it",
};

/* -c: "<DIGEST> <path>" (§3.2); string mode has no -c, the digest alone
 * all the same. */
static void checksum_row_line(text_buffer *t, const format_row *row)
{
    text_append_digest(t, row->choice, row->digest, row->digest_len);
    if (row->file == NULL)
        return;
    text_append(t, " ", 1);
    text_append(t, row->name, row->name_len);
}

const format_writer format_checksum_writer = {
    .name = "hc",
    .row_line = checksum_row_line,
    .uncarried = "a -c line cannot carry this name (white space at its start, or a line break); "
                 "--format gnu escapes it",
};
