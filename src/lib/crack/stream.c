/* Searching a stream of words (hc/stream.h): each batch is cut into groups
 * of words that the job's threads take in turn; a thread makes every
 * candidate of its words (the rules, then the mask's candidates by an
 * odometer, the mangled word written once per rule). Where the row has a
 * free-lanes kernel (kernel.h: MD5, MD4/NTLM, SHA-1, SHA-2, RIPEMD, HAVAL,
 * SHA-3/Keccak), each candidate that fits one block is laid out as its
 * padded block in a column of the thread's lanes, and a full set of lanes
 * is hashed at once in SIMD lanes; only the kernel's few reports are made
 * again from their word and index and checked with the ordinary hasher. Longer candidates,
 * and every candidate of the other rows, are hashed one at a time. A
 * hybrid word + mask with a large mask runs each word as a mask in the
 * brute-force engine instead (WORD_AS_MASK_MIN). With one target, the
 * match of the earliest word wins (words after a found one are skipped,
 * words before it finished), so the answer and the attempts do not depend
 * on the thread count. */
#include "hc/stream.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "algos/byteorder.h"
#include "crack/job.h"
#include "crack/kernel.h"
#include "crack/targets.h"
#include "hc/cpu.h"
#include "hc/pool.h"
#include "platform.h"

enum {
    GROUP_WORDS = 16,        /* words a thread takes at a time */
    POLL_CANDIDATES = 4096,  /* candidates between two cancel polls and progress updates */
    /* Candidates hashed in one free-lanes call: a multiple of
     * HC_LANES_ALIGN; their columns (16 KiB, HAVAL's 32, 32 to 36 KiB of
     * 64-bit words) stay in the L1 cache. */
    LANES = 256,
    /* A hybrid word + mask (-a 6) with at least this many mask candidates
     * runs each word as a mask of its own in the brute-force kernels: they
     * vary the last positions inside the kernel from tables, several times
     * faster than the lanes, whose every candidate is laid out in full;
     * below this the start of a run per word costs more than it saves. */
    WORD_AS_MASK_MIN = 50000,
};

struct hc_stream {
    const hc_crack_job *job;
    const hc_stream_attack *attack;
    hc_pool *own_pool;
    size_t rule_count;       /* 1 without rules */
    count128 mask_count;     /* 1 without a mask */
    count128 per_word;
    unsigned cw;             /* 2: UTF-16LE rows */
    bool multi;
    hc_mask *word_mask;            /* not NULL: hybrid words run as masks (WORD_AS_MASK_MIN) */
    bool lanes;                    /* the row's free-lanes kernel hashes what fits */
    hc_lanes_layout lanes_layout;
    uint32_t lanes_want;           /* one target: its key */
    hc_target_set set;
    uint8_t *found_flags;
    size_t found_count;

    plat_mutex lock;
    const hc_stream_words *words;  /* the batch being searched */
    atomic_size_t next;            /* its next group */
    _Atomic size_t found_word;     /* one target: the earliest word of the batch with a match (SIZE_MAX: none) */
    count128 found_k;
    uint8_t *found_text;
    size_t found_len;
    count128 found_attempts;
    bool found;
    count128 fed;                  /* candidates fed before this batch (a first_k among them) */
    count128 hashed;
    hc_status error;
    atomic_bool stop, cancelled;
};

/* Candidates per word (hc_stream_per_word). */
static count128 per_word_count(const hc_stream_attack *attack)
{
    count128 rules = attack->rules && attack->rules->count ? attack->rules->count : 1, masks = 1;
    if (attack->mask)
        for (size_t i = 0; i < attack->mask->length; i++)
            masks = count128_mul_sat(masks, attack->mask->pos[i].count);
    return count128_mul_sat(masks, rules);
}

static count128 mask_count(const hc_stream_attack *attack)
{
    hc_stream_attack no_rules = *attack;
    no_rules.rules = NULL;
    return per_word_count(&no_rules);
}

/* The mangled word (rule r) at its place in out; returns its length. */
static size_t place_word(const hc_stream_attack *a, const uint8_t *word, size_t len, size_t r, uint8_t *out)
{
    uint8_t *at = out + (a->mask && a->mask_first ? a->mask->length : 0);
    if (a->rules && a->rules->count)
        return hc_rules_apply(a->rules, r, word, len, at);
    memcpy(at, word, len);
    return len;
}

