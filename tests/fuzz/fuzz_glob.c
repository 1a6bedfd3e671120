/* The -i/-e patterns of dir mode (contract §4.2), through the public
 * hc_walk_selects: a name the list matches is excluded by it, and kept by
 * it as an include list (an empty list filters nothing); checked against
 * a dynamic-programming reference ('*' any run, '?' one byte, ASCII
 * letters case-blind, everything else literal, ';' between alternatives,
 * empty alternatives match nothing).
 *
 * Input: the pattern list, a NUL, the file name. */
#include <stdbool.h>

#include "fuzz.h"
#include "hc/file.h"

enum { MAX = 128 };

static unsigned char fold(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* match[i][j]: pattern[i..] matches name[j..]. */
static bool reference_one(const char *pattern, size_t plen, const char *name, size_t nlen)
{
    static bool match[MAX + 1][MAX + 1];
    for (size_t i = plen + 1; i-- > 0;) {
        for (size_t j = nlen + 1; j-- > 0;) {
            if (i == plen)
                match[i][j] = j == nlen;
            else if (pattern[i] == '*')
                match[i][j] = match[i + 1][j] || (j < nlen && match[i][j + 1]);
            else
                match[i][j] = j < nlen && (pattern[i] == '?' || fold((unsigned char)pattern[i]) ==
                                                                    fold((unsigned char)name[j])) &&
                              match[i + 1][j + 1];
        }
    }
    return match[0][0];
}

static bool reference(const char *list, const char *name)
{
    size_t nlen = strlen(name);
    for (const char *p = list;;) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0 && reference_one(p, len, name, nlen))
            return true;
        if (end == NULL)
            return false;
        p = end + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *words[2] = {NULL, NULL};
    int count;
    char *copy = fuzz_words(data, size, words, 2, &count);
    if (copy == NULL)
        return 0;
    const char *list = words[0], *name = count > 1 ? words[1] : "";
    /* the reference's table bounds one alternative and the name */
    bool small = strlen(name) <= MAX;
    for (const char *p = list; small && *p;) {
        size_t len = strcspn(p, ";");
        small = len <= MAX;
        p += len + (p[len] == ';');
    }
    bool excluded = !hc_walk_selects(&(hc_walk_options){.exclude = list}, name);
    bool included = hc_walk_selects(&(hc_walk_options){.include = list}, name);
    if (small) {
        bool matches = reference(list, name);
        FUZZ_CHECK(excluded == matches);
        FUZZ_CHECK(included == (matches || list[0] == '\0'));
    }
    free(copy);
    return 0;
}
