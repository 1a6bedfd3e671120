/* The values hash mode parses before it searches (contract §2.2 processing
 * order): -T, -n, -x, --part K/N, and -s as hex or Base64 (-b), through the
 * whole command line. -s defaults to the digest of the empty string, so a
 * run that gets through ends at §5.9's answer without searching; a fuzzed
 * -s that is a valid digest is replaced by that one, for the same reason.
 *
 * Input: an algorithm selector byte, a flags byte (bit 0: -b, bit 1: a
 * fuzzed -s), then the values of -T, -n, -x, --part and -s, NUL-separated
 * (missing ones are left out). */
#include "fuzz.h"
#include "hc/encode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const hc_algorithm *alg = hc_algorithm_at(data[0] % HC_ALGORITHM_COUNT);
    const bool base64 = data[1] & 1, own_source = data[1] & 2;
    char *values[5];
    int count;
    char *copy = fuzz_words(data + 2, size - 2, values, 5, &count);
    if (copy == NULL)
        return 0;

    /* the empty string's digest, in the encoding -b asks for */
    uint8_t empty[HC_MAX_DIGEST_LEN], decoded[HC_MAX_DIGEST_LEN];
    hc_hasher hasher;
    if (hc_hasher_open(&hasher, alg, NULL) != HC_OK) {
        free(copy);
        return 0;
    }
    hc_hasher_oneshot(&hasher, "", 0, empty);
    hc_hasher_close(&hasher);
    char source[2 * HC_MAX_DIGEST_LEN + 1];
    if (base64)
        hc_base64_encode(empty, hc_algorithm_digest_len(alg), source);
    else
        hc_hex_encode(empty, hc_algorithm_digest_len(alg), source, false);
    const char *s = source;
    if (own_source && count > 4) {
        size_t n, len = strlen(values[4]);
        bool valid = base64 ? hc_base64_decode(values[4], len, decoded, sizeof(decoded), &n) == HC_OK &&
                                  n == hc_algorithm_digest_len(alg)
                            : hc_hex_decode(values[4], len, decoded, hc_algorithm_digest_len(alg)) == HC_OK;
        if (!valid)
            s = values[4]; /* malformed: "invalid search hash" */
    }

    static const char *const names[] = {"-T", "-n", "-x", "--part"};
    char *argv[16] = {"hc", (char *)hc_algorithm_name(alg), "hash", "-s", (char *)s};
    int argc = 5;
    for (int i = 0; i < 4 && i < count; i++) {
        argv[argc++] = (char *)names[i];
        argv[argc++] = values[i];
    }
    if (base64)
        argv[argc++] = "-b";
    cli_output out;
    fuzz_output(&out);
    int status = cli_run(argc, argv, &out);
    FUZZ_CHECK(status == EXIT_OK || status == EXIT_MISMATCH || status == EXIT_USAGE);
    output_free(&out);
    free(copy);
    return 0;
}
