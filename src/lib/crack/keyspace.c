/* The dictionary rules and the keyspace arithmetic of hash mode
 * (docs/cli.md §5.2, §5.5). */
#include "hc/crack.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "crack/job.h"

const char hc_crack_default_dictionary[] = "0-9a-zA-Z";

/* Non-overlapping, left-to-right replacement of every `from` in text by
 * `to`; returns a new NUL-terminated string or NULL without memory. */
static char *replace_all(const char *text, size_t len, const char *from, const char *to, size_t *out_len)
{
    size_t from_len = strlen(from), to_len = strlen(to), count = 0;
    for (size_t i = 0; i + from_len <= len;) {
        if (memcmp(text + i, from, from_len) == 0) {
            count++;
            i += from_len;
        } else {
            i++;
        }
    }
    size_t new_len = len + count * (to_len - from_len);
    char *out = malloc(new_len + 1);
    if (out == NULL)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        if (i + from_len <= len && memcmp(text + i, from, from_len) == 0) {
            memcpy(out + o, to, to_len);
            o += to_len;
            i += from_len;
        } else {
            out[o++] = text[i++];
        }
    }
    out[o] = '\0';
    *out_len = o;
    return out;
}

static bool contains(const char *text, size_t len, const char *what)
{
    size_t n = strlen(what);
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(text + i, what, n) == 0)
            return true;
    return false;
}

hc_status hc_crack_dictionary(const char *spec, size_t spec_len, uint8_t out[HC_DICT_MAX], size_t *out_len)
{
    *out_len = 0;
    if (contains(spec, spec_len, "ASCII")) {
        /* §5.2 rule 1: '!' .. '~', space excluded, everything else ignored. */
        for (int c = '!'; c <= '~'; c++)
            out[(*out_len)++] = (uint8_t)c;
        return HC_OK;
    }
    /* §5.2 rule 2, in this order. */
    static const char *const ranges[3][2] = {
        {"0-9", "0123456789"},
        {"a-z", "abcdefghijklmnopqrstuvwxyz"},
        {"A-Z", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
    };
    char *owned = NULL;
    const char *text = spec;
    size_t len = spec_len;
    for (int r = 0; r < 3; r++) {
        if (!contains(text, len, ranges[r][0]))
            continue;
        size_t new_len;
        char *replaced = replace_all(text, len, ranges[r][0], ranges[r][1], &new_len);
        if (replaced == NULL) {
            free(owned);
            return HC_ERR_NOMEM;
        }
        free(owned);
        owned = replaced;
        text = replaced;
        len = new_len;
    }
    /* §5.2 rule 3: first occurrence wins. */
    bool seen[256] = {false};
    for (size_t i = 0; i < len; i++) {
        uint8_t c = (uint8_t)text[i];
        if (!seen[c]) {
            seen[c] = true;
            out[(*out_len)++] = c;
        }
    }
    free(owned);
    return HC_OK;
}

count128 count128_pow(uint64_t d, uint64_t l)
{
    count128 result = 1, base = d;
    /* Square-and-multiply; once saturated it stays saturated (d >= 2). */
    while (l > 0) {
        if (l & 1)
            result = count128_mul_sat(result, base);
        l >>= 1;
        if (l > 0)
            base = count128_mul_sat(base, base);
        if (result == COUNT128_MAX)
            break;
    }
    return result;
}

count128 count128_sum(uint64_t d, uint64_t lo, uint64_t hi)
{
    if (lo > hi || d == 0)
        return 0;
    if (d == 1)
        return (count128)(hi - lo + 1);
    /* d^lo + ... + d^hi = (d^(hi+1) - d^lo) / (d - 1), when it fits. */
    count128 top = count128_pow(d, hi + 1);
    if (top == COUNT128_MAX) {
        /* Saturated: sum term by term until saturation (few terms, since
         * each is at least twice the previous). */
        count128 sum = 0, term = count128_pow(d, lo);
        for (uint64_t l = lo; l <= hi && sum != COUNT128_MAX; l++) {
            sum = count128_add_sat(sum, term);
            term = count128_mul_sat(term, d);
            if (l == UINT64_MAX)
                break;
        }
        return sum;
    }
    return (top - count128_pow(d, lo)) / (d - 1);
}

void count128_slice(count128 total, uint64_t part, uint64_t parts, count128 *begin, count128 *end)
{
    /* floor(total * k / parts) without the 128-bit product overflowing:
     * total = q * parts + r, so total * k / parts = q * k + r * k / parts
     * (r * k < parts^2 < 2^128). */
    count128 q = total / parts, r = total % parts;
    *begin = q * (part - 1) + r * (part - 1) / parts;
    *end = q * part + r * part / parts;
}

/* ---- the same at the API's edge ---- */

hc_count hc_count_pow(uint64_t d, uint64_t l)
{
    return hc_count_of(count128_pow(d, l));
}

hc_count hc_count_sum(uint64_t d, uint64_t lo, uint64_t hi)
{
    return hc_count_of(count128_sum(d, lo, hi));
}

void hc_crack_slice(hc_count total, uint64_t part, uint64_t parts, hc_count *begin, hc_count *end)
{
    count128 b, e;
    count128_slice(count128_of(total), part, parts, &b, &e);
    *begin = hc_count_of(b);
    *end = hc_count_of(e);
}
