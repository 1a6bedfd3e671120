/* hash mode: restore a string from its digest by brute force (contract §2.2, §5). */
#include "cli.h"

static const cli_option_spec hash_options[] = {
    {OPT_SOURCE, 's', "source", "<string>", "input hash to restore (or the text to crack with -p)", 0},
    {OPT_BASE64, 'b', "base64", NULL, "interpret the hash as Base64", 0},
    {OPT_DICT, 'a', "dict", "<string>", "initial string's dictionary (default: all digits, upper and lower case latin)", 0},
    {OPT_MIN, 'n', "min", "<int>", "the minimal length of the string to restore (default 1)", 0},
    {OPT_MAX, 'x', "max", "<int>", "the maximal length of the string to restore (default 10)", 0},
    {OPT_PERFORMANCE, 'p', "performance", NULL, "performance test: crack the hash of 12345 (or of -s)", 0},
    {OPT_NOPROBE, 0, "noprobe", NULL, "skip the time estimate", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "the number of threads to crack with (default: all CPUs)", 0},
    {OPT_PART, 0, "part", "<K/N>", "search only the K-th of N equal parts of the keyspace (1 <= K <= N)", 0},
};

static int run_hash(const hc_algorithm *alg, const cli_args *args, cli_output *out)
{
    (void)alg;
    (void)args;
    output_line(out, "hash mode is not implemented yet");
    return EXIT_USAGE;
}

const cli_mode cli_mode_hash = {
    .name = "hash",
    .description = "restore the original string from a hash",
    .options = hash_options,
    .option_count = sizeof(hash_options) / sizeof(hash_options[0]),
    .run = run_hash,
};
