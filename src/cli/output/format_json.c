/* --format json: JSON Lines (§10.3), and the JSON strings check and hash
 * modes write their own records with. */
#include "format_writer.h"

#include <stdlib.h>
#include <string.h>

#include "hc/encode.h"

/* The well-formed UTF-8 sequences of more than one byte (Unicode's table
 * "Well-Formed UTF-8 Byte Sequences", RFC 3629 §4): by the range of the
 * first byte, the length and the range of the second byte; every later
 * byte is 80..BF. Narrower second bytes rule out overlongs (E0, F0),
 * surrogates (ED) and what lies above U+10FFFF (F4). */
static const struct utf8_form {
    uint8_t first_lo, first_hi, len, second_lo, second_hi;
} utf8_forms[] = {
    {0xC2, 0xDF, 2, 0x80, 0xBF}, {0xE0, 0xE0, 3, 0xA0, 0xBF}, {0xE1, 0xEC, 3, 0x80, 0xBF},
    {0xED, 0xED, 3, 0x80, 0x9F}, {0xEE, 0xEF, 3, 0x80, 0xBF}, {0xF0, 0xF0, 4, 0x90, 0xBF},
    {0xF1, 0xF3, 4, 0x80, 0xBF}, {0xF4, 0xF4, 4, 0x80, 0x8F},
};

/* The length of the valid UTF-8 sequence at p, or 0. */
static size_t utf8_sequence(const uint8_t *p, size_t n)
{
    if (p[0] < 0x80)
        return 1;
    for (size_t f = 0; f < sizeof(utf8_forms) / sizeof(utf8_forms[0]); f++) {
        const struct utf8_form *form = &utf8_forms[f];
        if (p[0] < form->first_lo || p[0] > form->first_hi)
            continue;
        if (n < form->len || p[1] < form->second_lo || p[1] > form->second_hi)
            return 0;
        for (size_t i = 2; i < form->len; i++)
            if (p[i] < 0x80 || p[i] > 0xBF)
                return 0;
        return form->len;
    }
    return 0;
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

static void json_row_line(text_buffer *t, const format_row *row)
{
    const format_file *file = row->file;
    text_append_str(t, "{");
    if (file == NULL) {
        text_append_json_bytes(t, "string", row->name, row->name_len);
        text_printf(t, ",\"algorithm\":\"%s\",\"digest\":\"", hc_algorithm_name(row->alg));
        text_append_digest(t, row->choice, row->digest, row->digest_len);
        text_append_str(t, "\"}");
        return;
    }
    text_append_json_bytes(t, "path", row->name, row->name_len);
    text_printf(t, ",\"size\":%llu,\"algorithm\":\"%s\",\"digest\":\"", (unsigned long long)file->size,
                hc_algorithm_name(row->alg));
    text_append_digest(t, row->choice, row->digest, row->digest_len);
    text_printf(t, "\",\"seconds\":%.6f", file->seconds);
    if (file->verdict)
        text_printf(t, ",\"valid\":%s", file->valid ? "true" : "false");
    text_append_str(t, "}");
}

static void json_failure_line(text_buffer *t, const char *path, const char *reason)
{
    text_append_str(t, "{");
    text_append_json_bytes(t, "path", path, strlen(path));
    text_printf(t, ",\"error\":\"%s\"}", reason);
}

/* {"list":…,"line":…,"path":…,"algorithm":…,"result":…[,"error":…]} */
static void json_verdict_line(text_buffer *t, const format_verdict *v)
{
    text_append_str(t, "{");
    text_append_json_bytes(t, "list", v->list, strlen(v->list));
    text_printf(t, ",\"line\":%zu,", v->line);
    text_append_json_bytes(t, "path", v->path, v->path_len);
    text_printf(t, ",\"algorithm\":\"%s\",\"result\":\"%s\"", hc_algorithm_name(v->alg), v->verdict);
    if (v->error) {
        text_append_str(t, ",\"error\":");
        text_append_json_string(t, v->error, strlen(v->error), NULL);
    }
    text_append_str(t, "}");
}

/* §10.3: {"algorithm":…,"target":…,"found":true,"string":…,"attempts":…,
 * "seconds":…}; "found":false and no string when nothing was found. */
static void json_search_line(text_buffer *t, const format_search *s)
{
    text_printf(t, "{\"algorithm\":\"%s\",\"target\":\"%s\",\"found\":%s", hc_algorithm_name(s->alg),
                s->target_hex, s->text ? "true" : "false");
    if (s->text) {
        text_append_str(t, ",");
        text_append_json_bytes(t, "string", s->text, s->text_len);
    }
    if (s->seconds >= 0)
        text_printf(t, ",\"attempts\":%s,\"seconds\":%.6f", s->attempts, s->seconds);
    text_append_str(t, "}");
}

const format_writer format_json_writer = {
    .name = "json",
    .lower_by_default = true,
    .row_line = json_row_line,
    .failure_line = json_failure_line,
    .verdict_line = json_verdict_line,
    .search_line = json_search_line,
};
