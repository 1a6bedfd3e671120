/* Bytes from a user's input or file names shown in a message on stderr:
 * every byte that would not show as itself on a terminal (control bytes,
 * DEL, NUL) as \xHH and, on POSIX, '\' as \\, so a message never loses,
 * hides or rewrites part of what it quotes; on Windows '\' separates
 * folders and shows as itself (a path is printed as the user typed it).
 * Bytes from 0x80 up are kept (UTF-8 names show as they are). */
#ifndef HC_CLI_PRINTABLE_H
#define HC_CLI_PRINTABLE_H

#include <stdbool.h>
#include <stddef.h>

/* Would text[0, len) show as other bytes in a message? */
bool printable_needs_escape(const char *text, size_t len);
/* text[0, len) escaped, in a new string (free it); NULL when out of
 * memory. */
char *printable_copy(const char *text, size_t len);

/* text itself when it shows as itself, else its escaped copy, which
 * *owned then holds (free it; NULL otherwise). Out of memory: text. */
const char *printable_name(const char *text, char **owned);

#endif
