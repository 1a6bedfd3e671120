/* hc_docgen: writes the man page and the bash, zsh and fish completions
 * from the tables that drive hc itself (algorithms, modes, commands, their
 * options), so none of them can fall behind `hc --help`. The build runs it
 * (cmake/Install.cmake); tests/install compares the results with the help
 * of the hc binary.
 *
 *   hc_docgen man TEMPLATE OUT   fill docs/hc.1.in's @...@ lines
 *   hc_docgen bash|zsh|fish OUT  a completion script
 *
 * Values: an option whose value is "<file>" completes file names, one
 * whose value is "<directory>" directory names, one whose value lists
 * choices ("<hc|json>") those words; any other value is free text. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static FILE *out_file;
static const char *out_path;

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out_file, fmt, ap);
    va_end(ap);
}

/* ---- what the tables say ---- */

typedef enum value_kind { VALUE_NONE, VALUE_TEXT, VALUE_FILE, VALUE_DIRECTORY, VALUE_CHOICE } value_kind;

static value_kind kind_of(const cli_option_spec *spec)
{
    if (spec->value_name == NULL)
        return VALUE_NONE;
    if (strcmp(spec->value_name, "<file>") == 0)
        return VALUE_FILE;
    if (strcmp(spec->value_name, "<directory>") == 0)
        return VALUE_DIRECTORY;
    if (strchr(spec->value_name, '|') != NULL)
        return VALUE_CHOICE;
    return VALUE_TEXT;
}

/* "<hc|json>" -> "hc json" */
static void choices_of(const cli_option_spec *spec, char *out, size_t size)
{
    const char *v = spec->value_name;
    size_t n = 0;
    for (const char *p = v; *p && n + 1 < size; p++) {
        if (*p == '<' || *p == '>')
            continue;
        out[n++] = *p == '|' ? ' ' : *p;
    }
    out[n] = '\0';
}

/* How one shell spells the completion of each kind of value; the words of
 * a choice go between choice_open and choice_close, separated by spaces. */
typedef struct value_syntax {
    const char *file, *directory, *choice_open, *choice_close, *text;
} value_syntax;

static void emit_value(const cli_option_spec *spec, const value_syntax *syntax)
{
    char choices[256];
    switch (kind_of(spec)) {
    case VALUE_FILE:
        emit("%s", syntax->file);
        break;
    case VALUE_DIRECTORY:
        emit("%s", syntax->directory);
        break;
    case VALUE_CHOICE:
        choices_of(spec, choices, sizeof(choices));
        emit("%s%s%s", syntax->choice_open, choices, syntax->choice_close);
        break;
    case VALUE_TEXT:
        emit("%s", syntax->text);
        break;
    case VALUE_NONE:
        break;
    }
}

/* The rows as people see them listed: sorted by name (main fills it). */
static const hc_algorithm *rows[HC_ALGORITHM_COUNT];
static size_t row_count;

static bool offered_to_all(const cli_option_spec *spec)
{
    for (size_t a = 0; a < row_count; a++)
        if (!option_offered(spec, rows[a]))
            return false;
    return true;
}

/* ---- roff ---- */

/* Text for roff: backslashes doubled, '-' as \- (a real minus, so that
 * searching the page for "--source" works), a leading '.' or '\'' guarded. */
static void roff(const char *text)
{
    if (*text == '.' || *text == '\'')
        emit("\\&");
    for (const char *p = text; *p; p++) {
        if (*p == '\\')
            emit("\\e");
        else if (*p == '-')
            emit("\\-");
        else
            emit("%c", *p);
    }
}

static void man_option(const cli_option_spec *spec, bool restrict_note)
{
    emit(".TP\n");
    if (spec->short_name) {
        emit("\\fB\\-%c\\fR, ", spec->short_name);
    }
    emit("\\fB\\-\\-");
    roff(spec->long_name);
    emit("\\fR");
    if (spec->value_name) {
        emit("=\\fI");
        roff(spec->value_name);
        emit("\\fR");
    }
    emit("\n");
    roff(spec->help);
    if (restrict_note && !offered_to_all(spec)) {
        emit(" (only for:");
        for (size_t a = 0; a < row_count; a++)
            if (option_offered(spec, rows[a])) {
                emit(" ");
                roff(hc_algorithm_name(rows[a]));
            }
        emit(")");
    }
    emit(".\n");
}

