/* string mode: hash a text argument (contract §2.1, §3.1). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hc/encode.h"

static const cli_option_spec string_options[] = {
    {OPT_SOURCE, 's', "source", "<string>", "string to calculate hash sum of", 0},
    {OPT_BASE64, 'b', "base64", NULL, "output hash as Base64", 0},
    {OPT_LOWER, 'l', "lower", NULL, "output hash using lower case (default is upper case)", 0},
    {OPT_LENGTH, 0, "length", "<bytes>", "output length in bytes (BLAKE3 extendable output)", HC_ALG_XOF_KEYED},
    {OPT_KEY, 0, "key", "<hex>", "keyed hash with this 32-byte key (64 hex digits)", HC_ALG_XOF_KEYED},
    {OPT_DERIVE_KEY, 0, "derive-key", "<context>", "derive a key from the text for this context string",
     HC_ALG_XOF_KEYED},
};

/* The bytes the row hashes for a text argument: UTF-16LE for ntlm. */
static bool text_bytes(const hc_algorithm *alg, const char *text, uint8_t **owned, const uint8_t **bytes,
                       size_t *len)
{
    *owned = NULL;
    *bytes = (const uint8_t *)text;
    *len = strlen(text);
    if (!(alg->flags & HC_ALG_TEXT_UTF16LE))
        return true;
    uint8_t *wide = malloc(2 * *len + 1);
    if (wide == NULL) {
        fprintf(stderr, "hc: out of memory\n");
        return false;
    }
    if (hc_utf8_to_utf16le((const uint8_t *)text, *len, wide, len) != HC_OK) {
        free(wide);
        fprintf(stderr, "hc: %s hashes text as UTF-16LE, and the source is not valid UTF-8\n", alg->name);
        return false;
    }
    *owned = wide;
    *bytes = wide;
    return true;
}

static int run_string(const hc_algorithm *alg, const cli_args *args, cli_output *out)
{
    if (!args->present[OPT_SOURCE]) {
        output_line(out, "--source option is required");
        return EXIT_USAGE;
    }
    hc_params params;
    if (!parse_hash_params(out, args, &params))
        return EXIT_USAGE;

    uint8_t *owned;
    const uint8_t *bytes;
    size_t len;
    if (!text_bytes(alg, args->value[OPT_SOURCE], &owned, &bytes, &len))
        return EXIT_USAGE;

    hc_hasher hasher;
    if (hc_hasher_open(&hasher, alg, &params) != HC_OK) {
        free(owned);
        fprintf(stderr, "hc: out of memory\n");
        return EXIT_USAGE;
    }
    uint8_t *digest = malloc(hasher.out_len);
    char *text = malloc(format_digest_size(hasher.out_len));
    int status = EXIT_OK;
    if (digest && text) {
        hc_hasher_oneshot(&hasher, bytes, len, digest);
        format_digest(digest, hasher.out_len, args->present[OPT_BASE64], args->present[OPT_LOWER], text);
        output_line(out, "%s", text);
    } else {
        fprintf(stderr, "hc: out of memory\n");
        status = EXIT_USAGE;
    }
    free(text);
    free(digest);
    free(owned);
    hc_hasher_close(&hasher);
    return status;
}

const cli_mode cli_mode_string = {
    .name = "string",
    .description = "calculate hash sum of a string",
    .options = string_options,
    .option_count = sizeof(string_options) / sizeof(string_options[0]),
    .run = run_string,
};
