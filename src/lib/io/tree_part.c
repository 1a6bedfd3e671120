/* dir --part K/N's rule: see tree_part.h. */
#include "tree_part.h"

#include "platform.h"

#include "hc/algorithm.h"

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
    /* the same rule on every system: a Windows part's "a\\b" is "a/b" */
    uint8_t digest[HC_MAX_DIGEST_LEN];
    for (size_t done = 0; done < len;) {
        char piece[256];
        size_t n = len - done < sizeof(piece) ? len - done : sizeof(piece);
        for (size_t i = 0; i < n; i++)
            piece[i] = plat_is_separator(rel[done + i]) ? '/' : rel[done + i];
        hc_hasher_update(&hasher, piece, n);
        done += n;
    }
    hc_hasher_final(&hasher, digest);
    hc_hasher_close(&hasher);
    uint64_t key = 0;
    for (int i = 0; i < 8; i++)
        key = key << 8 | digest[i];
    return key % parts + 1 == part;
}
