/* Our own MD2, RIPEMD-128/256/320, 3-pass HAVAL and the Tiger row against
 * libmhash, an independent implementation (test-only dependency), on
 * non-uniform messages of every length from 0 to 600 bytes and a few
 * multi-KiB ones. */
#include <mhash.h>

#include "testutil.h"

typedef struct pairing {
    const char *ours;
    hashid theirs;
    /* libmhash prints Tiger's three 64-bit words most significant byte
     * first; the Tiger authors' (and RHash's, and the contract's) order is
     * little-endian per word. */
    bool words_big_endian;
} pairing;

static const pairing pairings[] = {
    {"md2", MHASH_MD2, false},
    {"ripemd128", MHASH_RIPEMD128, false},
    {"ripemd160", MHASH_RIPEMD160, false},
    {"ripemd256", MHASH_RIPEMD256, false},
    {"ripemd320", MHASH_RIPEMD320, false},
    {"haval-128-3", MHASH_HAVAL128, false},
    {"haval-160-3", MHASH_HAVAL160, false},
    {"haval-192-3", MHASH_HAVAL192, false},
    {"haval-224-3", MHASH_HAVAL224, false},
    {"haval-256-3", MHASH_HAVAL256, false},
    {"tiger", MHASH_TIGER192, true},
};

static void check_pairing(const pairing *p, const uint8_t *data, size_t len)
{
    const hc_algorithm *alg = hc_algorithm_find(p->ours);
    CHECK(alg != NULL && mhash_get_block_size(p->theirs) == alg->digest_len);
    char ours[2 * HC_MAX_DIGEST_LEN + 1], theirs[2 * HC_MAX_DIGEST_LEN + 1];
    digest_hex(alg, data, len, ours);
    MHASH td = mhash_init(p->theirs);
    CHECK(td != MHASH_FAILED);
    mhash(td, data, (mutils_word32)len);
    unsigned char *digest = mhash_end(td);
    if (p->words_big_endian) {
        for (size_t w = 0; w + 8 <= alg->digest_len; w += 8) {
            for (size_t k = 0; k < 4; k++) {
                unsigned char t = digest[w + k];
                digest[w + k] = digest[w + 7 - k];
                digest[w + 7 - k] = t;
            }
        }
    }
    hc_hex_encode(digest, alg->digest_len, theirs, false);
    mutils_free(digest);
    CHECK_MSG(strcmp(ours, theirs) == 0, "%s on %zu bytes: %s, libmhash %s", p->ours, len, ours, theirs);
}

int main(void)
{
    enum { MAX = 9000 };
    uint8_t *data = malloc(MAX);
    fill_pattern(data, MAX, 42);
    for (size_t i = 0; i < sizeof(pairings) / sizeof(pairings[0]); i++) {
        int before = test_failures;
        for (size_t len = 0; len <= 600 && test_failures - before < 3; len++)
            check_pairing(&pairings[i], data, len);
        check_pairing(&pairings[i], data, 4095);
        check_pairing(&pairings[i], data, MAX);
    }
    free(data);
    return test_report("libmhash cross-check");
}
