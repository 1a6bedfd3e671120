/* The key 0 in the kernels' filter mode (targets.h, kernel.h): the filter's
 * table marks its empty slots with 0, so 0 is kept apart (has_zero), and a
 * lane whose key is 0 must pass when 0 is a target's key, at every SIMD
 * level. Through the CLI it cannot be seen: the only rows whose digest is
 * its own key are the CRCs, whose 00000000 the empty string already
 * finds, and a digest of another row with a first word of 0 would take
 * 2^32 hashes to find. So the CRC-32 kernel is run here directly: its
 * table of suffix values, XORed with the prefix's part, are the lanes'
 * CRCs and keys. */
#include "testutil.h"

#include "crack/kernel.h"
#include "crack/targets.h"
#include "hc/cpu.h"
#include "hc/crack.h"

enum { LANES = 1024, HITS_CAP = 4096 };

/* The lanes whose CRC the filter holds: every one, at once or resumed. */
static unsigned run_kernel(hc_mb_kernel_fn *kernel, const hc_mb_args *args, uint32_t *hits)
{
    unsigned count = 0;
    for (size_t u = 0; u < LANES;)
        u = kernel(args, u, LANES, hits, HITS_CAP, &count);
    return count;
}

static void test_key_zero_passes_the_filter(void)
{
    /* keys: 0, and three others; lanes: distinct non-zero values but
     * those (after the prefix's part, which the kernel XORs in) */
    static const uint32_t prefix_part = 0x5A5A1234u;
    static const uint32_t keys[] = {0, 0x12345678u, 0xDEADBEEFu, 7};
    static const size_t lane_of_key[] = {137, 201, 512, 1023};
    static uint32_t table[LANES];
    for (size_t i = 0; i < LANES; i++)
        table[i] = ((uint32_t)i * 0x9E3779B1u + 0x01000193u) ^ prefix_part;
    for (size_t k = 0; k < 4; k++)
        table[lane_of_key[k]] = keys[k] ^ prefix_part;
    for (size_t i = 0; i < LANES; i++) { /* no other lane has a key */
        bool keyed = false;
        for (size_t k = 0; k < 4; k++)
            keyed |= i == lane_of_key[k];
        for (size_t k = 0; k < 4 && !keyed; k++)
            CHECK((table[i] ^ prefix_part) != keys[k]);
    }
    hc_key_filter filter;
    CHECK(hc_key_filter_init(&filter, 4) == HC_OK);
    for (size_t k = 0; k < 4; k++)
        hc_key_filter_add(&filter, keys[k]);
    uint32_t words[16] = {prefix_part};
    hc_mb_args args = {.w = words, .tab_hi = table, .filter = &filter.filter};

    const hc_algorithm *alg = hc_algorithm_find("crc32");
    int levels = 0;
    for (int level = HC_SIMD_PORTABLE; level <= (int)hc_simd_detected(); level++) {
        hc_mb_layout layout;
        if (!hc_kernel_layout(alg, (hc_simd_level)level, HC_KERNEL_ANY_ENTRY, &layout) || (int)layout.level != level)
            continue;
        CHECK(layout.filters);
        static uint32_t hits[HITS_CAP];
        unsigned count = run_kernel(layout.kernel, &args, hits);
        CHECK_MSG(count == 4, "level %d: %u lanes passed, 4 expected", level, count);
        for (size_t k = 0; k < 4 && count == 4; k++)
            CHECK_MSG(hits[k] == lane_of_key[k], "level %d: lane %u passed, %zu expected (key %08x)", level,
                      hits[k], lane_of_key[k], keys[k]);
        levels++;
    }
    CHECK(levels > 0);
    hc_key_filter_free(&filter);
}

int main(void)
{
    test_key_zero_passes_the_filter();
    return test_report("test_crack_filter_zero");
}
