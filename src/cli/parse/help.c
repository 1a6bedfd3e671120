/* Help output (contract §1.5): the layout of the reference's yazap help. */
#include "cli.h"

#include <stdarg.h>
#include <string.h>

#include "platform.h"

#if defined(__x86_64__)
#define HC_ARCH "x64"
#elif defined(__aarch64__)
#define HC_ARCH "arm64"
#elif defined(__i386__)
#define HC_ARCH "x86"
#else
#define HC_ARCH "native"
#endif

static void help_paragraph(cli_output *out, const char *text);

/* Our own banner in the reference's places (contract §9): never another
 * author's copyright. */
void print_banner(cli_output *out, bool leading_blank)
{
    if (leading_blank)
        output_line(out, "%s", "");
    output_line(out, "Hash Calculator %s %s", HC_VERSION, HC_ARCH);
    help_paragraph(out, "An independent implementation of the Hash Calculator command line; MIT License.");
    output_line(out, "%s", "");
}

/* ---- layout: the terminal's width (80 columns when stdout is not a
 * terminal), descriptions in a column, wrapped at word boundaries ---- */

enum { HELP_WIDTH_DEFAULT = 80, HELP_WIDTH_MIN = 40, HELP_WIDTH_MAX = 120, HELP_COLUMN_MAX = 34 };

static size_t stdout_columns(void)
{
    unsigned columns = plat_is_terminal(PLAT_STDOUT) ? plat_terminal_columns(PLAT_STDOUT) : 0;
    return columns ? columns : HELP_WIDTH_DEFAULT;
}

static size_t help_width(void)
{
    size_t width = stdout_columns();
    return width < HELP_WIDTH_MIN ? HELP_WIDTH_MIN : width > HELP_WIDTH_MAX ? HELP_WIDTH_MAX : width;
}

/* text from column `indent` on, wrapped at spaces so that no line passes
 * width; `first` (may be NULL) is the start of the first line, shorter
 * than indent, else it gets a line of its own. A word longer
 * than a line stands alone on one. */
static void print_wrapped(cli_output *out, const char *first, size_t indent, const char *text, size_t width)
{
    char line[512];
    size_t room = width > indent + 10 ? width - indent : 10;
    if (indent + room >= sizeof(line))
        room = sizeof(line) - indent - 1;
    size_t len = 0;
    if (first && strlen(first) + 1 > indent) {
        output_line(out, "%s", first);
        first = NULL;
    }
    len = (size_t)snprintf(line, sizeof(line), "%-*s", (int)indent, first ? first : "");
    size_t used = 0; /* of room, on this line */
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t word = strcspn(p, " ");
        if (word == 0)
            break;
        if (used > 0 && used + 1 + word > room) {
            output_line(out, "%.*s", (int)len, line);
            len = (size_t)snprintf(line, sizeof(line), "%*s", (int)indent, "");
            used = 0;
        }
        size_t take = word < sizeof(line) - len - 2 ? word : sizeof(line) - len - 2;
        if (used > 0)
            line[len++] = ' ';
        memcpy(line + len, p, take);
        len += take;
        used += (used > 0) + word;
        p += word;
    }
    output_line(out, "%.*s", (int)len, line);
}

/* A list of "left  description" entries: the column is the longest left
 * part plus two, at most HELP_COLUMN_MAX (longer ones put the description
 * on the next line). */
typedef struct help_list {
    cli_output *out;
    size_t column, width;
} help_list;

static help_list help_list_start(cli_output *out, size_t longest_left)
{
    help_list list = {.out = out, .column = longest_left + 2, .width = help_width()};
    size_t most = list.width * 2 / 5 < HELP_COLUMN_MAX ? list.width * 2 / 5 : HELP_COLUMN_MAX;
    if (list.column > most)
        list.column = most;
    return list;
}

/* "Usage: <text>", wrapped under its first word. */
static void help_usage(cli_output *out, const char *fmt, ...) PLAT_PRINTF(2, 3);
static void help_usage(cli_output *out, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    print_wrapped(out, "Usage:", 7, text, help_width());
}

static void help_entry(const help_list *list, const char *left, const char *description)
{
    print_wrapped(list->out, left, list->column, description, list->width);
}

static void help_paragraph(cli_output *out, const char *text)
{
    print_wrapped(out, NULL, 0, text, help_width());
}

