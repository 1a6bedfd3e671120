/* The top of the command line: hc <algorithm> <mode> [options] (contract §1). */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cli.h"
#include "habits.h"
#include "names.h"
#include "crack_paths.h"
#include "hc/cpu.h"
#include "progress.h"

const cli_mode *const cli_modes[] = {&cli_mode_string, &cli_mode_hash, &cli_mode_file, &cli_mode_dir,
                                     &cli_mode_check};
const size_t cli_mode_count = sizeof(cli_modes) / sizeof(cli_modes[0]);

const cli_command *const cli_commands[] = {&cli_command_bench, &cli_command_check, &cli_command_merge};
const size_t cli_command_count = sizeof(cli_commands) / sizeof(cli_commands[0]);

static const cli_mode *find_mode(const char *name)
{
    for (size_t i = 0; i < cli_mode_count; i++)
        if (strcmp(cli_modes[i]->name, name) == 0)
            return cli_modes[i];
    return NULL;
}

static const char *suggest_mode(const char *name, char *tip, size_t size)
{
    for (size_t i = 0; i < cli_mode_count; i++) {
        if (cli_name_distance(name, cli_modes[i]->name) <= 2) {
            snprintf(tip, size, "a similar command exists: '%s'", cli_modes[i]->name);
            return tip;
        }
    }
    return NULL;
}

/* No algorithm is named like a command (a test checks), so a command word
 * never hides an algorithm. */
static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(cli_commands[i]->mode.name, name) == 0)
            return cli_commands[i];
    return NULL;
}

static bool is_help_option(const char *word)
{
    return strcmp(word, "-h") == 0 || strcmp(word, "--help") == 0 || strcmp(word, "--h") == 0 ||
           strcmp(word, "h") == 0 || strcmp(word, "help") == 0;
}

/* The name of an option word for "unrecognized option": "--name" gives
 * "name" (up to '='), "-abc" gives "a". */
static void unknown_option(cli_output *out, const char *word)
{
    if (word[1] == '-') {
        const char *name = word + 2;
        print_parse_error(out, "unrecognized option '%.*s'", (int)strcspn(name, "="), name);
    } else {
        print_parse_error(out, "unrecognized option '%c'", word[1]);
    }
}

/* The brute-force path of the most-searched rows, measured now (a few
 * milliseconds each; all of them would take a second: hc bench). */
static void print_crack_paths(cli_output *out)
{
    static const char *const rows[] = {"md5", "ntlm", "sha1", "sha256", "sha512"};
    output_line(out, "Brute force, each row's fastest path measured now (one thread; hc bench: every row):");
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const hc_algorithm *alg = hc_algorithm_find(rows[i]);
        hc_crack_calibration c;
        char line[256];
        if (alg == NULL || hc_crack_calibration(alg, &c) != HC_OK)
            continue;
        crack_paths_line(alg, &c, line, sizeof(line));
        output_line(out, "  %s", line);
    }
}

static void print_version(cli_output *out)
{
    hc_simd_level detected = hc_simd_detected(), active = hc_simd_active();
    output_line(out, "hc %s", HC_VERSION);
    output_line(out, "SIMD: %s (CPU supports %s)", hc_simd_name(active), hc_simd_name(detected));
    output_line(out, "SHA extensions: %s", hc_cpu_has_sha_ni() ? "yes" : "no");
    output_line(out, "CPUs available: %u", hc_cpu_count());
    print_crack_paths(out);
}

/* Skips empty words: the reference ignores them when deciding whether a
 * command got any arguments (then it shows help). An empty word followed by
 * others is still a word, and an unknown command. */
static int next_word(int argc, char **argv, int i)
{
    while (i < argc && argv[i][0] == '\0')
        i++;
    return i;
}

