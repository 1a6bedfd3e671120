/* hc's own CRC-32 and CRC-32C (src/lib/algos/crc_own.c, crc_fold_*.c) at
 * every SIMD level this CPU runs, forced through the level table the rows
 * dispatch on, against the bitwise definition (a shift register, one bit at
 * a time: RFC 1952 §8, RFC 3720 B.4) and, where the build found it, against
 * ISA-L:
 *   - the generated constants (tools/crc_constants.py) recomputed bitwise;
 *   - every length 0..4096 at every misalignment 0..63, from two registers,
 *     and ending at the end of its allocation (AddressSanitizer's over-read);
 *   - a message split at every point, and fed in pieces of odd sizes;
 *   - the rows themselves, limited to each level: the level they report,
 *     the code that ran, the digest;
 *   - the carry-less multiply the dispatch believes in, against
 *     /proc/cpuinfo where there is one. */
#include "testutil.h"

#include "algorithm_row.h"
#include "algos/crc_own.h"
#include "simd.h"

#ifdef HC_HAVE_ISAL
#include <isa-l/crc.h>
#endif

enum { MAX_LEN = 4096, MAX_MISALIGN = 64, STREAM_LEN = 70001 };

static const struct {
    const char *row;
    const hc_crc_constants *k;
} CRCS[] = {{"crc32", &hc_crc32_constants}, {"crc32c", &hc_crc32c_constants}};

/* The definition: each message bit, lowest first, shifted through the
 * reflected register. */
static uint32_t crc_bitwise(uint32_t poly, uint32_t reg, const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        for (int bit = 0; bit < 8; bit++) {
            uint32_t in = ((uint32_t)p[i] >> bit) & 1;
            uint32_t out = reg & 1;
            reg >>= 1;
            if (in ^ out)
                reg ^= poly;
        }
    return reg;
}

/* x^e mod P in register notation (bit 31 = x^0): x^0, times x e times. */
static uint32_t x_to_the(unsigned e, uint32_t poly)
{
    uint32_t r = 0x80000000u;
    while (e--)
        r = (r >> 1) ^ (poly & (0u - (r & 1)));
    return r;
}

static void check_constants(const hc_crc_constants *k, const char *name)
{
    for (unsigned n = 1; n <= HC_CRC_FOLD_MAX_BLOCKS; n++) {
        CHECK_MSG(k->fold[n - 1][0] == x_to_the(128 * n + 31, k->poly), "%s: fold constant K_H of %u blocks", name, n);
        CHECK_MSG(k->fold[n - 1][1] == x_to_the(128 * n - 33, k->poly), "%s: fold constant K_L of %u blocks", name, n);
    }
    uint8_t msg[8] = {0};
    for (int b = 0; b < 256; b++) {
        msg[0] = (uint8_t)b;
        for (int zeros = 0; zeros < 8; zeros++)
            CHECK_MSG(k->slice[zeros][b] == crc_bitwise(k->poly, 0, msg, 1 + (size_t)zeros),
                      "%s: slice[%d][%d]", name, zeros, b);
    }
}

/* The levels to force: those of HC_CRC_LEVELS this CPU runs. */
static unsigned levels_here(void)
{
    unsigned levels = 0;
    for (int l = HC_SIMD_PORTABLE; l <= (int)hc_simd_detected(); l++)
        if (hc_crc_run_at((hc_simd_level)l) != NULL && (hc_simd_clmul_levels() & (1u << l)))
            levels |= 1u << l;
    return levels;
}

/* want[len] for the first len bytes of msg from reg, for every len. */
static void prefixes(uint32_t poly, uint32_t reg, const uint8_t *msg, uint32_t *want)
{
    want[0] = reg;
    for (size_t len = 1; len <= MAX_LEN; len++)
        want[len] = crc_bitwise(poly, want[len - 1], msg + len - 1, 1);
}

