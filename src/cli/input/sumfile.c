/* Lines of checksum lists (see sumfile.h). */
#include "sumfile.h"

#include <string.h>

#include "hc/encode.h"

static bool is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool is_alnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Characters of hex, Base64 and Base32 digests. */
static bool is_digest_char(char c)
{
    return is_alnum(c) || c == '+' || c == '/' || c == '=';
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static bool all_digest_chars(const char *p, size_t len)
{
    if (len == 0)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!is_digest_char(p[i]))
            return false;
    return true;
}

static sum_span span(const char *p, size_t len)
{
    sum_span s = {p, len};
    return s;
}

static bool has_prefix(const char *p, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(p, prefix, n) == 0;
}

static bool ends_with(const char *p, size_t len, const char *suffix)
{
    size_t n = strlen(suffix);
    return len >= n && memcmp(p + len - n, suffix, n) == 0;
}

/* The last occurrence of needle in [p, p + len), or NULL. */
static const char *find_last(const char *p, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = len; i >= n; i--)
        if (memcmp(p + i - n, needle, n) == 0)
            return p + i - n;
    return NULL;
}

/* ---- JSON: one flat object of strings, numbers, true, false, null ---- */

typedef struct json_cursor {
    const char *p, *end;
} json_cursor;

static void json_skip_space(json_cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n'))
        c->p++;
}

/* A string; *value spans its raw (still escaped) contents. Escapes are
 * checked here so that decoding cannot fail later on syntax. */
static bool json_string(json_cursor *c, sum_span *value)
{
    if (c->p >= c->end || *c->p != '"')
        return false;
    const char *start = ++c->p;
    while (c->p < c->end && *c->p != '"') {
        unsigned char ch = (unsigned char)*c->p;
        if (ch < 0x20)
            return false;
        if (ch == '\\') {
            if (++c->p >= c->end)
                return false;
            char e = *c->p;
            if (e == 'u') {
                if (c->end - c->p < 5)
                    return false;
                for (int i = 1; i <= 4; i++)
                    if (!is_hex(c->p[i]))
                        return false;
                c->p += 4;
            } else if (!strchr("\"\\/bfnrt", e) || e == '\0') {
                return false;
            }
        }
        c->p++;
    }
    if (c->p >= c->end)
        return false;
    *value = span(start, (size_t)(c->p - start));
    c->p++;
    return true;
}

static bool json_literal(json_cursor *c, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0)
        return false;
    c->p += n;
    return true;
}

static bool json_number(json_cursor *c)
{
    const char *start = c->p;
    while (c->p < c->end && (strchr("+-.eE", *c->p) || (*c->p >= '0' && *c->p <= '9')) && *c->p != '\0')
        c->p++;
    return c->p > start;
}

static bool span_is(sum_span s, const char *word)
{
    return s.len == strlen(word) && memcmp(s.p, word, s.len) == 0;
}

static bool span_has_backslash(sum_span s)
{
    return memchr(s.p, '\\', s.len) != NULL;
}

