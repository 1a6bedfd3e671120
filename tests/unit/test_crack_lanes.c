/* The free-lanes kernels (crack/kernel.h's hc_lanes_fn) at every level the
 * CPU runs, against the ordinary hasher: lengths 0, 1, the longest of one
 * block and those on each side of every word boundary, a target in the
 * first and in the last lane, batches that are no multiple of the lanes,
 * many targets through the filter; then the
 * stream search on top of them: a candidate in the middle of a set of
 * lanes, one too long for a block (hashed one at a time), many targets. */
#include "testutil.h"
#include "crack_testutil.h"

#include "crack/kernel.h"
#include "crack/targets.h"
#include "hc/cpu.h"
#include "hc/mask.h"
#include "hc/rules.h"
#include "hc/stream.h"
#include "simd.h"

static const char *const rows[] = {"md5",       "md4",        "ntlm",       "sha1",       "sha224",     "sha256",
                                   "sha384",    "sha512",     "ripemd128",  "ripemd160",  "ripemd256",  "ripemd320",
                                   "sha-3-224", "sha-3-256",  "sha-3-384",  "sha-3-512",  "sha-3k-224", "sha-3k-256",
                                   "sha-3k-384", "sha-3k-512", "haval-128-3", "haval-160-4", "haval-192-5",
                                   "haval-224-3", "haval-256-4", "haval-256-5"};

/* The levels with a free-lanes kernel of their own: the 64-bit families
 * (SHA-384/512, SHA-3, Keccak) AVX-512 only, as their brute force; the
 * others all three. */
static unsigned lanes_levels(const hc_algorithm *alg, hc_simd_level top)
{
    if (alg->kernel->word_bytes == 8)
        return top >= HC_SIMD_AVX512;
    return 1u + (top >= HC_SIMD_AVX2) + (top >= HC_SIMD_AVX512);
}

/* The key the kernels compare: the first digest word in the row's byte order. */
static uint32_t key_of(const hc_lanes_layout *l, const uint8_t *digest)
{
    return l->big_endian ? (uint32_t)digest[0] << 24 | (uint32_t)digest[1] << 16 | (uint32_t)digest[2] << 8 | digest[3]
                         : (uint32_t)digest[3] << 24 | (uint32_t)digest[2] << 16 | (uint32_t)digest[1] << 8 | digest[0];
}

enum { MAX_LANES = 61, STRIDE = 64 }; /* 61: no multiple of 4, 8 or 16, over two AVX-512 steps of 32, room for
                                       * both sides of every word boundary of a 144-byte block */
enum { MAX_BLOCK = 144, MAX_WORDS = 32 }; /* SHA3-224's rate; HAVAL's 32 words */

/* Candidate `lane` (len characters) as its padded block in the lane's
 * column of block_words words (columns, or columns64 for 8-byte words):
 * MD-style, the padding byte, zeros and the bit length in the last 8 bytes
 * (SHA-384/512: 16, FIPS 180-4 §5.1.2; HAVAL: 0x01, and before the length
 * VERSION 1, PASS and FPTLEN, HAVAL §4); a sponge's rate, the domain byte,
 * zeros and 0x80 in its last byte (FIPS 202 §5.1, B.2). */
static void lay_out(const hc_algorithm *alg, const hc_lanes_layout *l, const uint8_t *text, size_t len, size_t lane,
                    uint32_t *columns, uint64_t *columns64)
{
    uint8_t block[MAX_BLOCK] = {0};
    const unsigned block_len = l->block_words * l->word_bytes;
    const size_t bytes = len * l->char_width;
    for (size_t i = 0; i < len; i++)
        block[i * l->char_width] = text[i];
    block[bytes] = l->pad_byte;
    const uint64_t bits = (uint64_t)bytes * 8;
    const unsigned length_bytes = l->padding == HC_MB_PAD_MD && block_len == 128 ? 16 : 8;
    for (unsigned i = 0; l->padding != HC_MB_PAD_KECCAK && i < 8; i++)
        block[l->big_endian ? block_len - 1 - i : block_len - length_bytes + i] = (uint8_t)(bits >> (8 * i));
    if (l->padding == HC_MB_PAD_HAVAL) {
        const unsigned fingerprint_bits = alg->digest_len * 8;
        block[block_len - 10] = (uint8_t)((fingerprint_bits & 3) << 6 | alg->passes << 3 | 1);
        block[block_len - 9] = (uint8_t)(fingerprint_bits >> 2);
    }
    if (l->padding == HC_MB_PAD_KECCAK)
        block[block_len - 1] |= 0x80;
    for (unsigned j = 0; j < l->block_words; j++) {
        uint64_t word = 0;
        for (unsigned i = 0; i < l->word_bytes; i++) {
            const unsigned shift = 8 * (l->big_endian ? l->word_bytes - 1 - i : i);
            word |= (uint64_t)block[l->word_bytes * j + i] << shift;
        }
        if (l->word_bytes == 8)
            columns64[j * STRIDE + lane] = word;
        else
            columns[j * STRIDE + lane] = (uint32_t)word;
    }
}

