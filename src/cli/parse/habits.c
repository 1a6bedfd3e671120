/* What users of sha256sum, b3sum and hashcat type first (contract §10.8,
 * docs/cli.md "Habits of other tools"). */
#include "habits.h"

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "names.h"
#include "hc/encode.h"
#include "hc/mask.h"
#include "platform.h"

bool cli_stdin_has_input(void)
{
    plat_file_info info;
    if (plat_file_info_of(PLAT_STDIN, &info) != 0)
        return false;
    /* /dev/null and terminals are character devices: `hc md5 file </dev/null`
     * (how test harnesses and cron start commands) keeps the help */
    return info.kind == PLAT_KIND_FIFO || info.kind == PLAT_KIND_REGULAR || info.kind == PLAT_KIND_SOCKET;
}

/* Does the word name files through wildcards the shell left (Windows)? */
static bool names_files_by_wildcards(const char *word)
{
    char **names;
    ptrdiff_t count = plat_expand_wildcards(word, &names);
    for (ptrdiff_t k = 0; k < count; k++)
        free(names[k]);
    free(names);
    return count > 0;
}

bool cli_run_plain_names(cli_output *out, const cli_algs *algs, int argc, char **argv, int *status)
{
    const char *word = argv[0];
    plat_file_info info;
    bool is_stdin = strcmp(word, "-") == 0;
    if (!is_stdin && names_files_by_wildcards(word)) {
        *status = cli_run_mode(out, algs, &cli_mode_file, argc, argv);
        return true;
    }
    if (!is_stdin && plat_path_info(word, &info) != 0)
        return false;
    if (!is_stdin && info.kind == PLAT_KIND_DIRECTORY) {
        fprintf(stderr, "hc: %s: is a directory (use 'hc %s dir -s %s -r')\n", word, algs->word, word);
        *status = EXIT_USAGE;
        return true;
    }
    *status = cli_run_mode(out, algs, &cli_mode_file, argc, argv);
    return true;
}

/* Lower case, '-' and '_' dropped: `--no_progress` and `--noprogress`
 * compare equal to `--no-progress`. */
