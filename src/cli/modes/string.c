/* string mode: hash a text argument (contract §2.1, §3.1). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "format_writer.h"
#include "hc/encode.h"

static const cli_option_spec string_options[] = {
    {OPT_SOURCE, 's', "source", "<string>", "string to calculate hash sum of", 0},
    {OPT_BASE64, 'b', "base64", NULL, "output hash as Base64", 0},
    {OPT_LOWER, 'l', "lower", NULL, "output hash using lower case (default is upper case)", 0},
    {OPT_UPPER, 'u', "upper", NULL, "upper-case hex in the gnu, bsd and json formats", 0},
    {OPT_FORMAT, 0, "format", "<hc|gnu|bsd|sfv|json>", "output format: the digest, sha256sum's line, cksum --tag's, SFV, JSON Lines", 0},
    {OPT_LENGTH, 0, "length", "<bytes>", "output length in bytes (BLAKE3 extendable output)", HC_ALG_XOF_KEYED},
    {OPT_KEY, 0, "key", "<hex>", "keyed hash with this 32-byte key (64 hex digits)", HC_ALG_XOF_KEYED},
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from the text for this context string",
     HC_ALG_XOF_KEYED},
};

/* One row's line (contract §3.1; §10.3: the text stands where the other
 * formats put a file name). */
static void print_row(cli_output *out, const format_choice *choice, const hc_algorithm *alg, const char *text,
                      const uint8_t *digest, size_t len)
{
    text_buffer t;
    text_init(&t);
    format_row row = {
        .choice = choice, .alg = alg, .digest = digest, .digest_len = len, .name = text, .name_len = strlen(text),
    };
    format_writer_of(choice->kind)->row_line(&t, &row);
    text_output_line(&t, out);
    text_free(&t);
}

static int run_string(const cli_algs *algs, const cli_args *args, cli_output *out)
{
    if (!args->present[OPT_SOURCE]) {
        output_line(out, "--source option is required");
        return EXIT_USAGE;
    }
    hc_params params;
    format_choice choice;
    if (!parse_hash_params(out, args, &params) ||
        !parse_format_options(out, args, algs, FORMATS_LINES & ~(1u << FORMAT_CHECKSUM), &choice))
        return EXIT_USAGE;

    const char *source = args->value[OPT_SOURCE];
    uint8_t *wide = NULL;
    const uint8_t *wide_bytes = NULL;
    size_t wide_len = 0;
    /* ntlm's UTF-16LE text, converted once and before any line is printed */
    for (size_t i = 0; i < algs->count && wide_bytes == NULL; i++)
        if ((hc_algorithm_flags(algs->rows[i]) & HC_ALG_TEXT_UTF16LE) &&
            !cli_text_bytes(algs->rows[i], source, &wide, &wide_bytes, &wide_len))
            return EXIT_USAGE;

    int status = EXIT_OK;
    for (size_t i = 0; i < algs->count && status == EXIT_OK; i++) {
        const hc_algorithm *alg = algs->rows[i];
        const uint8_t *bytes = (const uint8_t *)source;
        size_t len = strlen(source);
        if (hc_algorithm_flags(alg) & HC_ALG_TEXT_UTF16LE) {
            bytes = wide_bytes;
            len = wide_len;
        }
        hc_hasher hasher;
        if (hc_hasher_open(&hasher, alg, &params) != HC_OK) {
            cli_out_of_memory();
            status = EXIT_USAGE;
            break;
        }
        uint8_t *digest = malloc(hasher.out_len);
        if (digest) {
            hc_hasher_oneshot(&hasher, bytes, len, digest);
            print_row(out, &choice, alg, source, digest, hasher.out_len);
        } else {
            cli_out_of_memory();
            status = EXIT_USAGE;
        }
        free(digest);
        hc_hasher_close(&hasher);
    }
    free(wide);
    return status;
}

const cli_mode cli_mode_string = {
    .name = "string", .description = "calculate hash sum of a string",
    CLI_MODE_OPTIONS(string_options), .run = run_string, .lists = true,
    .examples = (const char *const[]){
        "hc ALG string -s 'hello world'", "hc ALG string -s \"hello world\"",
            "the digest of the text, in upper-case hex",
        "hc ALG string -s abc -l", NULL,
            "lower-case hex, as sha256sum prints it",
        "hc md5,sha1,sha256 string -s abc", NULL,
            "three digests, one line each, in the list's order",
        NULL},
};