/* Lane i's candidate length: 0, 1 and the longest first, then the
 * lengths on each side of every word boundary, then any. */
static size_t lane_length(const hc_lanes_layout *l, size_t i, size_t n, size_t longest)
{
    if (i < 2)
        return i;
    if (i == 2 || i == n - 1)
        return longest;
    const size_t at = (i - 3) / 3 * l->word_bytes + (i - 3) % 3; /* boundary - 1, boundary, boundary + 1 */
    return at >= 1 && at - 1 <= longest ? at - 1 : rng() % (longest + 1);
}

/* The lanes from n up to the stride as copies of one candidate: lanes a
 * kernel computes past the batch's end then hold the target, and any report
 * of one shows (a report must name a lane below n). */
static void copy_past_batch(const hc_algorithm *alg, const hc_lanes_layout *l, const uint8_t *text, size_t len,
                            size_t n, uint32_t *columns, uint64_t *columns64)
{
    for (size_t lane = n; lane < STRIDE; lane++)
        lay_out(alg, l, text, len, lane, columns, columns64);
}

/* One batch of n candidates through one kernel: each lane found when it
 * is the target, and reports only of lanes with the target's key, never
 * of a lane past n (which holds the target too); then three targets at
 * once through the filter. */
static void check_batch(const hc_algorithm *alg, const hc_lanes_layout *l, size_t n)
{
    const size_t longest = l->max_bytes / l->char_width;
    uint8_t text[MAX_LANES][MAX_BLOCK] = {{0}}, digest[MAX_LANES][HC_MAX_DIGEST_LEN];
    size_t len[MAX_LANES];
    uint32_t columns[MAX_WORDS * STRIDE];
    uint64_t columns64[MAX_WORDS * STRIDE];
    for (size_t i = 0; i < MAX_WORDS * STRIDE; i++)
        columns[i] = (uint32_t)rng(), columns64[i] = (uint64_t)rng() << 32 | (uint32_t)rng();
    for (size_t i = 0; i < n; i++) {
        len[i] = lane_length(l, i, n, longest);
        for (size_t c = 0; c < len[i]; c++)
            text[i][c] = (uint8_t)rng();
        lay_out(alg, l, text[i], len[i], i, columns, columns64);
        text_digest(alg, text[i], len[i], digest[i]);
    }
    hc_lanes_args args = {.words = columns, .words64 = columns64, .stride = STRIDE, .block_words = l->block_words,
                          .passes = alg->passes, .digest_len = alg->digest_len};
    uint32_t hits[STRIDE];
    for (size_t t = 0; t < n; t++) {
        args.want = key_of(l, digest[t]);
        copy_past_batch(alg, l, text[t], len[t], n, columns, columns64);
        unsigned count = 0;
        l->kernel(&args, n, hits, &count);
        bool found = false, only_keys = true;
        for (unsigned h = 0; h < count; h++) {
            found |= hits[h] == t;
            only_keys &= hits[h] < n && key_of(l, digest[hits[h]]) == args.want;
        }
        CHECK_MSG(found && only_keys, "%s/%s: lane %zu of %zu (length %zu): found %d, %u reports", alg->name,
                  hc_simd_name(l->level), t, n, len[t], found, count);
    }
    /* many targets: the first lane, one in the middle, the last */
    const size_t picked[3] = {0, n / 2, n - 1};
    uint8_t targets[3 * HC_MAX_DIGEST_LEN];
    for (size_t i = 0; i < 3; i++)
        memcpy(targets + i * alg->digest_len, digest[picked[i]], alg->digest_len);
    hc_target_set set;
    if (n < 3 || hc_target_set_init(&set, targets, 3, alg->digest_len, l->big_endian) != HC_OK)
        return;
    args.filter = &set.keys.filter;
    copy_past_batch(alg, l, text[n - 1], len[n - 1], n, columns, columns64);
    unsigned count = 0;
    l->kernel(&args, n, hits, &count);
    unsigned seen = 0;
    for (unsigned h = 0; h < count; h++) {
        size_t index;
        for (size_t i = 0; i < 3; i++)
            seen |= (hits[h] == picked[i]) << i;
        CHECK_MSG(hits[h] < n && hc_target_find(&set, digest[hits[h]], &index), "%s/%s: filter reported lane %u",
                  alg->name, hc_simd_name(l->level), hits[h]);
    }
    CHECK_MSG(seen == 7, "%s/%s: filter found lanes %#x of 0, %zu, %zu", alg->name, hc_simd_name(l->level), seen,
              n / 2, n - 1);
    hc_target_set_free(&set);
}