static bool parse_json(const char *line, size_t len, sum_reading *r)
{
    json_cursor c = {line, line + len};
    sum_span path = {0}, bytes = {0}, alg = {0}, digest = {0};
    bool have_path = false, have_bytes = false, have_alg = false, have_digest = false;
    json_skip_space(&c);
    if (c.p >= c.end || *c.p++ != '{')
        return false;
    json_skip_space(&c);
    if (c.p < c.end && *c.p == '}') {
        c.p++;
    } else {
        for (;;) {
            sum_span key, value = {0};
            json_skip_space(&c);
            if (!json_string(&c, &key))
                return false;
            json_skip_space(&c);
            if (c.p >= c.end || *c.p++ != ':')
                return false;
            json_skip_space(&c);
            bool is_string = c.p < c.end && *c.p == '"';
            if (is_string ? !json_string(&c, &value)
                          : !(json_literal(&c, "true") || json_literal(&c, "false") || json_literal(&c, "null") ||
                              json_number(&c)))
                return false;
            if (is_string && span_is(key, "path")) {
                path = value;
                have_path = true;
            } else if (is_string && span_is(key, "path_bytes_b64")) {
                bytes = value;
                have_bytes = true;
            } else if (is_string && span_is(key, "algorithm")) {
                alg = value;
                have_alg = true;
            } else if (is_string && span_is(key, "digest")) {
                digest = value;
                have_digest = true;
            }
            json_skip_space(&c);
            if (c.p < c.end && *c.p == ',') {
                c.p++;
                continue;
            }
            if (c.p < c.end && *c.p == '}') {
                c.p++;
                break;
            }
            return false;
        }
    }
    json_skip_space(&c);
    /* a record without a digest (an error record, a string) names no
     * checksum; names and digests need no escapes */
    if (c.p != c.end || !have_path || !have_alg || !have_digest || span_has_backslash(alg) ||
        span_has_backslash(digest))
        return false;
    r->syntax = SUM_JSON;
    r->tag = alg;
    r->digest = digest;
    r->name = have_bytes ? bytes : path;
    r->coding = have_bytes ? NAME_BASE64 : NAME_JSON;
    return true;
}

/* ---- the other syntaxes ---- */

/* [\]TAG[ ...](name) = digest */
static bool parse_bsd(const char *line, size_t len, sum_reading *r)
{
    bool escaped = len > 0 && line[0] == '\\';
    const char *p = line + escaped, *end = line + len;
    const char *tag = p;
    while (p < end && (is_alnum(*p) || *p == '-' || *p == '_'))
        p++;
    size_t tag_len = (size_t)(p - tag);
    while (p < end && *p == ' ')
        p++;
    if (tag_len == 0 || p >= end || *p != '(')
        return false;
    const char *name = p + 1;
    /* cksum --tag writes ") = ", openssl dgst ")= " */
    const char *close = find_last(name, (size_t)(end - name), ") = ");
    size_t sep = 4;
    if (close == NULL) {
        close = find_last(name, (size_t)(end - name), ")= ");
        sep = 3;
    }
    if (close == NULL)
        return false;
    const char *digest = close + sep;
    if (!all_digest_chars(digest, (size_t)(end - digest)) || close == name)
        return false;
    r->syntax = SUM_BSD;
    r->tag = span(tag, tag_len);
    r->digest = span(digest, (size_t)(end - digest));
    r->name = span(name, (size_t)(close - name));
    r->coding = escaped ? NAME_GNU_ESCAPED : NAME_RAW;
    return true;
}

/* "<n> bytes" or "<x.yz> <unit> (<n> bytes)" (contract §3.3). */
static bool is_size_field(const char *p, size_t len)
{
    if (!ends_with(p, len, " bytes") && !ends_with(p, len, " bytes)"))
        return false;
    size_t i = 0;
    while (i < len && p[i] >= '0' && p[i] <= '9')
        i++;
    if (i == 0)
        return false;
    if (i + 6 == len)
        return memcmp(p + i, " bytes", 6) == 0;
    /* x.yz Kb (n bytes) */
    if (i + 3 >= len || p[i] != '.' || !(p[i + 1] >= '0' && p[i + 1] <= '9') || !(p[i + 2] >= '0' && p[i + 2] <= '9'))
        return false;
    i += 3;
    if (len - i < 6 || p[i] != ' ' || !strchr("KMGTPE", p[i + 1]) || p[i + 1] == '\0' || p[i + 2] != 'b' ||
        p[i + 3] != ' ' || p[i + 4] != '(')
        return false;
    i += 5;
    size_t digits = i;
    while (i < len && p[i] >= '0' && p[i] <= '9')
        i++;
    return i > digits && len - i == 7 && memcmp(p + i, " bytes)", 7) == 0;
}

