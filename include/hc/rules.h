/* hc — word-mangling rules in hashcat's rule language.
 *
 * A rule is a sequence of functions applied to a word, left to right (one
 * letter each, some with a position N (0-9, A-Z for 10-35) or a character
 * X): `:` nothing, `l` `u` `c` `C` `t` `TN` case, `r` reverse, `d` `pN` `f`
 * duplicate, `{` `}` rotate, `$X` `^X` append and prepend, `[` `]` `DN`
 * `xNM` `ONM` `'N` delete, `iNX` `oNX` insert and overwrite, `sXY` `@X`
 * replace and purge, `zN` `ZN` `q` `yN` `YN` duplicate characters or
 * blocks, `k` `K` `*NM` swap, `LN` `RN` `+N` `-N` `.N` `,N` change one
 * byte, `E` `eX` `3NX` title case. A candidate is at most HC_RULE_BUF - 1
 * bytes: a function that would make it longer leaves the word as it is,
 * as hashcat's rule engine does. Case functions touch ASCII letters only.
 *
 * Several rule files multiply: rule i of the product is file 1's rule
 * (i mod n1), then file 2's rule ((i / n1) mod n2), ... (the first file
 * varies fastest), concatenated, as in hashcat. */
#ifndef HC_RULES_H
#define HC_RULES_H

/* The advanced API: opt-in, not ABI-stable (hc/crack.h says why). */
#ifndef HC_ADVANCED_API
#error "<hc/rules.h> is libhc's advanced API, which is not ABI-stable: define HC_ADVANCED_API to use it (docs/library.md)"
#endif

#include "hc/export.h"

#include <stddef.h>
#include <stdint.h>

#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Candidates are shorter than this; longer words are not taken. */
#define HC_RULE_BUF 256
/* The most functions of one rule (hashcat's limit) */
#define HC_RULE_MAX_FUNCTIONS 31

typedef struct hc_rule_op {
    uint8_t code, a, b;
} hc_rule_op;

/* A list of compiled rules. */
typedef struct hc_rules {
    hc_rule_op *ops;
    uint32_t *start;     /* rule i is ops[start[i] .. start[i + 1]) */
    size_t count, cap, ops_len, ops_cap;
} hc_rules;

HC_API void hc_rules_init(hc_rules *rules);
HC_API void hc_rules_free(hc_rules *rules);

/* Compiles one rule (a line of a rule file, without its line end) and
 * appends it. HC_ERR_INVALID: not a rule (an unknown function, a missing
 * or bad argument, too many functions), *error_offset says where; nothing
 * is appended. HC_ERR_NOMEM. Lines that are empty or start with '#' are
 * the caller's to skip (rule files' comments). */
HC_API hc_status hc_rules_add(hc_rules *rules, const char *text, size_t len, size_t *error_offset);

/* The product of n lists (see above) into out (initialised, empty).
 * HC_ERR_INVALID when a product rule would pass HC_RULE_MAX_FUNCTIONS is
 * not an error: its functions are cut there, as hashcat does. */
HC_API hc_status hc_rules_product(const hc_rules *const *lists, size_t n, hc_rules *out);

/* Rule i applied to word (len < HC_RULE_BUF bytes) into out; returns the
 * candidate's length. */
HC_API size_t hc_rules_apply(const hc_rules *rules, size_t i, const uint8_t *word, size_t len,
                             uint8_t out[HC_RULE_BUF]);

#ifdef __cplusplus
}
#endif

#endif
