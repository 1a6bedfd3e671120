/* In-memory speed of our classic hashes (MD2, RIPEMD, HAVAL, Tiger) on one
 * 64 MiB buffer, best of five runs, with the library implementation side
 * by side where one exists (Tiger: librhash, RIPEMD-160: OpenSSL), the
 * measurement behind the table's choice of ours for those two rows.  The
 * machines are shared and noisy: compare the ratios, not the absolutes.
 *
 * Usage: bench_classic [MiB]   (default 64; MD2 gets an eighth of it) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algos/haval.h"
#include "algos/md2.h"
#include "algos/openssl_backend.h"
#include "algos/rhash_backend.h"
#include "algos/ripemd.h"
#include "algos/tiger.h"
#include "algorithm_row.h"
#include "row_speed.h"

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 64;
    if (mib == 0 || mib > 4096) {
        fprintf(stderr, "usage: bench_classic [MiB, 1..4096]\n");
        return 2;
    }
    size_t len = mib << 20;
    uint8_t *data = malloc(len);
    if (!data) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    for (size_t i = 0; i < len; i++)
        data[i] = (uint8_t)((i * 2654435761u) >> 13);

    /* The libraries' Tiger and RIPEMD-160, which the table rows replaced
     * with ours (the rows are what "ours" runs). */
    const hc_algorithm librhash_tiger = {
        .id = HC_TIGER, .name = "librhash tiger", .digest_len = 24, .block_len = 64,
        .flags = HC_ALG_OPAQUE_CTX, .backend_id = HC_RHASH_TIGER, .ctx_size = sizeof(hc_rhash_ctx),
        .acquire = hc_rhash_acquire, .release = hc_rhash_release,
        .init = hc_rhash_init, .update = hc_rhash_update, .final = hc_rhash_final,
    };
    const hc_algorithm openssl_ripemd160 = {
        .id = HC_RIPEMD160, .name = "OpenSSL ripemd160", .digest_len = 20, .block_len = 64,
        .ctx_size = HC_OSSL_RIPEMD160_CTX_SIZE,
        .init = hc_ossl_ripemd160_init, .update = hc_ossl_ripemd160_update, .final = hc_ossl_ripemd160_final,
    };

    printf("%-18s %10s   %s\n", "algorithm", "MB/s", "library, MB/s, ours/library");
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        bool ours = alg->init == hc_md2_init || alg->init == hc_ripemd_init || alg->init == hc_haval_init ||
                    alg->init == hc_tiger_init;
        if (!ours)
            continue;
        size_t n = alg->init == hc_md2_init ? len / 8 : len;
        printf("%-18s %10.1f\n", alg->name, speed(alg, data, n));
    }
    const struct {
        const hc_algorithm *mine, *library;
    } pairs[] = {{hc_algorithm_find("tiger"), &librhash_tiger}, {hc_algorithm_find("ripemd160"), &openssl_ripemd160}};
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        double mine = speed(pairs[i].mine, data, len);
        double theirs = speed(pairs[i].library, data, len);
        printf("%-18s %10.1f   %-18s %8.1f  %5.2fx\n", pairs[i].mine->name, mine, pairs[i].library->name, theirs,
               mine / theirs);
    }
    free(data);
    return 0;
}