/* Mask candidate m's bytes at `at`, and its set indices in digits. */
static void place_mask(const hc_mask *mask, count128 m, uint8_t *at, uint16_t *digits)
{
    for (size_t i = mask->length; i-- > 0;) {
        const hc_mask_set *set = &mask->pos[i];
        digits[i] = (uint16_t)(m % set->count);
        m /= set->count;
        at[i] = set->chars[digits[i]];
    }
}

/* The next mask candidate in place: the odometer, rightmost fastest. */
static void next_mask(const hc_mask *mask, uint8_t *at, uint16_t *digits)
{
    for (size_t i = mask->length; i-- > 0;) {
        const hc_mask_set *set = &mask->pos[i];
        if (++digits[i] < set->count) {
            at[i] = set->chars[digits[i]];
            return;
        }
        digits[i] = 0;
        at[i] = set->chars[0];
    }
}

hc_count hc_stream_per_word(const hc_stream_attack *attack)
{
    return hc_count_of(per_word_count(attack));
}

/* Candidate k of word into out (hc_stream_candidate). */
static size_t stream_candidate(const hc_stream_attack *attack, const uint8_t *word, size_t len, count128 k,
                               uint8_t out[HC_STREAM_CANDIDATE_MAX])
{
    const count128 masks = mask_count(attack);
    size_t n = place_word(attack, word, len, (size_t)(k / masks), out);
    if (attack->mask) {
        uint16_t digits[HC_MASK_MAX_LEN];
        place_mask(attack->mask, k % masks, out + (attack->mask_first ? 0 : n), digits);
        n += attack->mask->length;
    }
    return n;
}

size_t hc_stream_candidate(const hc_stream_attack *attack, const uint8_t *word, size_t len, hc_count k,
                           uint8_t out[HC_STREAM_CANDIDATE_MAX])
{
    return stream_candidate(attack, word, len, count128_of(k), out);
}

/* ---- the search ---------------------------------------------------------- */

/* A thread's candidates waiting for the free-lanes kernel: their blocks in
 * columns (kernel.h), and which word and index of it each is. */
typedef struct lanes_batch {
    union {
        uint32_t w32[HC_LANES_MAX_BLOCK / 4 * LANES];
        uint64_t w64[HC_LANES_MAX_BLOCK / 8 * LANES]; /* SHA-384/512, SHA-3, Keccak */
    } columns;
    uint32_t hits[LANES];
    size_t word[LANES];
    count128 k[LANES];
    size_t n;
} lanes_batch;

typedef struct worker {
    hc_stream *s;
    hc_hasher hasher;
    uint8_t text[HC_STREAM_CANDIDATE_MAX], wide[2 * HC_STREAM_CANDIDATE_MAX];
    uint8_t digest[HC_MAX_DIGEST_LEN];
    uint16_t digits[HC_MASK_MAX_LEN];
    unsigned since_poll;
    count128 hashed, published;
    lanes_batch lanes;
} worker;

static void publish(worker *w)
{
    hc_crack_progress *progress = w->s->job->progress;
    if (progress && w->hashed != w->published)
        atomic_fetch_add_explicit(&progress->hashed, (uint64_t)(w->hashed - w->published), memory_order_relaxed);
    w->published = w->hashed;
}

/* Every few thousand candidates: cancelled? (stops the search) */
static bool poll_stop(worker *w)
{
    hc_stream *s = w->s;
    if (++w->since_poll < POLL_CANDIDATES)
        return atomic_load_explicit(&s->stop, memory_order_relaxed);
    w->since_poll = 0;
    publish(w);
    if (s->job->cancelled && s->job->cancelled(s->job->cancel_arg)) {
        atomic_store(&s->cancelled, true);
        atomic_store(&s->stop, true);
    }
    return atomic_load(&s->stop);
}

