/* --sfv, --format sfv: "<basename>    <DIGEST>" (§3.2). */
#include "format_writer.h"

/* The part after the last '/' or '\', both separators on every OS (§3.2). */
static const char *base_name(const char *path)
{
    const char *base = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == '\\')
            base = p + 1;
    return base;
}

static void sfv_row_line(text_buffer *t, const format_row *row)
{
    /* string mode: the text as it is */
    if (row->file)
        text_append_str(t, base_name(row->name));
    else
        text_append(t, row->name, row->name_len);
    text_append_str(t, "    ");
    text_append_digest(t, row->choice, row->digest, row->digest_len);
}

const format_writer format_sfv_writer = {
    .name = "sfv",
    .row_line = sfv_row_line,
    .uncarried = "an SFV line cannot carry this name (white space at its start or end, a '\\', ';' at its "
                 "start, or a line break)",
};
