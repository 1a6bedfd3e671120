/* Values of options shared by several modes (contract §2.5, §9). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hc/cpu.h"
#include "hc/encode.h"

static const char *const long_names[OPT_COUNT] = {
    [OPT_SOURCE] = "source",       [OPT_BASE64] = "base64",   [OPT_LOWER] = "lower",
    [OPT_DICT] = "dict",           [OPT_MIN] = "min",         [OPT_MAX] = "max",
    [OPT_PERFORMANCE] = "performance", [OPT_NOPROBE] = "noprobe", [OPT_THREADS] = "threads",
    [OPT_HASH] = "hash",           [OPT_EXCLUDE] = "exclude", [OPT_INCLUDE] = "include",
    [OPT_SEARCH] = "search",       [OPT_RECURSIVE] = "recursively", [OPT_LIMIT] = "limit",
    [OPT_OFFSET] = "offset",       [OPT_CHECKSUM] = "checksumfile", [OPT_SAVE] = "save",
    [OPT_TIME] = "time",           [OPT_SFV] = "sfv",         [OPT_NOERRORONFIND] = "noerroronfind",
    [OPT_LENGTH] = "length",       [OPT_KEY] = "key",         [OPT_DERIVE_KEY] = "derive-key",
    [OPT_PART] = "part",           [OPT_SIZE] = "size",       [OPT_FORMAT] = "format", [OPT_TAG] = "tag",
    [OPT_PROGRESS] = "progress", [OPT_NO_PROGRESS] = "no-progress",
    [OPT_UPPER] = "upper",         [OPT_IGNORE_MISSING] = "ignore-missing", [OPT_QUIET] = "quiet",
    [OPT_STATUS] = "status",       [OPT_STRICT] = "strict",   [OPT_WARN] = "warn",
    [OPT_HASHES] = "hashes",       [OPT_STOP_FILE] = "stop-file", [OPT_FORCE] = "force",
    [OPT_REPLACE_STOP_FILE] = "replace-stop-file",
    [OPT_MASK] = "mask", [OPT_CUSTOM1] = "custom-charset1", [OPT_CUSTOM2] = "custom-charset2",
    [OPT_CUSTOM3] = "custom-charset3", [OPT_CUSTOM4] = "custom-charset4", [OPT_INCREMENT] = "increment",
    [OPT_WORDLIST] = "wordlist", [OPT_RULES] = "rules", [OPT_STDOUT] = "stdout",
    [OPT_POTFILE_PATH] = "potfile-path", [OPT_POTFILE_DISABLE] = "potfile-disable", [OPT_SHOW] = "show",
    [OPT_LEFT] = "left", [OPT_USERNAME] = "username", [OPT_OUTFILE] = "outfile",
    [OPT_OUTFILE_FORMAT] = "outfile-format", [OPT_HEX_CHARSET] = "hex-charset",
    [OPT_SKIP] = "skip", [OPT_SESSION] = "session", [OPT_RESTORE] = "restore",
};

const char *option_long_name(cli_option_id id)
{
    return long_names[id];
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* The reference also accepts '_' between digits; we do not (contract [Q]). */
number_syntax parse_signed64(const char *text, bool trim, int64_t *value)
{
    const char *p = text;
    size_t len = strlen(text);
    if (trim) {
        while (len > 0 && is_space(*p)) {
            p++;
            len--;
        }
        while (len > 0 && is_space(p[len - 1]))
            len--;
    }
    bool negative = false;
    if (len > 0 && (*p == '+' || *p == '-')) {
        negative = *p == '-';
        p++;
        len--;
    }
    if (len == 0)
        return NUMBER_NOT_A_NUMBER;
    uint64_t magnitude = 0;
    bool overflow = false;
    for (size_t i = 0; i < len; i++) {
        if (p[i] < '0' || p[i] > '9')
            return NUMBER_NOT_A_NUMBER;
        unsigned digit = (unsigned)(p[i] - '0');
        if (magnitude > (UINT64_MAX - digit) / 10)
            overflow = true;
        else
            magnitude = magnitude * 10 + digit;
    }
    const uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    if (overflow || magnitude > limit)
        return NUMBER_OUT_OF_RANGE;
    *value = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
    return NUMBER_OK;
}

