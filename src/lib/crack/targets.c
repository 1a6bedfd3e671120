/* Many targets in one pass: the sorted digests and the filter (targets.h). */
#include "crack/targets.h"

#include <stdlib.h>
#include <string.h>

/* The bitmap's size: 2^16 bits at least (8 KiB), 64 bits per key up to
 * 2^19 (64 KiB, the L1 cache and a little of the L2) while there are at
 * most L1_KEYS keys, else up to 2^23 (1 MiB, the L2 cache). */
enum { BITMAP_MIN_LOG = 16, BITMAP_L1_LOG = 19, BITMAP_MAX_LOG = 23, BITS_PER_KEY_LOG = 6, L1_KEYS = 1 << 14 };

static uint32_t first_word(const uint8_t *p, bool big_endian)
{
    if (big_endian)
        return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

uint32_t hc_target_key(const hc_target_set *set, const uint8_t *digest)
{
    return first_word(digest, set->big_endian);
}

/* The job's indices sorted by digest: by the first 8 bytes as a number
 * (qsort, no context needed), then the rare runs of equal first bytes by
 * the whole digest. */
typedef struct sort_entry {
    uint64_t head;
    size_t index;
} sort_entry;

static int compare_heads(const void *a, const void *b)
{
    uint64_t x = ((const sort_entry *)a)->head, y = ((const sort_entry *)b)->head;
    return (x > y) - (x < y);
}

static bool sort_indices(size_t *idx, size_t n, const uint8_t *digests, unsigned len)
{
    sort_entry *e = malloc(n * sizeof(sort_entry));
    if (e == NULL)
        return false;
    for (size_t i = 0; i < n; i++) {
        uint64_t head = 0;
        for (unsigned b = 0; b < 8; b++)
            head = head << 8 | (b < len ? digests[i * len + b] : 0);
        e[i] = (sort_entry){head, i};
    }
    qsort(e, n, sizeof(sort_entry), compare_heads);
    for (size_t i = 0; i < n; i++)
        idx[i] = e[i].index;
    free(e);
    /* insertion sort of each run of equal heads by the whole digest */
    for (size_t i = 1; i < n; i++) {
        size_t j = i, v = idx[i];
        while (j > 0 && memcmp(digests + idx[j - 1] * len, digests + v * len, len) > 0) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
    return true;
}

void hc_key_filter_free(hc_key_filter *f)
{
    free(f->bitmap);
    free(f->table);
    memset(f, 0, sizeof(*f));
}

hc_status hc_key_filter_init(hc_key_filter *f, size_t count)
{
    memset(f, 0, sizeof(*f));
    /* Up to L1_KEYS the bitmap stays in the L1 cache; beyond, it grows
     * into the L2 cache rather than pass more candidates */
    const unsigned max_log = count <= L1_KEYS ? BITMAP_L1_LOG : BITMAP_MAX_LOG;
    unsigned log = BITMAP_MIN_LOG;
    while (log < max_log && ((size_t)1 << (log - BITS_PER_KEY_LOG)) < count)
        log++;
    unsigned table_log = 4;
    while (((size_t)1 << table_log) < 4 * count)
        table_log++;
    f->bitmap = calloc((size_t)1 << (log - 5), sizeof(uint32_t));
    f->table = calloc((size_t)1 << table_log, sizeof(uint32_t));
    if (!f->bitmap || !f->table) {
        hc_key_filter_free(f);
        return HC_ERR_NOMEM;
    }
    f->filter = (hc_mb_filter){
        .bitmap = f->bitmap,
        .shift = 32 - log,
        .table = f->table,
        .table_shift = 32 - table_log,
        .table_mask = (uint32_t)((1ull << table_log) - 1),
    };
    return HC_OK;
}

void hc_key_filter_add(hc_key_filter *f, uint32_t key)
{
    f->bitmap[key >> (f->filter.shift + 5)] |= hc_mb_filter_bits(key);
    if (key == 0) {
        f->filter.has_zero = true;
        return;
    }
    uint32_t at = (key * HC_MB_FILTER_MIX) >> f->filter.table_shift;
    while (f->table[at] != 0 && f->table[at] != key)
        at = (at + 1) & f->filter.table_mask;
    f->table[at] = key;
}

void hc_target_set_free(hc_target_set *set)
{
    free(set->digests);
    free(set->order);
    hc_key_filter_free(&set->keys);
    memset(set, 0, sizeof(*set));
}

hc_status hc_target_set_init(hc_target_set *set, const uint8_t *digests, size_t count, unsigned digest_len,
                             bool big_endian)
{
    memset(set, 0, sizeof(*set));
    if (count == 0 || digest_len < 4 || count > (SIZE_MAX / 4) / digest_len || count > (1u << 29))
        return HC_ERR_INVALID;
    set->count = count;
    set->digest_len = digest_len;
    set->big_endian = big_endian;
    set->digests = malloc(count * digest_len);
    set->order = malloc(count * sizeof(size_t));
    if (!set->digests || !set->order || hc_key_filter_init(&set->keys, count) != HC_OK ||
        !sort_indices(set->order, count, digests, digest_len)) {
        hc_target_set_free(set);
        return HC_ERR_NOMEM;
    }
    for (size_t i = 0; i < count; i++) {
        uint8_t *d = set->digests + i * digest_len;
        memcpy(d, digests + set->order[i] * digest_len, digest_len);
        if (i > 0 && memcmp(d, d - digest_len, digest_len) == 0) {
            hc_target_set_free(set);
            return HC_ERR_INVALID; /* the targets must be distinct */
        }
        hc_key_filter_add(&set->keys, first_word(d, big_endian));
    }
    return HC_OK;
}

bool hc_target_find(const hc_target_set *set, const uint8_t *digest, size_t *index)
{
    const unsigned len = set->digest_len;
    size_t lo = 0, hi = set->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = memcmp(set->digests + mid * len, digest, len);
        if (c == 0) {
            *index = set->order[mid];
            return true;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}
