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

static bool is_check_option(const char *word)
{
    return strcmp(word, "-c") == 0 || strcmp(word, "--check") == 0;
}

static bool is_option_word(const char *word)
{
    return word[0] == '-' && word[1] != '\0';
}

/* sha256sum's -c/--check among the words (before a `--`): its index, or
 * -1. With no mode word, -c means check, as it does there (file mode's own
 * -c, the checksum line, needs the word `file`). */
static int check_option_at(int argc, char **argv)
{
    for (int k = 0; k < argc && strcmp(argv[k], "--") != 0; k++)
        if (is_check_option(argv[k]))
            return k;
    return -1;
}

/* `hc ALG SUMS -c`, `hc ALG -c SUMS`: check mode on the other words. */
static int run_check_habit(cli_output *out, const cli_algs *algs, int argc, char **argv, int check_at)
{
    char **words = malloc(sizeof(*words) * (size_t)argc);
    if (words == NULL) {
        cli_out_of_memory();
        return EXIT_USAGE;
    }
    int count = 0;
    for (int k = 0; k < argc; k++)
        if (k != check_at)
            words[count++] = argv[k];
    int status = cli_run_mode(out, algs, &cli_mode_check, count, words);
    free(words);
    return status;
}

/* Does the word name something that is there (or files through wildcards
 * the shell left)? */
static bool names_something(const char *word, plat_file_info *info)
{
    return plat_path_info(word, info) == 0 || names_files_by_wildcards(word);
}

/* Does file mode's option word take the next word as its value? */
static bool takes_next_word(const char *word)
{
    if (!is_option_word(word) || strchr(word, '=') != NULL)
        return false;
    for (size_t i = 0; i < cli_mode_file.option_count; i++) {
        const cli_option_spec *spec = &cli_mode_file.options[i];
        bool same = word[1] == '-' ? strcmp(word + 2, spec->long_name) == 0
                                   : word[2] == '\0' && word[1] == spec->short_name;
        if (same)
            return spec->value_name != NULL;
    }
    return false;
}

/* A first word that names nothing still starts a list of names when it
 * is no mode's typo and a later operand (no option's value: `hc md5 xyz
 * -s 1` keeps its error) names a file: `hc sha256 gone a`, as sha256sum
 * reports the missing one and hashes the rest. */
static bool names_a_later_file(int argc, char **argv)
{
    for (size_t m = 0; m < cli_mode_count; m++)
        if (cli_name_distance(argv[0], cli_modes[m]->name) <= 2)
            return false;
    plat_file_info info;
    for (int k = 1; k < argc; k++)
        if (!is_option_word(argv[k]) && !takes_next_word(argv[k - 1]) && names_something(argv[k], &info))
            return true;
    return false;
}

bool cli_run_plain_names(cli_output *out, const cli_algs *algs, int argc, char **argv, int *status)
{
    int check_at = check_option_at(argc, argv);
    if (check_at >= 0) {
        *status = run_check_habit(out, algs, argc, argv, check_at);
        return true;
    }
    const char *word = argv[0];
    plat_file_info info;
    bool is_stdin = strcmp(word, "-") == 0;
    /* sha256sum's --tag before the names */
    bool tag_first = strcmp(word, "--tag") == 0;
    if (!is_stdin && !tag_first && !names_something(word, &info) && !names_a_later_file(argc, argv))
        return false;
    *status = cli_run_mode(out, algs, &cli_mode_file, argc, argv);
    /* a lone directory: file mode said what sha256sum says; and where to go */
    if (argc == 1 && !is_stdin && !tag_first && plat_path_info(word, &info) == 0 &&
        info.kind == PLAT_KIND_DIRECTORY)
        fprintf(stderr, "hc: %s: to hash the files in it: 'hc %s dir -s %s -r'\n", word, algs->word, word);
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

/* hashcat's options that hash mode spells otherwise, and what to type. */
static const struct hashcat_habit {
    char short_name;
    const char *long_name;
    const char *answer;
} hashcat_habits[] = {
    {'m', "hash-type", "the algorithm is hc's first word: hc md5 hash (-m 0), hc ntlm hash (-m 1000), "
                       "hc sha256 hash (-m 1400); hc -h lists them"},
    {'r', "rules-file", "the rules are --rules FILE (with --wordlist; repeat it to multiply the files)"},
    {'i', NULL, "hc's --increment has no short form"},
    {'o', NULL, "hc's outfile is --outfile FILE (--outfile-format for its fields)"},
    {'O', "optimized-kernel-enable", "hc has one kernel per algorithm, always its fastest: leave it out"},
    {0, "attack-mode", "hc takes no attack number: -a 0 is --wordlist FILE, -a 3 --mask MASK, "
                       "-a 6 --wordlist FILE --mask MASK, -a 7 --mask MASK --wordlist FILE"},
};

bool hint_hashcat_option(const cli_mode *mode, const char *typed, size_t len, char short_name)
{
    if (strcmp(mode->name, "hash") != 0)
        return false;
    for (size_t i = 0; i < sizeof(hashcat_habits) / sizeof(hashcat_habits[0]); i++) {
        const struct hashcat_habit *h = &hashcat_habits[i];
        const bool same = short_name != 0 ? h->short_name == short_name
                                          : h->long_name != NULL && strlen(h->long_name) == len &&
                                                memcmp(h->long_name, typed, len) == 0;
        if (!same)
            continue;
        if (short_name != 0)
            fprintf(stderr, "hc: -%c is hashcat's; %s\n", short_name, h->answer);
        else
            fprintf(stderr, "hc: --%s is hashcat's; %s\n", h->long_name, h->answer);
        return true;
    }
    return false;
}

void hint_attack_mode(const char *charset)
{
    /* hashcat's attack modes: 0 straight, 1 combination, 3 mask, 6 and 7
     * the hybrids, 9 association */
    if (strlen(charset) == 1 && strchr("013679", charset[0]) != NULL)
        fprintf(stderr, "hc: -a %s is hc's charset (the one character '%s'), not hashcat's attack mode: "
                        "hashcat's -a 0 is --wordlist FILE, -a 3 --mask MASK, -a 6/-a 7 --wordlist with --mask\n",
                charset, charset);
}