bool parse_count_option(cli_output *out, const cli_args *args, cli_option_id id, int bits, int64_t *value)
{
    const char *text = args->value[id];
    const char *name = long_names[id];
    switch (parse_signed64(text, true, value)) {
    case NUMBER_NOT_A_NUMBER:
        output_line(out, "Invalid parameter --%s %s. Must be number", name, text);
        return false;
    case NUMBER_OUT_OF_RANGE:
        output_line(out, "Invalid parameter --%s %s. Must be a 64-bit number", name, text);
        return false;
    case NUMBER_OK:
        break;
    }
    if (bits == 32 && (*value > INT32_MAX || *value < INT32_MIN)) {
        output_line(out, "Invalid parameter --%s %s. Must be a 32-bit number", name, text);
        return false;
    }
    if (*value < 0) {
        print_banner(out, true);
        output_line(out, "Invalid %s option must be positive but was %lld", name, (long long)*value);
        return false;
    }
    return true;
}

/* The most BLAKE3 output one call prints: the digest is held in memory and
 * printed as one line. */
enum { MAX_OUTPUT_LENGTH = 16 * 1024 * 1024 };

bool parse_hash_params(cli_output *out, const cli_args *args, hc_params *params)
{
    memset(params, 0, sizeof(*params));
    if (args->present[OPT_LENGTH]) {
        const char *text = args->value[OPT_LENGTH];
        int64_t length;
        number_syntax syntax = parse_signed64(text, true, &length);
        if (syntax == NUMBER_NOT_A_NUMBER) {
            output_line(out, "Invalid parameter --length %s. Must be number", text);
            return false;
        }
        if (syntax != NUMBER_OK || length < 1 || length > MAX_OUTPUT_LENGTH) {
            output_line(out, "Invalid parameter --length %s. Must be between 1 and %d", text, MAX_OUTPUT_LENGTH);
            return false;
        }
        params->out_len = (size_t)length;
    }
    if (args->present[OPT_KEY] && args->present[OPT_DERIVE_KEY]) {
        output_line(out, "Invalid parameters: --key and --derive-key cannot be used together");
        return false;
    }
    if (args->present[OPT_KEY]) {
        const char *text = args->value[OPT_KEY];
        if (hc_hex_decode(text, strlen(text), params->key, sizeof(params->key)) != HC_OK) {
            output_line(out, "Invalid parameter --key %s. Must be 64 hex digits (a 32-byte key)", text);
            return false;
        }
        params->key_mode = HC_KEY_KEYED;
    }
    if (args->present[OPT_DERIVE_KEY]) {
        params->key_mode = HC_KEY_DERIVE;
        params->context = args->value[OPT_DERIVE_KEY];
        params->context_len = strlen(params->context);
    }
    return true;
}

enum { MAX_THREADS = 4096 };

bool parse_threads_option(cli_output *out, const cli_args *args, unsigned *threads)
{
    *threads = hc_cpu_count();
    if (!args->present[OPT_THREADS])
        return true;
    const char *text = args->value[OPT_THREADS];
    int64_t n;
    if (parse_signed64(text, true, &n) != NUMBER_OK || n < 1 || n > MAX_THREADS) {
        output_line(out, "Invalid parameter --threads %s. Must be between 1 and %d", text, MAX_THREADS);
        return false;
    }
    /* More threads than CPUs only split one file into more pieces than can
     * run at once (BLAKE3 23 times slower at -T 4096 on 2 CPUs): capped, as
     * hash mode resets an out-of-range -T, with a word on stderr. */
    unsigned cpus = hc_cpu_count();
    if (n > (int64_t)cpus) {
        fprintf(stderr, "hc: --threads %s is more than the %u CPUs this process may use; using %u\n", text, cpus,
                cpus);
        n = cpus;
    }
    *threads = (unsigned)n;
    return true;
}
