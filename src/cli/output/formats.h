/* Output formats of §10.3 (--format hc|gnu|bsd|sfv|json): the choice, and
 * the pieces the line printers of string, file, dir, hash and check modes
 * share. Each format's result lines are its writer's (format_writer.h). */
#ifndef HC_CLI_FORMATS_H
#define HC_CLI_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"

#include "platform.h"

typedef enum out_format {
    FORMAT_HC,        /* the contract's lines (§3) */
    FORMAT_CHECKSUM,  /* -c: "<DIGEST> <path>" (§3.2) */
    FORMAT_GNU,       /* "<hex>  <path>", sha256sum's escaping */
    FORMAT_BSD,       /* "<TAG> (<path>) = <hex>", cksum --tag */
    FORMAT_SFV,       /* "<basename>    <DIGEST>" (--sfv) */
    FORMAT_JSON       /* JSON Lines */
} out_format;

/* Digest rendering and line format chosen by --format, -c, --sfv, -l, -u
 * and -b. */
typedef struct format_choice {
    out_format kind;
    bool lower;       /* hex in lower case */
    bool base64;
} format_choice;

/* Which formats a mode accepts (bit 1 << out_format). */
#define FORMATS_LINES ((1u << FORMAT_HC) | (1u << FORMAT_CHECKSUM) | (1u << FORMAT_GNU) | (1u << FORMAT_BSD) | \
                       (1u << FORMAT_SFV) | (1u << FORMAT_JSON))

/* Reads --format, -c, --sfv, -l, -u and -b. Conflicts (-c with --format
 * gnu, -l with -u, --format sfv for a row that is not a CRC, a format the
 * mode does not have) print a parser-style error and return false. In JSON
 * format it also diverts every non-JSON line of out to stderr. */
bool parse_format_options(cli_output *out, const cli_args *args, const cli_algs *algs, unsigned allowed,
                          format_choice *choice);

/* ---- a growable line buffer ---- */

typedef struct text_buffer {
    char *data;
    size_t len, cap;
    bool no_memory;
    char small[512];
} text_buffer;

void text_init(text_buffer *t);
void text_free(text_buffer *t);
void text_clear(text_buffer *t);
void text_append(text_buffer *t, const void *data, size_t len);
void text_append_str(text_buffer *t, const char *s);
void text_printf(text_buffer *t, const char *fmt, ...) PLAT_PRINTF(2, 3);
/* The buffer as a NUL-terminated string. */
const char *text_str(text_buffer *t);
/* Prints the buffer as one line of out (out->no_memory when it ran out). */
void text_output_line(text_buffer *t, cli_output *out);

/* ---- pieces of lines (each in its format's writer, format_*.c) ---- */

/* The tag of a BSD line (§10.3): MD5, SHA1, SHA256, SHA3-256, BLAKE2b,
 * BLAKE2s, BLAKE3, CRC32, RIPEMD160, ...: the hc name upper-cased, except
 * that `sha-3-N` is written SHA3-N and BLAKE2's last letter stays small
 * (as cksum --tag writes them). */
void format_bsd_tag(const hc_algorithm *alg, char *out, size_t size);

/* Does GNU escaping apply to this name (a backslash, newline or carriage
 * return in it)? Then the line starts with '\' and the name is written
 * with \\, \n, \r (as coreutils 9 writes it). On Windows '\' separates
 * folders, is no name's byte and needs no escape. */
bool gnu_needs_escape(const char *name, size_t len);
void text_append_gnu_name(text_buffer *t, const char *name, size_t len, bool escape);
/* The name as a GNU or BSD list line carries it: '/' between folders on
 * every system (Windows reads it, and the list verifies with sha256sum -c
 * where the files are copied), the rest as text_append_gnu_name writes it. */
void text_append_list_name(text_buffer *t, const char *name, size_t len, bool escape);

/* A JSON string value, quotes included: '"', '\' and control characters
 * escaped, invalid UTF-8 written as U+FFFD. *lossy tells whether any was. */
void text_append_json_string(text_buffer *t, const void *bytes, size_t len, bool *lossy);
/* "key":"value" for a byte string (a path, a found string): when the bytes
 * are not valid UTF-8, also "key_bytes_b64":"<Base64 of the bytes>". */
void text_append_json_bytes(text_buffer *t, const char *key, const void *bytes, size_t len);

/* The digest as the choice renders it, appended. */
void text_append_digest(text_buffer *t, const format_choice *choice, const uint8_t *digest, size_t len);

/* Is every byte valid UTF-8? */
bool utf8_valid(const void *bytes, size_t len);

#endif
