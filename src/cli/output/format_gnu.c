/* --format gnu: "<hex>  <path>", as sha256sum writes it, and its name
 * escaping (which BSD lines and check's verdicts share). */
#include "format_writer.h"

#include "platform.h"

/* Where '\\' separates folders (Windows) it is never a name's byte: no
 * escape for it. */
static bool is_name_backslash(char c)
{
    return c == '\\' && PLAT_PATH_SEPARATOR != '\\';
}

bool gnu_needs_escape(const char *name, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (is_name_backslash(name[i]) || name[i] == '\n' || name[i] == '\r')
            return true;
    return false;
}

void text_append_gnu_name(text_buffer *t, const char *name, size_t len, bool escape)
{
    if (!escape) {
        text_append(t, name, len);
        return;
    }
    for (size_t i = 0; i < len; i++) {
        switch (name[i]) {
        case '\\':
            text_append(t, "\\\\", is_name_backslash(name[i]) ? 2 : 1); /* a separator stays itself */
            break;
        case '\n':
            text_append(t, "\\n", 2);
            break;
        case '\r':
            text_append(t, "\\r", 2);
            break;
        default:
            text_append(t, &name[i], 1);
        }
    }
}

void text_append_list_name(text_buffer *t, const char *name, size_t len, bool escape)
{
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        if (name[i] == PLAT_PATH_SEPARATOR && PLAT_PATH_SEPARATOR != '/') {
            text_append_gnu_name(t, name + start, i - start, escape);
            text_append(t, "/", 1);
            start = i + 1;
        }
    }
    text_append_gnu_name(t, name + start, len - start, escape);
}

static void gnu_row_line(text_buffer *t, const format_row *row)
{
    bool escape = gnu_needs_escape(row->name, row->name_len);
    if (escape)
        text_append(t, "\\", 1);
    text_append_digest(t, row->choice, row->digest, row->digest_len);
    text_append(t, "  ", 2);
    text_append_list_name(t, row->name, row->name_len, escape);
}

const format_writer format_gnu_writer = {
    .name = "gnu",
    .lower_by_default = true,
    .row_line = gnu_row_line,
    .uncarried = "a GNU line cannot carry this name",
};
