/* The algorithm word of the command line (contract §1.2, §10.2): one name,
 * a comma list (`md5,sha1,sha256`) or `all`. */
#include <string.h>

#include "args.h"
#include "cli.h"
#include "habits.h"
#include "names.h"

static void add_row(cli_algs *algs, const hc_algorithm *alg)
{
    algs->common_flags = algs->count == 0 ? hc_algorithm_flags(alg) : algs->common_flags & hc_algorithm_flags(alg);
    algs->rows[algs->count++] = alg;
}

void cli_algs_single(cli_algs *algs, const hc_algorithm *alg)
{
    memset(algs, 0, sizeof(*algs));
    algs->word = hc_algorithm_name(alg);
    add_row(algs, alg);
}

bool cli_algs_parse(cli_output *out, const char *word, cli_algs *algs)
{
    memset(algs, 0, sizeof(*algs));
    algs->word = word;
    if (strcmp(word, "all") == 0) {
        const hc_algorithm *rows[HC_ALGORITHM_COUNT];
        size_t row_count = hc_algorithm_sorted(rows, HC_ALGORITHM_COUNT);
        for (size_t i = 0; i < row_count; i++)
            add_row(algs, rows[i]);
        return true;
    }
    if (strchr(word, ',') == NULL) {
        const hc_algorithm *alg = hc_algorithm_find(word);
        if (alg == NULL) {
            char tip[512];
            print_unknown_command(out, word, suggest_algorithms(word, tip, sizeof(tip)) ? tip : NULL);
            return false;
        }
        add_row(algs, alg);
        return true;
    }
    /* Every name exactly as in the table; nothing twice, so no input is
     * hashed twice with one algorithm. */
    char name[64];
    for (const char *p = word;; p++) {
        size_t len = strcspn(p, ",");
        if (len == 0) {
            print_usage_error("an empty algorithm name in the list '%s'", word);
            return false;
        }
        const hc_algorithm *alg = NULL;
        if (len < sizeof(name)) {
            memcpy(name, p, len);
            name[len] = '\0';
            alg = hc_algorithm_find(name);
        }
        if (alg == NULL) {
            const hc_algorithm *close = len < sizeof(name) ? cli_algorithm_suggest(name, 2) : NULL;
            print_usage_error("unknown algorithm '%.*s' in the list '%s'%s%s%s", (int)len, p, word,
                              close ? " (did you mean '" : "", close ? hc_algorithm_name(close) : "", close ? "'?)" : "");
            return false;
        }
        for (size_t i = 0; i < algs->count; i++) {
            if (algs->rows[i] == alg) {
                print_usage_error("algorithm '%s' is named twice in the list '%s'", hc_algorithm_name(alg), word);
                return false;
            }
        }
        add_row(algs, alg);
        p += len;
        if (*p == '\0')
            break;
    }
    return true;
}