static void test_kernels(void)
{
    const hc_simd_level top = hc_simd_detected();
    for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
        const hc_algorithm *alg = hc_algorithm_find(rows[r]);
        CHECK(alg != NULL);
        if (alg == NULL)
            continue;
        unsigned levels = 0;
        for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++) {
            hc_lanes_layout l;
            if (!hc_kernel_lanes(alg, (hc_simd_level)level, HC_KERNEL_ANY_ENTRY, &l) || (int)l.level != level)
                continue;
            levels++;
            /* FIPS 180-4 §5.1: 0x80 and a 64-bit (SHA-384/512: 128-bit) length after the message;
             * FIPS 202 §5.1: at least one byte of padding in the rate */
            const unsigned longest = l.padding == HC_MB_PAD_KECCAK ? alg->block_len - 1u
                                     : l.padding == HC_MB_PAD_HAVAL ? 117u /* 0x01 and 10 bytes of tail */
                                     : alg->block_len == 128   ? 111u
                                                               : 55u;
            CHECK(l.max_bytes == longest && l.char_width == ((alg->flags & HC_ALG_TEXT_UTF16LE) ? 2u : 1u));
            const size_t sizes[] = {1, 3, 7, 16, 33, MAX_LANES};
            for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
                check_batch(alg, &l, sizes[s]);
        }
        CHECK_MSG(levels >= lanes_levels(alg, top), "%s: %u levels", alg->name, levels);
    }
}

static void found_many(void *arg, size_t target, const uint8_t *text, size_t len)
{
    (void)text, (void)len;
    ((int *)arg)[target]++;
}

/* The outcome of a stream search of the words (free it). */
static hc_crack_result search(const hc_crack_job *job, const hc_stream_attack *attack, const hc_stream_words *words)
{
    hc_stream *s;
    hc_crack_result r = {0};
    CHECK(hc_stream_open(&s, job, attack) == HC_OK);
    if (s == NULL)
        return r;
    CHECK(hc_stream_feed(s, words) == HC_OK);
    hc_stream_result(s, &r);
    hc_stream_close(s);
    return r;
}

/* The stream search with rules ':' and '$1' over 300 words, at a level:
 * the answer 'word137' + '1' is candidate 275, in the middle of a thread's
 * second set of 256 lanes; a 150-byte word (over any block's 55, 111 or
 * rate - 1 bytes) is hashed one at a time; then
 * both at once as many targets. */
static void stream_at(const hc_algorithm *alg, hc_simd_level level)
{
    hc_simd_limit(level);
    hc_rules rules;
    hc_rules_init(&rules);
    size_t error_offset;
    CHECK(hc_rules_add(&rules, ":", 1, &error_offset) == HC_OK && hc_rules_add(&rules, "$1", 2, &error_offset) == HC_OK);
    const hc_stream_attack attack = {.rules = &rules};
    enum { WORDS = 300, ANSWER = 137, LONG = 200, LONG_LEN = 150 };
    static uint8_t bytes[WORDS * LONG_LEN];
    size_t offset[WORDS + 1] = {0};
    for (size_t i = 0; i < WORDS; i++) {
        size_t len = i == LONG ? LONG_LEN : 3 + rng() % 10;
        for (size_t c = 0; c < len; c++)
            bytes[offset[i] + c] = (uint8_t)('a' + rng() % 26);
        offset[i + 1] = offset[i] + len;
    }
    const hc_stream_words words = {bytes, offset, WORDS, hc_count_of(0), hc_count_of(0)};
    uint8_t answer[32], targets[2 * HC_MAX_DIGEST_LEN];
    const size_t answer_len = offset[ANSWER + 1] - offset[ANSWER] + 1;
    memcpy(answer, bytes + offset[ANSWER], answer_len - 1);
    answer[answer_len - 1] = '1';
    text_digest(alg, answer, answer_len, targets);
    text_digest(alg, bytes + offset[LONG], LONG_LEN, targets + alg->digest_len);
    for (unsigned threads = 1; threads <= 2; threads++) {
        for (size_t t = 0; t < 2; t++) {
            hc_crack_job job = {.alg = alg, .target = targets + t * alg->digest_len, .threads = threads};
            hc_crack_result r = search(&job, &attack, &words);
            const count128 attempts = t == 0 ? 2 * ANSWER + 2 : 2 * LONG + 1;
            const bool text_ok = t == 0 ? r.found_len == answer_len && memcmp(r.found_text, answer, answer_len) == 0
                                        : r.found_len == LONG_LEN &&
                                              memcmp(r.found_text, bytes + offset[LONG], LONG_LEN) == 0;
            CHECK_MSG(r.found && text_ok && count128_of(r.attempts) == attempts, "%s/%s, %u threads, %s: found %d, %llu attempts",
                      alg->name, hc_simd_name(level), threads, t == 0 ? "in the lanes" : "too long for them",
                      r.found, (unsigned long long)(uint64_t)count128_of(r.attempts));
            hc_crack_result_free(&r);
        }
        int hits[2] = {0, 0};
        hc_crack_job job = {.alg = alg, .targets = targets, .target_count = 2, .on_found = found_many,
                            .found_arg = hits, .threads = threads};
        hc_crack_result r = search(&job, &attack, &words);
        CHECK_MSG(r.found && r.found_count == 2 && hits[0] == 1 && hits[1] == 1, "%s/%s: many targets", alg->name,
                  hc_simd_name(level));
        hc_crack_result_free(&r);
    }
    hc_rules_free(&rules);
    hc_simd_limit(HC_SIMD_AVX512);
}