/* "[<n> years ][<n> days ][<n> hr ][<n> min ]<s>.<ms> sec" (contract §3.4). */
static bool is_time_field(const char *p, size_t len)
{
    if (!ends_with(p, len, " sec"))
        return false;
    len -= 4;
    size_t i = len;
    size_t ms = 0;
    while (i > 0 && p[i - 1] >= '0' && p[i - 1] <= '9') {
        i--;
        ms++;
    }
    if (ms != 3 || i < 2 || p[i - 1] != '.')
        return false;
    i--;
    size_t whole = i;
    while (i > 0 && p[i - 1] >= '0' && p[i - 1] <= '9')
        i--;
    if (i == whole)
        return false;
    for (size_t k = 0; k < i; k++)
        if (!(is_alnum(p[k]) || p[k] == ' '))
            return false;
    return true;
}

/* One of hc's algorithm names, exactly as hc writes it. */
static bool is_algorithm_field(const char *p, size_t len)
{
    char name[32];
    if (len == 0 || len >= sizeof(name))
        return false;
    memcpy(name, p, len);
    name[len] = '\0';
    return hc_algorithm_find(name) != NULL;
}

/* The column left of *bar: *field and *field_len, *bar moved to the
 * " | " before it; false when there is none. */
static bool previous_column(const char *line, const char **bar, const char **field, size_t *field_len)
{
    const char *left = find_last(line, (size_t)(*bar - line), " | ");
    if (left == NULL)
        return false;
    *field = left + 3;
    *field_len = (size_t)(*bar - *field);
    *bar = left;
    return true;
}

/* path | size | [time | ][algorithm | ]digest, read from the right: the path may hold
 * " | " itself. */
static bool parse_hc(const char *line, size_t len, sum_reading *r)
{
    /* the columns from the right: each step moves `bar` to the " | " left
     * of the field it leaves in field/field_len */
    const char *bar = find_last(line, len, " | ");
    if (bar == NULL)
        return false;
    const char *digest = bar + 3;
    size_t digest_len = (size_t)(line + len - digest);
    if (!all_digest_chars(digest, digest_len))
        return false;
    const char *field = NULL;
    size_t field_len = 0;
    if (!previous_column(line, &bar, &field, &field_len))
        return false;
    /* the algorithm's column of a line among several algorithms' */
    sum_span tag = span(NULL, 0);
    if (is_algorithm_field(field, field_len)) {
        tag = span(field, field_len);
        if (!previous_column(line, &bar, &field, &field_len))
            return false;
    }
    if (is_time_field(field, field_len) && !previous_column(line, &bar, &field, &field_len))
        return false;
    if (!is_size_field(field, field_len) || bar == line)
        return false;
    r->syntax = SUM_HC;
    r->tag = tag;
    r->digest = span(digest, digest_len);
    r->name = span(line, (size_t)(bar - line));
    r->coding = NAME_RAW;
    return true;
}

/* [\]digest  name, [\]digest *name (two_space), or digest name. */
static bool parse_gnu(const char *line, size_t len, bool two_space, sum_reading *r)
{
    bool escaped = len > 0 && line[0] == '\\';
    const char *p = line + escaped, *end = line + len;
    const char *digest = p;
    while (p < end && is_digest_char(*p))
        p++;
    size_t digest_len = (size_t)(p - digest);
    if (digest_len == 0 || p >= end || *p != ' ')
        return false;
    p++;
    if (two_space) {
        if (p >= end || (*p != ' ' && *p != '*'))
            return false;
        p++;
    }
    if (p >= end)
        return false;
    r->syntax = two_space ? SUM_GNU : SUM_GNU_SPACE;
    r->tag = span(NULL, 0);
    r->digest = span(digest, digest_len);
    r->name = span(p, (size_t)(end - p));
    r->coding = escaped ? NAME_GNU_ESCAPED : NAME_RAW;
    return true;
}

