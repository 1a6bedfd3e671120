/* The option parser of the modes (contract §1.4 with the §9 deviations). */
#ifndef HC_CLI_ARGS_H
#define HC_CLI_ARGS_H

#include "cli.h"

#include "platform.h"

typedef enum parse_result {
    PARSE_OK,
    PARSE_HELP,  /* -h, --help, --h, or a bare h / help word */
    PARSE_ERROR  /* the message is printed */
} parse_result;

/* Parses argv[0..argc) (the words after the mode). args holds memory
 * afterwards, whatever the result: release it with cli_args_free. */
parse_result parse_mode_args(cli_output *out, const cli_algs *algs, const cli_mode *mode, int argc, char **argv,
                             cli_args *args);

/* "error: <message>", a blank line and the help hint (contract §1.4). */
void print_parse_error(cli_output *out, const char *fmt, ...) PLAT_PRINTF(2, 3);

/* "hc: <message>" on stderr: the usage errors of what hc adds to the
 * reference (§9: its diagnostics are GNU style, on stderr); the
 * reference's own keep print_parse_error's layout on stdout. */
void print_usage_error(const char *fmt, ...) PLAT_PRINTF(1, 2);

/* "error: unrecognized command '<word>'" plus, when tip is not NULL, a
 * line "tip: <tip>" naming close algorithms or modes (contract §9). */
void print_unknown_command(cli_output *out, const char *word, const char *tip);

#endif
