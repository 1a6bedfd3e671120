/* Help output (contract §1.5): the layout of the reference's yazap help. */
#include "cli.h"

#include <string.h>

#if defined(__x86_64__)
#define HC_ARCH "x64"
#elif defined(__aarch64__)
#define HC_ARCH "arm64"
#elif defined(__i386__)
#define HC_ARCH "x86"
#else
#define HC_ARCH "native"
#endif

/* Our own banner in the reference's places (contract §9): never another
 * author's copyright. */
void print_banner(cli_output *out, bool leading_blank)
{
    if (leading_blank)
        output_line(out, "%s", "");
    output_line(out, "Hash Calculator %s %s", HC_VERSION, HC_ARCH);
    output_line(out, "hc: an independent implementation of the Hash Calculator command line, MIT License.");
    output_line(out, "%s", "");
}

enum { HELP_COLUMN = 50 };

static void help_entry(cli_output *out, const char *left, const char *description)
{
    size_t len = strlen(left);
    int pad = len < HELP_COLUMN ? (int)(HELP_COLUMN - len) : 2;
    output_line(out, "%s%*s%s", left, pad, "", description);
}

void help_top(cli_output *out)
{
    print_banner(out, false);
    output_line(out, "Usage: hc <COMMAND>");
    output_line(out, "%s", "");
    output_line(out, "Commands:");
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t row_count = hc_algorithm_sorted(rows, HC_ALGORITHM_COUNT);
    for (size_t i = 0; i < row_count; i++) {
        char left[64];
        snprintf(left, sizeof(left), "    %s", hc_algorithm_name(rows[i]));
        help_entry(out, left, hc_algorithm_title(rows[i]));
    }
    output_line(out, "%s", "");
    output_line(out, "Other commands:");
    for (size_t i = 0; i < cli_command_count; i++) {
        char left[64];
        snprintf(left, sizeof(left), "  %s", cli_commands[i]->mode.name);
        help_entry(out, left, cli_commands[i]->mode.description);
    }
    output_line(out, "%s", "");
    output_line(out, "Run 'hc <command>` with `-h/--h' flag to get help of any command.");
    output_line(out, "Several algorithms at once: a comma list ('hc md5,sha1,sha256 file ...') or 'hc all ...'.");
    output_line(out, "Run 'hc --version' to see the version and the CPU features in use.");
}

void help_algorithm(cli_output *out, const cli_algs *algs)
{
    output_line(out, "Usage: hc %s <COMMAND>", algs->word);
    output_line(out, "%s", "");
    output_line(out, "Commands:");
    for (size_t i = 0; i < cli_mode_count; i++) {
        /* a list word offers only the modes that take lists (§10.2) */
        if (algs->count > 1 && !cli_modes[i]->lists)
            continue;
        char left[64];
        snprintf(left, sizeof(left), "    %s", cli_modes[i]->name);
        help_entry(out, left, cli_modes[i]->description);
    }
    output_line(out, "%s", "");
    if (algs->count > 1)
        output_line(out, "Each input is read once; every algorithm's line is printed in the list's order.");
    output_line(out, "Run 'hc %s <command>` with `-h/--h' flag to get help of any command.", algs->word);
}

/* The "Options:" list of a mode for algs (NULL or no rows: a command's). */
static void help_options(cli_output *out, const cli_algs *algs, const cli_mode *mode)
{
    output_line(out, "Options:");
    for (size_t i = 0; i < mode->option_count; i++) {
        const cli_option_spec *spec = &mode->options[i];
        if (!option_offered_all(spec, algs))
            continue;
        char left[128];
        int n = spec->short_name ? snprintf(left, sizeof(left), "    -%c, --%s", spec->short_name, spec->long_name)
                                 : snprintf(left, sizeof(left), "        --%s", spec->long_name);
        if (spec->value_name && n > 0)
            snprintf(left + n, sizeof(left) - (size_t)n, "=%s", spec->value_name);
        help_entry(out, left, spec->help);
    }
    help_entry(out, "    -h, --help", "Print this help and exit");
}

void help_mode(cli_output *out, const cli_algs *algs, const cli_mode *mode)
{
    output_line(out, "%s", mode->description);
    output_line(out, "%s", "");
    if (algs->word)
        output_line(out, "Usage: hc %s %s [OPTIONS]", algs->word, mode->name);
    else
        output_line(out, "Usage: hc %s [OPTIONS]", mode->name);
    output_line(out, "%s", "");
    help_options(out, algs, mode);
}

void help_command(cli_output *out, const cli_command *command)
{
    output_line(out, "%s", command->mode.description);
    output_line(out, "%s", "");
    output_line(out, "Usage: hc %s %s", command->mode.name, command->usage);
    output_line(out, "%s", "");
    help_options(out, NULL, &command->mode);
}