static void test_stream(void)
{
    for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
        const hc_algorithm *alg = hc_algorithm_find(rows[r]);
        for (int level = HC_SIMD_PORTABLE; alg != NULL && level <= (int)hc_simd_detected(); level++)
            stream_at(alg, (hc_simd_level)level);
    }
}

/* A hybrid word + mask of 100,000 candidates per word: each word runs as a
 * mask of its own in the brute-force engine. The answer and its attempts
 * as the lanes give them; a word too long to be a mask goes through the
 * lanes; many targets, one of them in two words, reported once. */
static void test_words_as_masks(void)
{
    hc_mask *m;
    hc_mask_error error;
    CHECK(hc_mask_parse("?d?d?d?d?d", 10, NULL, &m, &error) == HC_OK);
    const hc_stream_attack attack = {.mask = m};
    enum { LONG_LEN = HC_MASK_MAX_LEN - 2 };
    static uint8_t bytes[64 + LONG_LEN];
    memcpy(bytes, "alphabetagamma", 14);
    memset(bytes + 14, 'x', LONG_LEN);
    memcpy(bytes + 14 + LONG_LEN, "beta", 4);
    const size_t offset[] = {0, 5, 9, 14, 14 + LONG_LEN, 18 + LONG_LEN};
    const hc_stream_words words = {bytes, offset, 5, hc_count_of(0), hc_count_of(0)};
    const hc_algorithm *alg = hc_algorithm_find("md5");
    uint8_t candidate[HC_STREAM_CANDIDATE_MAX], targets[3 * 16];
    text_digest(alg, (const uint8_t *)"gamma04217", 10, targets);
    memcpy(candidate, bytes + 14, LONG_LEN);
    memcpy(candidate + LONG_LEN, "00042", 5);
    text_digest(alg, candidate, LONG_LEN + 5, targets + 16);
    text_digest(alg, (const uint8_t *)"beta99999", 9, targets + 32);
    const count128 per_word = 100000, expected[2] = {2 * per_word + 4217 + 1, 3 * per_word + 42 + 1};
    for (unsigned threads = 1; threads <= 2; threads++) {
        for (size_t t = 0; t < 2; t++) {
            hc_crack_job job = {.alg = alg, .target = targets + 16 * t, .threads = threads};
            hc_crack_result r = search(&job, &attack, &words);
            CHECK_MSG(r.found && count128_of(r.attempts) == expected[t] && r.found_len == (t == 0 ? 10u : LONG_LEN + 5u),
                      "word as a mask, target %zu, %u threads: found %d, %llu attempts", t, threads, r.found,
                      (unsigned long long)(uint64_t)count128_of(r.attempts));
            hc_crack_result_free(&r);
        }
        int hits[3] = {0, 0, 0};
        hc_crack_job job = {.alg = alg, .targets = targets, .target_count = 3, .on_found = found_many,
                            .found_arg = hits, .threads = threads};
        hc_crack_result r = search(&job, &attack, &words);
        /* 'beta' is words 1 and 4: its answer once */
        CHECK_MSG(r.found && r.found_count == 3 && hits[0] == 1 && hits[1] == 1 && hits[2] == 1,
                  "words as masks, many targets: %zu found, %d %d %d", r.found_count, hits[0], hits[1], hits[2]);
        hc_crack_result_free(&r);
    }
    hc_mask_free(m);
}

int main(void)
{
    test_kernels();
    test_stream();
    test_words_as_masks();
    return test_report("test_crack_lanes");
}
