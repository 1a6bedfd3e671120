/* The header and end lines of a dir --part list: see part_list.h. */
#include "part_list.h"

#include <string.h>

#include "args.h"
#include "part.h"
#include "sumfile.h"

#define DIGEST_LEN 32

/* The words around the JSON object: the format's comment, or in JSON
 * Lines an object of its own key (sumfile.h names those keys: check skips
 * them). */
typedef struct part_wrapper {
    const char *header, *end, *close;
} part_wrapper;

static const part_wrapper hash_comment = {"# hc-part ", "# hc-part-end ", ""};
static const part_wrapper sfv_comment = {"; hc-part ", "; hc-part-end ", ""};
static const part_wrapper json_object = {SUM_JSON_PART_HEADER, SUM_JSON_PART_END, "}"};

static const part_wrapper *wrapper_of(out_format kind)
{
    return kind == FORMAT_JSON ? &json_object : kind == FORMAT_SFV ? &sfv_comment : &hash_comment;
}

bool part_digest_open(hc_hasher *digest)
{
    return hc_hasher_open(digest, hc_algorithm_find("sha256"), NULL) == HC_OK;
}

void part_digest_hex(hc_hasher *digest, char hex[2 * DIGEST_LEN + 1])
{
    uint8_t bytes[DIGEST_LEN];
    hc_hasher_final(digest, bytes);
    format_digest(bytes, DIGEST_LEN, false, true, hex);
}

/* ---- the header ---- */

/* value in single quotes as a POSIX shell reads it back ('\'' for a
 * quote): no value can run into the next option. */
static void append_quoted(text_buffer *t, const char *value)
{
    text_append_str(t, "'");
    for (const char *q; (q = strchr(value, '\'')) != NULL; value = q + 1) {
        text_append(t, value, (size_t)(q - value));
        text_append_str(t, "'\\''");
    }
    text_append_str(t, value);
    text_append_str(t, "'");
}

/* The options that change which files are listed or what their lines
 * hold, in one order whatever the command line's: the same run gives the
 * same text. --key's value is a secret and stays out of the list. */
static void append_selection(text_buffer *t, const cli_args *args)
{
    static const struct {
        cli_option_id id;
        const char *name;
        bool value_shown;
    } selecting[] = {
        {OPT_RECURSIVE, "-r", false},   {OPT_INCLUDE, "-i", true}, {OPT_EXCLUDE, "-e", true},
        {OPT_SEARCH, "-H", true},       {OPT_HASH, "-m", true},    {OPT_OFFSET, "-q", true},
        {OPT_LIMIT, "-z", true},        {OPT_TIME, "-t", false},   {OPT_NOERRORONFIND, "--noerroronfind", false},
        {OPT_LENGTH, "--length", true}, {OPT_KEY, "--key", false}, {OPT_DERIVE_KEY, "--derive-key", true},
    };
    bool first = true;
    for (size_t i = 0; i < sizeof(selecting) / sizeof(selecting[0]); i++) {
        if (!args->present[selecting[i].id])
            continue;
        text_printf(t, "%s%s", first ? "" : " ", selecting[i].name);
        first = false;
        if (selecting[i].value_shown) {
            text_append_str(t, " ");
            append_quoted(t, args->value[selecting[i].id]);
        }
    }
}

/* The format and the digest's rendering: "gnu lower", "hc upper", "json
 * base64". */
static const char *format_text(const format_choice *choice)
{
    static const char *const names[] = {
        [FORMAT_HC] = "hc",   [FORMAT_CHECKSUM] = "checksum", [FORMAT_GNU] = "gnu",
        [FORMAT_BSD] = "bsd", [FORMAT_SFV] = "sfv",           [FORMAT_JSON] = "json",
    };
    return names[choice->kind];
}

static void append_header(text_buffer *t, const cli_args *args, const line_format *format, const char *source,
                          uint64_t part, uint64_t parts)
{
    const format_choice *choice = &format->choice;
    text_append_str(t, wrapper_of(choice->kind)->header);
    text_printf(t, "{\"part\":%llu,\"of\":%llu,", (unsigned long long)part, (unsigned long long)parts);
    text_append_json_bytes(t, "source", source, strlen(source));
    text_append_str(t, ",\"algorithms\":\"");
    for (size_t i = 0; i < format->algs->count; i++)
        text_printf(t, "%s%s", i ? "," : "", hc_algorithm_name(format->algs->rows[i]));
    text_printf(t, "\",\"format\":\"%s %s\",", format_text(choice),
                choice->base64  ? "base64"
                : choice->lower ? "lower"
                                : "upper");
    text_buffer selection;
    text_init(&selection);
    append_selection(&selection, args);
    text_append_json_bytes(t, "options", selection.data ? selection.data : "", selection.len);
    t->no_memory |= selection.no_memory;
    text_free(&selection);
    text_printf(t, "}%s", wrapper_of(choice->kind)->close);
}

