/* Result lines of file and dir modes: the first rule of contract §3.2 that
 * applies chooses the form. */
#include "fileline.h"

#include <inttypes.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "hc/encode.h"

bool line_format_init(line_format *format, cli_output *out, const cli_args *args, const cli_algs *algs,
                      const hc_params *params)
{
    memset(format, 0, sizeof(*format));
    if (!parse_format_options(out, args, algs, FORMATS_LINES, &format->choice))
        return false;
    format->time = args->present[OPT_TIME];
    format->algs = algs;
    for (size_t i = 0; i < algs->count; i++) {
        /* BLAKE3's --length is offered to a word whose every row is BLAKE3 */
        format->row_len[i] = params && params->out_len ? params->out_len : hc_algorithm_digest_len(algs->rows[i]);
        format->digest_len += format->row_len[i];
    }
    return true;
}

hash_queue *file_queue_open(const hash_queue_ops *ops, void *ctx, const line_format *format,
                            const file_mode_options *options, progress *display)
{
    hash_queue_config config = {
        .ops = ops,
        .ctx = ctx,
        .rows = format->algs->rows,
        .row_count = format->algs->count,
        .params = &options->params,
        .threads = options->threads,
        .range = options->range,
        .digest_bytes = format->digest_len,
        .events = progress_events(display),
        .print_hold = progress_hold_switch,
        .hold_ctx = display,
    };
    return hash_queue_open(&config);
}

bool reject_target_with_list(cli_output *out, const cli_args *args, const cli_algs *algs)
{
    if (algs->count <= 1)
        return true;
    static const cli_option_id targets[] = {OPT_HASH, OPT_SEARCH};
    for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
        if (args->present[targets[i]]) {
            const char *name = option_long_name(targets[i]);
            print_parse_error(out, "-%c/--%s compares with one algorithm's digest; it cannot be used with the list '%s'",
                              targets[i] == OPT_HASH ? 'm' : 'H', name, algs->word);
            return false;
        }
    }
    return true;
}

