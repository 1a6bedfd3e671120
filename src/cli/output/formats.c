/* Output formats of §10.3: option reading, BSD tags, GNU name escaping,
 * JSON strings. */
#include "formats.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "hc/encode.h"

static const char *const format_names[] = {
    [FORMAT_HC] = "hc", [FORMAT_CHECKSUM] = "hc", [FORMAT_GNU] = "gnu",
    [FORMAT_BSD] = "bsd", [FORMAT_SFV] = "sfv", [FORMAT_JSON] = "json",
};

static bool lookup_format(const char *name, out_format *kind)
{
    static const out_format named[] = {FORMAT_HC, FORMAT_GNU, FORMAT_BSD, FORMAT_SFV, FORMAT_JSON};
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        if (strcmp(format_names[named[i]], name) == 0) {
            *kind = named[i];
            return true;
        }
    }
    return false;
}

bool parse_format_options(cli_output *out, const cli_args *args, const cli_algs *algs, unsigned allowed,
                          format_choice *choice)
{
    memset(choice, 0, sizeof(*choice));
    choice->kind = FORMAT_HC;
    if (args->present[OPT_FORMAT]) {
        const char *name = args->value[OPT_FORMAT];
        if (!lookup_format(name, &choice->kind) || !(allowed & (1u << choice->kind))) {
            print_parse_error(out, "invalid value '%s' for option '--format': expected one of %s", name,
                              (allowed & (1u << FORMAT_GNU)) ? "hc, gnu, bsd, sfv, json" : "hc, json");
            return false;
        }
    }
    /* -c and --sfv are the contract's names of two of the formats. */
    if (args->present[OPT_CHECKSUM]) {
        if (choice->kind != FORMAT_HC) {
            print_parse_error(out, "-c/--checksumfile is the hc checksum line; it cannot be used with --format %s",
                              format_names[choice->kind]);
            return false;
        }
        choice->kind = FORMAT_CHECKSUM;
    }
    if (args->present[OPT_SFV]) {
        if (choice->kind != FORMAT_HC && choice->kind != FORMAT_SFV) {
            print_parse_error(out, "--sfv cannot be used with %s", args->present[OPT_CHECKSUM]
                                                                       ? "-c/--checksumfile"
                                                                       : "another --format");
            return false;
        }
        choice->kind = FORMAT_SFV;
    }
    /* SFV lines hold CRC-32s: --format sfv is offered where --sfv is. */
    if (choice->kind == FORMAT_SFV && !(algs->common_flags & HC_ALG_CRC)) {
        print_parse_error(out, "--format sfv is for crc32 and crc32c only, not for '%s'", algs->word);
        return false;
    }
    if (args->present[OPT_LOWER] && args->present[OPT_UPPER]) {
        print_parse_error(out, "-l/--lower and -u/--upper cannot be used together");
        return false;
    }
    /* The contract's lines are upper case unless -l; the formats of other
     * tools are lower case (as those tools write them) unless -u. */
    bool tool_format = choice->kind == FORMAT_GNU || choice->kind == FORMAT_BSD || choice->kind == FORMAT_JSON;
    choice->lower = tool_format ? !args->present[OPT_UPPER] : args->present[OPT_LOWER];
    choice->base64 = args->present[OPT_BASE64];
    /* Nothing but JSON on stdout (§10.3): every other line goes to stderr. */
    if (choice->kind == FORMAT_JSON)
        out->divert_text = true;
    return true;
}

/* ---- text buffer ---- */

void text_init(text_buffer *t)
{
    t->data = t->small;
    t->len = 0;
    t->cap = sizeof(t->small);
    t->no_memory = false;
    t->small[0] = '\0';
}

void text_free(text_buffer *t)
{
    if (t->data != t->small)
        free(t->data);
    text_init(t);
}

void text_clear(text_buffer *t)
{
    t->len = 0;
    t->data[0] = '\0';
}

static bool text_reserve(text_buffer *t, size_t more)
{
    if (t->no_memory)
        return false;
    if (t->len + more + 1 <= t->cap)
        return true;
    size_t cap = t->cap;
    while (cap < t->len + more + 1)
        cap *= 2;
    char *grown = t->data == t->small ? malloc(cap) : realloc(t->data, cap);
    if (grown == NULL) {
        t->no_memory = true;
        return false;
    }
    if (t->data == t->small)
        memcpy(grown, t->small, t->len + 1);
    t->data = grown;
    t->cap = cap;
    return true;
}

