/* hashcat's text forms of results (plain_text.h). */
#include "plain_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

static const char HEX_OPEN[] = "$HEX[";
enum { HEX_OPEN_LEN = sizeof(HEX_OPEN) - 1 };

/* The bytes a well-formed UTF-8 sequence starting with lead takes, and
 * the range its second byte must fall in (the Unicode standard's table of
 * well-formed sequences, which rules out overlong forms, surrogates and
 * code points past U+10FFFF); 0 for a byte no sequence starts with. */
static size_t utf8_sequence(uint8_t lead, uint8_t *low, uint8_t *high)
{
    *low = 0x80;
    *high = 0xBF;
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF) {
        if (lead == 0xE0)
            *low = 0xA0;
        if (lead == 0xED)
            *high = 0x9F;
        return 3;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        if (lead == 0xF0)
            *low = 0x90;
        if (lead == 0xF4)
            *high = 0x8F;
        return 4;
    }
    return 0;
}

/* Well-formed UTF-8 without control characters (C0, DEL, C1): what
 * hashcat writes as it is. */
static bool printable_utf8(const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len;) {
        uint8_t low, high;
        size_t n = utf8_sequence(p[i], &low, &high);
        if (n == 0 || n > len - i)
            return false;
        if (n == 1 && (p[i] < 0x20 || p[i] == 0x7F))
            return false;
        if (n > 1 && (p[i + 1] < low || p[i + 1] > high))
            return false;
        for (size_t k = 2; k < n; k++)
            if (p[i + k] < 0x80 || p[i + k] > 0xBF)
                return false;
        if (n == 2 && p[i] == 0xC2 && p[i + 1] < 0xA0)
            return false; /* U+0080..U+009F, the C1 controls */
        i += n;
    }
    return true;
}

static bool is_hex_digit(uint8_t c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool reads_as_hex(const uint8_t *text, size_t len)
{
    if (len < HEX_OPEN_LEN + 1 || memcmp(text, HEX_OPEN, HEX_OPEN_LEN) != 0 || text[len - 1] != ']')
        return false;
    size_t digits = len - HEX_OPEN_LEN - 1;
    if (digits % 2 != 0)
        return false;
    for (size_t i = 0; i < digits; i++)
        if (!is_hex_digit(text[HEX_OPEN_LEN + i]))
            return false;
    return true;
}

bool plain_needs_hex(const uint8_t *plain, size_t len)
{
    return !printable_utf8(plain, len) || memchr(plain, ':', len) != NULL || reads_as_hex(plain, len);
}

void plain_hex(const uint8_t *plain, size_t len, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = digits[plain[i] >> 4];
        out[2 * i + 1] = digits[plain[i] & 15];
    }
}

size_t plain_encode(const uint8_t *plain, size_t len, char *out)
{
    size_t n = len;
    if (!plain_needs_hex(plain, len)) {
        memcpy(out, plain, len);
    } else {
        memcpy(out, HEX_OPEN, HEX_OPEN_LEN);
        plain_hex(plain, len, out + HEX_OPEN_LEN);
        n = HEX_OPEN_LEN + 2 * len;
        out[n++] = ']';
    }
    out[n] = '\0';
    return n;
}

static uint8_t hex_value(uint8_t c)
{
    return (uint8_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
}

bool plain_hex_decode(const uint8_t *text, size_t len, uint8_t *out, size_t *out_len)
{
    if (!reads_as_hex(text, len))
        return false;
    const uint8_t *digits = text + HEX_OPEN_LEN;
    *out_len = (len - HEX_OPEN_LEN - 1) / 2;
    for (size_t i = 0; i < *out_len; i++)
        out[i] = (uint8_t)(hex_value(digits[2 * i]) << 4 | hex_value(digits[2 * i + 1]));
    return true;
}

/* What hashcat writes around the hex of the row's digest. */
static void hash_affixes(const hc_algorithm *alg, const char **prefix, const char **suffix)
{
    const char *name = hc_algorithm_name(alg);
    *prefix = strcmp(name, "blake2b") == 0 ? "$BLAKE2$" : "";
    /* hashcat's CRC32 is salted with the register's start value */
    *suffix = strcmp(name, "crc32") == 0 ? ":00000000" : "";
}

size_t hash_text(const hc_algorithm *alg, const uint8_t *digest, char *out)
{
    const char *prefix, *suffix;
    hash_affixes(alg, &prefix, &suffix);
    const size_t p = strlen(prefix), hex = 2 * hc_algorithm_digest_len(alg), s = strlen(suffix);
    memcpy(out, prefix, p);
    plain_hex(digest, hex / 2, out + p);
    memcpy(out + p + hex, suffix, s + 1);
    return p + hex + s;
}

bool hash_text_parse(const hc_algorithm *alg, const char *text, size_t len, uint8_t *digest)
{
    const char *prefix, *suffix;
    hash_affixes(alg, &prefix, &suffix);
    const size_t p = strlen(prefix), hex = 2 * hc_algorithm_digest_len(alg), s = strlen(suffix);
    if (len != p + hex + s || memcmp(text, prefix, p) != 0 || memcmp(text + p + hex, suffix, s) != 0)
        return false;
    for (size_t i = 0; i < hex; i++)
        if (!is_hex_digit((uint8_t)text[p + i]))
            return false;
    for (size_t i = 0; i < hex / 2; i++)
        digest[i] = (uint8_t)(hex_value((uint8_t)text[p + 2 * i]) << 4 | hex_value((uint8_t)text[p + 2 * i + 1]));
    return true;
}

bool found_line_write(int fd, char *line, size_t n, bool ok, const char *what, const char *path, bool *failed)
{
    ok = ok && plat_write(fd, line, n) == (ptrdiff_t)n;
    if (!ok) {
        *failed = true;
        fprintf(stderr, "hc: cannot write %s %s: %s\n", what, path, line ? strerror(errno) : "out of memory");
    }
    free(line);
    return ok;
}
