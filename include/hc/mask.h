/* hc — masks: a charset per position, in hashcat's mask syntax.
 *
 * A mask is a sequence of positions; each position holds a set of distinct
 * bytes. `?l` a-z, `?u` A-Z, `?d` 0-9, `?h` 0-9a-f, `?H` 0-9A-F, `?s` the
 * printable ASCII punctuation and space (0x20-0x2F, 0x3A-0x40, 0x5B-0x60,
 * 0x7B-0x7E, in code order), `?a` = ?l?u?d?s, `?b` every byte 0x00-0xFF,
 * `?1`..`?4` the custom sets, `??` a literal `?`; any other byte stands for
 * itself. A custom set is written the same way (it may use the built-ins,
 * not other custom sets); its bytes keep their first occurrence's order,
 * duplicates dropped.
 *
 * The keyspace of a mask (docs/hash-mode.md): the candidates of one length
 * in lexicographic order of the positions' set indices, the rightmost
 * position varying fastest; with an increment, the mask's prefixes
 * shortest first. */
#ifndef HC_MASK_H
#define HC_MASK_H

/* The advanced API: opt-in, not ABI-stable (hc/crack.h says why). */
#ifndef HC_ADVANCED_API
#error "<hc/mask.h> is libhc's advanced API, which is not ABI-stable: define HC_ADVANCED_API to use it (docs/library.md)"
#endif

#include "hc/export.h"

#include <stddef.h>
#include <stdint.h>

#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most positions of a mask (hashcat's longest candidate). */
#define HC_MASK_MAX_LEN 256

/* A parsed mask: an opaque handle (hc_mask_parse), freed with
 * hc_mask_free. */
typedef struct hc_mask hc_mask;

/* Why a mask or custom set was refused (hc_mask_parse). */
typedef struct hc_mask_error {
    int where;           /* 0: the mask, 1..4: custom set -1..-4 */
    size_t offset;       /* byte offset of the fault in that text */
    const char *reason;  /* e.g. "'?' at the end: nothing follows it" */
} hc_mask_error;

/* Parses mask (mask_len bytes) with the custom sets custom[0..3] (NULL: not
 * given; a mask using one then fails) into a new mask, *out. HC_ERR_INVALID
 * with *error filled for a dangling '?', an unknown '?x', an undefined or
 * empty custom set, an empty mask or one longer than HC_MASK_MAX_LEN
 * positions; HC_ERR_NOMEM. *out is NULL on failure. */
HC_API hc_status hc_mask_parse(const char *mask, size_t mask_len, const char *const custom[4], hc_mask **out,
                               hc_mask_error *error);
HC_API void hc_mask_free(hc_mask *mask);

/* Its positions, 1..HC_MASK_MAX_LEN. */
HC_API size_t hc_mask_length(const hc_mask *mask);

/* A new mask of mask's first n positions (1 <= n <= its length): the mask
 * of one --increment pass. HC_ERR_INVALID for another n, HC_ERR_NOMEM. */
HC_API hc_status hc_mask_prefix(const hc_mask *mask, size_t n, hc_mask **out);

/* The first position of text (len bytes) where a `?` is followed by a
 * built-in or custom set letter (l u d s a h H b 1-4): what a charset that
 * was meant as a mask holds. len when there is none. */
HC_API size_t hc_mask_like_offset(const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif
