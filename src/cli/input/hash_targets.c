/* hash mode's --hashes FILE (hash_targets.h). */
#include "hash_targets.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"
#include "cli.h"
#include "hc/encode.h"
#include "line_input.h"
#include "names.h"
#include "plain_text.h"
#include "printable.h"

/* The longest part of a bad line quoted in its message. */
enum { QUOTE_MAX = 72 };

/* Digests seen so far, by value: an open-addressing table of indices + 1
 * (0: empty), at most half full. */
typedef struct seen_table {
    size_t *slots;
    size_t mask;
} seen_table;

static size_t digest_hash(const uint8_t *d, unsigned len)
{
    /* FNV-1a: the digests a user lists are not chosen against us */
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned i = 0; i < len; i++)
        h = (h ^ d[i]) * 0x100000001b3ull;
    return (size_t)(h ^ h >> 29);
}

static bool seen_grow(seen_table *seen, const hash_targets *t, unsigned len)
{
    size_t size = seen->slots ? 2 * (seen->mask + 1) : 1024;
    size_t *slots = calloc(size, sizeof(size_t));
    if (slots == NULL)
        return false;
    for (size_t i = 0; i < t->count; i++) {
        size_t at = digest_hash(t->digests + i * len, len) & (size - 1);
        while (slots[at])
            at = (at + 1) & (size - 1);
        slots[at] = i + 1;
    }
    free(seen->slots);
    seen->slots = slots;
    seen->mask = size - 1;
    return true;
}

/* The index of an earlier equal digest, or SIZE_MAX after adding d (the
 * target count'th) to the table. */
