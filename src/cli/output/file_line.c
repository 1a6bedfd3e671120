/* Result lines of file and dir modes: the first rule of contract §3.2 that
 * applies chooses the form. */
#include "file_line.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "format_writer.h"
#include "platform.h"
#include "printable.h"
#include "roundtrip.h"

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

/* The contract's text of a failed input (§3.5): the library's, and for
 * the one refusal there is (file mode's malformed -m, checked after the
 * open as the reference does) the reference's. */
static const char *failure_text(const hc_file_result *result)
{
    return result->status == HC_FILE_REFUSED ? "invalid search hash" : hc_file_status_text(result->status);
}

/* Why a file failed, on stderr in GNU style (contract §10.7): the OS's
 * reason, or the contract's text when the chosen format has no error line
 * to show it. */
static void report_failure(const char *path, const hc_file_result *result, bool line_shown)
{
    char *owned;
    const char *shown = printable_name(path, &owned);
    const char *reason = hc_file_failure_reason(result);
    if (reason != NULL)
        progress_warn("%s: %s", shown, reason);
    else if (!line_shown)
        progress_warn("%s: %s", shown, failure_text(result));
    free(owned);
}

/* A name the list cannot give check back, and why. */
static void report_uncarried(const char *why, const char *path)
{
    char *owned;
    progress_warn("%s: %s: `hc check` of this list would not find it", printable_name(path, &owned), why);
    free(owned);
}

void report_io_stats(const hc_file_result *result)
{
    const hc_file_stats *io = &result->stats;
    if (!io->big || getenv("HC_IO_STATS") == NULL)
        return;
    char batch[48] = "";
    if (io->batch_windows > 0)
        snprintf(batch, sizeof(batch), " (%" PRIu64 " in batch mappings)", io->batch_windows);
    progress_warn("io: read %" PRIu64 " map %" PRIu64 " units%s, %u threads%s%s%s%s, %" PRIu64
                  " bytes in prefetched steps",
                  io->pieces_read, io->pieces_mapped, batch, io->threads, io->tree ? ", tree" : "",
                  io->pipelined ? ", pipelined" : "", io->cold ? ", cold" : "", io->streamed ? ", streamed" : "",
                  io->stepped_bytes);
}

line_outcome print_file_line(cli_output *out, const line_format *format, const char *path,
                             const hc_file_result *result)
{
    report_io_stats(result);
    if (result->status == HC_FILE_SKIPPED)
        return OUTCOME_SKIPPED;
    if (result->status == HC_FILE_INTERRUPTED)
        return OUTCOME_INTERRUPTED;
    bool hashed = result->status == HC_FILE_OK;
    bool matches = hashed && (format->target == NULL ||
                              memcmp(result->digests, format->target, format->digest_len) == 0);
    line_outcome outcome = !hashed ? OUTCOME_FAILED : matches ? OUTCOME_HASHED : OUTCOME_MISMATCH;
    out_format kind = format->choice.kind;
    const format_writer *writer = format_writer_of(kind);
    text_buffer t;
    text_init(&t);

    if (!hashed) {
        /* One error line per input, whatever the number of algorithms;
         * why on stderr (§10.7). */
        bool line = !format->search && writer->failure_line != NULL;
        if (line) {
            writer->failure_line(&t, path, failure_text(result));
            text_output_line(&t, out);
        }
        report_failure(path, result, line);
        text_free(&t);
        return outcome;
    }
    format_file file = {
        .size = result->stats.size,
        .seconds = result->stats.seconds,
        .time = format->time,
        .name_algorithm = format->algs->count > 1,
        .verdict = format->target != NULL,
        .valid = matches,
        .search = format->search,
    };
    format_row row = {.choice = &format->choice, .name = path, .name_len = strlen(path), .file = &file};
    if (format->search) {
        /* only the matches, "<path> | <size>" in the contract's format */
        if (matches) {
            row.alg = format->algs->rows[0];
            row.digest = result->digests;
            row.digest_len = format->row_len[0];
            writer->row_line(&t, &row);
            text_output_line(&t, out);
        }
        text_free(&t);
        return outcome;
    }
    /* SFV: the file's own name in its folder (the line holds the part
     * after the last '/' or '\', and a '\' in a name is lost) */
    const char *slash = strrchr(path, '/');
    const char *name = kind == FORMAT_SFV && slash ? slash + 1 : path;
    /* a line check may read (-m's verdict stands where the digest would) */
    bool carried = true, listed = !file.verdict;
    const uint8_t *digest = result->digests;
    for (size_t i = 0; i < format->algs->count; i++) {
        text_clear(&t);
        row.alg = format->algs->rows[i];
        row.digest = digest;
        row.digest_len = format->row_len[i];
        writer->row_line(&t, &row);
        carried = carried && (!listed || t.no_memory ||
                              list_line_reads_back(kind, t.data, t.len, name, strlen(name), digest, format->row_len[i]));
        text_output_line(&t, out);
        digest += format->row_len[i];
    }
    text_free(&t);
    /* the list would not verify this file: said, and the run fails */
    if (!carried)
        report_uncarried(writer->uncarried, path);
    else if (listed && plat_path_too_long(name))
        report_uncarried("a path this long cannot be opened by its name (the walk went folder by folder)", path);
    else
        return outcome;
    return OUTCOME_FAILED;
}
