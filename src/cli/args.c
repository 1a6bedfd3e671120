/* Option parsing for the modes.
 *
 * Follows the reference's yazap behaviour (contract §1.4): `-s v`,
 * `-s=v`, `-sv`, `--source v`, `--source=v`, grouped flags `-lbt`, a group
 * whose last member takes the next word, help words anywhere. Deviations
 * (contract §9): a value-taking option always takes the next word, even one
 * starting with '-' (as GNU getopt_long does), an option given twice
 * keeps its last value instead of being dropped, and `--` ends the options
 * (GNU style): every word after it is a plain word, `-h` included. */
#include "args.h"
#include "habits.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void print_parse_error(cli_output *out, const char *fmt, ...)
{
    char message[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof(message), fmt, ap);
    va_end(ap);
    output_line(out, "error: %s", message);
    output_line(out, "%s", "");
    output_line(out, "help: invoke the command with '-h/--h' flag to learn more.");
}

void print_unknown_command(cli_output *out, const char *word, const char *tip)
{
    output_line(out, "error: unrecognized command '%s'", word);
    if (tip)
        output_line(out, "tip: %s", tip);
    output_line(out, "%s", "");
    output_line(out, "help: invoke the command with '-h/--h' flag to learn more.");
}

bool option_offered(const cli_option_spec *spec, const hc_algorithm *alg)
{
    uint32_t flags = alg ? hc_algorithm_flags(alg) : 0;
    return (flags & spec->needs_flags) == spec->needs_flags;
}

bool option_offered_all(const cli_option_spec *spec, const cli_algs *algs)
{
    uint32_t flags = algs && algs->count ? algs->common_flags : 0;
    return (flags & spec->needs_flags) == spec->needs_flags;
}

static const cli_option_spec *find_long(const cli_mode *mode, const cli_algs *algs, const char *name, size_t len)
{
    for (size_t i = 0; i < mode->option_count; i++) {
        const cli_option_spec *spec = &mode->options[i];
        if (strlen(spec->long_name) == len && memcmp(spec->long_name, name, len) == 0 &&
            option_offered_all(spec, algs))
            return spec;
    }
    return NULL;
}

static const cli_option_spec *find_short(const cli_mode *mode, const cli_algs *algs, char name)
{
    for (size_t i = 0; i < mode->option_count; i++) {
        const cli_option_spec *spec = &mode->options[i];
        if (spec->short_name == name && option_offered_all(spec, algs))
            return spec;
    }
    return NULL;
}

/* An option the mode has but not every row of a list offers (--sfv for
 * md5,crc32): the parser error, then a word on stderr saying why. */
static bool note_not_offered(const cli_mode *mode, const cli_algs *algs, const char *name, size_t len, char short_name)
{
    if (algs == NULL || algs->count < 2)
        return false;
    for (size_t i = 0; i < mode->option_count; i++) {
        const cli_option_spec *spec = &mode->options[i];
        bool same = short_name ? spec->short_name == short_name
                               : strlen(spec->long_name) == len && memcmp(spec->long_name, name, len) == 0;
        if (same) {
            fprintf(stderr, "hc: --%s is offered only when every algorithm of '%s' offers it\n", spec->long_name,
                    algs->word);
            return true;
        }
    }
    return false;
}

/* "-s/--source", or "--sfv" for long-only options. */
static void option_label(const cli_option_spec *spec, char *buf, size_t size)
{
    if (spec->short_name)
        snprintf(buf, size, "-%c/--%s", spec->short_name, spec->long_name);
    else
        snprintf(buf, size, "--%s", spec->long_name);
}

/* Modes with several inputs (§10.1) keep every -s value, in order; the
 * array has room for one per word. */
static void store(cli_args *args, const cli_option_spec *spec, const char *value)
{
    args->present[spec->id] = true;
    args->value[spec->id] = value;
    static_assert(OPT_COUNT < 256, "order fits");
    unsigned last = 0;
    for (int i = 0; i < OPT_COUNT; i++)
        last = args->order[i] > last ? args->order[i] : last;
    args->order[spec->id] = last + 1;
    if (spec->id == OPT_SOURCE && args->inputs)
        args->inputs[args->input_count++] = value;
    if (spec->id == OPT_RULES && args->rule_files)
        args->rule_files[args->rule_file_count++] = value;
}

