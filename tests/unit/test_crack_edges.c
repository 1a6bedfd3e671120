/* The edges the brute-force kernels' reductions create (issue 38), for the
 * rows whose kernels undo their last steps from the target or specialise on
 * the varying word (MD5, MD4, NTLM, SHA-1, SHA-224/256, SHA-384/512), at
 * every SIMD level where the row's kernel has an entry point of its own:
 *  - the answer in the first and the last lane of a kernel call and at the
 *    first and the last place of the keyspace, at every length up to the
 *    kernel's longest message and one past it (every word boundary);
 *  - targets forged so that the word the kernel compares is a real
 *    candidate's while the digest is not: the kernel must flag that lane
 *    (proof that the forgery collides), the hasher must reject it, alone
 *    and among many targets;
 *  - SHA-1's generated schedule masks against their recurrence, and its
 *    specialised variants seen to run where one word of 0..7 varies.
 * Digests come from the ordinary hasher, the compared words from this
 * file's own reading of FIPS 180-4. */
#include "testutil.h"
#include "crack_testutil.h"

#include <time.h>

#include "crack/engine_probe.h"
#include "crack/kernel.h"
#include "crack/kernels/mb_sha1_masks.h"
#include "hc/cpu.h"
#include "hc/crack.h"
#include "hc/mask.h"
#include "simd.h"

/* Every search here covers at most 10^4 candidates; one that runs on (a
 * kernel that never reports its match) is stopped and fails instead of
 * hanging the suite. */
enum { SEARCH_DEADLINE_S = 5 };

/* The dictionary: its 10 characters are the digits of a candidate's index. */
static const uint8_t digits[] = "0123456789";
enum { DIGITS = 10 };

/* The characters that vary inside one kernel call: the engine takes at most
 * 4 of a 10-character dictionary (10^5 suffixes pass its table limit), so
 * a candidate ending in "0000" is lane 0 of its call and one ending in
 * "9999" the call's last lane, whatever the width it picks. */
enum { EDGE_CHARS = 4 };

/* The longest candidate tried (SHA-384/512's kernels take 111 bytes); the
 * longest length whose keyspace over the digits parts can cut in slices
 * of 10^3 (10^19 parts: the largest power of ten below 2^64). */
enum { TEXT_MAX = 128, CUT_SMALL_MAX = 22 };

static const char *const edge_rows[] = {"md5", "md4", "ntlm", "sha1", "sha224", "sha256", "sha384", "sha512"};

/* The longest candidate the row's kernel takes, in characters. */
static uint32_t kernel_longest(const hc_algorithm *alg, hc_simd_level level)
{
    hc_mb_layout layout;
    CHECK(hc_kernel_layout(alg, level, HC_KERNEL_ANY_ENTRY, &layout));
    return (layout.max_bytes - layout.lead_zeros) / layout.char_width;
}

/* ---- where a search runs -------------------------------------------------------------- */

/* A candidate of len over the digits: random, but its last EDGE_CHARS
 * `tail`'s (NULL: random too). */
static void edge_candidate(uint32_t len, const char *tail, uint8_t *text)
{
    const uint32_t head = len > EDGE_CHARS ? len - EDGE_CHARS : 0;
    for (uint32_t k = 0; k < len; k++)
        text[k] = tail && k >= head ? (uint8_t)tail[k - head] : digits[rng() % DIGITS];
}

/* Where a search for a candidate runs: up to CUT_SMALL_MAX, every
 * candidate of its length over the digits; longer (where parts could not
 * cut the keyspace small, and past 10^38 no count holds it), a mask that
 * fixes the candidate's leading characters and varies its last EDGE_CHARS
 * over the digits. Either way cut in slices of 10^3 (at most 3 characters:
 * one slice), which start and end on whole kernel calls of any width up to
 * EDGE_CHARS characters. */
