/* hashcat's text forms of hash mode's results, so that its potfile and
 * outfiles and hc's are one: a found plain as it is or as $HEX[...], and
 * a digest as hashcat writes it for the row. */
#ifndef HC_CLI_PLAIN_TEXT_H
#define HC_CLI_PLAIN_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/algorithm.h"

/* The longest hash text: a prefix or suffix and the hex of the longest
 * digest, with its NUL. */
#define HASH_TEXT_MAX (2 * HC_MAX_DIGEST_LEN + 16)

/* The room plain_encode needs for len bytes, its NUL included. */
#define PLAIN_TEXT_SIZE(len) (2 * (size_t)(len) + 8)

/* Whether hashcat writes these bytes as $HEX[...]: a control byte (below
 * 0x20, 0x7F, or U+0080..U+009F), anything that is not well-formed UTF-8
 * (overlong forms, surrogates, past U+10FFFF, cut sequences), the
 * separator ':', or a text that itself reads as $HEX[...]. */
bool plain_needs_hex(const uint8_t *plain, size_t len);

/* The plain as written: the bytes, or $HEX[<lower-case hex>]; out holds
 * PLAIN_TEXT_SIZE(len). Returns the length written (NUL not counted). */
size_t plain_encode(const uint8_t *plain, size_t len, char *out);

/* Writes the lower-case hex of len bytes (no NUL). */
void plain_hex(const uint8_t *plain, size_t len, char *out);

/* Whether text is $HEX[...] with an even count of hex digits of either
 * case (none included): then its bytes go to out (room for len / 2) and
 * *out_len says how many. */
bool plain_hex_decode(const uint8_t *text, size_t len, uint8_t *out, size_t *out_len);

/* The digest as hashcat writes it for the row: lower-case hex, with
 * BLAKE2b-512's "$BLAKE2$" before it and CRC32's zero salt ":00000000"
 * after it. Returns the length (out holds HASH_TEXT_MAX). */
size_t hash_text(const hc_algorithm *alg, const uint8_t *digest, char *out);

/* The end of appending one found line to the potfile or an outfile: line
 * (n bytes, built when ok) goes to fd in one write, so that a line of
 * another process appending to the same file never lands inside it. A
 * failure (line NULL: no memory for it; ok false: the file could not be
 * opened; or the write) is said on stderr, naming the file as `what path`,
 * and sets *failed. Frees line; true when the line was written. */
bool found_line_write(int fd, char *line, size_t n, bool ok, const char *what, const char *path, bool *failed);

/* The digest of a hash text of the row: exactly hash_text's form, the
 * hex of either case. */
bool hash_text_parse(const hc_algorithm *alg, const char *text, size_t len, uint8_t *digest);

#endif
