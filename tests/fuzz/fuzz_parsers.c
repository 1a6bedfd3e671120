/* Fuzz target for every parser of untrusted text: hex and Base64 digests,
 * UTF-8 text, decimal numbers and the option parser of each mode.
 *
 * With clang and -DHC_FUZZ=ON this is a libFuzzer target
 * (build/fuzz_parsers corpus/ -max_total_time=60). Otherwise a small driver
 * feeds it pseudo-random and mutated inputs, so every test run exercises it
 * under the sanitizers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cli.h"
#include "hc/encode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_decoders(const uint8_t *data, size_t size)
{
    uint8_t out[4096];
    size_t n;
    const char *text = (const char *)data;
    if (size <= 2 * sizeof(out))
        (void)hc_hex_decode(text, size, out, size / 2);
    if (hc_base64_decode(text, size, out, sizeof(out), &n) == HC_OK) {
        /* What decodes must encode back to the same text. */
        char again[HC_BASE64_LEN(sizeof(out)) + 1];
        hc_base64_encode(out, n, again);
        if (strlen(again) != size || memcmp(again, text, size) != 0)
            abort();
    }
    if (size <= sizeof(out) / 2)
        (void)hc_utf8_to_utf16le(data, size, out, &n);
}

/* The input as a NUL-separated argv for the option parser of one mode. */
static void fuzz_options(const uint8_t *data, size_t size)
{
    if (size < 2)
        return;
    static const cli_mode *const modes[] = {&cli_mode_string, &cli_mode_hash, &cli_mode_file, &cli_mode_dir};
    const cli_mode *mode = modes[data[0] % 4];
    const hc_algorithm *alg = &hc_algorithms[data[1] % HC_ALGORITHM_COUNT];
    char *copy = malloc(size - 1);
    memcpy(copy, data + 2, size - 2);
    copy[size - 2] = '\0';
    char *argv[64];
    int argc = 0;
    for (char *p = copy; argc < 64 && p < copy + size - 1; p += strlen(p) + 1)
        argv[argc++] = p;

    static FILE *sink;
    if (sink == NULL && (sink = fopen("/dev/null", "w")) == NULL)
        abort();
    cli_output out;
    output_init(&out, sink);
    cli_args args;
    if (parse_mode_args(&out, alg, mode, argc, argv, &args) == PARSE_OK) {
        int64_t value;
        static const cli_option_id numeric[] = {OPT_LIMIT, OPT_OFFSET, OPT_MIN, OPT_MAX};
        for (size_t i = 0; i < sizeof(numeric) / sizeof(numeric[0]); i++)
            if (args.present[numeric[i]] && args.value[numeric[i]])
                (void)parse_count_option(&out, &args, numeric[i], numeric[i] == OPT_MIN ? 32 : 64, &value);
        hc_params params;
        (void)parse_hash_params(&out, &args, &params);
        unsigned threads;
        (void)parse_threads_option(&out, &args, &threads);
    }
    output_free(&out);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_decoders(data, size);
    fuzz_options(data, size);
    return 0;
}

#ifndef HC_LIBFUZZER
/* Without libFuzzer: seeds that reach the interesting paths, then random
 * mutations of them. */
int main(void)
{
    static const char *const seeds[] = {
        "Zm9vYmFy", "Zg==", "ICy5YqxZB1uWSwcVLSNLcA==", "202cb962ac59075b964b07152d234b70", "\xC3\xA9\xF0\x9F\x98\x80",
        "\x02\x05-s\0-abc\0-z\0 12 \0-q\0-3\0--lower", "\x00\x02-ls\0x\0--key=00\0--length\09",
        "\x01\x10-x\00099999999999\0-n\0-5\0-T\0zz\0--part\01/2", "\x03\x03-rc\0--sfv\0-i\0*.c;?\0-e=a",
    };
    uint64_t x = 0x9E3779B97F4A7C15ull;
    uint8_t buf[512];
    for (int round = 0; round < 200000; round++) {
        const char *seed = seeds[round % (sizeof(seeds) / sizeof(seeds[0]))];
        size_t len = strlen(seed);
        if (seed[0] >= 0 && seed[0] <= 3) /* option seeds hold NULs: take them whole */
            len = 48;
        memcpy(buf, seed, len);
        size_t size = len;
        int mutations = round % 8;
        for (int m = 0; m < mutations; m++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            size_t at = (size_t)(x % (size + 1));
            switch ((x >> 32) % 3) {
            case 0:
                if (at < size)
                    buf[at] = (uint8_t)(x >> 40);
                break;
            case 1:
                if (size < sizeof(buf)) {
                    memmove(buf + at + 1, buf + at, size - at);
                    buf[at] = (uint8_t)(x >> 48);
                    size++;
                }
                break;
            default:
                if (at < size) {
                    memmove(buf + at, buf + at + 1, size - at - 1);
                    size--;
                }
            }
        }
        LLVMFuzzerTestOneInput(buf, size);
    }
    fprintf(stderr, "fuzz_parsers: 200000 inputs\n");
    return 0;
}
#endif