static void record(worker *w, size_t word, count128 k, size_t len)
{
    hc_stream *s = w->s;
    const hc_crack_job *job = s->job;
    plat_mutex_lock(&s->lock);
    if (s->multi) {
        size_t t;
        if (hc_target_find(&s->set, w->digest, &t) && !s->found_flags[t]) {
            s->found_flags[t] = 1;
            s->found_count++;
            if (job->progress)
                atomic_fetch_add_explicit(&job->progress->found, 1, memory_order_relaxed);
            job->on_found(job->found_arg, t, w->text, len);
            if (s->found_count == s->set.count)
                atomic_store(&s->stop, true);
        }
    } else if (word < atomic_load(&s->found_word) || (word == atomic_load(&s->found_word) && k < s->found_k)) {
        uint8_t *copy = realloc(s->found_text, len ? len : 1);
        if (copy == NULL) {
            s->error = HC_ERR_NOMEM;
            atomic_store(&s->stop, true);
        } else {
            memcpy(copy, w->text, len);
            s->found_text = copy;
            s->found_len = len;
            s->found_k = k;
            if (atomic_load(&s->found_word) == SIZE_MAX && job->progress)
                atomic_fetch_add_explicit(&job->progress->found, 1, memory_order_relaxed);
            atomic_store(&s->found_word, word);
        }
    }
    plat_mutex_unlock(&s->lock);
}

/* Hashes w->text (len bytes) and checks it; true when it matched. Does
 * not count it. */
static bool check_candidate(worker *w, size_t word, count128 k, size_t len)
{
    hc_stream *s = w->s;
    const uint8_t *msg = w->text;
    if (s->cw == 2) {
        for (size_t i = 0; i < len; i++)
            w->wide[2 * i] = w->text[i], w->wide[2 * i + 1] = 0;
        msg = w->wide;
    }
    hc_hasher_oneshot(&w->hasher, msg, len * s->cw, w->digest);
    size_t t;
    const bool hit = s->multi ? hc_target_check(&s->set, w->digest, &t)
                              : memcmp(w->digest, s->job->target, s->job->alg->digest_len) == 0;
    if (hit)
        record(w, word, k, len);
    return hit && !s->multi;
}

/* Hashes the waiting candidates in lanes; each report is made again
 * (hc_stream_candidate) and checked with the ordinary hasher. True when
 * one target matched. */
static bool flush_lanes(worker *w)
{
    hc_stream *s = w->s;
    lanes_batch *b = &w->lanes;
    if (b->n == 0)
        return false;
    const hc_lanes_args args = {
        .words = b->columns.w32, .words64 = b->columns.w64, .stride = LANES,
        .block_words = s->lanes_layout.block_words, .passes = s->job->alg->passes, .digest_len = s->job->alg->digest_len, .want = s->lanes_want,
        .filter = s->multi ? &s->set.keys.filter : NULL,
    };
    unsigned reports = 0;
    s->lanes_layout.kernel(&args, b->n, b->hits, &reports);
    bool matched = false;
    const hc_stream_words *words = s->words;
    for (unsigned r = 0; r < reports; r++) {
        const size_t i = b->word[b->hits[r]];
        const uint8_t *word = words->bytes + words->offset[i];
        size_t len = stream_candidate(s->attack, word, words->offset[i + 1] - words->offset[i], b->k[b->hits[r]],
                                         w->text);
        matched |= check_candidate(w, i, b->k[b->hits[r]], len);
    }
    b->n = 0;
    return matched;
}

/* A message of `bytes` bytes as its padded block of words of `size` bytes
 * (4 or 8) in a column (col32 or col64, LANES apart): each word read whole
 * from the message (its buffer is longer than a block), the bytes past the
 * message masked off and the padding byte put in, with no copy of the
 * message; then MD-style, the bit length in the last two words (8 bytes of
 * 4, or 16 of 8 whose high half is zero) in the words' byte order, after
 * the layout's tail (HAVAL's), or for a sponge 0x80 in the rate's last
 * byte (FIPS 202 §5.1, little-endian). */
