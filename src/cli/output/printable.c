/* Escaping bytes for messages (printable.h). */
#include "printable.h"

#include "platform.h"

#include <stdlib.h>
#include <string.h>

/* Where '\\' separates folders (Windows) no name holds one, and a path is
 * shown as typed; elsewhere it is a name's byte, doubled so that a name's
 * own "\\x0a" is never taken for an escaped line feed. */
static bool shows_as_itself(unsigned char c)
{
    return c >= 0x20 && c != 0x7f && (c != '\\' || PLAT_PATH_SEPARATOR == '\\');
}

bool printable_needs_escape(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!shows_as_itself((unsigned char)text[i]))
            return true;
    return false;
}

char *printable_copy(const char *text, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    /* at most four bytes out for one in */
    char *out = len < ((size_t)-1 - 1) / 4 ? malloc(4 * len + 1) : NULL;
    if (out == NULL)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (shows_as_itself(c)) {
            out[o++] = (char)c;
        } else if (c == '\\') {
            out[o++] = '\\';
            out[o++] = '\\';
        } else {
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        }
    }
    out[o] = '\0';
    return out;
}

const char *printable_name(const char *text, char **owned)
{
    size_t len = strlen(text);
    *owned = printable_needs_escape(text, len) ? printable_copy(text, len) : NULL;
    return *owned ? *owned : text;
}