/* name<white space>digest */
static bool parse_sfv(const char *line, size_t len, sum_reading *r)
{
    const char *end = line + len;
    while (end > line && is_blank(end[-1]))
        end--;
    const char *digest = end;
    while (digest > line && is_digest_char(digest[-1]))
        digest--;
    const char *name_end = digest;
    if (name_end == line || !is_blank(name_end[-1]) || digest == end)
        return false;
    while (name_end > line && is_blank(name_end[-1]))
        name_end--;
    if (name_end == line)
        return false;
    r->syntax = SUM_SFV;
    r->tag = span(NULL, 0);
    r->digest = span(digest, (size_t)(end - digest));
    r->name = span(line, (size_t)(name_end - line));
    r->coding = NAME_RAW;
    return true;
}

sum_line_kind sum_line_parse(const char *line, size_t len, bool sfv_first, sum_reading out[SUM_READINGS_MAX],
                             size_t *count)
{
    *count = 0;
    if (len > 0 && line[len - 1] == '\r')
        len--;
    /* leading white space is not part of any format (coreutils skips it) */
    while (len > 0 && is_blank(*line)) {
        line++;
        len--;
    }
    size_t blank = 0;
    while (blank < len && is_blank(line[blank]))
        blank++;
    if (blank == len)
        return SUM_LINE_BLANK;
    if (line[0] == ';')
        return SUM_LINE_COMMENT;
    /* coreutils skips '#' lines of a list: notes a person wrote there */
    if (line[0] == '#')
        return SUM_LINE_NOTE;
    if (memchr(line, '\0', len))
        return SUM_LINE_MALFORMED; /* no tool writes one; the name would be cut short */
    if (has_prefix(line, len, SUM_JSON_PART_HEADER) || has_prefix(line, len, SUM_JSON_PART_END))
        return SUM_LINE_NOTE;
    if (line[0] == '{')
        return parse_json(line, len, &out[(*count)++]) ? SUM_LINE_ENTRY : (*count = 0, SUM_LINE_MALFORMED);

    sum_reading r;
    if (sfv_first && parse_sfv(line, len, &r))
        out[(*count)++] = r;
    if (parse_bsd(line, len, &r))
        out[(*count)++] = r;
    if (parse_hc(line, len, &r))
        out[(*count)++] = r;
    if (parse_gnu(line, len, true, &r))
        out[(*count)++] = r;
    if (parse_gnu(line, len, false, &r))
        out[(*count)++] = r;
    if (!sfv_first && parse_sfv(line, len, &r))
        out[(*count)++] = r;
    return *count ? SUM_LINE_ENTRY : SUM_LINE_MALFORMED;
}

/* ---- names ---- */

static int hex_value(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
}

static bool put(char *out, size_t cap, size_t *n, const void *bytes, size_t len)
{
    if (*n + len > cap)
        return false;
    memcpy(out + *n, bytes, len);
    *n += len;
    return true;
}