static inline __attribute__((always_inline)) void lay_out_block(const hc_lanes_layout *l, const uint8_t *msg,
                                                                size_t bytes, unsigned size, uint32_t *col32,
                                                                uint64_t *col64)
{
    const bool md = l->padding != HC_MB_PAD_KECCAK;
    const unsigned message_words = md ? l->block_words - 2 : l->block_words;
    uint64_t word[HC_LANES_MAX_BLOCK / 4];
    for (unsigned j = 0; j < message_words; j++) {
        const size_t at = (size_t)size * j;
        /* byte i of the word at bits 8i: one load, none past the message
         * (those bytes may be still on their way from earlier stores: a
         * load across them waits) */
        uint64_t v = at >= bytes ? 0 : size == 8 ? hc_load64_le(msg + at) : hc_load32_le(msg + at);
        const uint64_t keep = bytes >= at + size ? UINT64_MAX : bytes > at ? (UINT64_C(1) << (8 * (bytes - at))) - 1 : 0;
        const uint64_t pad = bytes >= at && bytes < at + size ? (uint64_t)l->pad_byte << (8 * (bytes - at)) : 0;
        v = (v & keep) | pad;
        word[j] = !l->big_endian ? v : size == 8 ? __builtin_bswap64(v) : __builtin_bswap32((uint32_t)v);
    }
    if (md) {
        const uint64_t bits = (uint64_t)bytes * 8;
        const uint64_t high = size == 8 ? 0 : bits >> 32, low = size == 8 ? bits : (uint32_t)bits;
        word[message_words - 1] |= l->tail;
        word[message_words] = l->big_endian ? high : low;
        word[message_words + 1] = l->big_endian ? low : high;
    } else {
        word[message_words - 1] |= (uint64_t)0x80 << (8 * (size - 1));
    }
    for (unsigned j = 0; j < l->block_words; j++) {
        if (size == 8)
            col64[j * LANES] = word[j];
        else
            col32[j * LANES] = (uint32_t)word[j];
    }
}

/* Lays w->text (len characters, at most the block's message) out as its
 * padded block in the next column of the lanes. */
static void add_to_lanes(worker *w, size_t word, count128 k, size_t len)
{
    const hc_stream *s = w->s;
    const hc_lanes_layout *l = &s->lanes_layout;
    lanes_batch *b = &w->lanes;
    const uint8_t *msg = w->text;
    if (s->cw == 2) {
        for (size_t i = 0; i < len; i++)
            w->wide[2 * i] = w->text[i], w->wide[2 * i + 1] = 0;
        msg = w->wide;
    }
    if (l->word_bytes == 8)
        lay_out_block(l, msg, len * s->cw, 8, NULL, b->columns.w64 + b->n);
    else
        lay_out_block(l, msg, len * s->cw, 4, b->columns.w32 + b->n, NULL);
    b->word[b->n] = word;
    b->k[b->n] = k;
    b->n++;
}

/* Candidate k of word `word`, w->text (len bytes): into the lanes when it
 * fits one block, else hashed now. Counted. True when one target matched. */
static bool try_candidate(worker *w, size_t word, count128 k, size_t len)
{
    hc_stream *s = w->s;
    w->hashed++;
    if (s->lanes && len * s->cw <= s->lanes_layout.max_bytes) {
        add_to_lanes(w, word, k, len);
        return w->lanes.n == LANES && flush_lanes(w);
    }
    return check_candidate(w, word, k, len);
}

/* The candidates [from, to) of word i of the batch: all of them, but
 * for a window's edges (hc_stream_words). */
static count128 word_from(const hc_stream_words *words, size_t i)
{
    return i == 0 ? count128_of(words->first_k) : 0;
}

static count128 word_to(const hc_stream *s, const hc_stream_words *words, size_t i)
{
    const count128 last_end = count128_of(words->last_end);
    return i + 1 == words->count && last_end > 0 ? last_end : s->per_word;
}

/* Every candidate of word i of the batch (in its window); false when the
 * search stops. */
