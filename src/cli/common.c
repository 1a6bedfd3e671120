/* Small pieces every mode shares: the clock, the out-of-memory message, the
 * bytes a row hashes for a text, a digest typed by the user. One copy
 * each, so the modes cannot drift apart. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "hc/encode.h"
#include "platform.h"

double cli_monotonic_seconds(void)
{
    return plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
}

void cli_out_of_memory(void)
{
    fprintf(stderr, "hc: %s\n", hc_status_text(HC_ERR_NOMEM));
}

bool cli_text_bytes(const hc_algorithm *alg, const char *text, uint8_t **owned, const uint8_t **bytes, size_t *len)
{
    *owned = NULL;
    *bytes = (const uint8_t *)text;
    *len = strlen(text);
    if (!(hc_algorithm_flags(alg) & HC_ALG_TEXT_UTF16LE))
        return true;
    uint8_t *wide = malloc(2 * *len + 1);
    if (wide == NULL) {
        cli_out_of_memory();
        return false;
    }
    if (hc_utf8_to_utf16le((const uint8_t *)text, *len, wide, len) != HC_OK) {
        free(wide);
        fprintf(stderr, "hc: %s hashes text as UTF-16LE, and the text is not valid UTF-8\n", hc_algorithm_name(alg));
        return false;
    }
    *owned = wide;
    *bytes = wide;
    return true;
}

bool cli_parse_digest(const char *text, size_t len, size_t digest_len, bool base64, uint8_t *digest)
{
    if (!base64)
        return hc_hex_decode(text, len, digest, digest_len) == HC_OK;
    size_t decoded;
    return hc_base64_decode(text, len, digest, digest_len, &decoded) == HC_OK && decoded == digest_len;
}