typedef struct edge_space {
    const hc_mask *mask;   /* NULL: the dictionary */
    count128 place;        /* the candidate's, in the keyspace */
    uint64_t part, parts;  /* the part holding it */
    count128 begin, end;   /* its slice */
} edge_space;

static void space_of(const uint8_t *text, uint32_t len, hc_mask *mask, edge_space *sp)
{
    const uint32_t varying = len <= CUT_SMALL_MAX ? len : EDGE_CHARS;
    sp->mask = NULL;
    if (varying < len) {
        mask->length = len;
        for (uint32_t k = 0; k < len; k++) {
            const bool varies = k + varying >= len;
            mask->pos[k].count = varies ? DIGITS : 1;
            memcpy(mask->pos[k].chars, varies ? digits : text + k, varies ? DIGITS : 1);
        }
        sp->mask = mask;
    }
    sp->place = 0;
    for (uint32_t k = len - varying; k < len; k++)
        sp->place = sp->place * DIGITS + (count128)(text[k] - '0');
    const count128 total = pow_count(DIGITS, varying);
    sp->parts = varying > 3 ? (uint64_t)(total / 1000) : 1;
    sp->part = part_holding(total, sp->parts, sp->place);
    slice_count(total, sp->part, sp->parts, &sp->begin, &sp->end);
}

/* ---- one search ---------------------------------------------------------------------- */

typedef struct found_log {
    const hc_algorithm *alg;
    const uint8_t *targets;
    size_t count;
    unsigned calls[2];
    bool wrong; /* a report whose text does not hash to its target */
} found_log;

static void on_found(void *arg, size_t target, const uint8_t *text, size_t len)
{
    found_log *log = arg;
    uint8_t digest[HC_MAX_DIGEST_LEN];
    text_digest(log->alg, text, len, digest);
    const unsigned dl = log->alg->digest_len;
    if (target >= log->count || memcmp(digest, log->targets + target * dl, dl) != 0) {
        log->wrong = true;
        return;
    }
    log->calls[target]++;
}

/* A search of the part of `space` for one target or (log not NULL) for
 * count of them, on one or two threads. */
typedef struct edge_search {
    const hc_algorithm *alg;
    uint32_t len;
    const edge_space *space;
    const uint8_t *targets;
    size_t count;
    unsigned threads;
} edge_search;

static void run_search(const edge_search *s, hc_crack_result *r, hc_crack_probe *probe, found_log *log)
{
    double deadline = wall_now() + SEARCH_DEADLINE_S;
    hc_crack_job job = {
        .alg = s->alg,
        .dict = digits,
        .dict_len = DIGITS,
        .mask = s->space->mask,
        .min_len = s->len,
        .max_len = s->len,
        .part = s->space->part,
        .parts = s->space->parts,
        .threads = s->threads,
        .cancelled = past_deadline,
        .cancel_arg = &deadline,
    };
    if (log != NULL) {
        *log = (found_log){.alg = s->alg, .targets = s->targets, .count = s->count};
        job.targets = s->targets;
        job.target_count = s->count;
        job.on_found = on_found;
        job.found_arg = log;
    } else {
        job.target = s->targets;
    }
    *probe = (hc_crack_probe){.any_entry = true};
    hc_status st = hc_crack_run_probed(&job, r, probe);
    CHECK_MSG(st == HC_OK && !r->cancelled, "%s len %u: %s%s", s->alg->name, s->len, hc_status_text(st),
              r->cancelled ? " (past the deadline)" : "");
}

static bool found_is(const hc_crack_result *r, const uint8_t *text, size_t len)
{
    return r->found && r->found_len == len && memcmp(r->found_text, text, len) == 0;
}

/* ---- (1), (2): first and last lanes, first and last of the keyspace --------------------- */

/* Cracks text through the part holding it; checks the answer, the
 * attempts to it and the path (the kernel up to its longest message, the
 * generic path past it). */