static void man_algorithms(void)
{
    for (size_t a = 0; a < row_count; a++) {
        emit(".TP 14\n.B ");
        roff(hc_algorithm_name(rows[a]));
        emit("\n");
        roff(hc_algorithm_title(rows[a]));
        emit("\n");
    }
}

/* A mode's examples: the POSIX command ("ALG" as typed in it, an
 * algorithm name in the page) and what it does. */
static void man_examples(const cli_mode *mode)
{
    if (mode->examples == NULL || mode->examples[0] == NULL)
        return;
    emit(".PP\nExamples:\n");
    for (const char *const *e = mode->examples; *e; e += 3) {
        emit(".TP\n.B ");
        const char *alg = strstr(e[0], "ALG");
        if (alg) {
            char command[256];
            snprintf(command, sizeof(command), "%.*ssha256%s", (int)(alg - e[0]), e[0], alg + 3);
            roff(command);
        } else {
            roff(e[0]);
        }
        emit("\n");
        roff(e[2]);
        emit(".\n");
    }
}

static void man_modes(void)
{
    for (size_t m = 0; m < cli_mode_count; m++) {
        const cli_mode *mode = cli_modes[m];
        emit(".SS \"hc \\fIALGORITHM\\fP %s [\\fIOPTIONS\\fP]\"\n", mode->name);
        roff(mode->description);
        emit(".\n");
        for (size_t o = 0; o < mode->option_count; o++)
            man_option(&mode->options[o], true);
        emit(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nPrint this help and exit.\n");
        man_examples(mode);
    }
}

static void man_commands(void)
{
    for (size_t c = 0; c < cli_command_count; c++) {
        const cli_command *command = cli_commands[c];
        emit(".SS \"hc %s ", command->mode.name);
        roff(command->usage);
        emit("\"\n");
        roff(command->mode.description);
        emit(".\n");
        for (size_t o = 0; o < command->mode.option_count; o++)
            man_option(&command->mode.options[o], false);
        emit(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nPrint this help and exit.\n");
        man_examples(&command->mode);
    }
}

/* The folder `cmake --install` puts the documents in (docs/cli.md ...). */
#ifndef HC_DOCDIR
#define HC_DOCDIR "/usr/local/share/doc/hc"
#endif

/* A template line with @VERSION@ and @DOCDIR@ filled in, anywhere in it. */
static void emit_filled(const char *line)
{
    static const struct {
        const char *marker, *value;
    } fills[] = {{"@VERSION@", HC_VERSION}, {"@DOCDIR@", HC_DOCDIR}};
    const char *p = line;
    while (*p) {
        size_t k = 0, at = strlen(p);
        for (size_t i = 0; i < sizeof(fills) / sizeof(fills[0]); i++) {
            const char *found = strstr(p, fills[i].marker);
            if (found && (size_t)(found - p) < at) {
                at = (size_t)(found - p);
                k = i;
            }
        }
        emit("%.*s", (int)at, p);
        if (p[at] == '\0')
            break;
        emit("%s", fills[k].value);
        p += at + strlen(fills[k].marker);
    }
}

static int write_man(const char *template_path)
{
    FILE *in = fopen(template_path, "r");
    if (in == NULL) {
        fprintf(stderr, "hc_docgen: %s: %s\n", template_path, strerror(errno));
        return 1;
    }
    char line[4096];
    while (fgets(line, sizeof(line), in)) {
        if (strcmp(line, "@ALGORITHMS@\n") == 0) {
            man_algorithms();
        } else if (strcmp(line, "@MODES@\n") == 0) {
            man_modes();
        } else if (strcmp(line, "@COMMANDS@\n") == 0) {
            man_commands();
        } else {
            emit_filled(line);
        }
    }
    bool failed = ferror(in);
    fclose(in);
    return failed ? 1 : 0;
}

/* ---- completions: the option words of a mode for one algorithm ---- */

/* Space-separated option words ("-s --source -l ...") of mode for alg. */
static void option_words(const cli_mode *mode, const hc_algorithm *alg, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t o = 0; o < mode->option_count; o++) {
        const cli_option_spec *spec = &mode->options[o];
        if (!option_offered(spec, alg))
            continue;
        if (spec->short_name)
            n += (size_t)snprintf(out + n, n < size ? size - n : 0, "-%c ", spec->short_name);
        n += (size_t)snprintf(out + n, n < size ? size - n : 0, "--%s ", spec->long_name);
    }
    snprintf(out + n, n < size ? size - n : 0, "-h --help");
}

/* Algorithms grouped by the option words a mode offers them: most share
 * one set, a few (CRCs: --sfv; BLAKE3: --length, --key, ...) have more. */
typedef struct option_group {
    char words[2048];
    char algorithms[1024]; /* "crc32|crc32c" */
} option_group;

static size_t group_algorithms(const cli_mode *mode, option_group *groups, size_t max)
{
    size_t count = 0;
    for (size_t a = 0; a < row_count; a++) {
        char words[2048];
        option_words(mode, rows[a], words, sizeof(words));
        size_t g = 0;
        while (g < count && strcmp(groups[g].words, words) != 0)
            g++;
        if (g == count) {
            if (count == max)
                abort();
            snprintf(groups[g].words, sizeof(groups[g].words), "%s", words);
            groups[g].algorithms[0] = '\0';
            count++;
        }
        size_t len = strlen(groups[g].algorithms);
        snprintf(groups[g].algorithms + len, sizeof(groups[g].algorithms) - len, "%s%s", len ? "|" : "",
                 hc_algorithm_name(rows[a]));
    }
    return count;
}

/* The group that holds most algorithms is the default ("*") case. */
static size_t largest_group(const option_group *groups, size_t count)
{
    size_t best = 0;
    for (size_t g = 1; g < count; g++)
        if (strlen(groups[g].algorithms) > strlen(groups[best].algorithms))
            best = g;
    return best;
}

/* ---- bash ---- */

static const value_syntax bash_values = {
    .file = "            compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return ;;\n",
    .directory = "            compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\"); return ;;\n",
    .choice_open = "            mapfile -t COMPREPLY < <(compgen -W \"",
    .choice_close = "\" -- \"$cur\"); return ;;\n",
    .text = "            return ;;\n",
};

static void bash_value_cases(const cli_mode *mode, const char *mode_pattern)
{
    for (size_t o = 0; o < mode->option_count; o++) {
        const cli_option_spec *spec = &mode->options[o];
        if (kind_of(spec) == VALUE_NONE)
            continue;
        emit("        %s:", mode_pattern);
        if (spec->short_name)
            emit("-%c|%s:", spec->short_name, mode_pattern);
        emit("--%s)\n", spec->long_name);
        emit_value(spec, &bash_values);
    }
}

static void write_bash(void)
{
    emit("# bash completion for hc. Generated by hc_docgen from hc's own tables; do not edit.\n");
    emit("_hc()\n{\n");
    emit("    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n");
    emit("    local algorithms=\"");
    for (size_t a = 0; a < row_count; a++)
        emit("%s%s", a ? " " : "", hc_algorithm_name(rows[a]));
    emit("\"\n    local commands=\"");
    for (size_t c = 0; c < cli_command_count; c++)
        emit("%s%s", c ? " " : "", cli_commands[c]->mode.name);
    emit("\"\n    local modes=\"");
    for (size_t m = 0; m < cli_mode_count; m++)
        emit("%s%s", m ? " " : "", cli_modes[m]->name);
    emit("\"\n    COMPREPLY=()\n");
    emit("    if (( COMP_CWORD == 1 )); then\n");
    emit("        mapfile -t COMPREPLY < <(compgen -W \"$algorithms $commands -h --help --version\" -- \"$cur\")\n");
    emit("        return\n    fi\n");
    emit("    local first=${COMP_WORDS[1]}\n");
    /* commands */
    emit("    case $first in\n");
    for (size_t c = 0; c < cli_command_count; c++) {
        const cli_command *command = cli_commands[c];
        char words[2048];
        option_words(&command->mode, NULL, words, sizeof(words));
        emit("    %s)\n", command->mode.name);
        emit("        case \"%s:$prev\" in\n", command->mode.name);
        bash_value_cases(&command->mode, command->mode.name);
        emit("        esac\n");
        emit("        if (( COMP_CWORD == 2 )) && [[ $cur != -* ]]; then\n");
        emit("            # a comma-separated list: complete its last name\n");
        emit("            local head=\"\" last=$cur\n");
        emit("            [[ $cur == *,* ]] && head=${cur%%,*}, last=${cur##*,}\n");
        emit("            mapfile -t COMPREPLY < <(compgen -P \"$head\" -W \"$algorithms all\" -- \"$last\")\n");
        emit("            return\n        fi\n");
        emit("        mapfile -t COMPREPLY < <(compgen -W \"%s\" -- \"$cur\")\n", words);
        emit("        return ;;\n");
    }
    emit("    esac\n");
    emit("    if (( COMP_CWORD == 2 )); then\n");
    emit("        mapfile -t COMPREPLY < <(compgen -W \"$modes -h --help\" -- \"$cur\")\n");
    emit("        return\n    fi\n");
    emit("    local mode=${COMP_WORDS[2]}\n");
    emit("    case \"$mode:$prev\" in\n");
    for (size_t m = 0; m < cli_mode_count; m++)
        bash_value_cases(cli_modes[m], cli_modes[m]->name);
    emit("    esac\n");
    emit("    local words=\"\"\n");
    emit("    case $mode in\n");
    for (size_t m = 0; m < cli_mode_count; m++) {
        option_group groups[8];
        size_t count = group_algorithms(cli_modes[m], groups, 8);
        size_t def = largest_group(groups, count);
        emit("    %s)\n        case $first in\n", cli_modes[m]->name);
        for (size_t g = 0; g < count; g++)
            if (g != def)
                emit("        %s) words=\"%s\" ;;\n", groups[g].algorithms, groups[g].words);
        emit("        *) words=\"%s\" ;;\n", groups[def].words);
        emit("        esac ;;\n");
    }
    emit("    esac\n");
    emit("    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n");
    emit("}\n");
    emit("complete -F _hc hc\n");
}

/* ---- zsh ---- */

/* Text inside a zsh _arguments description, itself inside '...'. */
static void zsh_text(const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '\'')
            emit("'\\''");
        else if (*p == '[' || *p == ']' || *p == ':' || *p == '\\')
            emit("\\%c", *p);
        else
            emit("%c", *p);
    }
}

