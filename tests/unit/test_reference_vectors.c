/* Every row of tests/data/vectors/hc-vectors.tsv (the contract's 50
 * algorithms on the inputs 123, empty, 12, 2, 23), of vectors/added/ (one
 * file per algorithm added since, the same inputs) and gost94-cryptopro.txt. */
#include "testutil.h"

#include "hc/encode.h"

/* The text each row hashes: ntlm rows are string-mode (UTF-16LE). */
static void row_digest(const hc_algorithm *alg, const char *text, char *hex)
{
    size_t len = strlen(text);
    if (alg->flags & HC_ALG_TEXT_UTF16LE) {
        uint8_t wide[256];
        size_t wide_len = 0;
        CHECK(len < 128 && hc_utf8_to_utf16le((const uint8_t *)text, len, wide, &wide_len) == HC_OK);
        digest_hex(alg, wide, wide_len, hex);
    } else {
        digest_hex(alg, text, len, hex);
    }
}

/* The inputs every vector file gives each of its algorithms (the header of
 * hc-vectors.tsv says so). */
static const char *const inputs[] = {"123", "", "12", "2", "23"};
enum { INPUTS = sizeof(inputs) / sizeof(inputs[0]) };

/* Checks every line of one vector file (algorithm TAB input TAB digest),
 * counting in seen[row id][input] what it covered; false when it cannot be
 * opened. */
static bool check_tsv(const char *relative, int seen[][INPUTS])
{
    const char *path = data_path(relative);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[1024];
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *name = line;
        char *tab1 = strchr(name, '\t');
        CHECK(tab1 != NULL);
        if (!tab1)
            continue;
        *tab1 = '\0';
        char *input = tab1 + 1;
        char *tab2 = strchr(input, '\t');
        CHECK(tab2 != NULL);
        if (!tab2)
            continue;
        *tab2 = '\0';
        const char *expected = tab2 + 1;
        const hc_algorithm *alg = hc_algorithm_find(name);
        CHECK_MSG(alg != NULL, "%s: unknown algorithm %s", relative, name);
        if (!alg)
            continue;
        size_t which = 0;
        while (which < INPUTS && strcmp(inputs[which], input) != 0)
            which++;
        CHECK_MSG(which < INPUTS, "%s: unexpected input \"%s\"", name, input);
        if (which < INPUTS)
            seen[alg->id][which]++;
        char hex[2 * HC_MAX_DIGEST_LEN + 1];
        row_digest(alg, input, hex);
        CHECK_MSG(strcmp(hex, expected) == 0, "%s(\"%s\") = %s, expected %s", name, input, hex, expected);
    }
    fclose(f);
    return true;
}

/* The contract's algorithms in hc-vectors.tsv; each one added since in
 * vectors/added/<name>.tsv. Every row of the table on every input, once. */
static void check_vectors(void)
{
    static int seen[HC_ALGORITHM_COUNT][INPUTS];
    CHECK_MSG(check_tsv("vectors/hc-vectors.tsv", seen), "cannot open vectors/hc-vectors.tsv");
    for (size_t i = 0; i < hc_algorithm_count(); i++) {
        if (seen[i][0] != 0)
            continue;
        char added[256];
        snprintf(added, sizeof(added), "vectors/added/%s.tsv", hc_algorithm_name(hc_algorithm_at(i)));
        check_tsv(added, seen);
    }
    for (size_t i = 0; i < hc_algorithm_count(); i++)
        for (size_t k = 0; k < INPUTS; k++)
            CHECK_MSG(seen[i][k] == 1, "%s(\"%s\"): %d vectors, expected one", hc_algorithm_name(hc_algorithm_at(i)),
                      inputs[k], seen[i][k]);
}

/* Lines of the form GOST("message") = hex */
static void check_gost(void)
{
    const char *path = data_path("vectors/gost94-cryptopro.txt");
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    const hc_algorithm *gost = hc_algorithm_find("gost");
    char line[1024];
    int rows = 0;
    while (fgets(line, sizeof(line), f)) {
        char *open = strstr(line, "(\"");
        char *close = strstr(line, "\") = ");
        if (!open || !close)
            continue;
        *close = '\0';
        const char *message = open + 2;
        char *expected = close + 5;
        expected[strcspn(expected, "\r\n")] = '\0';
        char hex[2 * HC_MAX_DIGEST_LEN + 1];
        digest_hex(gost, message, strlen(message), hex);
        CHECK_MSG(ascii_equal_ignore_case(hex, expected), "gost(\"%s\") = %s, expected %s", message, hex, expected);
        rows++;
    }
    fclose(f);
    CHECK_MSG(rows == 9, "expected 9 GOST vectors, read %d", rows);
}

int main(void)
{
    check_vectors();
    check_gost();
    return test_report("reference vectors");
}