void cli_args_free(cli_args *args)
{
    free(args->inputs);
    free(args->rule_files);
    args->inputs = NULL;
    args->rule_files = NULL;
    args->input_count = args->rule_file_count = 0;
}

static bool is_help_word(const char *word)
{
    return strcmp(word, "h") == 0 || strcmp(word, "help") == 0;
}

parse_result parse_mode_args(cli_output *out, const cli_algs *algs, const cli_mode *mode, int argc, char **argv,
                             cli_args *args)
{
    char label[128];
    memset(args, 0, sizeof(*args));
    bool options_ended = false;
    if ((mode->inputs && argc > 0 && (args->inputs = malloc((size_t)argc * sizeof(*args->inputs))) == NULL) ||
        (argc > 0 && (args->rule_files = malloc((size_t)argc * sizeof(*args->rule_files))) == NULL)) {
        cli_out_of_memory();
        return PARSE_ERROR;
    }
    for (int i = 0; i < argc; i++) {
        const char *word = argv[i];
        if (!options_ended && strcmp(word, "--") == 0) {
            options_ended = true;
        } else if (options_ended) {
            /* file and check modes take plain words as inputs (§10.1);
             * elsewhere a stray one, as below */
            if (word[0] != '\0' && mode->inputs) {
                args->inputs[args->input_count++] = word;
            } else if (word[0] != '\0') {
                print_unknown_command(out, word, NULL);
                explain_stray_word(mode, word);
                return PARSE_ERROR;
            }
        } else if (word[0] == '-' && word[1] == '-') {
            const char *name = word + 2;
            const char *eq = strchr(name, '=');
            size_t name_len = eq ? (size_t)(eq - name) : strlen(name);
            if ((name_len == 4 && memcmp(name, "help", 4) == 0) || (name_len == 1 && name[0] == 'h'))
                return PARSE_HELP;
            const cli_option_spec *spec = find_long(mode, algs, name, name_len);
            if (spec == NULL) {
                print_parse_error(out, "unrecognized option '%.*s'", (int)name_len, name);
                if (!note_not_offered(mode, algs, name, name_len, 0))
                    suggest_option(mode, algs, name, name_len, 0);
                return PARSE_ERROR;
            }
            option_label(spec, label, sizeof(label));
            if (spec->value_name == NULL) {
                if (eq) {
                    print_parse_error(out, "a value '%s' was not expected for option '%s'", eq + 1, label);
                    return PARSE_ERROR;
                }
                store(args, spec, NULL);
            } else if (eq) {
                store(args, spec, eq + 1);
            } else if (i + 1 < argc) {
                store(args, spec, argv[++i]);
            } else {
                print_parse_error(out, "a value is missing for option '%s'", label);
                return PARSE_ERROR;
            }
        } else if (word[0] == '-' && word[1] != '\0') {
            /* A group of short options: flags, the last may take a value. */
            for (const char *p = word + 1; *p; p++) {
                if (*p == 'h')
                    return PARSE_HELP;
                const cli_option_spec *spec = find_short(mode, algs, *p);
                if (spec == NULL) {
                    print_parse_error(out, "unrecognized option '%c'", *p);
                    note_not_offered(mode, algs, NULL, 0, *p);
                    return PARSE_ERROR;
                }
                option_label(spec, label, sizeof(label));
                if (spec->value_name == NULL) {
                    if (p[1] == '=') {
                        print_parse_error(out, "a value '%s' was not expected for option '%s'", p + 2, label);
                        return PARSE_ERROR;
                    }
                    store(args, spec, NULL);
                    continue;
                }
                if (p[1] != '\0') {
                    /* -svalue or -s=value */
                    store(args, spec, p[1] == '=' ? p + 2 : p + 1);
                } else if (i + 1 < argc) {
                    store(args, spec, argv[++i]);
                } else {
                    print_parse_error(out, "a value is missing for option '%s'", label);
                    return PARSE_ERROR;
                }
                break;
            }
        } else if (word[0] == '\0') {
            continue; /* empty words are ignored, as by the reference */
        } else if (is_help_word(word)) {
            return PARSE_HELP;
        } else if (mode->inputs) {
            args->inputs[args->input_count++] = word; /* an operand (§10.1) */
        } else {
            print_unknown_command(out, word, NULL);
            explain_stray_word(mode, word);
            return PARSE_ERROR;
        }
    }
    return PARSE_OK;
}
