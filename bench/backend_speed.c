/* In-memory speed of the rows whose backend differs between the Linux
 * build (OpenSSL, librhash) and the Windows build (libgcrypt, our own
 * EDON-R and Snefru), best of five one-shot hashes of one buffer. Run the
 * Linux build natively and hc's Windows build under Wine on the same
 * machine, in one go, and compare the columns (docs/backends.md):
 *
 *   bench/windows_backends.sh     (both builds, side by side)
 *
 * In the gcrypt build it also times libgcrypt's own BLAKE2b against the
 * row's (ours), the choice docs/backends.md records.
 *
 * Usage: backend_speed [MiB]   (default 64) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algorithm_row.h"
#include "row_speed.h"
#ifdef HC_LIBRARIES_GCRYPT
#include "algos/gcrypt_backend.h"
#endif

static void report(const hc_algorithm *alg, const uint8_t *data, size_t len)
{
    printf("%-20s %-10s %10.1f\n", alg->name, hc_backend_name(alg->backend), speed(alg, data, len));
}

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 64;
    if (mib == 0 || mib > 4096) {
        fprintf(stderr, "usage: backend_speed [MiB, 1..4096]\n");
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

    static const char *const rows[] = {"md4",       "md5",      "sha1",      "sha224",    "sha256",
                                       "sha384",    "sha512",   "whirlpool", "gost",      "edonr256",
                                       "edonr512",  "snefru128", "snefru256", "blake2b"};
    printf("%-20s %-10s %10s\n", "row", "backend", "MB/s");
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        report(hc_algorithm_find(rows[i]), data, len);
#ifdef HC_LIBRARIES_GCRYPT
    const hc_algorithm gcrypt_blake2b = {
        .id = HC_BLAKE2B, .name = "blake2b-libgcrypt", .digest_len = 64, .block_len = 128,
        .flags = HC_ALG_OPAQUE_CTX, .backend_id = HC_GCRY_BLAKE2B_512, .ctx_size = sizeof(hc_gcrypt_ctx),
        .backend = HC_BACKEND_GCRYPT, .acquire = hc_gcrypt_acquire, .release = hc_gcrypt_release,
        .init = hc_gcrypt_init, .update = hc_gcrypt_update, .final = hc_gcrypt_final,
    };
    report(&gcrypt_blake2b, data, len);
#endif
    free(data);
    return 0;
}
