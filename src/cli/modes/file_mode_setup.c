/* The set-up and the end file and dir modes share (file_mode_setup.h). */
#include "file_mode_setup.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "platform.h"
#include "printable.h"

hc_file_batch *file_batch_open(const hc_file_batch_ops *ops, void *ctx, const line_format *format,
                               const file_mode_options *options, progress *display)
{
    hc_file_batch_config config = {
        .struct_size = sizeof(config),
        .ops = ops,
        .ctx = ctx,
        .algs = format->algs->rows,
        .count = format->algs->count,
        .params = &options->params,
        .threads = options->threads,
        .range = options->range,
        .digests_len = format->digest_len,
        .events = progress_events(display),
        .print_hold = progress_hold_switch,
        .hold_ctx = display,
    };
    hc_file_batch *batch;
    return hc_file_batch_create(&batch, &config) == HC_OK ? batch : NULL;
}

/* -m / -H with an algorithm list: a usage error (§10.2). */
static bool reject_target_with_list(const cli_args *args, const cli_algs *algs)
{
    if (algs->count <= 1)
        return true;
    static const cli_option_id targets[] = {OPT_HASH, OPT_SEARCH};
    for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
        if (args->present[targets[i]]) {
            const char *name = option_long_name(targets[i]);
            print_usage_error("-%c/--%s compares with one algorithm's digest; it cannot be used with the list '%s'",
                              targets[i] == OPT_HASH ? 'm' : 'H', name, algs->word);
            return false;
        }
    }
    return true;
}

/* Checks --source, then -z, -q (contract §2.3, §2.5), -T and the BLAKE3
 * options, and starts collecting the output for -o. Prints the message and
 * returns false on a usage error. */
static bool parse_file_mode_options(cli_output *out, const cli_args *args, file_mode_options *options)
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

bool file_mode_setup(cli_output *out, const cli_args *args, const cli_algs *algs, file_mode_options *options,
                     line_format *format)
{
    return reject_target_with_list(args, algs) && parse_file_mode_options(out, args, options) &&
           line_format_init(format, out, args, algs, &options->params);
}

/* ---- -o never replaces an input ---- */

bool save_file_existing(const cli_args *args, plat_file_info *info)
{
    return args->present[OPT_SAVE] && plat_path_info(args->value[OPT_SAVE], info) == 0 &&
           info->kind == PLAT_KIND_REGULAR;
}

int refuse_save_over_input(const cli_args *args, const char *what, const char *input, const char *hint)
{
    char *owned_save, *owned_input = NULL;
    const char *save = printable_name(args->value[OPT_SAVE], &owned_save);
    const char *shown = input ? printable_name(input, &owned_input) : NULL;
    progress_warn("-o %s: it is %s%s%s: refusing to overwrite it%s; nothing was hashed", save, what,
                  shown ? " " : "", shown ? shown : "", hint);
    free(owned_save);
    free(owned_input);
    return EXIT_USAGE;
}

bool save_file_writable(cli_output *out, const cli_args *args)
{
    if (!args->present[OPT_SAVE] || plat_check_writable(args->value[OPT_SAVE]) == 0)
        return true;
    output_save_failure(out, args->value[OPT_SAVE], errno);
    return false;
}

int save_file_mode_output(cli_output *out, const cli_args *args, int status)
{
    if (!args->present[OPT_SAVE] || out->write_failed)
        return status;
    if (status == EXIT_INTERRUPTED) {
        /* half a list in place of a whole one would lose the user's data:
         * the save file stays as it was (the lines are on stdout) */
        char *owned;
        progress_warn("-o %s: not written, the run was interrupted (a file there is left as it was)",
                      printable_name(args->value[OPT_SAVE], &owned));
        free(owned);
        return status;
    }
    if (!output_save(out, args->value[OPT_SAVE]))
        return errno == EINTR && atomic_load(&cli_interrupted) ? EXIT_INTERRUPTED : EXIT_USAGE;
    return status;
}