static size_t seen_add(seen_table *seen, const hash_targets *t, const uint8_t *d, unsigned len)
{
    size_t at = digest_hash(d, len) & seen->mask;
    while (seen->slots[at]) {
        size_t i = seen->slots[at] - 1;
        if (memcmp(t->digests + i * len, d, len) == 0)
            return i;
        at = (at + 1) & seen->mask;
    }
    seen->slots[at] = t->count + 1;
    return SIZE_MAX;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Why text is not a digest of the row, for the message. */
static void explain(const hc_algorithm *alg, const char *text, size_t len, bool base64, char *why, size_t size)
{
    const char *name = hc_algorithm_name(alg), *article = cli_article(name);
    if (!base64) {
        size_t hex = 0;
        while (hex < len && strchr("0123456789abcdefABCDEF", text[hex]) && text[hex] != '\0')
            hex++;
        if (hex == len)
            snprintf(why, size, "%zu hex digits, %s %s digest has %zu", len, article, name, 2 * hc_algorithm_digest_len(alg));
        else
            snprintf(why, size, "not a hex digest");
        return;
    }
    uint8_t buf[3 * 64];
    size_t decoded = 0;
    if (len <= 4 * sizeof(buf) / 3 && hc_base64_decode(text, len, buf, sizeof(buf), &decoded) == HC_OK)
        snprintf(why, size, "%zu bytes of Base64, %s %s digest has %zu", decoded, article, name, hc_algorithm_digest_len(alg));
    else if (len > 4 * sizeof(buf) / 3)
        snprintf(why, size, "too long for %s %s digest (%zu bytes)", article, name, hc_algorithm_digest_len(alg));
    else
        snprintf(why, size, "not padded Base64");
}

static bool add_target(hash_targets *t, size_t *cap, const uint8_t *digest, unsigned len, size_t line)
{
    /* the digests and their line numbers grow in step: one capacity, taken
     * when both have grown */
    size_t digests_cap = *cap, lines_cap = *cap;
    uint8_t *digests = hc_array_grow(t->digests, &digests_cap, t->count + 1, len, 256);
    if (digests)
        t->digests = digests;
    size_t *lines = hc_array_grow(t->lines, &lines_cap, t->count + 1, sizeof(*lines), 256);
    if (lines)
        t->lines = lines;
    if (!digests || !lines)
        return false;
    *cap = digests_cap;
    memcpy(t->digests + t->count * len, digest, len);
    t->lines[t->count++] = line;
    return true;
}

/* A line of the list (its blanks around it dropped): the line's digest,
 * or false after saying on stderr why it is skipped. */
static bool parse_line(const hash_list_syntax *syn, const char *name, const char *text, size_t n, hash_line *line)
{
    const hc_algorithm *alg = syn->alg;
    const unsigned len = (unsigned)hc_algorithm_digest_len(alg);
    char why[128] = "";
    line->user = NULL;
    line->user_len = 0;
    const char *colon = syn->usernames ? memchr(text, ':', n) : NULL;
    if (syn->usernames && colon == NULL) {
        snprintf(why, sizeof(why), "no user field (--username)");
    } else if (colon != NULL) {
        line->user = text;
        line->user_len = (size_t)(colon - text);
        n -= line->user_len + 1;
        text = colon + 1;
    }
    if (why[0] == '\0' && memchr(text, '\0', n) == NULL &&
        ((!syn->base64 && hash_text_parse(alg, text, n, line->digest)) ||
         cli_parse_digest(text, n, len, syn->base64, line->digest)))
        return true;
    if (why[0] == '\0')
        explain(alg, text, n, syn->base64, why, sizeof(why));
    char *quoted = printable_copy(text, n > QUOTE_MAX ? QUOTE_MAX : n);
    if (quoted != NULL)
        fprintf(stderr, "hc: %s:%zu: %s: '%s%s' (skipped)\n", name, line->number, why, quoted,
                n > QUOTE_MAX ? "..." : "");
    free(quoted);
    return false;
}

typedef struct targets_read {
    hash_targets *t;
    seen_table seen;
    size_t cap;
    const char *name;
    unsigned len;
} targets_read;

/* One line's digest into the targets; false when memory ran out. */
static bool take_line(void *arg, const hash_line *line)
{
    targets_read *r = arg;
    hash_targets *t = r->t;
    size_t earlier = seen_add(&r->seen, t, line->digest, r->len);
    if (earlier != SIZE_MAX) {
        fprintf(stderr, "hc: %s:%zu: the same digest as line %zu (skipped)\n", r->name, line->number,
                t->lines[earlier]);
        t->duplicates++;
        return true;
    }
    if (add_target(t, &r->cap, line->digest, r->len, line->number) &&
        (2 * t->count <= r->seen.mask || seen_grow(&r->seen, t, r->len)))
        return true;
    fprintf(stderr, "hc: out of memory\n");
    return false;
}

bool hash_list_each(const hash_list_syntax *syn, const char *path, hash_line_fn *fn, void *arg, size_t *bad_lines,
                    bool *interrupted)
{
    const bool std_in = strcmp(path, "-") == 0;
    char *shown = std_in ? strdup("standard input") : printable_copy(path, strlen(path));
    line_input in;
    *interrupted = false;
    if (shown == NULL) {
        fprintf(stderr, "hc: out of memory\n");
        return false;
    }
    if (!line_input_open(&in, path, cli_interrupt_requested, NULL)) {
        fprintf(stderr, "hc: cannot open --hashes file %s: %s\n", shown, strerror(errno));
        free(shown);
        return false;
    }
    bool ok = true, more = true;
    while (more) {
        const char *text;
        size_t n;
        hash_line line;
        switch (line_input_next(&in, &text, &n, true)) {
        case LINE_INPUT_OK:
            while (n > 0 && is_blank(text[n - 1]))
                n--;
            while (n > 0 && (*text == ' ' || *text == '\t')) {
                text++;
                n--;
            }
            line.number = (size_t)in.line_no;
            if (n == 0)
                break;
            if (parse_line(syn, shown, text, n, &line))
                ok = more = fn(arg, &line);
            else
                (*bad_lines)++;
            break;
        case LINE_INPUT_TOO_LONG:
            fprintf(stderr, "hc: %s:%zu: a line longer than %s; the file is not read further\n", shown,
                    (size_t)in.line_no, LINE_INPUT_MAX_TEXT);
            ok = more = false;
            break;
        case LINE_INPUT_CANCELLED:
            *interrupted = true;
            ok = more = false;
            break;
        case LINE_INPUT_ERROR:
            if (in.error == ENOMEM)
                fprintf(stderr, "hc: out of memory\n");
            else
                fprintf(stderr, "hc: cannot read --hashes file %s: %s\n", shown, strerror(in.error));
            ok = more = false;
            break;
        case LINE_INPUT_END:
        case LINE_INPUT_WOULD_WAIT:
            more = false;
            break;
        }
    }
    line_input_close(&in);
    free(shown);
    return ok;
}

bool hash_targets_read(hash_targets *t, const hash_list_syntax *syn, const char *path)
{
    memset(t, 0, sizeof(*t));
    const bool std_in = strcmp(path, "-") == 0;
    targets_read r = {t, {NULL, 0}, 0, std_in ? "standard input" : path, (unsigned)hc_algorithm_digest_len(syn->alg)};
    char *shown = std_in ? NULL : printable_copy(path, strlen(path));
    if (!std_in && shown == NULL) {
        fprintf(stderr, "hc: out of memory\n");
        return false;
    }
    if (shown != NULL)
        r.name = shown;
    bool interrupted = false;
    bool ok = seen_grow(&r.seen, t, r.len);
    if (!ok)
        fprintf(stderr, "hc: out of memory\n");
    ok = ok && hash_list_each(syn, path, take_line, &r, &t->bad_lines, &interrupted);
    free(r.seen.slots);
    free(shown);
    if (!ok) {
        hash_targets_free(t);
        t->interrupted = interrupted;
    }
    return ok;
}

void hash_targets_free(hash_targets *t)
{
    free(t->digests);
    free(t->lines);
    memset(t, 0, sizeof(*t));
}