bool parse_file_mode_options(cli_output *out, const cli_args *args, file_mode_options *options)
{
    if (!args->present[OPT_SOURCE] && args->input_count == 0) {
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

/* One row's line in the chosen format (contract §3.2, §10.3). */
static void row_line(text_buffer *t, const line_format *format, size_t row, const char *path,
                     const file_result *result, const uint8_t *digest, bool matches)
{
    const format_choice *choice = &format->choice;
    size_t len = format->row_len[row];
    size_t path_len = strlen(path);
    switch (choice->kind) {
    case FORMAT_SFV:
        text_append_str(t, base_name(path));
        text_append_str(t, "    ");
        text_append_digest(t, choice, digest, len);
        break;
    case FORMAT_CHECKSUM:
        text_append_digest(t, choice, digest, len);
        text_append(t, " ", 1);
        text_append(t, path, path_len);
        break;
    case FORMAT_GNU: {
        bool escape = gnu_needs_escape(path, path_len);
        if (escape)
            text_append(t, "\\", 1);
        text_append_digest(t, choice, digest, len);
        text_append(t, "  ", 2);
        text_append_gnu_name(t, path, path_len, escape);
        break;
    }
    case FORMAT_BSD: {
        bool escape = gnu_needs_escape(path, path_len);
        char tag[64];
        format_bsd_tag(format->algs->rows[row], tag, sizeof(tag));
        text_printf(t, "%s%s (", escape ? "\\" : "", tag);
        text_append_gnu_name(t, path, path_len, escape);
        text_append_str(t, ") = ");
        text_append_digest(t, choice, digest, len);
        break;
    }
    case FORMAT_JSON:
        text_append_str(t, "{");
        text_append_json_bytes(t, "path", path, path_len);
        text_printf(t, ",\"size\":%llu,\"algorithm\":\"%s\",\"digest\":\"", (unsigned long long)result->size,
                    hc_algorithm_name(format->algs->rows[row]));
        text_append_digest(t, choice, digest, len);
        text_printf(t, "\",\"seconds\":%.6f", result->seconds);
        if (format->target)
            text_printf(t, ",\"valid\":%s", matches ? "true" : "false");
        text_append_str(t, "}");
        break;
    case FORMAT_HC: {
        char size[SIZE_TEXT_MAX];
        format_size(result->size, size);
        text_append(t, path, path_len);
        text_printf(t, " | %s | ", size);
        if (format->time) {
            char time[TIME_TEXT_MAX];
            format_time_long(result->seconds, time);
            text_printf(t, "%s | ", time);
        }
        /* several algorithms: each line names its own, in a column check
         * reads back (§10.8); one algorithm keeps the contract's line */
        if (format->algs->count > 1)
            text_printf(t, "%s | ", hc_algorithm_name(format->algs->rows[row]));
        /* File mode with -m shows the verdict instead of the digest. */
        if (format->target)
            text_append_str(t, matches ? "File is valid" : "File is invalid");
        else
            text_append_digest(t, choice, digest, len);
        break;
    }
    }
}

void report_io_stats(const file_result *result)
{
    if (!result->big || getenv("HC_IO_STATS") == NULL)
        return;
    const bigfile_stats *io = &result->io;
    char batch[48] = "";
    if (io->batch_windows > 0)
        snprintf(batch, sizeof(batch), " (%" PRIu64 " in batch mappings)", io->batch_windows);
    progress_warn("io: read %" PRIu64 " map %" PRIu64 " units%s, %u threads%s%s%s%s, %" PRIu64
                  " bytes in prefetched steps",
                  io->units[BIGFILE_READ], io->units[BIGFILE_MAP], batch, io->threads, io->tree ? ", tree" : "",
                  io->pipelined ? ", pipelined" : "", io->cold ? ", cold" : "", io->streamed ? ", streamed" : "",
                  io->stepped_bytes);
}

line_outcome print_file_line(cli_output *out, const line_format *format, const char *path, const file_result *result)
{
    report_io_stats(result);
    if (result->status == READ_SKIPPED)
        return OUTCOME_SKIPPED;
    if (result->status == READ_INTERRUPTED)
        return OUTCOME_INTERRUPTED;
    bool hashed = result->status == READ_OK;
    bool matches = hashed && (format->target == NULL ||
                              memcmp(result->digest, format->target, format->digest_len) == 0);
    line_outcome outcome = !hashed ? OUTCOME_FAILED : matches ? OUTCOME_HASHED : OUTCOME_MISMATCH;
    out_format kind = format->choice.kind;
    text_buffer t;
    text_init(&t);

    if (!hashed) {
        /* One error line per input, whatever the number of algorithms;
         * why on stderr (§10.7). */
        bool line = !format->search && (kind == FORMAT_HC || kind == FORMAT_JSON);
        if (kind == FORMAT_HC && line) {
            text_printf(&t, "%s | %s", path, read_status_text(result->status));
            text_output_line(&t, out);
        } else if (kind == FORMAT_JSON && line) {
            text_append_str(&t, "{");
            text_append_json_bytes(&t, "path", path, strlen(path));
            text_printf(&t, ",\"error\":\"%s\"}", read_status_text(result->status));
            text_output_line(&t, out);
        }
        report_failure(path, result, line);
        text_free(&t);
        return outcome;
    }
    if (format->search) {
        /* only the matches, "<path> | <size>" in the contract's format */
        if (matches && kind == FORMAT_HC) {
            char size[SIZE_TEXT_MAX];
            format_size(result->size, size);
            text_printf(&t, "%s | %s", path, size);
            text_output_line(&t, out);
        } else if (matches) {
            row_line(&t, format, 0, path, result, result->digest, true);
            text_output_line(&t, out);
        }
        text_free(&t);
        return outcome;
    }
    const uint8_t *digest = result->digest;
    for (size_t row = 0; row < format->algs->count; row++) {
        text_clear(&t);
        row_line(&t, format, row, path, result, digest, matches);
        text_output_line(&t, out);
        digest += format->row_len[row];
    }
    text_free(&t);
    return outcome;
}
