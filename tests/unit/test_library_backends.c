/* Rows checked against another library's implementation of the same
 * algorithm: librhash's Whirlpool (the table's choice, faster here) against
 * OpenSSL's, and our TTH (a tree whose subtrees threads can hash apart)
 * against librhash's, on every length 0..1100 and on multi-MiB input fed
 * in uneven pieces. */
#include "testutil.h"

#include "algos/openssl_backend.h"
#include "algos/rhash_backend.h"

static const hc_algorithm openssl_whirlpool = {
    .id = HC_WHIRLPOOL,
    .name = "OpenSSL whirlpool",
    .digest_len = 64,
    .block_len = 64,
    .ctx_size = HC_OSSL_WHIRLPOOL_CTX_SIZE,
    .init = hc_ossl_whirlpool_init,
    .update = hc_ossl_whirlpool_update,
    .final = hc_ossl_whirlpool_final,
};

static const hc_algorithm rhash_tth = {
    .id = HC_TTH,
    .name = "librhash tth",
    .digest_len = 24,
    .block_len = 1024,
    .flags = HC_ALG_OPAQUE_CTX,
    .backend_id = HC_RHASH_TTH,
    .ctx_size = sizeof(hc_rhash_ctx),
    .acquire = hc_rhash_acquire,
    .release = hc_rhash_release,
    .init = hc_rhash_init,
    .update = hc_rhash_update,
    .final = hc_rhash_final,
};

static void check_pair(const hc_algorithm *row, const hc_algorithm *other)
{
    enum { MAX = 3 << 20 };
    uint8_t *data = malloc(MAX);
    fill_pattern(data, MAX, 0xB00F);
    char a[2 * HC_MAX_DIGEST_LEN + 1], b[2 * HC_MAX_DIGEST_LEN + 1];
    int mismatches = 0;
    for (size_t len = 0; len <= 1100; len++) {
        digest_hex(row, data, len, a);
        digest_hex(other, data, len, b);
        mismatches += strcmp(a, b) != 0;
    }
    CHECK_MSG(mismatches == 0, "%s differs from %s on %d lengths", row->name, other->name, mismatches);

    hc_hasher h;
    uint8_t digest[HC_MAX_DIGEST_LEN];
    CHECK(hc_hasher_open(&h, row, NULL) == HC_OK);
    for (size_t at = 0, piece = 1; at < MAX; at += piece, piece = piece * 3 % 100003 + 1)
        hc_hasher_update(&h, data + at, MAX - at < piece ? MAX - at : piece);
    hc_hasher_final(&h, digest);
    hc_hex_encode(digest, row->digest_len, a, false);
    hc_hasher_close(&h);
    digest_hex(other, data, MAX, b);
    CHECK_MSG(strcmp(a, b) == 0, "%s differs from %s on 3 MiB", row->name, other->name);
    free(data);
}

int main(void)
{
    check_pair(hc_algorithm_find("whirlpool"), &openssl_whirlpool);
    check_pair(hc_algorithm_find("tth"), &rhash_tth);
    return test_report("library backends");
}