/* out's tap: every byte after the header goes into the end line's count
 * and digest. */
static void tally(void *ctx, const char *data, size_t len)
{
    part_list_writer *w = ctx;
    hc_hasher_update(&w->digest, data, len);
    for (const char *p = data, *end = data + len; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
        w->lines++;
}

bool part_list_begin(part_list_writer *w, cli_output *out, const cli_args *args, const line_format *format,
                     const char *source, uint64_t part, uint64_t parts)
{
    memset(w, 0, sizeof(*w));
    w->kind = format->choice.kind;
    text_buffer header;
    text_init(&header);
    append_header(&header, args, format, source, part, parts);
    bool ok = !header.no_memory && part_digest_open(&w->digest);
    if (ok) {
        hc_hasher_update(&w->digest, header.data, header.len);
        hc_hasher_update(&w->digest, "\n", 1);
        text_output_line(&header, out);
        out->tap = tally;
        out->tap_ctx = w;
        w->open = true;
    }
    text_free(&header);
    return ok;
}

void part_list_end(part_list_writer *w, cli_output *out, bool complete)
{
    if (!w->open)
        return;
    out->tap = NULL;
    out->tap_ctx = NULL;
    w->open = false;
    char hex[2 * DIGEST_LEN + 1];
    part_digest_hex(&w->digest, hex);
    hc_hasher_close(&w->digest);
    if (!complete)
        return;
    const part_wrapper *wrapper = wrapper_of(w->kind);
    text_buffer end;
    text_init(&end);
    text_printf(&end, "%s{\"lines\":%llu,\"sha256\":\"%s\"}%s", wrapper->end, (unsigned long long)w->lines, hex,
                wrapper->close);
    text_output_line(&end, out);
    text_free(&end);
}

/* ---- reading ---- */

const char *part_field_word(part_field field)
{
    static const char *const words[PART_FIELD_COUNT] = {
        [PART_FIELD_PARTS] = "number of parts", [PART_FIELD_SOURCE] = "source", [PART_FIELD_SOURCE_BYTES] = "source",
        [PART_FIELD_ALGORITHMS] = "algorithms", [PART_FIELD_FORMAT] = "format", [PART_FIELD_OPTIONS] = "options",
        [PART_FIELD_OPTIONS_BYTES] = "options",
    };
    return words[field];
}

/* One "key":value of the object: the value's span (a string with its
 * quotes, or a bare word such as digits). */
typedef struct json_member {
    const char *key, *value;
    size_t key_len, value_len;
} json_member;

/* The member at *p (just after '{' or ','); *p moves past the ',' or '}'
 * after it, *closed tells which. false when malformed. */
static bool next_member(const char **p, const char *end, json_member *m, bool *closed)
{
    const char *s = *p;
    if (s >= end || *s != '"')
        return false;
    m->key = ++s;
    while (s < end && *s != '"' && *s != '\\')
        s++;
    if (s + 1 >= end || *s != '"' || s[1] != ':')
        return false;
    m->key_len = (size_t)(s - m->key);
    m->value = s += 2;
    if (s < end && *s == '"') {
        for (s++; s < end && *s != '"'; s++)
            if (*s == '\\')
                s++;
        if (s >= end)
            return false;
        s++;
    } else {
        while (s < end && ((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z')))
            s++;
    }
    m->value_len = (size_t)(s - m->value);
    if (m->value_len == 0 || s >= end || (*s != ',' && *s != '}'))
        return false;
    *closed = *s == '}';
    *p = s + 1;
    return true;
}

static bool key_is(const json_member *m, const char *key)
{
    return m->key_len == strlen(key) && memcmp(m->key, key, m->key_len) == 0;
}

static bool member_number(const json_member *m, uint64_t *value)
{
    return parse_whole_number(m->value, m->value + m->value_len, value);
}

static const char *const field_keys[PART_FIELD_COUNT] = {
    [PART_FIELD_PARTS] = "of",
    [PART_FIELD_SOURCE] = "source",
    [PART_FIELD_SOURCE_BYTES] = "source_bytes_b64",
    [PART_FIELD_ALGORITHMS] = "algorithms",
    [PART_FIELD_FORMAT] = "format",
    [PART_FIELD_OPTIONS] = "options",
    [PART_FIELD_OPTIONS_BYTES] = "options_bytes_b64",
};

/* Hands every member of the one object that spans [p, end) to take;
 * false when it is malformed or something follows it. */
static bool read_object(const char *p, const char *end, void (*take)(void *ctx, const json_member *m), void *ctx)
{
    bool closed = false;
    json_member m;
    if (p >= end || *p++ != '{')
        return false;
    while (!closed) {
        if (!next_member(&p, end, &m, &closed))
            return false;
        take(ctx, &m);
    }
    return p == end;
}

typedef struct header_reading {
    part_header *h;
    bool have_part;
} header_reading;

static void take_header_member(void *ctx, const json_member *m)
{
    header_reading *r = ctx;
    if (key_is(m, "part"))
        r->have_part = member_number(m, &r->h->part);
    for (size_t f = 0; f < PART_FIELD_COUNT; f++) {
        if (key_is(m, field_keys[f])) {
            r->h->field[f].p = m->value;
            r->h->field[f].len = m->value_len;
        }
    }
}

static bool read_header(const char *p, const char *end, part_header *h)
{
    memset(h, 0, sizeof(*h));
    header_reading r = {.h = h};
    if (!read_object(p, end, take_header_member, &r) || !r.have_part || h->field[PART_FIELD_PARTS].len == 0 ||
        !parse_whole_number(h->field[PART_FIELD_PARTS].p, h->field[PART_FIELD_PARTS].p + h->field[PART_FIELD_PARTS].len,
                            &h->parts) ||
        h->part < 1 || h->part > h->parts)
        return false;
    for (size_t f = 0; f < PART_FIELD_COUNT; f++)
        if (f != PART_FIELD_SOURCE_BYTES && f != PART_FIELD_OPTIONS_BYTES && h->field[f].len == 0)
            return false;
    return true;
}

static bool is_hex_digest(const json_member *m)
{
    if (m->value_len != 2 * DIGEST_LEN + 2 || m->value[0] != '"')
        return false;
    for (size_t i = 1; i <= 2 * DIGEST_LEN; i++)
        if (!strchr("0123456789abcdef", m->value[i]) || m->value[i] == '\0')
            return false;
    return true;
}

typedef struct end_reading {
    part_end *e;
    bool have_lines, have_digest;
} end_reading;

static void take_end_member(void *ctx, const json_member *m)
{
    end_reading *r = ctx;
    if (key_is(m, "lines")) {
        r->have_lines = member_number(m, &r->e->lines);
    } else if (key_is(m, "sha256") && is_hex_digest(m)) {
        memcpy(r->e->sha256, m->value + 1, 2 * DIGEST_LEN);
        r->have_digest = true;
    }
}

static bool read_end(const char *p, const char *end, part_end *e)
{
    memset(e, 0, sizeof(*e));
    end_reading r = {.e = e};
    return read_object(p, end, take_end_member, &r) && r.have_lines && r.have_digest;
}

static bool starts_with(const char *line, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(line, prefix, n) == 0;
}

part_line_kind part_line_read(const char *line, size_t len, part_header *header, part_end *end)
{
    if (len > 0 && line[len - 1] == '\n')
        len--;
    if (len > 0 && line[len - 1] == '\r')
        len--;
    static const part_wrapper *const wrappers[] = {&hash_comment, &sfv_comment, &json_object};
    for (size_t i = 0; i < sizeof(wrappers) / sizeof(wrappers[0]); i++) {
        const part_wrapper *w = wrappers[i];
        size_t close = strlen(w->close);
        bool is_header = starts_with(line, len, w->header), is_end = starts_with(line, len, w->end);
        if (!is_header && !is_end)
            continue;
        const char *p = line + strlen(is_header ? w->header : w->end);
        const char *stop = line + len - close;
        if (stop < p || memcmp(stop, w->close, close) != 0)
            return PART_LINE_MALFORMED;
        if (is_header)
            return read_header(p, stop, header) ? PART_LINE_HEADER : PART_LINE_MALFORMED;
        return read_end(p, stop, end) ? PART_LINE_END : PART_LINE_MALFORMED;
    }
    return PART_LINE_ENTRY;
}
