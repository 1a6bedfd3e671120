/* One source for SIMD levels: for every row, at every level this CPU runs
 * (forced with hc_simd_limit), the level the row reports (hc_algorithm_simd)
 * is the highest one of its .simd_levels not above the limit, and it is the
 * highest level whose code actually ran (hc_simd_ran, noted by every SIMD
 * entry point), with the same digest as the portable code. A row whose
 * dispatcher chose its level apart from its row, or a level in a row with
 * no code behind it, fails here. Library rows report no level of ours and
 * run none of our SIMD code. */
#include "testutil.h"

#include "algorithm_row.h"
#include "simd.h"

enum { MESSAGE_LEN = 256 * 1024 + 77 }; /* whole chunks for BLAKE3's widest kernel, and a tail */

static int highest_level(unsigned bits)
{
    int top = -1;
    for (int level = 0; level < HC_SIMD_LEVEL_COUNT; level++)
        if (bits & (1u << level))
            top = level;
    return top;
}

/* What the row should report at `limit`: its highest level up to it that
 * this CPU runs (the CRC rows need a carry-less multiply at the level). */
static hc_simd_level expected_level(const hc_algorithm *alg, hc_simd_level limit)
{
    int top = highest_level(hc_row_levels(alg) & ((2u << limit) - 1));
    return top < 0 ? HC_SIMD_PORTABLE : (hc_simd_level)top;
}

static void hash_message(const hc_algorithm *alg, const uint8_t *message, uint8_t *digest)
{
    hc_hasher h;
    CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
    hc_hasher_update(&h, message, 1000); /* a partial block first: the buffered path */
    hc_hasher_update(&h, message + 1000, MESSAGE_LEN - 1000);
    hc_hasher_final(&h, digest);
    hc_hasher_close(&h);
}

static unsigned check_row(const hc_algorithm *alg, const uint8_t *message)
{
    const char *name = hc_algorithm_name(alg);
    unsigned levels_run = 0;
    uint8_t portable[HC_MAX_DIGEST_LEN], digest[HC_MAX_DIGEST_LEN];
    if (alg->backend != HC_BACKEND_OWN) {
        CHECK_MSG(alg->simd_levels == 0 && hc_algorithm_simd(alg) == HC_SIMD_LEVEL_COUNT,
                  "%s: a library row claims SIMD levels of ours", name);
        hc_simd_ran = 0;
        hash_message(alg, message, digest);
        CHECK_MSG(hc_simd_ran == 0, "%s: a library row ran our SIMD code (%#x)", name, hc_simd_ran);
        return 0;
    }
    CHECK_MSG(alg->simd_levels == 0 || (alg->simd_levels & HC_SIMD_BIT(PORTABLE)),
              "%s: SIMD levels without the portable one", name);
    for (int limit = HC_SIMD_PORTABLE; limit <= (int)hc_simd_detected(); limit++) {
        hc_simd_limit((hc_simd_level)limit);
        hc_simd_level expected = expected_level(alg, (hc_simd_level)limit);
        CHECK_MSG(hc_algorithm_simd(alg) == expected, "%s at %s: reports %s, its row says %s", name,
                  hc_simd_name((hc_simd_level)limit), hc_simd_name(hc_algorithm_simd(alg)),
                  hc_simd_name(expected));
        hc_simd_ran = 0;
        hash_message(alg, message, limit == HC_SIMD_PORTABLE ? portable : digest);
        if (alg->simd_levels == 0) {
            /* portable C only, no dispatch: no SIMD entry point of ours runs */
            CHECK_MSG(hc_simd_ran == 0, "%s: no levels in its row, yet %#x ran", name, hc_simd_ran);
        } else {
            CHECK_MSG(highest_level(hc_simd_ran) == (int)expected, "%s at %s: reports %s, the code of %s ran",
                      name, hc_simd_name((hc_simd_level)limit), hc_simd_name(expected),
                      highest_level(hc_simd_ran) < 0 ? "no level" : hc_simd_name((hc_simd_level)highest_level(hc_simd_ran)));
            levels_run |= 1u << expected;
        }
        if (limit != HC_SIMD_PORTABLE)
            CHECK_MSG(memcmp(digest, portable, hc_algorithm_digest_len(alg)) == 0, "%s at %s: digest differs",
                      name, hc_simd_name((hc_simd_level)limit));
    }
    hc_simd_limit(HC_SIMD_AVX512);
    /* Every level the row offers that the CPU has was run. */
    unsigned offered = hc_row_levels(alg) & ((2u << hc_simd_detected()) - 1);
    CHECK_MSG(levels_run == offered, "%s: levels run %#x, offered here %#x", name, levels_run, offered);
    return levels_run;
}

int main(void)
{
    uint8_t *message = malloc(MESSAGE_LEN);
    CHECK(message != NULL);
    for (size_t i = 0; i < MESSAGE_LEN; i++)
        message[i] = (uint8_t)(i * 7 + (i >> 9));
    unsigned rows_with_levels = 0;
    for (size_t i = 0; i < hc_algorithm_count(); i++) {
        const hc_algorithm *alg = hc_algorithm_at(i);
        CHECK_MSG(hc_algorithm_id_of(alg) == (hc_algorithm_id)i, "row %zu has id %d", i, (int)hc_algorithm_id_of(alg));
        if (check_row(alg, message) != 0)
            rows_with_levels++;
    }
    CHECK(hc_algorithm_at(hc_algorithm_count()) == NULL);
    CHECK(rows_with_levels > 0); /* the walk proved something */
    printf("%u rows dispatch on their levels; CPU up to %s\n", rows_with_levels, hc_simd_name(hc_simd_detected()));
    free(message);
    return test_report("test_simd_levels");
}