static bool search_word(worker *w, size_t i)
{
    hc_stream *s = w->s;
    const hc_stream_attack *a = s->attack;
    const hc_stream_words *words = s->words;
    const uint8_t *word = words->bytes + words->offset[i];
    const size_t len = words->offset[i + 1] - words->offset[i];
    const count128 from = word_from(words, i), to = word_to(s, words, i);
    if (a->mask == NULL) {
        /* the rules alone: candidate k is rule k (the loop below, without
         * its 128-bit odometer, which cost a fifth of the time) */
        for (size_t r = (size_t)from, last = (size_t)to; r < last; r++) {
            if (try_candidate(w, i, r, place_word(a, word, len, r, w->text)) || poll_stop(w))
                return false;
        }
        return true;
    }
    count128 k = from, first_m = from % s->mask_count;
    for (size_t r = (size_t)(from / s->mask_count); k < to; r++, first_m = 0) {
        size_t n = place_word(a, word, len, r, w->text);
        uint8_t *mask_at = w->text + (a->mask_first ? 0 : n);
        place_mask(a->mask, first_m, mask_at, w->digits);
        const size_t total = n + a->mask->length;
        /* this rule's mask candidates in the window, one bound per loop */
        const count128 end_m = to - k < s->mask_count - first_m ? first_m + (to - k) : s->mask_count;
        for (count128 m = first_m; m < end_m; m++, k++) {
            if (m > first_m)
                next_mask(a->mask, mask_at, w->digits);
            if (try_candidate(w, i, k, total))
                return false; /* later candidates of this word come after the match */
            if (poll_stop(w))
                return false;
        }
    }
    return true;
}

static void worker_main(void *arg, size_t index)
{
    (void)index;
    hc_stream *s = arg;
    worker *w = malloc(sizeof(*w));
    if (w == NULL || hc_hasher_open(&w->hasher, s->job->alg, NULL) != HC_OK) {
        plat_mutex_lock(&s->lock);
        s->error = HC_ERR_NOMEM;
        plat_mutex_unlock(&s->lock);
        atomic_store(&s->stop, true);
        free(w);
        return;
    }
    w->s = s;
    w->since_poll = 0;
    w->hashed = w->published = 0;
    w->lanes.n = 0;
    const size_t count = s->words->count;
    for (;;) {
        size_t first = atomic_fetch_add(&s->next, GROUP_WORDS);
        if (first >= count || atomic_load(&s->stop))
            break;
        size_t last = first + GROUP_WORDS < count ? first + GROUP_WORDS : count;
        for (size_t i = first; i < last; i++) {
            if (i > atomic_load(&s->found_word) || !search_word(w, i))
                break;
        }
    }
    flush_lanes(w);
    publish(w);
    plat_mutex_lock(&s->lock);
    s->hashed += w->hashed;
    plat_mutex_unlock(&s->lock);
    hc_hasher_close(&w->hasher);
    free(w);
}

hc_status hc_stream_open_sized(hc_stream **stream, const hc_crack_job *job, size_t result_size,
                               const hc_stream_attack *attack)
{
    *stream = NULL;
    if (result_size != sizeof(hc_crack_result))
        return HC_ERR_ABI;
    if (job->alg == NULL || job->threads < 1 || (job->target_count > 0 ? !job->targets || !job->on_found : !job->target))
        return HC_ERR_INVALID;
    hc_stream *s = calloc(1, sizeof(*s));
    if (s == NULL)
        return HC_ERR_NOMEM;
    s->job = job;
    s->attack = attack;
    s->rule_count = attack->rules && attack->rules->count ? attack->rules->count : 1;
    s->mask_count = mask_count(attack);
    s->per_word = per_word_count(attack);
    s->cw = (hc_algorithm_flags(job->alg) & HC_ALG_TEXT_UTF16LE) ? 2 : 1;
    atomic_init(&s->found_word, SIZE_MAX);
    atomic_init(&s->stop, false);
    atomic_init(&s->cancelled, false);
    s->lanes = hc_kernel_lanes(job->alg, hc_simd_active(), 0, &s->lanes_layout);
    hc_status status = plat_mutex_init(&s->lock) == 0 ? HC_OK : HC_ERR_NOMEM;
    if (s->lanes && job->target_count == 0) {
        /* the key the kernel compares: the first digest word (hc_target_key) */
        const uint8_t *t = job->target;
        s->lanes_want = s->lanes_layout.big_endian
                            ? (uint32_t)t[0] << 24 | (uint32_t)t[1] << 16 | (uint32_t)t[2] << 8 | t[3]
                            : (uint32_t)t[3] << 24 | (uint32_t)t[2] << 16 | (uint32_t)t[1] << 8 | t[0];
    }
    if (status == HC_OK && job->target_count > 0) {
        s->multi = true;
        /* keyed as the lanes compare: the first word in the row's byte order */
        status = hc_target_set_init(&s->set, job->targets, job->target_count, job->alg->digest_len,
                                    s->lanes && s->lanes_layout.big_endian);
        if (status == HC_OK && (s->found_flags = calloc(job->target_count, 1)) == NULL)
            status = HC_ERR_NOMEM;
    }
    hc_mb_layout brute_force;
    if (status == HC_OK && attack->mask && !attack->mask_first && !(attack->rules && attack->rules->count) &&
        s->mask_count >= WORD_AS_MASK_MIN && hc_kernel_layout(job->alg, hc_simd_active(), 0, &brute_force) &&
        (s->word_mask = malloc(sizeof(*s->word_mask))) == NULL)
        status = HC_ERR_NOMEM;
    if (status == HC_OK && job->pool == NULL && job->threads > 1)
        status = hc_pool_create(&s->own_pool, job->threads);
    if (status != HC_OK) {
        hc_stream_close(s);
        return status;
    }
    *stream = s;
    return HC_OK;
}

