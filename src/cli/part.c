/* --part K/N: see part.h. */
#include "part.h"

#include <string.h>

static bool parse_u64(const char *p, const char *end, uint64_t *value)
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
    if (slash == NULL || !parse_u64(text, slash, part) || !parse_u64(slash + 1, slash + strlen(slash), parts) ||
        *part < 1 || *part > *parts) {
        fprintf(stderr, "hc: invalid --part value '%s': expected K/N with whole numbers 1 <= K <= N\n", text);
        *part = *parts = 0;
        return false;
    }
    return true;
}

/* SHA-256 rather than a quick hash: its low bits are as good as its high
 * ones for any N, and anyone can reproduce a split with sha256sum
 * (docs/file-dir.md); its cost, a microsecond per file, is nothing beside
 * opening the file. */
int tree_part_holds(const char *rel, size_t len, uint64_t part, uint64_t parts)
{
    if (parts <= 1)
        return 1;
    const hc_algorithm *sha256 = hc_algorithm_find("sha256");
    hc_hasher hasher;
    if (sha256 == NULL || hc_hasher_open(&hasher, sha256, NULL) != HC_OK)
        return -1;
    uint8_t digest[HC_MAX_DIGEST_LEN];
    hc_hasher_oneshot(&hasher, rel, len, digest);
    hc_hasher_close(&hasher);
    uint64_t key = 0;
    for (int i = 0; i < 8; i++)
        key = key << 8 | digest[i];
    return key % parts + 1 == part;
}
