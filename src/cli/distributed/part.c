/* --part K/N: see part.h. */
#include "part.h"

#include <string.h>

bool parse_whole_number(const char *p, const char *end, uint64_t *value)
{
    if (p == end)
        return false;
    uint64_t v = 0;
    for (; p < end; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned digit = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return false;
        v = v * 10 + digit;
    }
    *value = v;
    return true;
}

bool parse_part_option(const cli_args *args, uint64_t *part, uint64_t *parts)
{
    *part = *parts = 0;
    if (!args->present[OPT_PART])
        return true;
    const char *text = args->value[OPT_PART];
    const char *slash = strchr(text, '/');
    if (slash == NULL || !parse_whole_number(text, slash, part) ||
        !parse_whole_number(slash + 1, slash + strlen(slash), parts) || *part < 1 || *part > *parts) {
        fprintf(stderr, "hc: invalid --part value '%s': expected K/N with whole numbers 1 <= K <= N\n", text);
        *part = *parts = 0;
        return false;
    }
    return true;
}

/* One of --skip/--limit: a whole number, at least `least`; false after
 * the message. */
static bool parse_window_count(const cli_args *args, cli_option_id id, uint64_t least, uint64_t *value)
{
    *value = 0;
    if (!args->present[id])
        return true;
    const char *text = args->value[id];
    if (!parse_whole_number(text, text + strlen(text), value) || *value < least) {
        fprintf(stderr, "hc: invalid --%s value '%s': expected a whole number of candidates, %llu or more\n",
                option_long_name(id), text, (unsigned long long)least);
        *value = 0;
        return false;
    }
    return true;
}

bool parse_window_options(const cli_args *args, uint64_t *skip, uint64_t *limit)
{
    return parse_window_count(args, OPT_SKIP, 0, skip) && parse_window_count(args, OPT_LIMIT, 1, limit);
}