int cli_run(int argc, char **argv, cli_output *out)
{
    int i = 1;
    if (next_word(argc, argv, i) >= argc) {
        help_top(out);
        return EXIT_OK;
    }
    const char *first = argv[i];
    if (is_help_option(first)) {
        help_top(out);
        return EXIT_OK;
    }
    if (strcmp(first, "--version") == 0) {
        print_version(out);
        return EXIT_OK;
    }
    if (first[0] == '-' && first[1] != '\0') {
        unknown_option(out, first);
        return EXIT_USAGE;
    }
    const cli_command *command = find_command(first);
    if (command != NULL && command->run != NULL)
        return command->run(argc - (i + 1), argv + i + 1, out);
    if (command != NULL)
        return cli_run_mode_alone(out, &command->mode, argc - (i + 1), argv + i + 1);
    cli_algs algs;
    if (!cli_algs_parse(out, first, &algs))
        return EXIT_USAGE;

    i++;
    if (next_word(argc, argv, i) >= argc) {
        /* `cat a | hc sha256`, `hc sha256 <a`: standard input, as sha256sum
         * reads it; a terminal or /dev/null: the help (§1.5) */
        if (cli_stdin_has_input())
            return cli_run_mode(out, &algs, &cli_mode_file, 0, argv + i);
        help_algorithm(out, &algs);
        return EXIT_OK;
    }
    const char *second = argv[i];
    if (is_help_option(second)) {
        help_algorithm(out, &algs);
        return EXIT_OK;
    }
    int status;
    if (second[0] == '-' && second[1] != '\0') {
        /* The algorithm level has no options (contract §1.1), but for
         * sha256sum's -c/--check and --tag */
        if (cli_run_plain_names(out, &algs, argc - i, argv + i, &status))
            return status;
        unknown_option(out, second);
        fprintf(stderr, "hc: %s: options come after the mode: 'hc %s <mode> %s ...'\n", second, algs.word, second);
        return EXIT_USAGE;
    }
    const cli_mode *mode = find_mode(second);
    /* hc sha256 a.txt b.txt: plain file names, as sha256sum takes them (§10.8) */
    if (mode == NULL && cli_run_plain_names(out, &algs, argc - i, argv + i, &status))
        return status;
    if (mode == NULL) {
        char tip[128];
        print_unknown_command(out, second, suggest_mode(second, tip, sizeof(tip)));
        return EXIT_USAGE;
    }

    if (algs.count > 1 && !mode->lists) {
        print_usage_error("%s mode takes one algorithm, not the list '%s'", mode->name, algs.word);
        return EXIT_USAGE;
    }
    return cli_run_mode(out, &algs, mode, argc - (i + 1), argv + i + 1);
}

/* file and check with no -s and no operand read standard input when it
 * brings data, as sha256sum and sha256sum -c do (§10.8). */
static bool use_stdin(const cli_mode *mode, cli_args *args)
{
    if (!mode->inputs || args->input_count > 0 || args->present[OPT_SOURCE] || !cli_stdin_has_input())
        return true;
    if (args->inputs == NULL && (args->inputs = malloc(sizeof(*args->inputs))) == NULL) {
        cli_out_of_memory();
        return false;
    }
    args->inputs[args->input_count++] = "-";
    return true;
}

int cli_run_mode(cli_output *out, const cli_algs *algs, const cli_mode *mode, int argc, char **argv)
{
    if (next_word(argc, argv, 0) >= argc && !(mode->inputs && cli_stdin_has_input())) {
        help_mode(out, algs, mode);
        return EXIT_OK;
    }
    cli_args args;
    int status = EXIT_USAGE;
    switch (parse_mode_args(out, algs, mode, argc, argv, &args)) {
    case PARSE_HELP:
        help_mode(out, algs, mode);
        status = EXIT_OK;
        break;
    case PARSE_ERROR:
        break;
    case PARSE_OK:
        if (!use_stdin(mode, &args))
            break;
        /* Once the command line parses, JSON format means nothing but JSON
         * on stdout (§10.3): every other line, errors too, goes to stderr. */
        if (args.present[OPT_FORMAT] && strcmp(args.value[OPT_FORMAT], "json") == 0)
            out->divert_text = true;
        progress_set_policy(args.present[OPT_NO_PROGRESS] ? PROGRESS_OFF
                            : args.present[OPT_PROGRESS]  ? PROGRESS_FORCE
                                                          : PROGRESS_AUTO);
        status = mode->run(algs, &args, out);
        break;
    }
    cli_args_free(&args);
    return status;
}

int cli_run_mode_alone(cli_output *out, const cli_mode *mode, int argc, char **argv)
{
    cli_algs none;
    memset(&none, 0, sizeof(none));
    return cli_run_mode(out, &none, mode, argc, argv);
}

/* HC_SIMD=portable|sse41|avx2|avx512 caps the SIMD level of every
 * dispatcher (tests use it to cover each backend); the library reads it
 * itself, the command says when it is not a level. */
void cli_check_simd_variable(void)
{
    const char *text = getenv("HC_SIMD");
    if (text == NULL || *text == '\0')
        return;
    hc_simd_level level;
    if (hc_simd_parse(text, &level) != HC_OK)
        fprintf(stderr, "hc: HC_SIMD=%s is not one of portable, sse41, avx2, avx512; ignored\n", text);
}

