/* Output formats of §10.3: option reading, the choice of the writer
 * (format_*.c), the line buffer and the digest's rendering. */
#include "formats.h"
#include "format_writer.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

const format_writer *format_writer_of(out_format kind)
{
    static const format_writer *const writers[] = {
        [FORMAT_HC] = &format_hc_writer,   [FORMAT_CHECKSUM] = &format_checksum_writer,
        [FORMAT_GNU] = &format_gnu_writer, [FORMAT_BSD] = &format_bsd_writer,
        [FORMAT_SFV] = &format_sfv_writer, [FORMAT_JSON] = &format_json_writer,
    };
    return writers[kind];
}

static bool lookup_format(const char *name, out_format *kind)
{
    static const out_format named[] = {FORMAT_HC, FORMAT_GNU, FORMAT_BSD, FORMAT_SFV, FORMAT_JSON};
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        if (strcmp(format_writer_of(named[i])->name, name) == 0) {
            *kind = named[i];
            return true;
        }
    }
    return false;
}

bool parse_format_options(cli_output *out, const cli_args *args, const cli_algs *algs, unsigned allowed,
                          format_choice *choice)
{
    memset(choice, 0, sizeof(*choice));
    choice->kind = FORMAT_HC;
    if (args->present[OPT_FORMAT]) {
        const char *name = args->value[OPT_FORMAT];
        if (!lookup_format(name, &choice->kind) || !(allowed & (1u << choice->kind))) {
            print_usage_error("invalid value '%s' for option '--format': expected one of %s", name,
                              (allowed & (1u << FORMAT_GNU)) ? "hc, gnu, bsd, sfv, json" : "hc, json");
            return false;
        }
    }
    /* sha256sum's --tag is --format bsd */
    if (args->present[OPT_TAG]) {
        if (args->present[OPT_FORMAT] && choice->kind != FORMAT_BSD) {
            print_usage_error("--tag writes bsd lines; it cannot be used with --format %s",
                              format_writer_of(choice->kind)->name);
            return false;
        }
        choice->kind = FORMAT_BSD;
    }
    /* -c and --sfv are the contract's names of two of the formats. */
    if (args->present[OPT_CHECKSUM]) {
        if (choice->kind != FORMAT_HC) {
            print_usage_error("-c/--checksumfile is the hc checksum line; it cannot be used with --format %s",
                              format_writer_of(choice->kind)->name);
            return false;
        }
        choice->kind = FORMAT_CHECKSUM;
    }
    if (args->present[OPT_SFV]) {
        if (choice->kind != FORMAT_HC && choice->kind != FORMAT_SFV) {
            print_usage_error("--sfv cannot be used with %s",
                              args->present[OPT_CHECKSUM] ? "-c/--checksumfile" : "another --format");
            return false;
        }
        choice->kind = FORMAT_SFV;
    }
    /* SFV lines hold CRC-32s: --format sfv is offered where --sfv is. */
    if (choice->kind == FORMAT_SFV && !(algs->common_flags & HC_ALG_CRC)) {
        print_usage_error("--format sfv is for crc32 and crc32c only, not for '%s'", algs->word);
        return false;
    }
    if (args->present[OPT_LOWER] && args->present[OPT_UPPER]) {
        print_usage_error("-l/--lower and -u/--upper cannot be used together");
        return false;
    }
    /* The contract's lines are upper case unless -l; the formats of other
     * tools are lower case (as those tools write them) unless -u. */
    bool tool_format = format_writer_of(choice->kind)->lower_by_default;
    choice->lower = tool_format ? !args->present[OPT_UPPER] : args->present[OPT_LOWER];
    choice->base64 = args->present[OPT_BASE64];
    /* Nothing but JSON on stdout (§10.3): every other line goes to stderr. */
    if (choice->kind == FORMAT_JSON)
        out->divert_text = true;
    return true;
}

/* ---- text buffer ---- */

void text_init(text_buffer *t)
{
    t->data = t->small;
    t->len = 0;
    t->cap = sizeof(t->small);
    t->no_memory = false;
    t->small[0] = '\0';
}

void text_free(text_buffer *t)
{
    if (t->data != t->small)
        free(t->data);
    text_init(t);
}

void text_clear(text_buffer *t)
{
    t->len = 0;
    t->data[0] = '\0';
}

static bool text_reserve(text_buffer *t, size_t more)
{
    if (t->no_memory)
        return false;
    if (t->len + more + 1 <= t->cap)
        return true;
    size_t cap = t->cap;
    while (cap < t->len + more + 1)
        cap *= 2;
    char *grown = t->data == t->small ? malloc(cap) : realloc(t->data, cap);
    if (grown == NULL) {
        t->no_memory = true;
        return false;
    }
    if (t->data == t->small)
        memcpy(grown, t->small, t->len + 1);
    t->data = grown;
    t->cap = cap;
    return true;
}

void text_append(text_buffer *t, const void *data, size_t len)
{
    if (!text_reserve(t, len))
        return;
    memcpy(t->data + t->len, data, len);
    t->len += len;
    t->data[t->len] = '\0';
}

void text_append_str(text_buffer *t, const char *s)
{
    text_append(t, s, strlen(s));
}

void text_printf(text_buffer *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !text_reserve(t, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(t->data + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

const char *text_str(text_buffer *t)
{
    return t->data;
}

void text_output_line(text_buffer *t, cli_output *out)
{
    if (t->no_memory) {
        out->no_memory = true;
        return;
    }
    output_data_line(out, t->data, t->len);
}

/* ---- pieces ---- */

void text_append_digest(text_buffer *t, const format_choice *choice, const uint8_t *digest, size_t len)
{
    size_t need = format_digest_size(len);
    if (!text_reserve(t, need))
        return;
    format_digest(digest, len, choice->base64, choice->lower, t->data + t->len);
    t->len += strlen(t->data + t->len);
}
