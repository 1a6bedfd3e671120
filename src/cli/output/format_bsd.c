/* --format bsd: "<TAG> (<path>) = <hex>", as cksum --tag writes it. */
#include "format_writer.h"

#include <stdio.h>
#include <string.h>

/* Rows whose tag is RHash's (it reads no other for GOST), not the hc
 * name upper-cased (docs/check.md has the whole table). */
static const struct {
    const char *name, *tag;
} rhash_tags[] = {
    {"gost", "GOST94-CRYPTOPRO"}, {"edonr256", "EDON-R256"},   {"edonr512", "EDON-R512"},
    {"snefru128", "SNEFRU-128"},  {"snefru256", "SNEFRU-256"},
};

void format_bsd_tag(const hc_algorithm *alg, char *out, size_t size)
{
    const char *name = hc_algorithm_name(alg);
    for (size_t i = 0; i < sizeof(rhash_tags) / sizeof(rhash_tags[0]); i++) {
        if (strcmp(name, rhash_tags[i].name) == 0) {
            snprintf(out, size, "%s", rhash_tags[i].tag);
            return;
        }
    }
    size_t o = 0;
    if (strncmp(name, "sha-3-", 6) == 0) {
        o = (size_t)snprintf(out, size, "SHA3-");
        name += 6;
    }
    for (; *name && o + 1 < size; name++) {
        char c = *name;
        out[o++] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    out[o] = '\0';
    /* BLAKE2b, BLAKE2s: the variant letter stays small, as b2sum writes it */
    if (strncmp(hc_algorithm_name(alg), "blake2", 6) == 0 && o == 7)
        out[6] = hc_algorithm_name(alg)[6];
}

static void bsd_row_line(text_buffer *t, const format_row *row)
{
    bool escape = gnu_needs_escape(row->name, row->name_len);
    char tag[64];
    format_bsd_tag(row->alg, tag, sizeof(tag));
    text_printf(t, "%s%s (", escape ? "\\" : "", tag);
    text_append_list_name(t, row->name, row->name_len, escape);
    text_append_str(t, ") = ");
    text_append_digest(t, row->choice, row->digest, row->digest_len);
}

const format_writer format_bsd_writer = {
    .name = "bsd",
    .lower_by_default = true,
    .row_line = bsd_row_line,
    .uncarried = "a BSD line cannot carry this name",
};