/* Every length at every misalignment; one message per failing placement. */
static void check_lengths(hc_crc_run_fn *run, const hc_crc_constants *k, const char *what, const uint8_t *msg)
{
    static uint32_t want[MAX_LEN + 1], want_other[MAX_LEN + 1];
    const uint32_t other_reg = 0x5A17C3E9u;
    prefixes(k->poly, 0xFFFFFFFFu, msg, want);
    prefixes(k->poly, other_reg, msg, want_other);
    uint8_t *buf = malloc(MAX_LEN + MAX_MISALIGN);
    CHECK(buf != NULL);
    for (size_t mis = 0; mis < MAX_MISALIGN; mis++) {
        memset(buf, 0xA5, MAX_LEN + MAX_MISALIGN);
        memcpy(buf + mis, msg, MAX_LEN);
        size_t bad = SIZE_MAX;
        for (size_t len = 0; len <= MAX_LEN && bad == SIZE_MAX; len++)
            if (run(k, 0xFFFFFFFFu, buf + mis, len) != want[len] || run(k, other_reg, buf + mis, len) != want_other[len])
                bad = len;
        CHECK_MSG(bad == SIZE_MAX, "%s: %zu bytes at misalignment %zu differ from the definition", what, bad, mis);
    }
    free(buf);
    /* ending at the end of the allocation */
    uint8_t *tight = malloc(MAX_LEN);
    CHECK(tight != NULL);
    memcpy(tight, msg, MAX_LEN);
    for (size_t len = 0; len <= MAX_LEN; len++) {
        memmove(tight + MAX_LEN - len, msg, len);
        CHECK_MSG(run(k, 0xFFFFFFFFu, tight + MAX_LEN - len, len) == want[len], "%s: %zu bytes at the end of a buffer", what,
                  len);
    }
    free(tight);
}

/* The message split in two at every point, and in pieces of odd sizes. */
static void check_streaming(hc_crc_run_fn *run, const hc_crc_constants *k, const char *what, const uint8_t *msg)
{
    const size_t split_len = 3000;
    uint32_t whole = crc_bitwise(k->poly, 0xFFFFFFFFu, msg, split_len);
    size_t bad = SIZE_MAX;
    for (size_t cut = 0; cut <= split_len && bad == SIZE_MAX; cut++)
        if (run(k, run(k, 0xFFFFFFFFu, msg, cut), msg + cut, split_len - cut) != whole)
            bad = cut;
    CHECK_MSG(bad == SIZE_MAX, "%s: %zu bytes cut at %zu differ", what, split_len, bad);

    uint32_t want = crc_bitwise(k->poly, 0xFFFFFFFFu, msg, STREAM_LEN);
    static const size_t biggest[] = {3, 17, 100, 300, 700, 2100, 9000};
    for (size_t b = 0; b < sizeof(biggest) / sizeof(biggest[0]); b++) {
        uint32_t reg = 0xFFFFFFFFu, seed = (uint32_t)b + 1;
        for (size_t pos = 0; pos < STREAM_LEN;) {
            seed = seed * 1103515245u + 12345u;
            size_t piece = (seed >> 8) % biggest[b] + 1;
            if (piece > STREAM_LEN - pos)
                piece = STREAM_LEN - pos;
            reg = run(k, reg, msg + pos, piece);
            pos += piece;
        }
        CHECK_MSG(reg == want, "%s: %d bytes in pieces of 1..%zu differ", what, STREAM_LEN, biggest[b]);
    }
}

#ifdef HC_HAVE_ISAL
/* ISA-L's functions in register terms (as src/lib/algos/crc_isal.c). */
static uint32_t isal_run(const hc_crc_constants *k, uint32_t reg, const uint8_t *p, size_t len)
{
    if (k == &hc_crc32_constants)
        return ~crc32_gzip_refl(~reg, p, len);
    return crc32_iscsi((unsigned char *)p, (int)len, reg);
}

/* Big messages of odd lengths at odd places, and every length up to
 * MAX_LEN, against ISA-L. */
static void check_against_isal(hc_crc_run_fn *run, const hc_crc_constants *k, const char *what, const uint8_t *msg)
{
    for (size_t len = 0; len <= MAX_LEN; len++)
        CHECK_MSG(run(k, 0xFFFFFFFFu, msg + 1, len) == isal_run(k, 0xFFFFFFFFu, msg + 1, len), "%s: %zu bytes, ISA-L differs",
                  what, len);
    static const size_t big[] = {STREAM_LEN - 9, 65536, 8191, 4097 + 256};
    for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++)
        CHECK_MSG(run(k, 0x0BADCAFEu, msg + i * 3, big[i]) == isal_run(k, 0x0BADCAFEu, msg + i * 3, big[i]),
                  "%s: %zu bytes, ISA-L differs", what, big[i]);
}
#endif

/* Each row, limited to each level, reports the level hc_row_levels allows,
 * runs that code and gets the definition's digest. */
