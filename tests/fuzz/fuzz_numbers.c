/* Decimal numbers of §2.5 (-z, -q, -n, -x, -T, --length): parse_signed64
 * against a plain reference (128-bit accumulation), with and without the
 * trimming of ASCII white space. */
#include "fuzz.h"

__extension__ typedef __int128 wide;

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static number_syntax reference(const char *text, bool trim, int64_t *value)
{
    size_t start = 0, end = strlen(text);
    while (trim && start < end && is_space(text[start]))
        start++;
    while (trim && end > start && is_space(text[end - 1]))
        end--;
    bool negative = start < end && text[start] == '-';
    if (start < end && (text[start] == '-' || text[start] == '+'))
        start++;
    if (start == end)
        return NUMBER_NOT_A_NUMBER;
    wide magnitude = 0;
    for (size_t i = start; i < end; i++) {
        if (text[i] < '0' || text[i] > '9')
            return NUMBER_NOT_A_NUMBER;
        if (magnitude <= ((wide)1 << 64))
            magnitude = magnitude * 10 + (text[i] - '0');
    }
    wide signed_value = negative ? -magnitude : magnitude;
    if (signed_value > INT64_MAX || signed_value < INT64_MIN)
        return NUMBER_OUT_OF_RANGE;
    *value = (int64_t)signed_value;
    return NUMBER_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* a word of argv ends at its first NUL */
    for (int trim = 0; trim < 2; trim++) {
        int64_t got = 0, want = 0;
        number_syntax a = parse_signed64(text, trim, &got), b = reference(text, trim, &want);
        FUZZ_CHECK(a == b);
        FUZZ_CHECK(a != NUMBER_OK || got == want);
    }
    /* and through the messages of the count options */
    cli_args args;
    memset(&args, 0, sizeof(args));
    args.present[OPT_MAX] = true;
    args.value[OPT_MAX] = text;
    cli_output out;
    fuzz_output(&out);
    int64_t value;
    if (parse_count_option(&out, &args, OPT_MAX, 32, &value))
        FUZZ_CHECK(value >= 0 && value <= INT32_MAX);
    output_free(&out);
    free(text);
    return 0;
}
