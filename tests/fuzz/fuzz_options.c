/* The option parser of every mode and algorithm (contract §1.4 with the §9
 * deviations), then the values it hands on: the numbers of §2.5, -T, and
 * BLAKE3's --length, --key (64 hex digits) and --derive-key.
 *
 * Input: a mode selector byte, an algorithm selector byte (high bit: a
 * list of two), then the words after the mode, NUL-separated. */
#include "args.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const cli_mode *mode = cli_modes[data[0] % cli_mode_count];
    /* one row, or (high bit) a list of two, whose options are those both
     * rows offer (§10.2) */
    cli_algs algs;
    cli_algs_single(&algs, hc_algorithm_at(data[1] % HC_ALGORITHM_COUNT));
    if (data[1] & 0x80 && data[1] % HC_ALGORITHM_COUNT != (data[1] + 7) % HC_ALGORITHM_COUNT) {
        const hc_algorithm *second = hc_algorithm_at((data[1] + 7) % HC_ALGORITHM_COUNT);
        algs.rows[algs.count++] = second;
        algs.common_flags &= hc_algorithm_flags(second);
    }
    char *argv[64];
    int argc;
    char *copy = fuzz_words(data + 2, size - 2, argv, 64, &argc);
    if (copy == NULL)
        return 0;

    cli_output out;
    fuzz_output(&out);
    cli_args args;
    if (parse_mode_args(&out, &algs, mode, argc, argv, &args) == PARSE_OK) {
        /* file and check modes: every input is one of the words */
        for (size_t i = 0; i < args.input_count; i++)
            FUZZ_CHECK(args.inputs[i] >= copy && args.inputs[i] <= copy + (size - 2));
        for (int id = 0; id < OPT_COUNT; id++) {
            /* every value is one of the words (or inside one) */
            if (args.present[id] && args.value[id] != NULL)
                FUZZ_CHECK(args.value[id] >= copy && args.value[id] <= copy + (size - 2));
        }
        int64_t value;
        static const cli_option_id numeric[] = {OPT_LIMIT, OPT_OFFSET, OPT_MIN, OPT_MAX};
        for (size_t i = 0; i < sizeof(numeric) / sizeof(numeric[0]); i++)
            if (args.present[numeric[i]] && args.value[numeric[i]])
                (void)parse_count_option(&out, &args, numeric[i], numeric[i] >= OPT_MIN ? 32 : 64, &value);
        hc_params params;
        if (parse_hash_params(&out, &args, &params) && params.key_mode == HC_KEY_DERIVE)
            FUZZ_CHECK(params.context_len == strlen(params.context));
        unsigned threads;
        if (parse_threads_option(&out, &args, &threads))
            FUZZ_CHECK(threads >= 1 && threads <= 4096);
    }
    cli_args_free(&args);
    output_free(&out);
    free(copy);
    return 0;
}