static void check_rows(const uint8_t *msg)
{
    for (size_t c = 0; c < sizeof(CRCS) / sizeof(CRCS[0]); c++) {
        const hc_algorithm *alg = hc_algorithm_find(CRCS[c].row);
        uint32_t want = ~crc_bitwise(CRCS[c].k->poly, 0xFFFFFFFFu, msg, STREAM_LEN);
        for (int limit = HC_SIMD_PORTABLE; limit <= (int)hc_simd_detected(); limit++) {
            hc_simd_limit((hc_simd_level)limit);
            hc_simd_level expect = alg->backend == HC_BACKEND_OWN
                                       ? hc_simd_pick(levels_here(), (hc_simd_level)limit)
                                       : HC_SIMD_LEVEL_COUNT;
            CHECK_MSG(hc_algorithm_simd(alg) == expect, "%s limited to %s reports %s", CRCS[c].row,
                      hc_simd_name((hc_simd_level)limit), hc_simd_name(hc_algorithm_simd(alg)));
            hc_hasher h;
            uint8_t out[4];
            CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
            hc_simd_ran = 0;
            hc_hasher_update(&h, msg, 5);
            hc_hasher_update(&h, msg + 5, STREAM_LEN - 5);
            hc_hasher_final(&h, out);
            hc_hasher_close(&h);
            uint32_t got = (uint32_t)out[0] << 24 | (uint32_t)out[1] << 16 | (uint32_t)out[2] << 8 | out[3];
            CHECK_MSG(got == want, "%s limited to %s: %08X, the definition says %08X", CRCS[c].row,
                      hc_simd_name((hc_simd_level)limit), (unsigned)got, (unsigned)want);
            if (alg->backend == HC_BACKEND_OWN)
                CHECK_MSG(hc_simd_ran == 1u << expect, "%s limited to %s: the code of levels %#x ran", CRCS[c].row,
                          hc_simd_name((hc_simd_level)limit), hc_simd_ran);
        }
        hc_simd_limit(HC_SIMD_AVX512);
    }
}

/* The flags line of /proc/cpuinfo names the carry-less multiplies the
 * dispatch found (x86 Linux only; elsewhere nothing to compare). */
static void check_clmul_detection(void)
{
#if defined(HC_X86_SIMD) && defined(__linux__)
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[8192];
    bool pclmul = false, vpclmul = false, avx512 = hc_simd_detected() == HC_SIMD_AVX512;
    while (fgets(line, sizeof(line), f))
        if (strncmp(line, "flags", 5) == 0) {
            pclmul = strstr(line, " pclmulqdq") != NULL;
            vpclmul = strstr(line, " vpclmulqdq") != NULL;
            break;
        }
    fclose(f);
    unsigned want = HC_SIMD_BIT(PORTABLE) | (pclmul ? HC_SIMD_BIT(SSE41) | HC_SIMD_BIT(AVX2) : 0) |
                    (pclmul && vpclmul && avx512 ? HC_SIMD_BIT(AVX512) : 0);
    CHECK_MSG(hc_simd_clmul_levels() == want, "carry-less multiply at levels %#x, /proc/cpuinfo says %#x",
              hc_simd_clmul_levels(), want);
#endif
}

int main(void)
{
    uint8_t *msg = malloc(STREAM_LEN);
    CHECK(msg != NULL);
    uint32_t seed = 2463534242u;
    for (size_t i = 0; i < STREAM_LEN; i++) {
        seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
        msg[i] = (uint8_t)seed;
    }
    check_clmul_detection();
    unsigned levels = levels_here();
#ifdef HC_X86_SIMD
    /* an x86 build has folding code at SSE4.1 and AVX-512 */
    CHECK(hc_crc_run_at(HC_SIMD_SSE41) == hc_crc_run_sse41 && hc_crc_run_at(HC_SIMD_AVX512) == hc_crc_run_avx512);
#endif
    for (size_t c = 0; c < sizeof(CRCS) / sizeof(CRCS[0]); c++) {
        const hc_crc_constants *k = CRCS[c].k;
        CHECK(hc_algorithm_find(CRCS[c].row)->crc_poly == k->poly);
        check_constants(k, CRCS[c].row);
        for (int l = HC_SIMD_PORTABLE; l < HC_SIMD_LEVEL_COUNT; l++) {
            if (!(levels & (1u << l)))
                continue;
            char what[64];
            snprintf(what, sizeof(what), "%s at %s", CRCS[c].row, hc_simd_name((hc_simd_level)l));
            hc_crc_run_fn *run = hc_crc_run_at((hc_simd_level)l);
            hc_simd_ran = 0;
            check_lengths(run, k, what, msg);
            check_streaming(run, k, what, msg);
            CHECK_MSG(hc_simd_ran == 1u << l, "%s: the code of levels %#x ran", what, hc_simd_ran);
#ifdef HC_HAVE_ISAL
            check_against_isal(run, k, what, msg);
#endif
        }
    }
    check_rows(msg);
    printf("CRC levels run here: %#x (CPU up to %s)%s\n", levels, hc_simd_name(hc_simd_detected()),
#ifdef HC_HAVE_ISAL
           ", checked against ISA-L"
#else
           ""
#endif
    );
    free(msg);
    return test_report("test_crc_fold");
}