/* A JSON string's contents as UTF-8; \u escapes (surrogate pairs joined). */
static bool decode_json_name(sum_span s, char *out, size_t cap, size_t *n)
{
    for (size_t i = 0; i < s.len; i++) {
        char c = s.p[i];
        if (c != '\\') {
            if (!put(out, cap, n, &c, 1))
                return false;
            continue;
        }
        char e = s.p[++i];
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        if (e != 'u') {
            char v = to[strchr(from, e) - from];
            if (!put(out, cap, n, &v, 1))
                return false;
            continue;
        }
        unsigned cp = 0;
        for (int k = 1; k <= 4; k++)
            cp = cp * 16 + (unsigned)hex_value(s.p[i + (size_t)k]);
        i += 4;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned low = 0;
            if (i + 6 >= s.len + 0 || s.p[i + 1] != '\\' || s.p[i + 2] != 'u')
                return false;
            for (int k = 3; k <= 6; k++)
                low = low * 16 + (unsigned)hex_value(s.p[i + (size_t)k]);
            if (low < 0xDC00 || low > 0xDFFF)
                return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            i += 6;
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return false;
        }
        if (cp == 0)
            return false;
        unsigned char utf8[4];
        size_t len;
        if (cp < 0x80) {
            utf8[0] = (unsigned char)cp;
            len = 1;
        } else if (cp < 0x800) {
            utf8[0] = (unsigned char)(0xC0 | cp >> 6);
            utf8[1] = (unsigned char)(0x80 | (cp & 0x3F));
            len = 2;
        } else if (cp < 0x10000) {
            utf8[0] = (unsigned char)(0xE0 | cp >> 12);
            utf8[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            utf8[2] = (unsigned char)(0x80 | (cp & 0x3F));
            len = 3;
        } else {
            utf8[0] = (unsigned char)(0xF0 | cp >> 18);
            utf8[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
            utf8[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            utf8[3] = (unsigned char)(0x80 | (cp & 0x3F));
            len = 4;
        }
        if (!put(out, cap, n, utf8, len))
            return false;
    }
    return true;
}

/* coreutils' escapes: \\, \n and \r; any other backslash is malformed. */
static bool decode_gnu_name(sum_span s, char *out, size_t cap, size_t *n)
{
    for (size_t i = 0; i < s.len; i++) {
        char c = s.p[i];
        if (c == '\\') {
            if (++i >= s.len)
                return false;
            c = s.p[i] == '\\' ? '\\' : s.p[i] == 'n' ? '\n' : s.p[i] == 'r' ? '\r' : '\0';
            if (c == '\0')
                return false;
        }
        if (!put(out, cap, n, &c, 1))
            return false;
    }
    return true;
}

bool sum_name_decode(const sum_reading *r, char *out, size_t cap, size_t *out_len)
{
    size_t n = 0;
    bool ok;
    switch (r->coding) {
    case NAME_GNU_ESCAPED:
        ok = decode_gnu_name(r->name, out, cap, &n);
        break;
    case NAME_JSON:
        ok = decode_json_name(r->name, out, cap, &n);
        break;
    case NAME_BASE64:
        ok = hc_base64_decode(r->name.p, r->name.len, (uint8_t *)out, cap, &n) == HC_OK;
        break;
    case NAME_RAW:
    default:
        ok = put(out, cap, &n, r->name.p, r->name.len);
        break;
    }
    if (!ok || n == 0 || memchr(out, '\0', n))
        return false;
    *out_len = n;
    return true;
}

/* ---- digests ---- */

static int base32_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= '2' && c <= '7')
        return c - '2' + 26;
    return -1;
}

/* RFC 4648 Base32, padding optional, the unused low bits zero. */
static bool base32_decode(sum_span text, uint8_t *out, size_t n)
{
    size_t len = text.len;
    while (len > 0 && text.p[len - 1] == '=')
        len--;
    if (len != (n * 8 + 4) / 5 || (text.len != len && text.len != (n + 4) / 5 * 8))
        return false;
    uint32_t bits = 0;
    unsigned have = 0;
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        int v = base32_value(text.p[i]);
        if (v < 0)
            return false;
        bits = bits << 5 | (uint32_t)v;
        have += 5;
        if (have >= 8) {
            have -= 8;
            out[o++] = (uint8_t)(bits >> have);
        }
        bits &= (1u << have) - 1;
    }
    return o == n && bits == 0;
}

bool sum_digest_decode(sum_span text, uint8_t *out, size_t n)
{
    if (n == 0)
        return false;
    /* the lengths can coincide (4 bytes: 8 hex digits, 8 Base64 characters
     * "iEhj0g==", 8 padded Base32 ones): each in turn */
    if (text.len == 2 * n && hc_hex_decode(text.p, text.len, out, n) == HC_OK)
        return true;
    size_t decoded;
    if (text.len == HC_BASE64_LEN(n) && hc_base64_decode(text.p, text.len, out, n, &decoded) == HC_OK &&
        decoded == n)
        return true;
    return base32_decode(text, out, n);
}

