/* file mode: hash one file (contract §2.3, §3). */
#include "cli.h"

static const cli_option_spec file_options[] = {
    {OPT_SOURCE, 's', "source", "<file>", "full path to the file to calculate hash sum of ('-' reads standard input)", 0},
    {OPT_HASH, 'm', "hash", "<string>", "hash to validate the file against", 0},
    {OPT_LIMIT, 'z', "limit", "<number>", "hash at most this many bytes of the file", 0},
    {OPT_OFFSET, 'q', "offset", "<number>", "start hashing at this byte offset", 0},
    {OPT_CHECKSUM, 'c', "checksumfile", NULL, "output in checksum file format", 0},
    {OPT_SAVE, 'o', "save", "<file>", "also save the output to this file", 0},
    {OPT_TIME, 't', "time", NULL, "show the time the hashing took", 0},
    {OPT_SFV, 0, "sfv", NULL, "output in SFV format", HC_ALG_CRC},
    {OPT_LOWER, 'l', "lower", NULL, "output hash using lower case (default is upper case)", 0},
    {OPT_BASE64, 'b', "base64", NULL, "output hash as Base64", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "threads hashing one file where the algorithm allows (default: all CPUs)", 0},
    {OPT_LENGTH, 0, "length", "<bytes>", "output length in bytes (BLAKE3 extendable output)", HC_ALG_XOF_KEYED},
    {OPT_KEY, 0, "key", "<hex>", "keyed hash with this 32-byte key (64 hex digits)", HC_ALG_XOF_KEYED},
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from the file for this context string", HC_ALG_XOF_KEYED},
};

static int run_file(const hc_algorithm *alg, const cli_args *args, cli_output *out)
{
    (void)alg;
    (void)args;
    output_line(out, "file mode is not implemented yet");
    return EXIT_USAGE;
}

const cli_mode cli_mode_file = {
    .name = "file",
    .description = "calculate hash sum of a file",
    .options = file_options,
    .option_count = sizeof(file_options) / sizeof(file_options[0]),
    .run = run_file,
};
