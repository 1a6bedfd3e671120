/* Hash mode's --outfile (outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plain_text.h"
#include "platform.h"

enum { FIELD_HASH = 1u << 0, FIELD_PLAIN = 1u << 1, FIELD_HEX_PLAIN = 1u << 2, FIELDS_DEFAULT = FIELD_HASH | FIELD_PLAIN };

/* "1,2,3" and its subsets, in any order, each once. */
static bool parse_fields(const char *text, unsigned *fields)
{
    *fields = 0;
    for (const char *p = text;; p += 2) {
        if (p[0] < '1' || p[0] > '3' || (p[1] != ',' && p[1] != '\0'))
            return false;
        unsigned bit = 1u << (p[0] - '1');
        if (*fields & bit)
            return false;
        *fields |= bit;
        if (p[1] == '\0')
            return true;
    }
}

/* Whether path is the file that input names (an input that does not
 * exist, or standard input, is no file to protect). */
static bool same_file(const plat_file_info *out, const char *input)
{
    plat_file_info info;
    return input != NULL && strcmp(input, "-") != 0 && plat_path_info(input, &info) == 0 && plat_same_file(out, &info);
}

/* The input of the run that the outfile is, or NULL. */
static const char *input_named(const plat_file_info *out, const cli_args *args, const potfile *pot)
{
    if (args->present[OPT_HASHES] && same_file(out, args->value[OPT_HASHES]))
        return "--hashes";
    if (args->present[OPT_WORDLIST] && same_file(out, args->value[OPT_WORDLIST]))
        return "--wordlist";
    for (size_t i = 0; i < args->rule_file_count; i++)
        if (same_file(out, args->rule_files[i]))
            return "--rules";
    return same_file(out, pot->path) ? "the potfile" : NULL;
}

bool outfile_init(outfile *o, const cli_args *args, const hc_algorithm *alg, const potfile *pot)
{
    *o = (outfile){.alg = alg, .fields = FIELDS_DEFAULT, .fd = -1};
    if (args->present[OPT_OUTFILE_FORMAT] && !parse_fields(args->value[OPT_OUTFILE_FORMAT], &o->fields)) {
        fprintf(stderr,
                "hc: --outfile-format '%s': a list of 1 (hash), 2 (plain), 3 (hex plain), each once, such as 1,2\n",
                args->value[OPT_OUTFILE_FORMAT]);
        return false;
    }
    if (args->present[OPT_OUTFILE_FORMAT] && !args->present[OPT_OUTFILE]) {
        fprintf(stderr, "hc: --outfile-format needs --outfile\n");
        return false;
    }
    if (!args->present[OPT_OUTFILE])
        return true;
    o->path = args->value[OPT_OUTFILE];
    plat_file_info info;
    const char *input = plat_path_info(o->path, &info) == 0 ? input_named(&info, args, pot) : NULL;
    if (input != NULL) {
        fprintf(stderr, "hc: --outfile %s is %s of this run: refusing to write into it\n", o->path, input);
        return false;
    }
    return true;
}

bool outfile_add(outfile *o, const uint8_t *digest, const uint8_t *plain, size_t len)
{
    if (o->path == NULL || o->failed)
        return !o->failed;
    char *line = malloc(HASH_TEXT_MAX + PLAIN_TEXT_SIZE(len) + 2 * len + 3);
    if (line != NULL && o->fd < 0)
        o->fd = plat_open(o->path, PLAT_OPEN_WRITE | PLAT_OPEN_APPEND);
    bool ok = line != NULL && o->fd >= 0;
    size_t n = 0;
    if (ok) {
        if (o->fields & FIELD_HASH)
            n += hash_text(o->alg, digest, line + n);
        /* a separator before every field but the first (an empty plain is
         * a field too) */
        if (o->fields & FIELD_PLAIN) {
            if (o->fields & FIELD_HASH)
                line[n++] = ':';
            n += plain_encode(plain, len, line + n);
        }
        if (o->fields & FIELD_HEX_PLAIN) {
            if (o->fields & (FIELD_HASH | FIELD_PLAIN))
                line[n++] = ':';
            plain_hex(plain, len, line + n);
            n += 2 * len;
        }
        line[n++] = '\n';
    }
    return found_line_write(o->fd, line, n, ok, "--outfile", o->path, &o->failed);
}

void outfile_close(outfile *o)
{
    if (o->fd >= 0)
        plat_close(o->fd);
    o->fd = -1;
}