/* "Examples:" with each example's command in the words of the system's
 * shell, its algorithm word put in for "ALG", and what it does on the
 * next line. */
static void help_examples(cli_output *out, const char *const *examples, const char *word)
{
    if (examples == NULL || examples[0] == NULL)
        return;
    output_line(out, "Examples:");
    size_t width = help_width();
    for (const char *const *e = examples; *e; e += 3) {
        const char *typed = PLAT_CMD_SHELL && e[1] ? e[1] : e[0];
        char command[256];
        const char *alg = strstr(typed, "ALG");
        if (alg && word)
            snprintf(command, sizeof(command), "  %.*s%s%s", (int)(alg - typed), typed, word, alg + 3);
        else
            snprintf(command, sizeof(command), "  %s", typed);
        print_wrapped(out, "", 2, command + 2, width);
        print_wrapped(out, NULL, 6, e[2], width);
    }
    output_line(out, "%s", "");
}

/* What differs from the POSIX words of the manual, for cmd and PowerShell:
 * short lines, each command on its own (none is wrapped). */
static void help_on_windows(cli_output *out)
{
    static const char *const lines[] = {
        "On Windows:",
        "  Paths take a drive letter and \\ or /; messages print them as typed.",
        "  Quote with double quotes, as cmd does:",
        "    hc md5 string -s \"a b\"",
        "    hc md5 dir -s D:\\isos -r -i \"*.iso;*.img\"",
        "  hc expands * and ? in file names itself:",
        "    hc sha256 file -s D:\\isos\\*.iso",
        "    hc check -s *.sha256",
        "  A list on standard input: type list | hc check",
        "  --format gnu and bsd write / between folders: sha256sum -c on Linux",
        "  verifies such a list next to the copied files. Lines end in LF alone.",
    };
    output_line(out, "%s", "");
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
        output_line(out, "%s", lines[i]);
}

/* What a new user types first (tests/cli/test_help_examples.py runs each,
 * as printed). Same layout as a mode's: command, Windows command, what. */
static const char *const top_examples[] = {
    "hc sha256 big.iso a.txt", NULL,
        "the files' digests, as sha256sum takes them",
    "cat big.iso | hc sha256", "type big.iso | hc sha256",
        "standard input",
    "hc sha256 --tag *.iso > SHA256SUMS", NULL,
        "a list as 'sha256sum --tag' writes it",
    "hc sha256 -c SHA256SUMS", NULL,
        "verify it, as 'sha256sum -c' does ('hc check -s SHA256SUMS' too)",
    "hc md5 string -s abc", NULL,
        "the digest of a text",
    "hc md5 hash -s 900150983CD24FB0D6963F7D28E17F72", NULL,
        "restore the string whose MD5 this is",
    "hc sha256 dir -s photos -r --format gnu -o photos.sums", NULL,
        "every file under photos in a list sha256sum -c reads",
    NULL};

void help_top(cli_output *out)
{
    print_banner(out, false);
    help_usage(out, "hc <ALGORITHM> <MODE> [OPTIONS]");
    print_wrapped(out, "", 7, "hc <ALGORITHM> FILE... | -c LIST", help_width());
    print_wrapped(out, "", 7, "hc <COMMAND> [OPTIONS]", help_width());
    output_line(out, "%s", "");
    help_examples(out, top_examples, NULL);
    /* the algorithms are the commands that hash; the heading stays the
     * reference's (§1.5), which scripts read the list under */
    output_line(out, "Commands:");
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t row_count = hc_algorithm_sorted(rows, HC_ALGORITHM_COUNT);
    size_t longest = 0;
    for (size_t i = 0; i < row_count; i++) {
        size_t len = 4 + strlen(hc_algorithm_name(rows[i]));
        longest = len > longest ? len : longest;
    }
    help_list list = help_list_start(out, longest);
    for (size_t i = 0; i < row_count; i++) {
        char left[64];
        snprintf(left, sizeof(left), "    %s", hc_algorithm_name(rows[i]));
        help_entry(&list, left, hc_algorithm_title(rows[i]));
    }
    output_line(out, "%s", "");
    output_line(out, "Other commands:");
    longest = 0;
    for (size_t i = 0; i < cli_command_count; i++) {
        size_t len = 4 + strlen(cli_commands[i]->mode.name);
        longest = len > longest ? len : longest;
    }
    list = help_list_start(out, longest);
    for (size_t i = 0; i < cli_command_count; i++) {
        char left[64];
        snprintf(left, sizeof(left), "    %s", cli_commands[i]->mode.name);
        help_entry(&list, left, cli_commands[i]->mode.description);
    }
    output_line(out, "%s", "");
    help_paragraph(out, "Run 'hc <algorithm> -h' or 'hc <command> -h' to get help of any command.");
    help_paragraph(out, "Several algorithms at once: a comma list ('hc md5,sha1,sha256 file ...') or 'hc all ...'.");
    help_paragraph(out, "As sha256sum: 'hc sha256 FILE...' hashes files, 'hc sha256 -c LIST' verifies a list; "
                        "'hc sha256' and 'hc check' read standard input when it is a pipe or a file.");
    help_paragraph(out, "Run 'hc --version' to see the version and the CPU features in use.");
    if (PLAT_CMD_SHELL)
        help_on_windows(out);
}

