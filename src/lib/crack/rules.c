/* hashcat's rule language (hc/rules.h): compiling rule lines and applying
 * them to words, with the limits of hashcat's rule engine (a candidate
 * stays under HC_RULE_BUF bytes; a function that cannot apply leaves the
 * word unchanged). */
#include "hc/rules.h"

#include "array_grow.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* What follows a function's letter. */
typedef enum args_kind {
    ARGS_NONE,
    ARGS_N,     /* a position */
    ARGS_X,     /* a character */
    ARGS_NM,    /* two positions */
    ARGS_NX,    /* a position and a character */
    ARGS_XY     /* two characters */
} args_kind;

static args_kind args_of(char code, bool *known)
{
    *known = true;
    switch (code) {
    case ':': case 'l': case 'u': case 'c': case 'C': case 't': case 'r': case 'd': case 'f': case '{':
    case '}': case '[': case ']': case 'q': case 'k': case 'K': case 'E':
        return ARGS_NONE;
    case 'T': case 'p': case 'D': case '\'': case 'z': case 'Z': case 'L': case 'R': case '+': case '-':
    case '.': case ',': case 'y': case 'Y':
        return ARGS_N;
    case '$': case '^': case '@': case 'e':
        return ARGS_X;
    case 'x': case 'O': case '*':
        return ARGS_NM;
    case 'i': case 'o': case '3':
        return ARGS_NX;
    case 's':
        return ARGS_XY;
    default:
        *known = false;
        return ARGS_NONE;
    }
}

/* A position: 0-9, then A-Z for 10-35; -1 for anything else. */
static int position(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return -1;
}

void hc_rules_init(hc_rules *rules)
{
    memset(rules, 0, sizeof(*rules));
}

void hc_rules_free(hc_rules *rules)
{
    free(rules->ops);
    free(rules->start);
    memset(rules, 0, sizeof(*rules));
}

static bool reserve(hc_rules *rules, size_t more_ops)
{
    uint32_t *start = hc_array_grow(rules->start, &rules->cap, rules->count + 2, sizeof(*start), 64);
    if (start == NULL)
        return false;
    rules->start = start;
    hc_rule_op *ops = hc_array_grow(rules->ops, &rules->ops_cap, rules->ops_len + more_ops, sizeof(*ops), 256);
    if (ops == NULL)
        return false;
    rules->ops = ops;
    if (rules->count == 0)
        rules->start[0] = 0;
    return true;
}

/* One function at text[*i] into op; false (with *i at the fault) when it
 * is not one. */
static bool compile_one(const char *text, size_t len, size_t *i, hc_rule_op *op)
{
    bool known;
    const char code = text[*i];
    args_kind kind = args_of(code, &known);
    if (!known)
        return false;
    static const unsigned arg_count[] = {[ARGS_NONE] = 0, [ARGS_N] = 1, [ARGS_X] = 1, [ARGS_NM] = 2, [ARGS_NX] = 2,
                                         [ARGS_XY] = 2};
    if (*i + arg_count[kind] >= len) {
        *i = len;
        return false;
    }
    op->code = (uint8_t)code;
    op->a = op->b = 0;
    const char *arg = text + *i + 1;
    int p0 = 0, p1 = 0;
    switch (kind) {
    case ARGS_NONE: break;
    case ARGS_N: p0 = position(arg[0]); op->a = (uint8_t)p0; break;
    case ARGS_X: op->a = (uint8_t)arg[0]; break;
    case ARGS_NM: p0 = position(arg[0]), p1 = position(arg[1]); op->a = (uint8_t)p0, op->b = (uint8_t)p1; break;
    case ARGS_NX: p0 = position(arg[0]); op->a = (uint8_t)p0, op->b = (uint8_t)arg[1]; break;
    case ARGS_XY: op->a = (uint8_t)arg[0], op->b = (uint8_t)arg[1]; break;
    }
    if (p0 < 0 || p1 < 0) {
        *i += 1 + (p0 < 0 ? 0 : 1);
        return false;
    }
    *i += 1 + arg_count[kind];
    return true;
}

hc_status hc_rules_add(hc_rules *rules, const char *text, size_t len, size_t *error_offset)
{
    if (!reserve(rules, HC_RULE_MAX_FUNCTIONS))
        return HC_ERR_NOMEM;
    hc_rule_op *ops = rules->ops + rules->ops_len;
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        if (text[i] == ' ') { /* spaces separate functions */
            i++;
            continue;
        }
        hc_rule_op op;
        size_t at = i;
        if (!compile_one(text, len, &i, &op) || n == HC_RULE_MAX_FUNCTIONS) {
            if (error_offset)
                *error_offset = n == HC_RULE_MAX_FUNCTIONS ? at : i;
            return HC_ERR_INVALID;
        }
        ops[n++] = op;
    }
    rules->ops_len += n;
    rules->count++;
    rules->start[rules->count] = (uint32_t)rules->ops_len;
    return HC_OK;
}