static const value_syntax zsh_values = {
    .file = ":file:_files",
    .directory = ":directory:_files -/",
    .choice_open = ":value:(",
    .choice_close = ")",
    .text = ":value: ",
};

static void zsh_option_specs(const cli_mode *mode, const hc_algorithm *alg)
{
    for (size_t o = 0; o < mode->option_count; o++) {
        const cli_option_spec *spec = &mode->options[o];
        if (!option_offered(spec, alg))
            continue;
        bool value = spec->value_name != NULL;
        if (spec->short_name) {
            emit(" \\\n        '-%c%s[", spec->short_name, value ? "+" : "");
            zsh_text(spec->help);
            emit("]");
            emit_value(spec, &zsh_values);
            emit("'");
        }
        emit(" \\\n        '--%s%s[", spec->long_name, value ? "=" : "");
        zsh_text(spec->help);
        emit("]");
        emit_value(spec, &zsh_values);
        emit("'");
    }
    emit(" \\\n        '(- *)'{-h,--help}'[Print this help and exit]'");
}

static void write_zsh(void)
{
    emit("#compdef hc\n");
    emit("# zsh completion for hc. Generated by hc_docgen from hc's own tables; do not edit.\n\n");
    emit("_hc() {\n");
    emit("    local -a algorithms commands modes\n");
    emit("    algorithms=(\n");
    for (size_t a = 0; a < row_count; a++) {
        emit("        '%s:", hc_algorithm_name(rows[a]));
        zsh_text(hc_algorithm_title(rows[a]));
        emit("'\n");
    }
    emit("    )\n    commands=(\n");
    for (size_t c = 0; c < cli_command_count; c++) {
        emit("        '%s:", cli_commands[c]->mode.name);
        zsh_text(cli_commands[c]->mode.description);
        emit("'\n");
    }
    emit("    )\n    modes=(\n");
    for (size_t m = 0; m < cli_mode_count; m++) {
        emit("        '%s:", cli_modes[m]->name);
        zsh_text(cli_modes[m]->description);
        emit("'\n");
    }
    emit("    )\n");
    emit("    if (( CURRENT == 2 )); then\n");
    emit("        _describe -t algorithms 'algorithm' algorithms\n");
    emit("        _describe -t commands 'command' commands\n");
    emit("        _arguments '(- *)'{-h,--help}'[show the help]' '(- *)--version[show the version and CPU features]'\n");
    emit("        return\n    fi\n");
    emit("    case $words[2] in\n");
    for (size_t c = 0; c < cli_command_count; c++) {
        const cli_command *command = cli_commands[c];
        emit("    %s)\n", command->mode.name);
        emit("        shift words; (( CURRENT-- ))\n");
        emit("        _arguments -s '1:: :->list'");
        zsh_option_specs(&command->mode, NULL);
        emit("\n");
        emit("        if [[ $state == list ]]; then\n");
        emit("            local -a names=(${algorithms%%%%:*} all)\n");
        emit("            _sequence compadd -a names\n");
        emit("        fi\n");
        emit("        return ;;\n");
    }
    emit("    esac\n");
    emit("    if (( CURRENT == 3 )); then\n");
    emit("        _describe -t modes 'mode' modes\n");
    emit("        return\n    fi\n");
    emit("    local alg=$words[2] mode=$words[3]\n");
    emit("    shift 2 words; (( CURRENT -= 2 ))\n");
    emit("    case $mode in\n");
    for (size_t m = 0; m < cli_mode_count; m++) {
        const cli_mode *mode = cli_modes[m];
        option_group groups[8];
        size_t count = group_algorithms(mode, groups, 8);
        size_t def = largest_group(groups, count);
        emit("    %s)\n        case $alg in\n", mode->name);
        for (size_t g = 0; g <= count; g++) {
            if (g == def)
                continue;
            /* the default group last, as "*" */
            size_t index = g == count ? def : g;
            /* any algorithm of the group stands for it */
            char first[64];
            snprintf(first, sizeof(first), "%.*s", (int)strcspn(groups[index].algorithms, "|"),
                     groups[index].algorithms);
            emit("        %s)\n            _arguments -s", g == count ? "*" : groups[index].algorithms);
            zsh_option_specs(mode, hc_algorithm_find(first));
            emit(" ;;\n");
        }
        emit("        esac ;;\n");
    }
    emit("    esac\n");
    emit("}\n\n");
    emit("_hc \"$@\"\n");
}

