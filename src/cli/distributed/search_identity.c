/* The identity of a search, for its stop marker: see search_identity.h. */
#include "search_identity.h"

#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "stop_marker.h"
#include "hc/crack.h"
#include "hc/encode.h"

/* Bytes as they are, except a backslash, spaces, control and non-ASCII
 * bytes: \xHH, so that a field is one word of one line. */
static void append_escaped(text_buffer *t, const char *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c > ' ' && c < 0x7F && c != '\\')
            text_append(t, &bytes[i], 1);
        else
            text_printf(t, "\\x%02x", c);
    }
}

static void append_option(text_buffer *t, const char *name, const char *value)
{
    text_printf(t, " %s ", name);
    append_escaped(t, value, strlen(value));
}

/* qsort's comparison cannot take the digest length as an argument; the
 * identity is made on the main thread, once. */
static size_t sorted_digest_len;

static int compare_digests(const void *a, const void *b)
{
    return memcmp(*(const uint8_t *const *)a, *(const uint8_t *const *)b, sorted_digest_len);
}

/* "target: HEX", or "targets: N: HEX HEX ..." (sorted), or "targets: N,
 * SHA-256 of the sorted digests: HEX". false without memory. */
static bool append_targets(text_buffer *t, const search_identity_input *in)
{
    const size_t dl = hc_algorithm_digest_len(in->alg);
    const uint8_t **sorted = malloc(in->count * sizeof(*sorted));
    if (sorted == NULL)
        return false;
    for (size_t i = 0; i < in->count; i++)
        sorted[i] = in->digests + i * dl;
    sorted_digest_len = dl;
    qsort(sorted, in->count, sizeof(*sorted), compare_digests);
    char hex[2 * HC_MAX_DIGEST_LEN + 1];
    bool ok = true;
    if (in->count <= SEARCH_IDENTITY_LISTED) {
        text_printf(t, in->count == 1 ? "target:" : "targets: %zu:", in->count);
        for (size_t i = 0; i < in->count; i++) {
            hc_hex_encode(sorted[i], dl, hex, true);
            text_printf(t, " %s", hex);
        }
    } else {
        hc_hasher sha256;
        ok = hc_hasher_open(&sha256, hc_algorithm_find("sha256"), NULL) == HC_OK;
        if (ok) {
            for (size_t i = 0; i < in->count; i++)
                hc_hasher_update(&sha256, sorted[i], dl);
            uint8_t digest[32];
            hc_hasher_final(&sha256, digest);
            hc_hasher_close(&sha256);
            hc_hex_encode(digest, sizeof(digest), hex, true);
            text_printf(t, "targets: %zu, SHA-256 of the sorted digests: %s", in->count, hex);
        }
    }
    text_append_str(t, "\n");
    free(sorted);
    return ok;
}

/* "keyspace: ...": the charset as expanded (-a 0-9 and -a 0123456789 are
 * one search), or the mask and the wordlist in their command-line order
 * (which decides the hybrid's side), the rules, sets and flags as given,
 * and the lengths. false without memory. */
static bool append_keyspace(text_buffer *t, const cli_args *args, const search_identity_input *in)
{
    text_append_str(t, "keyspace:");
    if (!args->present[OPT_MASK] && !args->present[OPT_WORDLIST]) {
        const char *spec = args->present[OPT_DICT] ? args->value[OPT_DICT] : hc_crack_default_dictionary;
        uint8_t dict[HC_DICT_MAX];
        size_t dict_len;
        if (hc_crack_dictionary(spec, strlen(spec), dict, &dict_len) != HC_OK)
            return false;
        text_append_str(t, " -a ");
        append_escaped(t, (const char *)dict, dict_len);
    }
    const bool mask_first = args->present[OPT_MASK] &&
                            (!args->present[OPT_WORDLIST] || args->order[OPT_MASK] < args->order[OPT_WORDLIST]);
    if (mask_first)
        append_option(t, "--mask", args->value[OPT_MASK]);
    if (args->present[OPT_WORDLIST]) {
        append_option(t, "--wordlist", args->value[OPT_WORDLIST]);
        for (size_t i = 0; i < args->rule_file_count; i++)
            append_option(t, "--rules", args->rule_files[i]);
    }
    if (args->present[OPT_MASK] && !mask_first)
        append_option(t, "--mask", args->value[OPT_MASK]);
    static const cli_option_id customs[4] = {OPT_CUSTOM1, OPT_CUSTOM2, OPT_CUSTOM3, OPT_CUSTOM4};
    static const char *const custom_names[4] = {"-1", "-2", "-3", "-4"};
    for (int i = 0; i < 4; i++)
        if (args->present[customs[i]])
            append_option(t, custom_names[i], args->value[customs[i]]);
    if (args->present[OPT_INCREMENT])
        text_append_str(t, " --increment");
    text_printf(t, " -n %lld -x %lld\n", (long long)in->min_len, (long long)in->max_len);
    return true;
}

char *search_identity(const cli_args *args, const search_identity_input *in)
{
    text_buffer t;
    text_init(&t);
    text_printf(&t, "%salgorithm: %s\n", STOP_MARKER_MAGIC, hc_algorithm_name(in->alg));
    bool ok = append_targets(&t, in) && append_keyspace(&t, args, in);
    /* one search without --part is the one part of one */
    text_printf(&t, "parts: %llu\n", (unsigned long long)(in->parts > 0 ? in->parts : 1));
    char *lines = ok && !t.no_memory ? strdup(text_str(&t)) : NULL;
    text_free(&t);
    return lines;
}
