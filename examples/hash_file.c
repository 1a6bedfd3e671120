/* hash_file: hashes one file with libhc, through the public header only.
 *
 *   hash_file ALGORITHM FILE     prints "<hex digest>  FILE", as sha256sum does
 *
 * Build against an installed libhc:
 *   cc hash_file.c $(pkg-config --cflags --libs hc) -o hash_file
 *
 * ALGORITHM is any of hc's 50 names (hc --help lists them). The file is read
 * in 64 KiB pieces and fed to a streaming hasher; the digest is printed in
 * lower-case hex. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <hc/hc.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s ALGORITHM FILE   (libhc %s)\n", argv[0], hc_version());
        return 2;
    }
    const hc_algorithm *alg = hc_algorithm_find(argv[1]);
    if (alg == NULL) {
        fprintf(stderr, "%s: unknown algorithm '%s'\n", argv[0], argv[1]);
        return 2;
    }
    FILE *file = fopen(argv[2], "rb");
    if (file == NULL) {
        fprintf(stderr, "%s: %s: %s\n", argv[0], argv[2], strerror(errno));
        return 1;
    }

    /* The hasher owns its context: open allocates it, close frees it. */
    hc_hasher hasher;
    hc_status status = hc_hasher_open(&hasher, alg, NULL);
    if (status != HC_OK) {
        fprintf(stderr, "%s: %s\n", argv[0], hc_status_text(status));
        fclose(file);
        return 1;
    }
    static unsigned char buffer[64 * 1024];
    size_t got;
    while ((got = fread(buffer, 1, sizeof(buffer), file)) > 0)
        hc_hasher_update(&hasher, buffer, got);
    int read_failed = ferror(file);
    fclose(file);
    if (read_failed) {
        fprintf(stderr, "%s: %s: read error\n", argv[0], argv[2]);
        hc_hasher_close(&hasher);
        return 1;
    }

    uint8_t digest[HC_MAX_DIGEST_LEN];
    char hex[2 * HC_MAX_DIGEST_LEN + 1];
    hc_hasher_final(&hasher, digest);
    hc_hex_encode(digest, hasher.out_len, hex, true);
    hc_hasher_close(&hasher);
    printf("%s  %s\n", hex, argv[2]);
    return 0;
}