static void fold(const char *text, size_t len, char *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < cap; i++) {
        char c = text[i];
        if (c == '-' || c == '_')
            continue;
        out[n++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    out[n] = '\0';
}

void suggest_option(const cli_mode *mode, const cli_algs *algs, const char *typed, size_t len, char short_name)
{
    char word[64], name[64];
    if (short_name != 0 || len == 0 || len >= sizeof(word))
        return;
    fold(typed, len, word, sizeof(word));
    const cli_option_spec *best = NULL;
    unsigned best_distance = 3;
    for (size_t i = 0; i < mode->option_count; i++) {
        const cli_option_spec *spec = &mode->options[i];
        if (!option_offered_all(spec, algs))
            continue;
        fold(spec->long_name, strlen(spec->long_name), name, sizeof(name));
        /* a prefix of one option (`--sou`) is as good as a typo */
        unsigned d = strncmp(name, word, strlen(word)) == 0 && strlen(word) >= 3 ? 1 : cli_name_distance(word, name);
        if (d < best_distance) {
            best = spec;
            best_distance = d;
        }
    }
    if (best && best->short_name)
        fprintf(stderr, "hc: --%.*s: no such option; did you mean '--%s' (-%c)?\n", (int)len, typed, best->long_name,
                best->short_name);
    else if (best)
        fprintf(stderr, "hc: --%.*s: no such option; did you mean '--%s'?\n", (int)len, typed, best->long_name);
}

void explain_stray_word(const cli_mode *mode, const char *word)
{
    if (strcmp(mode->name, "string") == 0)
        fprintf(stderr, "hc: %s: stray word: string mode takes its text with -s (quote a text with spaces: -s %ca b%c)\n",
                word, PLAT_SHELL_QUOTE, PLAT_SHELL_QUOTE);
    else
        fprintf(stderr, "hc: %s: stray word: %s\n", word,
                strcmp(mode->name, "hash") == 0 ? "hash mode takes the digest to restore with -s"
                                                : "this mode takes its input with -s");
}

/* The character of name that follows its first len folded characters
 * when those spell folded_word ('\0' at the end); -1 when they do not. */
static int after_folded_prefix(const char *name, const char *folded_word, size_t len)
{
    size_t matched = 0;
    const char *p = name;
    for (; *p && matched < len; p++) {
        if (*p == '-' || *p == '_')
            continue;
        char c = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        if (c != folded_word[matched++])
            return -1;
    }
    return matched == len ? (unsigned char)*p : -1;
}

/* The rows a word names as a family: those it spells up to a '-' of the
 * name (`sha3` gives sha-3-*, `haval-128` the three haval-128-*), else
 * those it spells up to a digit (`blake`: the BLAKEs, `ripemd`). */
static size_t family_rows(const char *folded_word, const hc_algorithm **rows)
{
    size_t len = strlen(folded_word);
    const hc_algorithm *sorted[HC_ALGORITHM_COUNT];
    size_t row_count = hc_algorithm_sorted(sorted, HC_ALGORITHM_COUNT);
    row_count = row_count < HC_ALGORITHM_COUNT ? row_count : HC_ALGORITHM_COUNT;
    for (int pass = 0; pass < 2 && len > 0; pass++) {
        size_t count = 0;
        for (size_t i = 0; i < row_count; i++) {
            int next = after_folded_prefix(hc_algorithm_name(sorted[i]), folded_word, len);
            if (pass == 0 ? next == '-' : next >= '0' && next <= '9')
                rows[count++] = sorted[i];
        }
        if (count)
            return count;
    }
    return 0;
}

bool suggest_algorithms(const char *word, char *tip, size_t size)
{
    char folded[64], name[64];
    size_t word_len = strlen(word);
    if (word_len >= sizeof(folded))
        return false;
    fold(word, word_len, folded, sizeof(folded));
    /* another spelling of one row: SHA256, sha3-256, SHA-3-256 */
    const hc_algorithm *sorted[HC_ALGORITHM_COUNT];
    size_t row_count = hc_algorithm_sorted(sorted, HC_ALGORITHM_COUNT);
    row_count = row_count < HC_ALGORITHM_COUNT ? row_count : HC_ALGORITHM_COUNT;
    for (size_t i = 0; i < row_count; i++) {
        const char *row = hc_algorithm_name(sorted[i]);
        fold(row, strlen(row), name, sizeof(name));
        if (strcmp(name, folded) == 0) {
            snprintf(tip, size, "a similar command exists: '%s'", row);
            return true;
        }
    }
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t count = family_rows(folded, rows);
    if (count == 1) {
        snprintf(tip, size, "a similar command exists: '%s'", hc_algorithm_name(rows[0]));
        return true;
    }
    if (count > 1) {
        size_t n = (size_t)snprintf(tip, size, "similar commands exist:");
        for (size_t i = 0; i < count && n < size; i++)
            n += (size_t)snprintf(tip + n, size - n, "%s '%s'", i ? "," : "", hc_algorithm_name(rows[i]));
        return true;
    }
    const hc_algorithm *close = cli_algorithm_suggest(word, 2);
    if (close)
        snprintf(tip, size, "a similar command exists: '%s'", hc_algorithm_name(close));
    return close != NULL;
}

void explain_digest_length(const char *option, const char *text, size_t digest_len, bool base64, const char *name)
{
    size_t len = strlen(text);
    if (base64)
        fprintf(stderr, "hc: %s: '%s' has %zu characters; %s %s digest is %zu Base64 characters (with -b)\n", option,
                text, len, cli_article(name), name, (size_t)HC_BASE64_LEN(digest_len));
    else
        fprintf(stderr, "hc: %s: '%s' has %zu characters; %s %s digest is %zu hex digits\n", option, text, len,
                cli_article(name), name, 2 * digest_len);
}

void warn_mask_like_charset(const char *charset)
{
    /* hashcat's built-in charsets and custom ones, ?1 to ?4 */
    size_t len = strlen(charset), at = hc_mask_like_offset(charset, len);
    if (at < len)
        fprintf(stderr,
                "hc: -a/--dict: '%s' is a set of characters, not a mask: '?%c' stands for the two characters "
                "'?' and '%c'; for hashcat's masks use --mask '%s'\n",
                charset, charset[at + 1], charset[at + 1], charset);
}