void text_append(text_buffer *t, const void *data, size_t len)
{
    if (!text_reserve(t, len))
        return;
    memcpy(t->data + t->len, data, len);
    t->len += len;
    t->data[t->len] = '\0';
}

void text_append_str(text_buffer *t, const char *s)
{
    text_append(t, s, strlen(s));
}

void text_printf(text_buffer *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !text_reserve(t, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(t->data + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

const char *text_str(text_buffer *t)
{
    return t->data;
}

void text_output_line(text_buffer *t, cli_output *out)
{
    if (t->no_memory) {
        out->no_memory = true;
        return;
    }
    output_data_line(out, t->data, t->len);
}

/* ---- pieces ---- */

void format_bsd_tag(const hc_algorithm *alg, char *out, size_t size)
{
    const char *name = hc_algorithm_name(alg);
    size_t o = 0;
    if (strncmp(name, "sha-3-", 6) == 0) {
        o = (size_t)snprintf(out, size, "SHA3-");
        name += 6;
    }
    for (; *name && o + 1 < size; name++) {
        char c = *name;
        out[o++] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    out[o] = '\0';
    /* BLAKE2b, BLAKE2s: the variant letter stays small, as b2sum writes it */
    if (strncmp(hc_algorithm_name(alg), "blake2", 6) == 0 && o == 7)
        out[6] = hc_algorithm_name(alg)[6];
}

bool gnu_needs_escape(const char *name, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (name[i] == '\\' || name[i] == '\n' || name[i] == '\r')
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
            text_append(t, "\\\\", 2);
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

/* The length of the valid UTF-8 sequence at p (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF), or 0. */
static size_t utf8_sequence(const uint8_t *p, size_t n)
{
    uint8_t c = p[0];
    if (c < 0x80)
        return 1;
    size_t len;
    uint8_t lo = 0x80, hi = 0xBF; /* range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (n < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return len;
}

bool utf8_valid(const void *bytes, size_t len)
{
    const uint8_t *p = bytes;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_sequence(p + i, len - i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

void text_append_json_string(text_buffer *t, const void *bytes, size_t len, bool *lossy)
{
    const uint8_t *p = bytes;
    bool replaced = false;
    text_append(t, "\"", 1);
    for (size_t i = 0; i < len;) {
        uint8_t c = p[i];
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            text_append(t, esc, 2);
            i++;
        } else if (c < 0x20) {
            static const char short_forms[] = {['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't'};
            if (c < sizeof(short_forms) && short_forms[c]) {
                char esc[2] = {'\\', short_forms[c]};
                text_append(t, esc, 2);
            } else {
                text_printf(t, "\\u%04x", c);
            }
            i++;
        } else {
            size_t n = utf8_sequence(p + i, len - i);
            if (n == 0) {
                /* one replacement character per byte that is not UTF-8 */
                text_append_str(t, "\xEF\xBF\xBD");
                replaced = true;
                i++;
            } else {
                text_append(t, p + i, n);
                i += n;
            }
        }
    }
    text_append(t, "\"", 1);
    if (lossy)
        *lossy = replaced;
}

void text_append_json_bytes(text_buffer *t, const char *key, const void *bytes, size_t len)
{
    bool lossy;
    text_printf(t, "\"%s\":", key);
    text_append_json_string(t, bytes, len, &lossy);
    if (!lossy)
        return;
    char *b64 = malloc(HC_BASE64_LEN(len) + 1);
    if (b64 == NULL) {
        t->no_memory = true;
        return;
    }
    hc_base64_encode(bytes, len, b64);
    text_printf(t, ",\"%s_bytes_b64\":\"%s\"", key, b64);
    free(b64);
}

void text_append_digest(text_buffer *t, const format_choice *choice, const uint8_t *digest, size_t len)
{
    size_t need = format_digest_size(len);
    if (!text_reserve(t, need))
        return;
    format_digest(digest, len, choice->base64, choice->lower, t->data + t->len);
    t->len += strlen(t->data + t->len);
}
