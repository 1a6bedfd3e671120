/* dir mode: hash the files of a directory (contract §2.4, §4). */
#include "cli.h"

static const cli_option_spec dir_options[] = {
    {OPT_SOURCE, 's', "source", "<string>", "source directory", 0},
    {OPT_HASH, 'm', "hash", "<string>", "hash to search a file that matches it", 0},
    {OPT_EXCLUDE, 'e', "exclude", "<string>", "exclude files that match the pattern ('*' and '?', ';' separates patterns)", 0},
    {OPT_INCLUDE, 'i', "include", "<string>", "include only files that match the pattern ('*' and '?', ';' separates patterns)", 0},
    {OPT_SEARCH, 'H', "search", "<string>", "hash to search a file that matches it", 0},
    {OPT_RECURSIVE, 'r', "recursively", NULL, "scan the directory recursively", 0},
    {OPT_LIMIT, 'z', "limit", "<number>", "hash at most this many bytes of each file", 0},
    {OPT_OFFSET, 'q', "offset", "<number>", "start hashing each file at this byte offset", 0},
    {OPT_CHECKSUM, 'c', "checksumfile", NULL, "output in checksum file format", 0},
    {OPT_SAVE, 'o', "save", "<file>", "also save the output to this file", 0},
    {OPT_TIME, 't', "time", NULL, "show the time each file's hashing took", 0},
    {OPT_SFV, 0, "sfv", NULL, "output in SFV format", HC_ALG_CRC},
    {OPT_LOWER, 'l', "lower", NULL, "output hash using lower case (default is upper case)", 0},
    {OPT_BASE64, 'b', "base64", NULL, "output hash as Base64", 0},
    {OPT_NOERRORONFIND, 0, "noerroronfind", NULL, "do not show directory walk errors", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "threads hashing files at once (default: all CPUs)", 0},
    {OPT_LENGTH, 0, "length", "<bytes>", "output length in bytes (BLAKE3 extendable output)", HC_ALG_XOF_KEYED},
    {OPT_KEY, 0, "key", "<hex>", "keyed hash with this 32-byte key (64 hex digits)", HC_ALG_XOF_KEYED},
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from each file for this context string", HC_ALG_XOF_KEYED},
};

static int run_dir(const hc_algorithm *alg, const cli_args *args, cli_output *out)
{
    (void)alg;
    (void)args;
    output_line(out, "dir mode is not implemented yet");
    return EXIT_USAGE;
}

const cli_mode cli_mode_dir = {
    .name = "dir",
    .description = "calculate hash sums of files in a directory",
    .options = dir_options,
    .option_count = sizeof(dir_options) / sizeof(dir_options[0]),
    .run = run_dir,
};
