/* The core public headers from C++ (tests/unit/public_headers.cmake): a
 * call through each of them, which links only where the header declares
 * its functions with C linkage (under C++ names they would stay
 * unresolved), and answers what the C library computes. The expected
 * SHA-256 is FIPS 180-2's example "abc". */
/* the core alone, as a program sees it that does not opt in to the
 * advanced API (the build defines it for everything linked with hclib) */
#undef HC_ADVANCED_API
#include <hc/hc.h>

#include <cstdio>
#include <cstring>

static int failures;

static void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "test_public_headers: %s\n", what);
        failures++;
    }
}

/* algorithm.h and encode.h: SHA-256 of "abc", in hex */
static void check_hashing()
{
    const hc_algorithm *sha256 = hc_algorithm_find("sha256");
    check(sha256 != NULL && hc_algorithm_digest_len(sha256) == 32, "hc_algorithm_find(\"sha256\")");
    if (sha256 == NULL)
        return;
    hc_hasher hasher;
    uint8_t digest[32];
    char hex[65];
    check(hc_hasher_open(&hasher, sha256, NULL) == HC_OK, "hc_hasher_open");
    hc_hasher_oneshot(&hasher, "abc", 3, digest);
    hc_hasher_close(&hasher);
    hc_hex_encode(digest, sizeof(digest), hex, true);
    check(std::strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0, hex);
}

/* file.h and pool.h: a file hasher and a pool of two threads */
static void check_files_and_pool()
{
    const hc_algorithm *md5 = hc_algorithm_find("md5");
    hc_file_hasher *files = NULL;
    check(hc_file_hasher_create(&files, &md5, 1, NULL, 1, NULL) == HC_OK, "hc_file_hasher_create");
    check(files != NULL && hc_file_hasher_digests_len(files) == 16, "hc_file_hasher_digests_len");
    hc_file_hasher_free(files);
    hc_pool *pool = NULL;
    check(hc_pool_create(&pool, 2) == HC_OK && hc_pool_threads(pool) == 2, "hc_pool_threads");
    hc_pool_destroy(pool);
}

int main()
{
    check(std::strcmp(hc_version(), HC_VERSION) == 0, "hc_version");                          /* hc.h */
    check(std::strcmp(hc_status_text(HC_ERR_NOMEM), hc_status_text(HC_OK)) != 0, "hc_status_text"); /* status.h */
    check(hc_cpu_count() >= 1 && hc_simd_name(HC_SIMD_PORTABLE) != NULL, "hc_cpu_count");        /* cpu.h */
    check(hc_blake3_simd_degree(HC_SIMD_PORTABLE) >= 1, "hc_blake3_simd_degree");              /* blake3.h */
    check_hashing();
    check_files_and_pool();
    std::fprintf(stderr, "test_public_headers: %d failed\n", failures);
    return failures != 0;
}