static void crack_at(const hc_algorithm *alg, hc_simd_level level, const uint8_t *text, uint32_t len,
                     const char *what)
{
    static hc_mask mask;
    edge_space space;
    space_of(text, len, &mask, &space);
    uint8_t target[HC_MAX_DIGEST_LEN];
    text_digest(alg, text, len, target);
    edge_search s = {alg, len, &space, target, 1, 1 + (unsigned)(rng() % 2)};
    hc_crack_result r;
    hc_crack_probe probe;
    run_search(&s, &r, &probe, NULL);
    const count128 expected = space.place - space.begin + 1;
    CHECK_MSG(found_is(&r, text, len) && count128_of(r.attempts) == expected,
              "%s/%s len %u, %s: found=%d '%.*s' after %llu attempts, expected %llu", alg->name,
              hc_simd_name(level), len, what, r.found, (int)r.found_len, r.found ? (const char *)r.found_text : "",
              (unsigned long long)count128_of(r.attempts), (unsigned long long)expected);
    const bool kernel = len <= kernel_longest(alg, level);
    CHECK_MSG(kernel ? probe.kernel_candidates > 0 && probe.kernel_level == level && probe.kernel_reports >= 1
                     : probe.kernel_candidates == 0 && probe.generic_candidates > 0,
              "%s/%s len %u, %s: %llu candidates by the kernel at %s, %llu reports, %llu one at a time", alg->name,
              hc_simd_name(level), len, what, (unsigned long long)probe.kernel_candidates,
              hc_simd_name(probe.kernel_level), (unsigned long long)probe.kernel_reports,
              (unsigned long long)probe.generic_candidates);
    hc_crack_result_free(&r);
}

/* Every length from 1 to one past the kernel's longest message, so every
 * word boundary: the first and the last candidate of the length (of the
 * mask's keyspace, past CUT_SMALL_MAX), and lane 0 and the last lane of a
 * kernel call under one random prefix. */
static void edges_of_row(const hc_algorithm *alg, hc_simd_level level)
{
    const uint32_t longest = kernel_longest(alg, level);
    uint8_t text[TEXT_MAX];
    for (uint32_t len = 1; len <= longest + 1; len++) {
        const int failures = test_failures;
        memset(text, '0', len);
        crack_at(alg, level, text, len, "the first of the keyspace");
        if (len > EDGE_CHARS) {
            edge_candidate(len, "0000", text);
            crack_at(alg, level, text, len, "lane 0 of a call");
            memset(text + len - EDGE_CHARS, '9', EDGE_CHARS);
            crack_at(alg, level, text, len, "the last lane of a call");
        }
        memset(text, '9', len);
        crack_at(alg, level, text, len, "the last of the keyspace");
        /* one failure says it: the next could each run to the deadline */
        if (test_failures > failures)
            return;
    }
}

static void test_positions(void)
{
    const hc_simd_level top = hc_simd_detected();
    for (size_t i = 0; i < sizeof(edge_rows) / sizeof(edge_rows[0]); i++) {
        const hc_algorithm *alg = alg_named(edge_rows[i]);
        bool any = false;
        for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++) {
            if (!own_entry(alg, (hc_simd_level)level))
                continue;
            any = true;
            hc_simd_limit((hc_simd_level)level);
            edges_of_row(alg, (hc_simd_level)level);
            hc_simd_limit(HC_SIMD_AVX512);
        }
        /* SHA-384/512 have an AVX-512 entry point only */
        CHECK_MSG(any || top < HC_SIMD_AVX512, "%s: no kernel entry point at any level", alg->name);
    }
}

/* ---- (3): forged targets whose compared word is a real candidate's ----------------------- */

/* A SHA-2 member as FIPS 180-4 defines it: word width, steps, digest words
 * (§6.2-§6.7), Σ0's rotations (§4.1.2, §4.1.3), H(0) (§5.3.2-§5.3.5). */
typedef struct sha2_member {
    const char *row;
    unsigned bits, steps, digest_words;
    uint8_t sigma0[3];
    uint64_t h0[8];
} sha2_member;

static const sha2_member sha2_members[] = {
    {"sha224", 32, 64, 7, {2, 13, 22},
     {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4}},
    {"sha256", 32, 64, 8, {2, 13, 22},
     {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}},
    {"sha384", 64, 80, 6, {28, 34, 39},
     {0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
      0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull}},
    {"sha512", 64, 80, 8, {28, 34, 39},
     {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
      0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull}},
};

static uint64_t word_mask(unsigned bits)
{
    return bits == 64 ? ~0ull : (1ull << bits) - 1;
}

static uint64_t rotr(uint64_t x, unsigned n, unsigned bits)
{
    return ((x >> n) | (x << (bits - n))) & word_mask(bits);
}

/* The digest's big-endian words of `bits` bits, and back. */
static void words_of(const uint8_t *digest, unsigned count, unsigned bits, uint64_t *w)
{
    for (unsigned i = 0; i < count; i++) {
        w[i] = 0;
        for (unsigned b = 0; b < bits / 8; b++)
            w[i] = w[i] << 8 | digest[i * (bits / 8) + b];
    }
}

static void bytes_of(const uint64_t *w, unsigned count, unsigned bits, uint8_t *digest)
{
    for (unsigned i = 0; i < count; i++)
        for (unsigned b = 0; b < bits / 8; b++)
            digest[i * (bits / 8) + b] = (uint8_t)(w[i] >> (bits - 8 - 8 * b));
}

/* The a that step (steps - digest_words) writes, from the digest alone.
 * §6.2.2 (§6.4.2 alike): step t forms T1 (reads h, e, f, g, W, K) and
 * T2 = Σ0(a) + Maj(a, b, c), then e := d + T1 and a := T1 + T2, the other
 * letters shifting down. Naming A[t], E[t] the a and e step t writes, the
 * letters after the last step n-1 are a..d = A[n-1..n-4], e..h =
 * E[n-1..n-4], and H_i = H_i(0) + the i-th. As E[t] = A[t-4] + T1 and
 * A[t] = T1 + T2(A[t-1], A[t-2], A[t-3]): A[t-4] = E[t] - A[t] + T2(...),
 * one A further back per E word of the digest, without a message word. */
static uint64_t sha2_compared(const sha2_member *m, const uint64_t *h)
{
    const uint64_t mask = word_mask(m->bits);
    const unsigned n = m->steps;
    uint64_t a[80];
    for (unsigned i = 0; i < 4; i++)
        a[n - 1 - i] = (h[i] - m->h0[i]) & mask;
    for (unsigned i = 4; i < m->digest_words; i++) {
        const unsigned t = n - 1 - (i - 4);
        const uint64_t e = (h[i] - m->h0[i]) & mask;
        const uint64_t x = a[t - 1], y = a[t - 2], z = a[t - 3];
        const uint64_t t2 =
            (rotr(x, m->sigma0[0], m->bits) ^ rotr(x, m->sigma0[1], m->bits) ^ rotr(x, m->sigma0[2], m->bits)) +
            ((x & y) ^ (x & z) ^ (y & z));
        a[t - 4] = (e - a[t] + t2) & mask;
    }
    return a[n - m->digest_words];
}

/* A digest other than `real` whose compared word is the same: bit `bit` of
 * word 0 flipped, then the last E word the reversal reads (H7 for SHA-256
 * and -512, H6 for SHA-224, H5 for SHA-384) moved by the difference (the
 * compared word is that E word plus a term of the others). */
static void sha2_forge(const sha2_member *m, const uint8_t *real, unsigned bit, uint8_t *forged)
{
    uint64_t h[8], f[8];
    words_of(real, m->digest_words, m->bits, h);
    memcpy(f, h, sizeof(f));
    f[0] ^= 1ull << (bit % m->bits);
    const unsigned last_e = m->digest_words - 1;
    f[last_e] = (f[last_e] + sha2_compared(m, h) - sha2_compared(m, f)) & word_mask(m->bits);
    CHECK_MSG(sha2_compared(m, f) == sha2_compared(m, h) && f[0] != h[0], "%s: the forgery does not collide",
              m->row);
    bytes_of(f, m->digest_words, m->bits, forged);
}

/* SHA-1 (§6.1.2): after step 79 e = ROTL^30 of the a step 75 wrote, and
 * H4 = H4(0) + e: that a is the word compared, from H4 alone. A digest
 * with word 0 changed keeps it. */
static uint32_t sha1_compared(const uint8_t *digest)
{
    uint64_t h[5];
    words_of(digest, 5, 32, h);
    const uint32_t e = (uint32_t)h[4] - 0xc3d2e1f0u;
    return e << 2 | e >> 30;
}

static void sha1_forge(const uint8_t *real, unsigned bit, uint8_t *forged)
{
    memcpy(forged, real, 20);
    forged[(bit % 32) / 8] ^= (uint8_t)(1u << (bit % 8));
    CHECK(sha1_compared(forged) == sha1_compared(real) && memcmp(forged, real, 20) != 0);
}

static void forge(const hc_algorithm *alg, const uint8_t *real, unsigned bit, uint8_t *forged)
{
    if (strcmp(alg->name, "sha1") == 0) {
        sha1_forge(real, bit, forged);
        return;
    }
    for (size_t i = 0; i < sizeof(sha2_members) / sizeof(sha2_members[0]); i++)
        if (strcmp(alg->name, sha2_members[i].row) == 0)
            sha2_forge(&sha2_members[i], real, bit, forged);
}

/* For the candidate `real` of len inside its part, and `other`, another
 * candidate of the part:
 *  (a) the forged target alone: not found, the whole part searched, and the
 *      kernel flagged exactly one lane, the real candidate's (the forgery
 *      collides in the kernel, the hasher rejects it);
 *  (b) the forged and the real digest: the real found once, the forged
 *      never; the forged and the other's digest: that one found once, the
 *      forged never, and the kernel flagged both lanes. */
static void forged_case(const hc_algorithm *alg, hc_simd_level level, uint32_t len)
{
    static hc_mask mask;
    const unsigned dl = alg->digest_len;
    uint8_t real[TEXT_MAX], other[TEXT_MAX];
    edge_candidate(len, NULL, real);
    /* the last character another: the same slice of 10^3 */
    memcpy(other, real, len);
    other[len - 1] = digits[(real[len - 1] - '0' + 1 + rng() % (DIGITS - 1)) % DIGITS];
    edge_space space;
    space_of(real, len, &mask, &space);
    const count128 size = space.end - space.begin;

    uint8_t targets[3 * HC_MAX_DIGEST_LEN]; /* forged, real, other */
    text_digest(alg, real, len, targets + dl);
    text_digest(alg, other, len, targets + 2 * dl);
    forge(alg, targets + dl, (unsigned)rng(), targets);

    const char *at = hc_simd_name(level);
    hc_crack_result r;
    hc_crack_probe probe;
    edge_search alone = {alg, len, &space, targets, 1, 1 + (unsigned)(rng() % 2)};
    run_search(&alone, &r, &probe, NULL);
    CHECK_MSG(!r.found && count128_of(r.attempts) == size && probe.kernel_candidates > 0 && probe.kernel_reports == 1,
              "%s/%s len %u, the forged target alone: found=%d, %llu of %llu attempts, %llu by the kernel, "
              "%llu lanes flagged (expected the real candidate's)",
              alg->name, at, len, r.found, (unsigned long long)count128_of(r.attempts), (unsigned long long)size,
              (unsigned long long)probe.kernel_candidates, (unsigned long long)probe.kernel_reports);
    hc_crack_result_free(&r);

    for (unsigned with = 1; with <= 2; with++) {
        uint8_t pair[2 * HC_MAX_DIGEST_LEN];
        memcpy(pair, targets, dl);
        memcpy(pair + dl, targets + with * dl, dl);
        found_log log;
        edge_search many = {alg, len, &space, pair, 2, 2};
        run_search(&many, &r, &probe, &log);
        CHECK_MSG(!log.wrong && log.calls[0] == 0 && log.calls[1] == 1 && r.found_count == 1 &&
                      count128_of(r.attempts) == size && probe.kernel_candidates > 0 && probe.kernel_reports >= with,
                  "%s/%s len %u, forged + %s: wrong %d, forged found %u times, the real %u times, %zu found, "
                  "%llu of %llu attempts, %llu lanes flagged",
                  alg->name, at, len, with == 1 ? "its real digest" : "another candidate's", log.wrong,
                  log.calls[0], log.calls[1], r.found_count, (unsigned long long)count128_of(r.attempts),
                  (unsigned long long)size, (unsigned long long)probe.kernel_reports);
        hc_crack_result_free(&r);
    }
}

