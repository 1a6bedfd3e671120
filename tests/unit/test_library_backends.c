/* Rows checked against another library's implementation of the same
 * algorithm: librhash's Whirlpool (the table's choice, faster here) against
 * OpenSSL's, our TTH (a tree whose subtrees threads can hash apart)
 * against librhash's, and our EDON-R and Snefru (the rows' code in the
 * Windows build, which has no librhash) against librhash's (the rows'
 * code here), on every length 0..1100 and on multi-MiB input fed in uneven
 * pieces. */
#include "testutil.h"

#include "algos/edonr.h"
#include "algos/openssl_backend.h"
#include "algos/rhash_backend.h"
#include "algos/snefru.h"

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

/* Our own code for a librhash row: the row's facts with our hooks. */
static hc_algorithm own_variant(const char *name, void (*init)(void *, const hc_algorithm *, const hc_params *),
                                void (*update)(void *, const void *, size_t),
                                void (*final)(void *, uint8_t *, size_t), uint32_t ctx_size)
{
    hc_algorithm own = *hc_algorithm_find(name);
    own.name = "our own code";
    own.flags &= ~(uint32_t)HC_ALG_OPAQUE_CTX;
    own.backend = HC_BACKEND_OWN;
    own.acquire = NULL;
    own.release = NULL;
    own.init = init;
    own.update = update;
    own.final = final;
    own.ctx_size = ctx_size;
    return own;
}

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
    static const char *const own_rows[] = {"edonr256", "edonr512", "snefru128", "snefru256"};
    for (size_t i = 0; i < sizeof(own_rows) / sizeof(own_rows[0]); i++) {
        const hc_algorithm *row = hc_algorithm_find(own_rows[i]);
        CHECK_MSG(row->backend == HC_BACKEND_RHASH, "%s: the Linux build's row is librhash's", row->name);
        bool edonr = own_rows[i][0] == 'e';
        hc_algorithm own = edonr ? own_variant(own_rows[i], hc_edonr_init, hc_edonr_update, hc_edonr_final,
                                               sizeof(hc_edonr_ctx))
                                 : own_variant(own_rows[i], hc_snefru_init, hc_snefru_update, hc_snefru_final,
                                               sizeof(hc_snefru_ctx));
        check_pair(&own, row);
    }
    return test_report("library backends");
}
