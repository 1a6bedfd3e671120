/* Mask parsing and the mask handle (hc/mask.h). */
#include "hc/mask.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "crack/job.h"

/* The built-in sets as byte ranges, in the order their bytes are tried. */
typedef struct byte_range {
    uint8_t first, last;
} byte_range;

static const byte_range lower[] = {{'a', 'z'}};
static const byte_range upper[] = {{'A', 'Z'}};
static const byte_range digits[] = {{'0', '9'}};
static const byte_range special[] = {{0x20, 0x2F}, {0x3A, 0x40}, {0x5B, 0x60}, {0x7B, 0x7E}};
static const byte_range hex_lower[] = {{'0', '9'}, {'a', 'f'}};
static const byte_range hex_upper[] = {{'0', '9'}, {'A', 'F'}};
static const byte_range all_bytes[] = {{0x00, 0xFF}};

/* A set being built: bytes in first-occurrence order. */
typedef struct set_builder {
    hc_mask_set *set;
    bool seen[256];
} set_builder;

static void add_byte(set_builder *b, uint8_t c)
{
    if (b->seen[c])
        return;
    b->seen[c] = true;
    b->set->chars[b->set->count++] = c;
}

static void add_ranges(set_builder *b, const byte_range *ranges, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (unsigned c = ranges[i].first; c <= ranges[i].last; c++)
            add_byte(b, (uint8_t)c);
}

#define ADD(b, ranges) add_ranges(b, ranges, sizeof(ranges) / sizeof(ranges[0]))

/* The built-in set of letter c into b; false when c names none. */
static bool add_builtin(set_builder *b, char c)
{
    switch (c) {
    case 'l': ADD(b, lower); return true;
    case 'u': ADD(b, upper); return true;
    case 'd': ADD(b, digits); return true;
    case 's': ADD(b, special); return true;
    case 'h': ADD(b, hex_lower); return true;
    case 'H': ADD(b, hex_upper); return true;
    case 'b': ADD(b, all_bytes); return true;
    case 'a':
        ADD(b, lower);
        ADD(b, upper);
        ADD(b, digits);
        ADD(b, special);
        return true;
    default: return false;
    }
}

static hc_status fail(hc_mask_error *error, int where, size_t offset, const char *reason)
{
    if (error) {
        error->where = where;
        error->offset = offset;
        error->reason = reason;
    }
    return HC_ERR_INVALID;
}

/* A custom set's text into set (built-ins allowed, custom sets not). */
static hc_status parse_custom(const char *text, int where, hc_mask_set *set, hc_mask_error *error)
{
    set_builder b = {.set = set};
    set->count = 0;
    size_t len = strlen(text);
    for (size_t i = 0; i < len; i++) {
        if (text[i] != '?') {
            add_byte(&b, (uint8_t)text[i]);
            continue;
        }
        if (i + 1 == len)
            return fail(error, where, i, "'?' at the end: nothing follows it (write '?\?' for a literal '?')");
        char c = text[++i];
        if (c == '?')
            add_byte(&b, '?');
        else if (!add_builtin(&b, c))
            return fail(error, where, i - 1, "unknown set after '?' in a custom set (built-in: ?l ?u ?d ?s ?a ?h ?H ?b)");
    }
    if (set->count == 0)
        return fail(error, where, 0, "the custom set is empty");
    return HC_OK;
}

/* hc_mask_parse into out. */
static hc_status parse_into(const char *mask, size_t mask_len, const char *const custom[4], hc_mask *out,
                            hc_mask_error *error)
{
    hc_mask_set customs[4];
    bool defined[4] = {false, false, false, false};
    for (int k = 0; k < 4; k++) {
        if (custom == NULL || custom[k] == NULL)
            continue;
        hc_status status = parse_custom(custom[k], k + 1, &customs[k], error);
        if (status != HC_OK)
            return status;
        defined[k] = true;
    }
    out->length = 0;
    for (size_t i = 0; i < mask_len; i++) {
        if (out->length == HC_MASK_MAX_LEN)
            return fail(error, 0, i, "the mask has more than 256 positions");
        hc_mask_set *set = &out->pos[out->length];
        set_builder b = {.set = set};
        set->count = 0;
        if (mask[i] != '?') {
            add_byte(&b, (uint8_t)mask[i]);
        } else if (i + 1 == mask_len) {
            return fail(error, 0, i, "'?' at the end: nothing follows it (write '?\?' for a literal '?')");
        } else {
            char c = mask[++i];
            if (c == '?') {
                add_byte(&b, '?');
            } else if (c >= '1' && c <= '4') {
                if (!defined[c - '1'])
                    return fail(error, 0, i - 1, "the mask uses a custom set that is not given (-1 .. -4)");
                *set = customs[c - '1'];
            } else if (!add_builtin(&b, c)) {
                return fail(error, 0, i - 1, "unknown set after '?' (?l ?u ?d ?s ?a ?h ?H ?b ?1-?4, ?? for '?')");
            }
        }
        out->length++;
    }
    if (out->length == 0)
        return fail(error, 0, 0, "the mask is empty");
    return HC_OK;
}

hc_status hc_mask_parse(const char *mask, size_t mask_len, const char *const custom[4], hc_mask **out,
                        hc_mask_error *error)
{
    hc_mask *parsed = malloc(sizeof(*parsed));
    hc_status status = parsed == NULL ? HC_ERR_NOMEM : parse_into(mask, mask_len, custom, parsed, error);
    if (status != HC_OK) {
        free(parsed);
        parsed = NULL;
    }
    *out = parsed;
    return status;
}

void hc_mask_free(hc_mask *mask)
{
    free(mask);
}

size_t hc_mask_length(const hc_mask *mask)
{
    return mask->length;
}

hc_status hc_mask_prefix(const hc_mask *mask, size_t n, hc_mask **out)
{
    *out = NULL;
    if (n < 1 || n > mask->length)
        return HC_ERR_INVALID;
    if ((*out = malloc(sizeof(**out))) == NULL)
        return HC_ERR_NOMEM;
    (*out)->length = n;
    memcpy((*out)->pos, mask->pos, n * sizeof(mask->pos[0]));
    return HC_OK;
}

size_t hc_mask_like_offset(const char *text, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++)
        if (text[i] == '?' && strchr("ludsahHb1234", text[i + 1]) != NULL && text[i + 1] != '\0')
            return i;
    return len;
}