/* The SHA rows at every level, lengths whose varying words are each of
 * SHA-1's specialised words (0..7), past them, and the longest. */
static void test_forged_targets(void)
{
    static const char *const rows[] = {"sha1", "sha224", "sha256", "sha384", "sha512"};
    static const uint32_t lengths[] = {1, 3, 6, 9, 14, 17, 23, 30, 32, 33, 47, 64};
    const hc_simd_level top = hc_simd_detected();
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const hc_algorithm *alg = alg_named(rows[i]);
        for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++) {
            if (!own_entry(alg, (hc_simd_level)level))
                continue;
            hc_simd_limit((hc_simd_level)level);
            const uint32_t longest = kernel_longest(alg, (hc_simd_level)level);
            for (size_t k = 0; k < sizeof(lengths) / sizeof(lengths[0]) && lengths[k] < longest; k++)
                forged_case(alg, (hc_simd_level)level, lengths[k]);
            forged_case(alg, (hc_simd_level)level, longest);
            hc_simd_limit(HC_SIMD_AVX512);
        }
    }
}

/* ---- (4): SHA-1's schedule masks ------------------------------------------------------- */

/* With only message word j varying by x, each schedule word is the
 * constant words' expansion XOR rotations of x (§6.1.2: W[t] =
 * ROTL^1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) is linear). Bit r of a mask
 * stands for ROTL^r(x): a rotation of the word rotates the mask, XOR of
 * words XORs masks (equal terms cancel). */
static void test_sha1_masks(void)
{
    const size_t words = sizeof(sha1_masks) / sizeof(sha1_masks[0]);
    CHECK(words == 8 && sizeof(sha1_masks[0]) / sizeof(sha1_masks[0][0]) == 80);
    for (unsigned j = 0; j < words; j++) {
        uint32_t m[80] = {0};
        m[j] = 1; /* ROTL^0(x) */
        for (unsigned t = 16; t < 80; t++) {
            const uint32_t x = m[t - 3] ^ m[t - 8] ^ m[t - 14] ^ m[t - 16];
            m[t] = x << 1 | x >> 31;
        }
        for (unsigned t = 0; t < 80; t++)
            CHECK_MSG(sha1_masks[j][t] == m[t], "sha1_masks[%u][%u] = %08x, the recurrence gives %08x", j, t,
                      sha1_masks[j][t], m[t]);
    }
}

/* Which SHA-1 variant ran shows only in one place: the specialised one
 * reads word J alone, while the general one also adds tab_lo to word
 * J - 1 (the engine hands it a zero table when that word does not vary,
 * kernel.h). Called directly, the entry point gets a tab_lo of garbage
 * with one varying word: the candidate is still flagged only if the
 * specialised variant ran. For J = 1..7 (J = 0 has no word before it) at
 * every level: a dispatch that sends any of them to the general path (or
 * the specialised kernels to nowhere) fails here, where answers alone
 * cannot tell. */