hc_status hc_rules_product(const hc_rules *const *lists, size_t n, hc_rules *out)
{
    size_t total = 1;
    for (size_t j = 0; j < n; j++) {
        if (lists[j]->count != 0 && total > SIZE_MAX / lists[j]->count)
            return HC_ERR_NOMEM;
        total *= lists[j]->count;
    }
    for (size_t i = 0; i < total; i++) {
        if (!reserve(out, HC_RULE_MAX_FUNCTIONS))
            return HC_ERR_NOMEM;
        size_t stride = 1, k = 0;
        for (size_t j = 0; j < n; j++) {
            const hc_rules *in = lists[j];
            size_t r = (i / stride) % in->count;
            stride *= in->count;
            for (uint32_t f = in->start[r]; f < in->start[r + 1] && k < HC_RULE_MAX_FUNCTIONS; f++)
                out->ops[out->ops_len + k++] = in->ops[f];
        }
        out->ops_len += k;
        out->count++;
        out->start[out->count] = (uint32_t)out->ops_len;
    }
    return HC_OK;
}

/* ---- the functions ---------------------------------------------------------- */

enum { MAX = HC_RULE_BUF };

static bool is_lower(uint8_t c) { return c >= 'a' && c <= 'z'; }
static bool is_upper(uint8_t c) { return c >= 'A' && c <= 'Z'; }
static uint8_t to_lower(uint8_t c) { return is_upper(c) ? c | 0x20 : c; }
static uint8_t to_upper(uint8_t c) { return is_lower(c) ? c & ~0x20 : c; }
static uint8_t toggle(uint8_t c) { return is_lower(c) || is_upper(c) ? c ^ 0x20 : c; }

/* As hashcat's CPU engine (-j): a separator keeps its case and is
 * compared as it was ('ea' makes "ab" "AB", 'eW' "Hello Wor" "Hello WOr");
 * the first byte is upper case even when it is a separator. */
static size_t title_sep(uint8_t *b, size_t len, uint8_t sep)
{
    bool upper_next = true;
    for (size_t i = 0; i < len; i++) {
        if (b[i] == sep) {
            upper_next = true;
            continue;
        }
        b[i] = upper_next ? to_upper(b[i]) : to_lower(b[i]);
        upper_next = false;
    }
    if (len > 0)
        b[0] = to_upper(b[0]);
    return len;
}

static size_t toggle_after_nth(uint8_t *b, size_t len, unsigned n, uint8_t sep)
{
    unsigned seen = 0;
    for (size_t i = 0; i < len; i++) {
        if (b[i] != sep)
            continue;
        if (seen++ == n) {
            if (i + 1 < len)
                b[i + 1] = toggle(b[i + 1]);
            break;
        }
    }
    return len;
}

static size_t dupe_times(uint8_t *b, size_t len, unsigned times)
{
    if (len * (times + 1) >= MAX)
        return len;
    for (unsigned t = 1; t <= times; t++)
        memcpy(b + t * len, b, len);
    return len * (times + 1);
}

static size_t reverse(uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len / 2; i++) {
        uint8_t t = b[i];
        b[i] = b[len - 1 - i];
        b[len - 1 - i] = t;
    }
    return len;
}

static size_t insert_at(uint8_t *b, size_t len, size_t at, const uint8_t *what, size_t n)
{
    if (at > len || len + n >= MAX)
        return len;
    memmove(b + at + n, b + at, len - at);
    memmove(b + at, what, n);
    return len + n;
}

static size_t remove_range(uint8_t *b, size_t len, size_t at, size_t n)
{
    memmove(b + at, b + at + n, len - at - n);
    return len - n;
}

static size_t purge(uint8_t *b, size_t len, uint8_t c)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i++)
        if (b[i] != c)
            b[o++] = b[i];
    return o;
}

static size_t dupe_chars(uint8_t *b, size_t len)
{
    if (2 * len >= MAX)
        return len;
    for (size_t i = len; i-- > 0;)
        b[2 * i] = b[2 * i + 1] = b[i];
    return 2 * len;
}

static void swap(uint8_t *b, size_t i, size_t j)
{
    uint8_t t = b[i];
    b[i] = b[j];
    b[j] = t;
}

/* Function op applied to b (len bytes); returns the new length. One
 * switch for every function: one indirect branch per function (three in
 * a row, one per kind of function, mispredicted more than the functions
 * took). */
static size_t apply_op(const hc_rule_op *op, uint8_t *b, size_t len)
{
    const size_t p = op->a, q = op->b;
    uint8_t tmp[MAX];
    switch (op->code) {
    /* the case of the word */
    case 'l': for (size_t i = 0; i < len; i++) b[i] = to_lower(b[i]); return len;
    case 'u': for (size_t i = 0; i < len; i++) b[i] = to_upper(b[i]); return len;
    case 't': for (size_t i = 0; i < len; i++) b[i] = toggle(b[i]); return len;
    case 'c':
        for (size_t i = 0; i < len; i++) b[i] = to_lower(b[i]);
        if (len > 0) b[0] = to_upper(b[0]);
        return len;
    case 'C':
        for (size_t i = 0; i < len; i++) b[i] = to_upper(b[i]);
        if (len > 0) b[0] = to_lower(b[0]);
        return len;
    case 'T': if (op->a < len) b[op->a] = toggle(b[op->a]); return len;
    /* hashcat leaves a word of the full 256 bytes alone here */
    case 'E': if (len < MAX) title_sep(b, len, ' '); return len;
    case 'e': if (len < MAX) title_sep(b, len, op->a); return len;
    case '3': if (len < MAX) toggle_after_nth(b, len, op->a, op->b); return len;
    /* one byte in place */
    case 'L': if (p < len) b[p] = (uint8_t)(b[p] << 1); return len;
    case 'R': if (p < len) b[p] = (uint8_t)(b[p] >> 1); return len;
    case '+': if (p < len) b[p] = (uint8_t)(b[p] + 1); return len;
    case '-': if (p < len) b[p] = (uint8_t)(b[p] - 1); return len;
    case '.': if (p + 1 < len) b[p] = b[p + 1]; return len;
    case ',': if (p < len && p > 0) b[p] = b[p - 1]; return len;
    case 'o': if (p < len) b[p] = op->b; return len;
    case 's': for (size_t i = 0; i < len; i++) if (b[i] == op->a) b[i] = op->b; return len;
    case 'k': if (len >= 2) swap(b, 0, 1); return len;
    case 'K': if (len >= 2) swap(b, len - 1, len - 2); return len;
    case '*': if (p < len && op->b < len) swap(b, p, op->b); return len;
    /* the length (or the order) */
    case 'r': return reverse(b, len);
    case 'd': return dupe_times(b, len, 1);
    case 'p': return dupe_times(b, len, (unsigned)p);
    case 'f':
        if (2 * len >= MAX) return len;
        for (size_t i = 0; i < len; i++) b[len + i] = b[len - 1 - i];
        return 2 * len;
    case '{': if (len > 0) { uint8_t c = b[0]; memmove(b, b + 1, len - 1); b[len - 1] = c; } return len;
    case '}': if (len > 0) { uint8_t c = b[len - 1]; memmove(b + 1, b, len - 1); b[0] = c; } return len;
    /* insert_at at the end, without its two calls of memmove (the most common function) */
    case '$': if (len + 1 >= MAX) return len; b[len] = op->a; return len + 1;
    case '^': return insert_at(b, len, 0, &op->a, 1);
    case 'i': return insert_at(b, len, p, &op->b, 1);
    case '[': return len > 0 ? remove_range(b, len, 0, 1) : len;
    case ']': return len > 0 ? len - 1 : len;
    case 'D': return p < len ? remove_range(b, len, p, 1) : len;
    case '\'': return p < len ? p : len;
    case 'x':
        if (p >= len || p + q > len) return len;
        memmove(b, b + p, q);
        return q;
    case 'O': return p < len && p + q <= len ? remove_range(b, len, p, q) : len;
    case '@': return purge(b, len, op->a);
    case 'q': return dupe_chars(b, len);
    case 'z':
        if (len == 0 || len + p >= MAX) return len;
        memset(tmp, b[0], p);
        return insert_at(b, len, 0, tmp, p);
    case 'Z':
        if (len == 0 || len + p >= MAX) return len;
        memset(tmp, b[len - 1], p);
        return insert_at(b, len, len, tmp, p);
    case 'y':
        if (p > len) return len;
        memcpy(tmp, b, p);
        return insert_at(b, len, 0, tmp, p);
    case 'Y':
        if (p > len) return len;
        memcpy(tmp, b + len - p, p);
        return insert_at(b, len, len, tmp, p);
    default: return len;
    }
}

size_t hc_rules_apply(const hc_rules *rules, size_t i, const uint8_t *word, size_t len, uint8_t out[HC_RULE_BUF])
{
    /* In place in out, no copy back: every function checks that it stays
     * under MAX bytes before it writes (the wordlist search applies each
     * rule to each word, one copy of the word less per candidate). */
    memmove(out, word, len);
    for (uint32_t f = rules->start[i]; f < rules->start[i + 1]; f++) {
        len = apply_op(&rules->ops[f], out, len);
    }
    return len;
}
