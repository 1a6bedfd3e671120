/* Many targets in one pass (hc_crack_job's targets): the digests sorted for
 * an exact lookup, and the filter of their first words that rejects nearly
 * every candidate with one bitmap probe (kernel.h's filter mode, and the
 * one-at-a-time path). Internal to libhc. */
#ifndef HC_CRACK_TARGETS_H
#define HC_CRACK_TARGETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "crack/kernel.h"
#include "hc/status.h"

/* A filter of 32-bit keys (kernel.h's hc_mb_filter and its memory). Its
 * bitmap is a blocked Bloom filter (three bits per key in one 32-bit word:
 * one load per probe; two loads cost MD5 10% more, two bits per key 3%
 * more with 10,000 keys), 64 bits per key, between 2^16 and 2^19 bits (8
 * to 64 KiB) up to 16 Ki keys, up to 2^23 bits (1 MiB) beyond: a key not
 * among 10,000 passes it with a chance of about 1/800. The table behind it
 * is at most a quarter full (16 bytes per key or less), and a probe of it
 * waits on the L2 or L3 cache: on the Xeon of issue 38 (L1 48 KiB), 10,001
 * MD5 targets ran at 0.80x the speed of one with 2^18 bits (1/240 passed;
 * 2^17 bits: 0.78x) and at 0.85x with 2^19 (a bitmap probed from the L2
 * cache only: 2^23 bits once cost 40% of MD5's time). */
typedef struct hc_key_filter {
    uint32_t *bitmap, *table;
    hc_mb_filter filter;    /* over bitmap and table */
} hc_key_filter;

/* Room for count keys (count >= 1), none added yet. */
hc_status hc_key_filter_init(hc_key_filter *f, size_t count);
void hc_key_filter_add(hc_key_filter *f, uint32_t key);
void hc_key_filter_free(hc_key_filter *f);

typedef struct hc_target_set {
    size_t count;
    unsigned digest_len;
    bool big_endian;        /* the keys are the first words read big-endian (SHA) */
    uint8_t *digests;       /* count digests, sorted by memcmp */
    size_t *order;          /* the job's index of each sorted digest */
    hc_key_filter keys;     /* the first words */
} hc_target_set;

/* The set of count distinct digests of digest_len bytes (count >= 1;
 * digest_len >= 4), keyed by the first 4 bytes read in the given byte
 * order. HC_ERR_INVALID for duplicates. */
hc_status hc_target_set_init(hc_target_set *set, const uint8_t *digests, size_t count, unsigned digest_len,
                             bool big_endian);
void hc_target_set_free(hc_target_set *set);

/* The key of a digest, as the kernels compute it. */
uint32_t hc_target_key(const hc_target_set *set, const uint8_t *digest);

/* Whether digest is one of the targets: its job index in *index. */
bool hc_target_find(const hc_target_set *set, const uint8_t *digest, size_t *index);

/* The bitmap and the keys, then the digests: the one-at-a-time path's test. */
static inline bool hc_target_check(const hc_target_set *set, const uint8_t *digest, size_t *index)
{
    uint32_t key = hc_target_key(set, digest);
    const hc_mb_filter *f = &set->keys.filter;
    const uint32_t bits = hc_mb_filter_bits(key);
    if ((f->bitmap[key >> (f->shift + 5)] & bits) != bits)
        return false;
    return hc_target_find(set, digest, index);
}

#endif