enum { DIRECT_LANES = 16, DIRECT_TABLE = DIRECT_LANES + HC_MB_TABLE_PAD };

static void direct_sha1(hc_mb_kernel_fn *kernel, const char *at, unsigned len)
{
    /* the block: "abc..." with its last character varying over 16 lanes
     * ('a' + lane), padded as §5.1.1 says, as big-endian words */
    uint8_t block[64] = {0};
    for (unsigned i = 0; i + 1 < len; i++)
        block[i] = (uint8_t)('a' + i % 26);
    block[len] = 0x80;
    block[62] = (uint8_t)((8 * len) >> 8);
    block[63] = (uint8_t)(8 * len);
    uint64_t w64[16];
    words_of(block, 16, 32, w64);
    uint32_t w[16];
    for (unsigned t = 0; t < 16; t++)
        w[t] = (uint32_t)w64[t];
    const unsigned J = (len - 1) / 4, shift = 8 * (3 - (len - 1) % 4);
    static uint32_t tab_hi[DIRECT_TABLE], tab_lo[DIRECT_TABLE];
    for (unsigned u = 0; u < DIRECT_TABLE; u++) {
        tab_hi[u] = (uint32_t)('a' + u % DIRECT_LANES) << shift;
        tab_lo[u] = 0x5a5a5a5au; /* garbage: word J - 1 does not vary */
    }
    /* the target: lane `lane`'s candidate */
    const unsigned lane = 11;
    block[len - 1] = (uint8_t)('a' + lane);
    uint8_t digest[20];
    text_digest(alg_named("sha1"), block, len, digest);
    uint64_t t64[5];
    uint32_t target[5];
    words_of(digest, 5, 32, t64);
    for (unsigned i = 0; i < 5; i++)
        target[i] = (uint32_t)t64[i];
    hc_mb_args args = {.w = w, .tab_lo = tab_lo, .tab_hi = tab_hi, .word = J, .two = false, .target = target,
                       .digest_len = 20, .msg_bytes = len};
    uint32_t hits[DIRECT_TABLE];
    unsigned count = 0;
    size_t u = 0;
    while (u < DIRECT_LANES)
        u = kernel(&args, u, DIRECT_LANES, hits, DIRECT_TABLE, &count);
    CHECK_MSG(count == 1 && hits[0] == lane,
              "sha1/%s len %u (word %u varies alone): %u lanes flagged, the first %u (expected lane %u alone): "
              "the specialised variant did not run, or hashed wrongly",
              at, len, J, count, count ? hits[0] : 0, lane);
}

static void test_sha1_dispatch(void)
{
    const hc_algorithm *sha1 = alg_named("sha1");
    const hc_simd_level top = hc_simd_detected();
    for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++) {
        hc_mb_layout layout;
        if (!own_entry(sha1, (hc_simd_level)level) ||
            !hc_kernel_layout(sha1, (hc_simd_level)level, HC_KERNEL_ANY_ENTRY, &layout))
            continue;
        /* the last character of word J alone varies: 4J + 4 bytes */
        for (unsigned J = 1; J < 8; J++)
            direct_sha1(layout.kernel, hc_simd_name((hc_simd_level)level), 4 * J + 4);
    }
}

static void timed(const char *name, void (*fn)(void))
{
    double start = wall_now();
    fn();
    fprintf(stderr, "%s: %.3f s\n", name, wall_now() - start);
}

int main(void)
{
    rng_state = 0x3C6EF372FE94F82Bull;
    timed("sha1_masks", test_sha1_masks);
    timed("sha1_dispatch", test_sha1_dispatch);
    timed("forged_targets", test_forged_targets);
    timed("positions", test_positions);
    return test_report("test_crack_edges");
}