/* The batch's words through the threads' lanes. */
static void search_batch(hc_stream *s, const hc_stream_words *words)
{
    s->words = words;
    atomic_store(&s->next, 0);
    hc_pool *pool = s->job->pool ? s->job->pool : s->own_pool;
    hc_pool_for(pool, s->job->threads, worker_main, s);
    s->words = NULL;
    const size_t found_word = atomic_load(&s->found_word);
    if (found_word != SIZE_MAX && !s->found) {
        s->found = true;
        s->found_attempts = s->fed + found_word * s->per_word + s->found_k + 1;
        atomic_store(&s->stop, true);
    }
    s->fed += (words->count - 1) * s->per_word + word_to(s, words, words->count - 1);
}

/* Many targets, a word run as a mask: each target reported once, however
 * many words find it. */
static void found_in_word_mask(void *arg, size_t target, const uint8_t *text, size_t len)
{
    hc_stream *s = arg;
    const hc_crack_job *job = s->job;
    plat_mutex_lock(&s->lock);
    if (!s->found_flags[target]) {
        s->found_flags[target] = 1;
        s->found_count++;
        if (job->progress)
            atomic_fetch_add_explicit(&job->progress->found, 1, memory_order_relaxed);
        job->on_found(job->found_arg, target, text, len);
        if (s->found_count == s->set.count)
            atomic_store(&s->stop, true);
    }
    plat_mutex_unlock(&s->lock);
}

/* A word's run as a mask: the engine counts into a progress of its own,
 * published into the job's as it goes (from the cancel poll, every few
 * milliseconds), since its count of answers found would repeat a target
 * found again in a later word. */
typedef struct word_run {
    hc_stream *s;
    hc_crack_progress progress;
    atomic_uint_fast64_t published;
} word_run;

static void publish_word_run(word_run *run)
{
    hc_crack_progress *progress = run->s->job->progress;
    if (progress == NULL)
        return;
    const uint64_t now = atomic_load_explicit(&run->progress.hashed, memory_order_relaxed);
    uint_fast64_t before = atomic_load(&run->published);
    while (now > before && !atomic_compare_exchange_weak(&run->published, &before, now)) {
    }
    if (now > before)
        atomic_fetch_add_explicit(&progress->hashed, now - before, memory_order_relaxed);
}

static bool word_run_cancelled(void *arg)
{
    word_run *run = arg;
    publish_word_run(run);
    /* many targets: all found, the last ones in this word */
    if (atomic_load(&run->s->stop))
        return true;
    const hc_crack_job *job = run->s->job;
    return job->cancelled && job->cancelled(job->cancel_arg);
}

/* Word i of the batch as a mask: its bytes as sets of one, then the
 * attack's mask, searched by the brute-force engine with the job's
 * threads. */
