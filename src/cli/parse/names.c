/* Close names: what the command suggests for a mistyped algorithm, mode or
 * command word. */
#include "names.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* Optimal string alignment distance, ignoring ASCII case (so `MD5`
 * suggests `md5`); names are short, longer words are never close to one. */
unsigned cli_name_distance(const char *a, const char *b)
{
    enum { MAX_LEN = 32 };
    size_t la = strlen(a), lb = strlen(b);
    if (la >= MAX_LEN || lb >= MAX_LEN)
        return MAX_LEN;
    unsigned d[MAX_LEN + 1][MAX_LEN + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            unsigned cost = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]) ? 0 : 1;
            unsigned best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best)
                best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[la][lb];
}

const hc_algorithm *cli_algorithm_suggest(const char *name, unsigned max_distance)
{
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t row_count = hc_algorithm_sorted(rows, HC_ALGORITHM_COUNT);
    const hc_algorithm *best = NULL;
    unsigned best_distance = max_distance + 1;
    for (size_t i = 0; i < row_count; i++) {
        unsigned d = cli_name_distance(name, hc_algorithm_name(rows[i]));
        if (d < best_distance) {
            best = rows[i];
            best_distance = d;
        }
    }
    return best;
}

const char *cli_article(const char *name)
{
    static const char vowels[] = "aeiouAEIOU";
    const char first = name[0], second = first ? name[1] : '\0';
    if (first != '\0' && strchr(vowels, first))
        return "an";
    /* two consonants at the start: spelled out (md5, ntlm, tth); of the
     * letters, f, h, l, m, n, r and x are said with a vowel first ("ef",
     * "aitch", "el", "em", "en", "ar", "ex"). Not s: its names here are
     * said as words (sha1, snefru). */
    bool spelled = second != '\0' && !strchr(vowels, second);
    return spelled && strchr("fhlmnrxFHLMNRX", first) ? "an" : "a";
}