bool sum_digest_plausible(sum_span text)
{
    if (text.len >= 8 && text.len % 2 == 0) {
        bool hex = true;
        for (size_t i = 0; i < text.len && hex; i++)
            hex = is_hex(text.p[i]);
        if (hex)
            return true;
    }
    uint8_t scratch[256];
    size_t decoded;
    if (text.len >= 8 && text.len % 4 == 0 && text.len / 4 * 3 <= sizeof(scratch) &&
        hc_base64_decode(text.p, text.len, scratch, sizeof(scratch), &decoded) == HC_OK)
        return true;
    size_t n = text.len * 5 / 8;
    return n >= 4 && n <= sizeof(scratch) && base32_decode(text, scratch, n);
}

/* ---- algorithm names ---- */

/* Lower case without '-' and '_': SHA-256, sha256 and SHA3-256 / sha-3-256
 * become comparable. */
static size_t fold_name(const char *p, size_t len, char *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        char c = p[i];
        if (c == '-' || c == '_')
            continue;
        if (n + 1 >= cap)
            return 0;
        out[n++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    out[n] = '\0';
    return n;
}

const hc_algorithm *sum_tag_algorithm(const char *tag, size_t len)
{
    /* Other tools' spellings, folded. GOST94 alone is RHash's GOST with the
     * test S-boxes, which hc does not have. */
    static const struct {
        const char *tag, *name;
    } aliases[] = {
        {"rmd160", "ripemd160"}, {"rmd128", "ripemd128"}, {"rmd256", "ripemd256"}, {"rmd320", "ripemd320"},
        {"gost94cryptopro", "gost"}, {"keccak224", "sha-3k-224"}, {"keccak256", "sha-3k-256"},
        {"keccak384", "sha-3k-384"}, {"keccak512", "sha-3k-512"}, {"blake2b512", "blake2b"},
        {"blake2s256", "blake2s"}, {"tiger192", "tiger"}, {"b2", "blake2b"}, {"b3", "blake3"},
        /* cksum (coreutils 9.2 on) and OpenSSL 3 name SHA-2 so */
        {"sha2224", "sha224"}, {"sha2256", "sha256"}, {"sha2384", "sha384"}, {"sha2512", "sha512"},
    };
    char folded[64], row[64];
    if (fold_name(tag, len, folded, sizeof(folded)) == 0)
        return NULL;
    for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
        if (strcmp(folded, aliases[i].tag) == 0)
            return hc_algorithm_find(aliases[i].name);
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const char *name = hc_algorithm_name(hc_algorithm_at(i));
        if (fold_name(name, strlen(name), row, sizeof(row)) && strcmp(row, folded) == 0)
            return hc_algorithm_at(i);
    }
    return NULL;
}

const hc_algorithm *sum_name_algorithm(const char *list_path)
{
    const char *base = strrchr(list_path, '/');
    base = base ? base + 1 : list_path;
    size_t len = strlen(base);
    /* SHA256SUMS, MD5SUMS, B3SUMS, SHA1SUM, also with an extension */
    char upper[64];
    size_t n = 0;
    for (; n < len && n + 1 < sizeof(upper) && base[n] != '.'; n++)
        upper[n] = (char)(base[n] >= 'a' && base[n] <= 'z' ? base[n] - 'a' + 'A' : base[n]);
    upper[n] = '\0';
    for (size_t suffix = 4; suffix >= 3; suffix--) {
        if (n > suffix && memcmp(upper + n - suffix, "SUMS", suffix) == 0) {
            const hc_algorithm *alg = sum_tag_algorithm(upper, n - suffix);
            if (alg)
                return alg;
        }
    }
    /* name.sha256, name.md5, name.sfv, name.sha256sum */
    const char *dot = strrchr(base, '.');
    if (dot == NULL || dot[1] == '\0')
        return NULL;
    const char *ext = dot + 1;
    size_t ext_len = strlen(ext);
    if (strcmp(ext, "sfv") == 0 || strcmp(ext, "SFV") == 0)
        return hc_algorithm_find("crc32");
    if (ext_len > 3 && (ends_with(ext, ext_len, "sum") || ends_with(ext, ext_len, "SUM")))
        ext_len -= 3;
    return sum_tag_algorithm(ext, ext_len);
}
