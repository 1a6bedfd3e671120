/* hash_big_file: hashes a file as fast as `hc ALG file -s FILE` does, with
 * the library's file engine (every thread, the read/map choice, several
 * algorithms in one read), and says on stderr what the engine did.
 *
 *   hash_big_file ALG[,ALG...] FILE     cc hash_big_file.c $(pkg-config --cflags --libs hc) */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <hc/hc.h>

int main(int argc, char **argv)
{
    const hc_algorithm *algs[HC_ALGORITHM_COUNT];
    size_t count = 0;
    char *name = argc == 3 ? strtok(argv[1], ",") : NULL;
    for (; name != NULL && count < HC_ALGORITHM_COUNT; name = strtok(NULL, ","))
        if ((algs[count++] = hc_algorithm_find(name)) == NULL)
            return fprintf(stderr, "unknown algorithm '%s'\n", name), 2;
    hc_file_hasher *fh;
    if (count == 0 || hc_file_hasher_create(&fh, algs, count, NULL, 0, NULL) != HC_OK)
        return fprintf(stderr, "usage: %s ALG[,ALG...] FILE\n", argv[0]), 2;
    uint8_t digests[HC_ALGORITHM_COUNT * HC_MAX_DIGEST_LEN];
    hc_file_stats stats = {.struct_size = sizeof(stats)};
    hc_status status = hc_file_hash_path(fh, argv[2], NULL, digests, &stats);
    hc_file_hasher_free(fh);
    if (status != HC_OK)
        return fprintf(stderr, "%s: %s\n", argv[2], status == HC_ERR_IO ? strerror(errno) : hc_status_text(status)), 1;
    for (size_t i = 0, at = 0; i < count; at += hc_algorithm_digest_len(algs[i++])) {
        char hex[2 * HC_MAX_DIGEST_LEN + 1];
        hc_hex_encode(digests + at, hc_algorithm_digest_len(algs[i]), hex, true);
        printf("%s  %s\n", hex, argv[2]);
    }
    fprintf(stderr, "%u threads%s%s, %.3f s\n", stats.threads, stats.tree ? ", tree" : "",
            stats.pipelined ? ", pipelined" : "", stats.seconds);
    return 0;
}