void help_algorithm(cli_output *out, const cli_algs *algs)
{
    help_usage(out, "hc %s <COMMAND>", algs->word);
    char files[160];
    snprintf(files, sizeof(files), "hc %s FILE...   (as 'hc %s file FILE...')", algs->word, algs->word);
    print_wrapped(out, "", 7, files, help_width());
    output_line(out, "%s", "");
    output_line(out, "Commands:");
    help_list list = help_list_start(out, 4 + 6);
    for (size_t i = 0; i < cli_mode_count; i++) {
        /* a list word offers only the modes that take lists (§10.2) */
        if (algs->count > 1 && !cli_modes[i]->lists)
            continue;
        char left[64];
        snprintf(left, sizeof(left), "    %s", cli_modes[i]->name);
        help_entry(&list, left, cli_modes[i]->description);
    }
    output_line(out, "%s", "");
    if (algs->count > 1)
        help_paragraph(out, "Each input is read once; every algorithm's line is printed in the list's order.");
    char footer[160];
    snprintf(footer, sizeof(footer), "Run 'hc %s <command> -h' to get help of any command.", algs->word);
    help_paragraph(out, footer);
}

/* "-s, --source=<file>" (long-only options indented to line up). */
static void option_left(const cli_option_spec *spec, char *left, size_t size)
{
    int n = spec->short_name ? snprintf(left, size, "    -%c, --%s", spec->short_name, spec->long_name)
                             : snprintf(left, size, "        --%s", spec->long_name);
    if (spec->value_name && n > 0)
        snprintf(left + n, size - (size_t)n, "=%s", spec->value_name);
}

/* The "Options:" list of a mode for algs (NULL or no rows: a command's). */
static void help_options(cli_output *out, const cli_algs *algs, const cli_mode *mode)
{
    output_line(out, "Options:");
    char left[128];
    size_t longest = 0;
    for (size_t i = 0; i < mode->option_count; i++) {
        option_left(&mode->options[i], left, sizeof(left));
        longest = strlen(left) > longest ? strlen(left) : longest;
    }
    help_list list = help_list_start(out, longest);
    for (size_t i = 0; i < mode->option_count; i++) {
        const cli_option_spec *spec = &mode->options[i];
        if (!option_offered_all(spec, algs))
            continue;
        option_left(spec, left, sizeof(left));
        help_entry(&list, left, spec->help);
    }
    help_entry(&list, "    -h, --help", "Print this help and exit");
}

void help_mode(cli_output *out, const cli_algs *algs, const cli_mode *mode)
{
    help_paragraph(out, mode->description);
    output_line(out, "%s", "");
    if (algs->word)
        help_usage(out, "hc %s %s [OPTIONS]", algs->word, mode->name);
    else
        help_usage(out, "hc %s [OPTIONS]", mode->name);
    output_line(out, "%s", "");
    help_examples(out, mode->examples, algs->word ? algs->word : "sha256");
    help_options(out, algs, mode);
}

void help_command(cli_output *out, const cli_command *command)
{
    help_paragraph(out, command->mode.description);
    output_line(out, "%s", "");
    help_usage(out, "hc %s %s", command->mode.name, command->usage);
    output_line(out, "%s", "");
    help_examples(out, command->mode.examples, NULL);
    help_options(out, NULL, &command->mode);
}
