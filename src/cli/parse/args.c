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
#include "platform.h"

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

void print_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("hc: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
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
    if (spec->id == OPT_RULES && args->rule_files)
        args->rule_files[args->rule_file_count++] = value;
}

void cli_args_free(cli_args *args)
{
    for (size_t i = 0; i < args->expanded_count; i++)
        free(args->expanded[i]);
    free(args->expanded);
    args->expanded = NULL;
    args->expanded_count = 0;
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

/* One pass over a mode's words: where it is, and what it fills in. */
typedef struct arg_parser {
    cli_output *out;
    const cli_algs *algs;
    const cli_mode *mode;
    int argc;
    char **argv;
    int i;           /* the word being read; a value taken from the next word moves it on */
    cli_args *args;
} arg_parser;

/* An input with wildcards the shell left (Windows): the names it
 * matches take its place, sorted; words after it keep their room. */
static bool add_expanded(arg_parser *p, char **names, size_t count)
{
    cli_args *args = p->args;
    const size_t rest = (size_t)(p->argc - p->i); /* this word and those after it */
    const char **inputs = realloc(args->inputs, (args->input_count + count + rest) * sizeof(*inputs));
    char **owned = realloc(args->expanded, (args->expanded_count + count) * sizeof(*owned));
    if (inputs)
        args->inputs = inputs;
    if (owned)
        args->expanded = owned;
    if (inputs == NULL || owned == NULL)
        return false;
    for (size_t k = 0; k < count; k++) {
        args->expanded[args->expanded_count++] = names[k];
        args->inputs[args->input_count++] = names[k];
    }
    return true;
}

/* An input (an operand or a -s value): the names its wildcards match
 * where the shell left them (Windows), else the word itself. */
static parse_result add_input(arg_parser *p, const char *word)
{
    char **names;
    ptrdiff_t count = plat_expand_wildcards(word, &names);
    if (count <= 0) {
        /* no wildcard, no match, or no listing: the word as typed, whose
         * open then says why */
        p->args->inputs[p->args->input_count++] = word;
        return PARSE_OK;
    }
    bool added = add_expanded(p, names, (size_t)count);
    if (!added)
        for (ptrdiff_t k = 0; k < count; k++)
            free(names[k]);
    free(names);
    if (!added) {
        cli_out_of_memory();
        return PARSE_ERROR;
    }
    return PARSE_OK;
}

/* The value of spec: given inline (--name=value, -svalue), else the next
 * word. */
static parse_result take_value(arg_parser *p, const cli_option_spec *spec, const char *inline_value)
{
    char label[128];
    option_label(spec, label, sizeof(label));
    const char *value = inline_value;
    if (value == NULL && p->i + 1 < p->argc)
        value = p->argv[++p->i];
    if (value == NULL) {
        print_parse_error(p->out, "a value is missing for option '%s'", label);
        return PARSE_ERROR;
    }
    store(p->args, spec, value);
    /* -s of a mode that takes several inputs names them as a bare word does */
    return spec->id == OPT_SOURCE && p->mode->inputs ? add_input(p, value) : PARSE_OK;
}

/* A flag given a value (--flag=x, -f=x) is an error. */
static parse_result take_flag(arg_parser *p, const cli_option_spec *spec, const char *inline_value)
{
    if (inline_value) {
        char label[128];
        option_label(spec, label, sizeof(label));
        print_parse_error(p->out, "a value '%s' was not expected for option '%s'", inline_value, label);
        return PARSE_ERROR;
    }
    store(p->args, spec, NULL);
    return PARSE_OK;
}

/* --name, --name=value, --name value. */
static parse_result parse_long(arg_parser *p, const char *name)
{
    const char *eq = strchr(name, '=');
    size_t name_len = eq ? (size_t)(eq - name) : strlen(name);
    if ((name_len == 4 && memcmp(name, "help", 4) == 0) || (name_len == 1 && name[0] == 'h'))
        return PARSE_HELP;
    const cli_option_spec *spec = find_long(p->mode, p->algs, name, name_len);
    if (spec == NULL) {
        print_parse_error(p->out, "unrecognized option '%.*s'", (int)name_len, name);
        if (!note_not_offered(p->mode, p->algs, name, name_len, 0) && !hint_hashcat_option(p->mode, name, name_len, 0))
            suggest_option(p->mode, p->algs, name, name_len, 0);
        return PARSE_ERROR;
    }
    const char *value = eq ? eq + 1 : NULL;
    return spec->value_name == NULL ? take_flag(p, spec, value) : take_value(p, spec, value);
}

/* A group of short options: flags, the last may take a value (-svalue,
 * -s=value, -s value). */
static parse_result parse_short_group(arg_parser *p, const char *group)
{
    for (const char *c = group; *c; c++) {
        if (*c == 'h')
            return PARSE_HELP;
        const cli_option_spec *spec = find_short(p->mode, p->algs, *c);
        if (spec == NULL) {
            print_parse_error(p->out, "unrecognized option '%c'", *c);
            if (!note_not_offered(p->mode, p->algs, NULL, 0, *c))
                hint_hashcat_option(p->mode, NULL, 0, *c);
            return PARSE_ERROR;
        }
        if (spec->value_name == NULL) {
            parse_result r = take_flag(p, spec, c[1] == '=' ? c + 2 : NULL);
            if (r != PARSE_OK)
                return r;
            continue;
        }
        return take_value(p, spec, c[1] == '\0' ? NULL : c[1] == '=' ? c + 2 : c + 1);
    }
    return PARSE_OK;
}

/* A word that is not an option: an input of file and check modes (§10.1),
 * a stray word elsewhere. */
static parse_result parse_operand(arg_parser *p, const char *word)
{
    if (p->mode->inputs)
        return add_input(p, word);
    print_unknown_command(p->out, word, NULL);
    explain_stray_word(p->mode, word);
    return PARSE_ERROR;
}

parse_result parse_mode_args(cli_output *out, const cli_algs *algs, const cli_mode *mode, int argc, char **argv,
                             cli_args *args)
{
    memset(args, 0, sizeof(*args));
    if ((mode->inputs && argc > 0 && (args->inputs = malloc((size_t)argc * sizeof(*args->inputs))) == NULL) ||
        (argc > 0 && (args->rule_files = malloc((size_t)argc * sizeof(*args->rule_files))) == NULL)) {
        cli_out_of_memory();
        return PARSE_ERROR;
    }
    arg_parser p = {.out = out, .algs = algs, .mode = mode, .argc = argc, .argv = argv, .args = args};
    bool options_ended = false;
    for (p.i = 0; p.i < argc; p.i++) {
        const char *word = argv[p.i];
        parse_result r = PARSE_OK;
        if (word[0] == '\0')
            continue; /* empty words are ignored, as by the reference */
        if (options_ended)
            r = parse_operand(&p, word);
        else if (strcmp(word, "--") == 0)
            options_ended = true;
        else if (word[0] == '-' && word[1] == '-')
            r = parse_long(&p, word + 2);
        else if (word[0] == '-' && word[1] != '\0')
            r = parse_short_group(&p, word + 1);
        else if (is_help_word(word))
            r = PARSE_HELP;
        else
            r = parse_operand(&p, word);
        if (r != PARSE_OK)
            return r;
    }
    return PARSE_OK;
}
