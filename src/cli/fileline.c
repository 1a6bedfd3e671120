/* Result lines of file and dir modes: the first rule of contract §3.2 that
 * applies chooses the form. */
#include "fileline.h"

#include <stdlib.h>
#include <string.h>

#include "hc/encode.h"

void line_format_init(line_format *format, const cli_args *args, size_t digest_len)
{
    memset(format, 0, sizeof(*format));
    format->sfv = args->present[OPT_SFV];
    format->checksum = args->present[OPT_CHECKSUM];
    format->time = args->present[OPT_TIME];
    format->lower = args->present[OPT_LOWER];
    format->base64 = args->present[OPT_BASE64];
    format->digest_len = digest_len;
}

bool parse_file_mode_options(cli_output *out, const cli_args *args, file_mode_options *options)
{
    if (!args->present[OPT_SOURCE]) {
        output_line(out, "--source option is required");
        return false;
    }
    int64_t limit = 0, offset = 0;
    if (args->present[OPT_LIMIT] && !parse_count_option(out, args, OPT_LIMIT, 64, &limit))
        return false;
    if (args->present[OPT_OFFSET] && !parse_count_option(out, args, OPT_OFFSET, 64, &offset))
        return false;
    options->range.limit = (uint64_t)limit;
    options->range.offset = (uint64_t)offset;
    if (!parse_threads_option(out, args, &options->threads) || !parse_hash_params(out, args, &options->params))
        return false;
    if (args->present[OPT_SAVE])
        output_collect(out);
    return true;
}

bool parse_target(const char *text, size_t digest_len, uint8_t *digest)
{
    return hc_hex_decode(text, strlen(text), digest, digest_len) == HC_OK;
}

/* The part after the last '/' or '\', both separators on every OS (§3.2). */
static const char *base_name(const char *path)
{
    const char *base = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == '\\')
            base = p + 1;
    return base;
}

/* Why a file failed, on stderr in GNU style (contract §10.7): the OS's
 * reason, or the contract's text when the chosen format has no error line
 * to show it. */
static void report_failure(const char *path, const file_result *result, bool line_shown)
{
    if (result->error_number)
        progress_warn("%s: %s", path, strerror(result->error_number));
    else if (!line_shown)
        progress_warn("%s: %s", path, read_status_text(result->status));
}

line_outcome print_file_line(cli_output *out, const line_format *format, const char *path, const file_result *result)
{
    if (result->status == READ_SKIPPED)
        return OUTCOME_SKIPPED;
    if (result->status == READ_INTERRUPTED)
        return OUTCOME_INTERRUPTED;
    bool hashed = result->status == READ_OK;
    bool matches = hashed && (format->target == NULL ||
                              memcmp(result->digest, format->target, format->digest_len) == 0);
    line_outcome outcome = !hashed ? OUTCOME_FAILED : matches ? OUTCOME_HASHED : OUTCOME_MISMATCH;

    if (!hashed) {
        bool line = !(format->sfv || format->checksum || format->search);
        if (line)
            output_line(out, "%s | %s", path, read_status_text(result->status));
        report_failure(path, result, line);
        return outcome;
    }
    char size[SIZE_TEXT_MAX];
    format_size(result->size, size);
    if (format->search) {
        if (matches)
            output_line(out, "%s | %s", path, size);
        return outcome;
    }

    char small[256];
    size_t need = format_digest_size(format->digest_len);
    char *digest = need <= sizeof(small) ? small : malloc(need);
    if (digest == NULL) {
        out->no_memory = true;
        return OUTCOME_FAILED;
    }
    format_digest(result->digest, format->digest_len, format->base64, format->lower, digest);
    /* File mode with -m shows the verdict instead of the digest. */
    const char *tail = format->target == NULL ? digest : matches ? "File is valid" : "File is invalid";
    if (format->sfv) {
        output_line(out, "%s    %s", base_name(path), digest);
    } else if (format->checksum) {
        output_line(out, "%s %s", digest, path);
    } else if (format->time) {
        char time[TIME_TEXT_MAX];
        format_time_long(result->seconds, time);
        output_line(out, "%s | %s | %s | %s", path, size, time, tail);
    } else {
        output_line(out, "%s | %s | %s", path, size, tail);
    }
    if (digest != small)
        free(digest);
    return outcome;
}
