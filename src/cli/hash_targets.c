/* hash mode's --hashes FILE (hash_targets.h). */
#include "hash_targets.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hc/encode.h"

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
    if (!base64) {
        size_t hex = 0;
        while (hex < len && strchr("0123456789abcdefABCDEF", text[hex]) && text[hex] != '\0')
            hex++;
        if (hex == len)
            snprintf(why, size, "%zu hex digits, a %s digest has %zu", len, hc_algorithm_name(alg), 2 * hc_algorithm_digest_len(alg));
        else
            snprintf(why, size, "not a hex digest");
        return;
    }
    uint8_t buf[3 * 64];
    size_t decoded = 0;
    if (len <= 4 * sizeof(buf) / 3 && hc_base64_decode(text, len, buf, sizeof(buf), &decoded) == HC_OK)
        snprintf(why, size, "%zu bytes of Base64, a %s digest has %zu", decoded, hc_algorithm_name(alg), hc_algorithm_digest_len(alg));
    else if (len > 4 * sizeof(buf) / 3)
        snprintf(why, size, "too long for a %s digest (%zu bytes)", hc_algorithm_name(alg), hc_algorithm_digest_len(alg));
    else
        snprintf(why, size, "not padded Base64");
}

static bool add_target(hash_targets *t, size_t *cap, const uint8_t *digest, unsigned len, size_t line)
{
    if (t->count == *cap) {
        size_t grown = *cap ? 2 * *cap : 256;
        uint8_t *digests = realloc(t->digests, grown * len);
        if (digests)
            t->digests = digests;
        size_t *lines = realloc(t->lines, grown * sizeof(size_t));
        if (lines)
            t->lines = lines;
        if (!digests || !lines)
            return false;
        *cap = grown;
    }
    memcpy(t->digests + t->count * len, digest, len);
    t->lines[t->count++] = line;
    return true;
}

bool hash_targets_read(hash_targets *t, const hc_algorithm *alg, const char *path, bool base64)
{
    memset(t, 0, sizeof(*t));
    const bool std_in = strcmp(path, "-") == 0;
    const char *name = std_in ? "standard input" : path;
    FILE *f = std_in ? stdin : fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "hc: cannot open --hashes file %s: %s\n", path, strerror(errno));
        return false;
    }
    const unsigned len = (unsigned)hc_algorithm_digest_len(alg);
    seen_table seen = {NULL, 0};
    char *line = NULL;
    size_t line_cap = 0, cap = 0, number = 0;
    bool ok = seen_grow(&seen, t, len);
    ssize_t got;
    uint8_t digest[HC_MAX_DIGEST_LEN];
    while (ok && (got = getline(&line, &line_cap, f)) >= 0) {
        number++;
        size_t n = (size_t)got;
        const char *text = line;
        while (n > 0 && is_blank(text[n - 1]))
            n--;
        while (n > 0 && (*text == ' ' || *text == '\t')) {
            text++;
            n--;
        }
        if (n == 0)
            continue;
        if (memchr(text, '\0', n) != NULL || !cli_parse_digest(text, n, hc_algorithm_digest_len(alg), base64, digest)) {
            char why[128];
            explain(alg, text, n, base64, why, sizeof(why));
            fprintf(stderr, "hc: %s:%zu: %s: '%.*s%s' (skipped)\n", name, number, why,
                    (int)(n > QUOTE_MAX ? QUOTE_MAX : n), text, n > QUOTE_MAX ? "..." : "");
            t->bad_lines++;
            continue;
        }
        size_t earlier = seen_add(&seen, t, digest, len);
        if (earlier != SIZE_MAX) {
            fprintf(stderr, "hc: %s:%zu: the same digest as line %zu (skipped)\n", name, number, t->lines[earlier]);
            t->duplicates++;
            continue;
        }
        ok = add_target(t, &cap, digest, len, number);
        if (ok && 2 * t->count > seen.mask)
            ok = seen_grow(&seen, t, len);
        if (!ok)
            fprintf(stderr, "hc: out of memory\n");
    }
    if (ok && ferror(f)) {
        fprintf(stderr, "hc: cannot read --hashes file %s: %s\n", path, strerror(errno));
        ok = false;
    }
    free(line);
    free(seen.slots);
    if (!std_in)
        fclose(f);
    if (!ok)
        hash_targets_free(t);
    return ok;
}

void hash_targets_free(hash_targets *t)
{
    free(t->digests);
    free(t->lines);
    memset(t, 0, sizeof(*t));
}