static void search_word_as_mask(hc_stream *s, const hc_stream_words *words, size_t i)
{
    const count128 from = word_from(words, i), to = word_to(s, words, i);
    const hc_mask *mask = s->attack->mask;
    const size_t len = words->offset[i + 1] - words->offset[i];
    hc_mask *m = s->word_mask;
    m->length = len + mask->length;
    for (size_t c = 0; c < len; c++) {
        m->pos[c].count = 1;
        m->pos[c].chars[0] = words->bytes[words->offset[i] + c];
    }
    memcpy(m->pos + len, mask->pos, mask->length * sizeof(mask->pos[0]));
    word_run run = {.s = s};
    atomic_init(&run.progress.hashed, 0);
    atomic_init(&run.progress.length, 0);
    atomic_init(&run.progress.found, 0);
    atomic_init(&run.progress.settled, 0);
    atomic_init(&run.published, 0);
    hc_crack_job job = *s->job;
    job.mask = m;
    job.dict = NULL;
    job.dict_len = 0;
    job.min_len = job.max_len = (uint32_t)m->length;
    job.part = job.parts = 0;
    job.skip = from;
    job.limit = to - from;
    job.pool = s->job->pool ? s->job->pool : s->own_pool;
    job.progress = &run.progress;
    job.cancelled = word_run_cancelled;
    job.cancel_arg = &run;
    if (s->multi) {
        job.on_found = found_in_word_mask;
        job.found_arg = s;
    }
    hc_crack_result r;
    hc_status status = hc_crack_run(&job, &r);
    if (status != HC_OK) {
        s->error = status;
        atomic_store(&s->stop, true);
        return;
    }
    publish_word_run(&run);
    s->hashed += count128_of(r.hashed);
    if (r.cancelled && !(s->multi && s->found_count == s->set.count)) {
        atomic_store(&s->cancelled, true);
        atomic_store(&s->stop, true);
    } else if (!s->multi && r.found) {
        s->found = true;
        s->found_attempts = s->fed + count128_of(r.attempts);
        s->found_text = r.found_text;
        s->found_len = r.found_len;
        r.found_text = NULL;
        if (s->job->progress)
            atomic_fetch_add_explicit(&s->job->progress->found, 1, memory_order_relaxed);
        atomic_store(&s->stop, true);
    }
    hc_crack_result_free(&r);
    s->fed += to;
}

hc_status hc_stream_feed(hc_stream *s, const hc_stream_words *words)
{
    if (hc_stream_over(s) || words->count == 0)
        return s->error;
    if (s->word_mask == NULL) {
        search_batch(s, words);
        return s->error;
    }
    for (size_t i = 0; i < words->count && !hc_stream_over(s); i++) {
        if (words->offset[i + 1] - words->offset[i] + s->attack->mask->length <= HC_MASK_MAX_LEN) {
            search_word_as_mask(s, words, i);
        } else {
            /* longer than a mask: this word through the lanes */
            const hc_stream_words one = {words->bytes, words->offset + i, 1, hc_count_of(word_from(words, i)),
                                         i + 1 == words->count ? words->last_end : hc_count_of(0)};
            search_batch(s, &one);
        }
    }
    return s->error;
}

bool hc_stream_over(const hc_stream *s)
{
    return s->found || s->error != HC_OK || atomic_load(&((hc_stream *)s)->stop);
}

void hc_stream_result(hc_stream *s, hc_crack_result *r)
{
    memset(r, 0, sizeof(*r));
    r->hashed = hc_count_of(s->hashed);
    r->cancelled = atomic_load(&s->cancelled);
    if (s->multi) {
        r->found_count = s->found_count;
        r->found = s->found_count == s->set.count;
        r->attempts = hc_count_of(r->cancelled || r->found ? s->hashed : s->fed);
    } else if (s->found) {
        r->found = true;
        r->attempts = hc_count_of(s->found_attempts);
        r->found_len = s->found_len;
        r->found_text = s->found_text;
        s->found_text = NULL;
    } else {
        r->attempts = hc_count_of(r->cancelled ? s->hashed : s->fed);
    }
}

void hc_stream_close(hc_stream *s)
{
    if (s == NULL)
        return;
    hc_pool_destroy(s->own_pool);
    free(s->found_text);
    free(s->found_flags);
    free(s->word_mask);
    if (s->multi)
        hc_target_set_free(&s->set);
    plat_mutex_destroy(&s->lock);
    free(s);
}