/* ---- fish ---- */

static void fish_text(const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '\'' || *p == '\\')
            emit("\\%c", *p);
        else
            emit("%c", *p);
    }
}

static const value_syntax fish_values = {
    .file = " -r -F",
    .directory = " -x -a '(__fish_complete_directories)'",
    .choice_open = " -x -a '",
    .choice_close = "'",
    .text = " -x",
};

static void fish_option(const cli_option_spec *spec, const char *condition)
{
    emit("complete -c hc -n '%s'", condition);
    if (spec->short_name)
        emit(" -s %c", spec->short_name);
    emit(" -l %s", spec->long_name);
    emit_value(spec, &fish_values);
    emit(" -d '");
    fish_text(spec->help);
    emit("'\n");
}

static void write_fish(void)
{
    emit("# fish completion for hc. Generated by hc_docgen from hc's own tables; do not edit.\n\n");
    emit("# The words before the cursor, without options.\n");
    emit("function __hc_words\n");
    emit("    for w in (commandline -opc)[2..-1]\n");
    emit("        string match -q -- '-*' $w; or echo $w\n");
    emit("    end\n");
    emit("end\n");
    emit("function __hc_needs_first\n");
    emit("    test (count (__hc_words)) -eq 0\n");
    emit("end\n");
    emit("function __hc_needs_mode\n");
    emit("    set -l w (__hc_words)\n");
    emit("    test (count $w) -eq 1; and contains -- $w[1] $__hc_algorithms\n");
    emit("end\n");
    emit("# hc <one of the algorithms after the mode name> <mode> ...\n");
    emit("function __hc_in_mode --argument-names mode\n");
    emit("    set -l w (__hc_words)\n");
    emit("    test (count $w) -ge 2; and test \"$w[2]\" = \"$mode\"; or return 1\n");
    emit("    set -l algorithms $__hc_algorithms\n");
    emit("    if test (count $argv) -gt 1\n");
    emit("        set algorithms $argv[2..-1]\n");
    emit("    end\n");
    emit("    contains -- $w[1] $algorithms\n");
    emit("end\n");
    emit("function __hc_in_command --argument-names command\n");
    emit("    set -l w (__hc_words)\n");
    emit("    test (count $w) -ge 1; and test \"$w[1]\" = \"$command\"\n");
    emit("end\n");
    emit("# The algorithm names, after the names already typed in a comma list.\n");
    emit("function __hc_list_names\n");
    emit("    set -l head (string replace -r -- '[^,]*$' '' (commandline -ct))\n");
    emit("    for name in $__hc_algorithms all\n");
    emit("        echo $head$name\n");
    emit("    end\n");
    emit("end\n");
    emit("function __hc_command_needs_list --argument-names command\n");
    emit("    set -l w (__hc_words)\n");
    emit("    test (count $w) -eq 1; and test \"$w[1]\" = \"$command\"\n");
    emit("end\n\n");
    emit("set -g __hc_algorithms");
    for (size_t a = 0; a < row_count; a++)
        emit(" %s", hc_algorithm_name(rows[a]));
    emit("\n\ncomplete -c hc -f\n");
    emit("complete -c hc -n '__hc_needs_first' -s h -l help -d 'Print the help and exit'\n");
    emit("complete -c hc -n '__hc_needs_first' -l version -d 'Print the version and the CPU features in use'\n");
    for (size_t a = 0; a < row_count; a++) {
        emit("complete -c hc -n '__hc_needs_first' -a '%s' -d '", hc_algorithm_name(rows[a]));
        fish_text(hc_algorithm_title(rows[a]));
        emit("'\n");
    }
    for (size_t c = 0; c < cli_command_count; c++) {
        const cli_command *command = cli_commands[c];
        emit("complete -c hc -n '__hc_needs_first' -a '%s' -d '", command->mode.name);
        fish_text(command->mode.description);
        emit("'\n");
        emit("complete -c hc -n '__hc_command_needs_list %s' -a '(__hc_list_names)' -d 'algorithm'\n",
             command->mode.name);
        char condition[128];
        snprintf(condition, sizeof(condition), "__hc_in_command %s", command->mode.name);
        for (size_t o = 0; o < command->mode.option_count; o++)
            fish_option(&command->mode.options[o], condition);
    }
    for (size_t m = 0; m < cli_mode_count; m++) {
        emit("complete -c hc -n '__hc_needs_mode' -a '%s' -d '", cli_modes[m]->name);
        fish_text(cli_modes[m]->description);
        emit("'\n");
    }
    for (size_t m = 0; m < cli_mode_count; m++) {
        const cli_mode *mode = cli_modes[m];
        for (size_t o = 0; o < mode->option_count; o++) {
            const cli_option_spec *spec = &mode->options[o];
            char condition[1024];
            size_t n = (size_t)snprintf(condition, sizeof(condition), "__hc_in_mode %s", mode->name);
            if (!offered_to_all(spec))
                for (size_t a = 0; a < row_count; a++)
                    if (option_offered(spec, rows[a]) && n < sizeof(condition))
                        n += (size_t)snprintf(condition + n, sizeof(condition) - n, " %s", hc_algorithm_name(rows[a]));
            fish_option(spec, condition);
        }
        emit("complete -c hc -n '__hc_in_mode %s' -s h -l help -d 'Print this help and exit'\n", mode->name);
    }
}

int main(int argc, char **argv)
{
    const char *what = argc >= 3 ? argv[1] : "";
    bool man = strcmp(what, "man") == 0;
    if (!(man && argc == 4) && !(!man && argc == 3 && (strcmp(what, "bash") == 0 || strcmp(what, "zsh") == 0 ||
                                                        strcmp(what, "fish") == 0))) {
        fprintf(stderr, "usage: hc_docgen man TEMPLATE OUT | hc_docgen bash|zsh|fish OUT\n");
        return 2;
    }
    row_count = hc_algorithm_sorted(rows, HC_ALGORITHM_COUNT);
    out_path = argv[argc - 1];
    out_file = fopen(out_path, "w");
    if (out_file == NULL) {
        fprintf(stderr, "hc_docgen: %s: %s\n", out_path, strerror(errno));
        return 1;
    }
    int status = 0;
    if (man)
        status = write_man(argv[2]);
    else if (strcmp(what, "bash") == 0)
        write_bash();
    else if (strcmp(what, "zsh") == 0)
        write_zsh();
    else
        write_fish();
    if (fclose(out_file) != 0 || status != 0) {
        fprintf(stderr, "hc_docgen: cannot write %s\n", out_path);
        remove(out_path);
        return 1;
    }
    return 0;
}
