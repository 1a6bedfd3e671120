/* Driving the SIMD kernels (kernel.h): the suffix tables, the padded
 * block, the targets as the kernel compares them, and a chunk run through
 * the kernel with every flagged lane verified. */
#include "crack/engine.h"

#include <stdlib.h>
#include <string.h>

#include "algos/crc_table.h"

/* ---- CRC registers (see kernel.h) ------------------------------------------ */

/* The register after n zero bytes. */
static uint32_t crc_zeros(const uint32_t table[256], uint32_t reg, size_t n)
{
    for (size_t i = 0; i < n; i++)
        reg = table[reg & 0xFF] ^ (reg >> 8);
    return reg;
}

/* The CRC register after the run of length len's candidates, from the
 * initial register. */
static bool run_register(worker *w, const chunk *c, uint32_t len, uint32_t *reg)
{
    if (w->run_crc_len != len) {
        w->run_crc_len = 0;
        uint32_t r = 0xFFFFFFFFu;
        for (uint64_t left = w->base; left > 0;) {
            size_t n = left < RUN_PIECE ? (size_t)left : RUN_PIECE;
            r = hc_crc_table_run(w->e->crc_table, r, w->run_piece, n);
            left -= n;
            if (worker_abandon(w, c, n))
                return false;
        }
        w->run_crc = r;
        w->run_crc_len = len;
    }
    *reg = w->run_crc;
    return true;
}

/* ---- kernel path ------------------------------------------------------------------ */

/* A word of n bytes (4 or 8) in the given byte order. */
static uint64_t load_word(const uint8_t *p, unsigned n, bool big_endian)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | p[big_endian ? i : n - 1 - i];
    return v;
}

static void table_set(void *table, size_t u, uint64_t value, unsigned word_bytes)
{
    if (word_bytes == 8)
        ((uint64_t *)table)[u] = value;
    else
        ((uint32_t *)table)[u] = (uint32_t)value;
}

static void table_copy(void *table, size_t to, size_t from, unsigned word_bytes)
{
    memcpy((uint8_t *)table + to * word_bytes, (uint8_t *)table + from * word_bytes, word_bytes);
}

/* The padded block of a one-block message of `bytes` bytes whose first
 * bytes are already in block, in the family's padding (kernel.h): for
 * MD5/SHA, 0x80, zeros and the bit length in the last 8 bytes (RFC 1321
 * §3.1-3.2, FIPS 180-4 §5.1.1; §5.1.2's 128-bit length has a zero upper
 * half here) in the algorithm's byte order; for Keccak's rate the domain
 * byte and 0x80 share a byte when the message fills all but one (FIPS 202
 * B.2). */
static void pad_block(const engine *e, uint8_t *block, unsigned bytes)
{
    const unsigned block_bytes = e->layout.block_bytes;
    const uint64_t bits = (uint64_t)bytes * 8;
    memset(block + bytes, 0, block_bytes - bytes);
    switch (e->layout.padding) {
    case HC_MB_PAD_ZERO:
    case HC_MB_CRC_TABLE:
        break;
    case HC_MB_PAD_MD2:
        memset(block + bytes, (int)(block_bytes - bytes), block_bytes - bytes);
        break;
    case HC_MB_PAD_KECCAK:
        block[bytes] = e->layout.pad_byte;
        block[block_bytes - 1] |= 0x80;
        break;
    case HC_MB_PAD_HAVAL: {
        /* 0x01, then VERSION 1, PASS, FPTLEN (bits) in two bytes, then the
         * bit length, as in algos/haval.c */
        unsigned fingerprint_bits = e->alg->digest_len * 8;
        block[bytes] = 0x01;
        block[block_bytes - 10] = (uint8_t)((fingerprint_bits & 0x3) << 6 | (e->alg->passes & 0x7) << 3 | 1);
        block[block_bytes - 9] = (uint8_t)(fingerprint_bits >> 2);
        for (unsigned i = 0; i < 8; i++)
            block[block_bytes - 8 + i] = (uint8_t)(bits >> (8 * i));
        break;
    }
    case HC_MB_PAD_MD:
        block[bytes] = e->layout.pad_byte ? e->layout.pad_byte : 0x80;
        for (unsigned i = 0; i < 8; i++)
            block[e->layout.length_big_endian ? block_bytes - 1 - i : block_bytes - 8 + i] = (uint8_t)(bits >> (8 * i));
        break;
    }
}

/* Character pos of the candidate into the block, after the row's leading
 * zero bytes (TTH's leaf prefix). */
static void put_char(const engine *e, uint8_t *block, unsigned pos, uint8_t c)
{
    const unsigned at = e->layout.lead_zeros + pos * e->cw;
    block[at] = c;
    if (e->cw == 2)
        block[at + 1] = 0;
}

/* Tables of the in-kernel suffixes of length len (see kernel.h). */
static bool build_tables(worker *w, uint32_t len, const length_plan *plan)
{
    engine *e = w->e;
    const unsigned wb = e->layout.word_bytes;
    size_t need = plan->inner + HC_MB_TABLE_PAD;
    /* Both tables in one block, each tab_stride entries: the low one starts
     * whole 64-byte lines after the high one, so both keep the block's
     * alignment. Their entries are all written below. */
    const size_t stride = (need + 7) & ~(size_t)7;
    if (stride > w->tab_stride) {
        /* The tables start on a cache line, so no vector load straddles
         * two: with malloc's 16-byte alignment, wherever the heap put
         * them, the CRC scan's portable kernel ran 12% slower in some
         * runs. (Their old entries are not needed: no realloc.) */
        free(w->tab_block);
        w->tab_block = malloc(2 * stride * sizeof(uint64_t) + CACHE_LINE);
        if (w->tab_block == NULL) {
            w->tab_hi = w->tab_lo = NULL;
            w->tab_stride = 0;
            return false;
        }
        w->tab_hi = (void *)(((uintptr_t)w->tab_block + CACHE_LINE - 1) & ~(uintptr_t)(CACHE_LINE - 1));
        w->tab_stride = stride;
    }
    w->tab_lo = (uint64_t *)w->tab_hi + w->tab_stride;
    const bool be = e->layout.big_endian;
    uint16_t digits[MAX_SUFFIX] = {0};
    uint8_t block[HC_MB_MAX_WORDS * 8], suffix[MAX_SUFFIX];
    memset(block, 0, sizeof(block));
    const unsigned first = len - plan->t;
    for (uint64_t u = 0; u < plan->inner; u++) {
        if (e->crc) {
            for (unsigned k = 0; k < plan->t; k++)
                suffix[k] = pos_chars(e, first + k)[digits[k]];
            table_set(w->tab_hi, u, hc_crc_table_run(e->crc_table, 0, suffix, plan->t), wb);
            table_set(w->tab_lo, u, 0, wb);
        } else {
            for (unsigned k = 0; k < plan->t; k++)
                put_char(e, block, first + k, pos_chars(e, first + k)[digits[k]]);
            table_set(w->tab_hi, u, load_word(block + wb * plan->word, wb, be), wb);
            table_set(w->tab_lo, u, plan->two ? load_word(block + wb * (plan->word - 1), wb, be) : 0, wb);
        }
        for (unsigned k = plan->t; k-- > 0;) {
            if (++digits[k] < pos_size(e, first + k))
                break;
            digits[k] = 0;
        }
    }
    for (size_t u = plan->inner; u < need; u++) {
        table_copy(w->tab_hi, u, plan->inner - 1, wb);
        table_copy(w->tab_lo, u, plan->inner - 1, wb);
    }
    w->table_len = len;
    return true;
}

/* Many targets, a kernel that can undo its last steps: the filter of the
 * values it compares for length len, from the args of any call of that
 * length. Not made (the filter of first words serves): too many targets,
 * no memory, or steps that read the prefix. */
static void prepare_undone(worker *w, uint32_t len, const hc_mb_args *args)
{
    engine *e = w->e;
    hc_mb_filter_key_fn *key_of = e->layout.filter_key;
    w->undone_len = len;
    w->undone_ok = false;
    hc_key_filter_free(&w->undone);
    if (key_of == NULL || e->set.count > UNDONE_MAX || hc_key_filter_init(&w->undone, e->set.count) != HC_OK)
        return;
    uint32_t words[16];
    uint64_t words64[8];
    for (size_t i = 0; i < e->set.count; i++) {
        uint32_t key;
        engine_target_words(e, e->set.digests + i * e->alg->digest_len, words, words64);
        if (!key_of(args, words, &key))
            return;
        hc_key_filter_add(&w->undone, key);
    }
    w->undone_ok = true;
}

/* One call of run_kernel: the chunk's place in the keyspace, the block the
 * kernel hashes (the prefix in place, the suffix from the tables) and the
 * kernel's arguments. */
typedef struct kernel_run {
    worker *w;
    const chunk *c;
    const length_plan *plan;
    uint32_t len;
    unsigned prefix_len;
    uint32_t base;       /* only a long CRC candidate's text starts later */
    uint32_t crc_want;   /* CRC: the table entry a match needs */
    uint8_t block[HC_MB_MAX_WORDS * 8];
    uint32_t words[HC_MB_MAX_WORDS];
    uint64_t words64[HC_MB_MAX_WORDS]; /* Keccak: the lanes past the rate stay zero */
    hc_mb_args args;
} kernel_run;

static void kernel_run_init(kernel_run *k, worker *w, const chunk *c, const length_plan *plan)
{
    engine *e = w->e;
    memset(k, 0, sizeof(*k));
    k->w = w;
    k->c = c;
    k->plan = plan;
    k->len = c->len;
    k->prefix_len = c->len - plan->t;
    k->base = w->base;
    if (!e->crc) {
        pad_block(e, k->block, e->layout.lead_zeros + k->len * e->cw);
        for (unsigned i = 0; i < k->prefix_len; i++)
            put_char(e, k->block, i, w->text[i]);
    }
    k->args = (hc_mb_args){
        .w = k->words,
        .tab_lo = w->tab_lo,
        .tab_hi = w->tab_hi,
        .w64 = k->words64,
        .tab64_lo = w->tab_lo,
        .tab64_hi = w->tab_hi,
        .target64 = e->target64,
        .word = plan->word,
        .two = plan->two,
        .target = e->target_words,
        .digest_len = e->alg->digest_len,
        .passes = e->alg->passes,
        .msg_bytes = e->layout.lead_zeros + k->len * e->cw,
    };
}

/* The kernel's view of the current prefix: the CRC entry a match needs,
 * or the block's words, and the filter of the targets. false: stopped. */
static bool load_prefix(kernel_run *k)
{
    worker *w = k->w;
    engine *e = w->e;
    if (e->crc) {
        /* The entry a match needs: Z(reg(prefix)) ^ the target's final
         * register (the CRC inverted back, RFC 1952 §8). */
        uint32_t reg = 0xFFFFFFFFu;
        if (k->base > 0 && !run_register(w, k->c, k->len, &reg))
            return false;
        reg = hc_crc_table_run(e->crc_table, reg, w->text, k->prefix_len - k->base);
        k->crc_want = crc_zeros(e->crc_table, reg, k->plan->t);
        if (e->kernel_filter) {
            /* filter mode: each lane's final CRC is ~Z ^ U(suffix), the
             * prefix's part here, looked up among the targets' */
            k->words[0] = ~k->crc_want;
            k->args.filter = &e->set.keys.filter;
        } else {
            k->words[0] = k->crc_want ^ ~e->target_words[0];
        }
        return true;
    }
    const unsigned wb = e->layout.word_bytes;
    for (unsigned i = 0; i < e->layout.block_words; i++) {
        k->words64[i] = load_word(k->block + wb * i, wb, e->layout.big_endian);
        k->words[i] = (uint32_t)k->words64[i];
    }
    if (e->fixed_filter) {
        k->args.filter = &e->fixed_keys.filter;
        k->args.filter_undone = true;
    } else if (e->kernel_filter) {
        if (w->undone_len != k->len)
            prepare_undone(w, k->len, &k->args);
        k->args.filter = w->undone_ok ? &w->undone.filter : &e->set.keys.filter;
        k->args.filter_undone = w->undone_ok;
    }
    return true;
}

/* A lane the kernel flagged: the candidate rebuilt and checked. true when
 * the run is over (the one target found, or a failure). */
static bool take_hit(kernel_run *k, uint64_t lane, uint64_t u0, count128 outer)
{
    worker *w = k->w;
    engine *e = w->e;
    /* The suffix of this lane, then the whole candidate. */
    uint64_t s = lane;
    for (unsigned i = k->len; i-- > k->prefix_len;) {
        const size_t d = pos_size(e, i);
        w->text[i - k->base] = pos_chars(e, i)[s % d];
        s /= d;
    }
    if (e->multi) {
        size_t target;
        if (!worker_hash_candidate(w, k->c, k->len))
            return true;
        if (hc_target_find(&e->set, w->digest, &target))
            engine_record_target(w, k->c, target);
        return false;
    }
    if (!worker_verify(w, k->c, k->len))
        return false;
    engine_record_match(w, k->c, outer * k->plan->inner + lane);
    w->processed += lane - u0 + 1;
    w->kernel_processed += lane - u0 + 1;
    return true;
}

/* Suffixes [u0, u_end) of the current prefix through the kernel, once per
 * target where the kernel compares with one at a time. true: over. */
static bool scan_suffixes(kernel_run *k, uint64_t u0, uint64_t u_end, count128 outer)
{
    worker *w = k->w;
    engine *e = w->e;
    /* kernel passes over each range: one per target without a filter mode */
    const unsigned passes = e->per_target ? e->per_target : 1;
    for (unsigned pass = 0; pass < passes; pass++) {
        if (e->per_target) {
            k->args.target = e->target_words_of[pass];
            k->args.target64 = e->target64_of[pass];
            if (e->crc)
                k->words[0] = k->crc_want ^ ~e->target_words_of[pass][0];
        }
        size_t u = u0;
        while (u < u_end) {
            unsigned n = 0;
            u = e->layout.kernel(&k->args, u, u_end, w->hits, HITS_CAP, &n);
            for (unsigned h = 0; h < n; h++) {
                if (w->hits[h] < u0)
                    continue;
                w->kernel_reports++;
                if (take_hit(k, w->hits[h], u0, outer))
                    return true;
            }
        }
    }
    return false;
}

/* The next prefix: the odometer over the first prefix_len characters
 * (those kept: a long CRC candidate's run never changes). */
static void next_prefix(kernel_run *k)
{
    worker *w = k->w;
    engine *e = w->e;
    unsigned i = k->prefix_len - k->base - 1;
    while (++w->digits[i] == pos_size(e, i + k->base)) {
        w->digits[i] = 0;
        w->text[i] = pos_chars(e, i + k->base)[0];
        if (!e->crc)
            put_char(e, k->block, i, w->text[i]);
        if (i == 0)
            break;
        i--;
    }
    w->text[i] = pos_chars(e, i + k->base)[w->digits[i]];
    if (!e->crc)
        put_char(e, k->block, i, w->text[i]);
}

/* A chunk of one length: for each prefix, every suffix of the tables in
 * SIMD lanes. */
void worker_run_kernel(worker *w, const chunk *c, const length_plan *plan)
{
    engine *e = w->e;
    if (w->table_len != c->len && !build_tables(w, c->len, plan)) {
        engine_fail(e, HC_ERR_NOMEM);
        return;
    }
    const uint64_t inner = plan->inner;
    count128 outer = c->off / inner;
    uint64_t u0 = (uint64_t)(c->off % inner);
    worker_set_candidate(w, c->len, c->off);
    kernel_run k;
    kernel_run_init(&k, w, c, plan);
    for (uint64_t left = c->count; left > 0;) {
        uint64_t u_end = inner - u0 < left ? inner : u0 + left;
        if (!load_prefix(&k) || scan_suffixes(&k, u0, u_end, outer))
            return;
        uint64_t done = u_end - u0;
        left -= done;
        w->processed += done;
        w->kernel_processed += done;
        if (k.args.filter != NULL)
            w->filtered_processed += done;
        if (k.args.filter_undone)
            w->keyed_processed += done;
        u0 = 0;
        outer++;
        /* work: a table scan per CRC candidate, a block per other one */
        if (left == 0 || worker_abandon(w, c, done * (e->crc ? 1 : e->layout.block_bytes)))
            return;
        next_prefix(&k);
    }
}

/* A target as the kernel compares it: the algorithm's words. */
void engine_target_words(const engine *e, const uint8_t *target, uint32_t words[16], uint64_t words64[8])
{
    const bool be = e->layout.big_endian;
    const unsigned digest_len = e->alg->digest_len;
    for (unsigned i = 0; i < digest_len / 4 && i < 16; i++)
        words[i] = (uint32_t)load_word(target + 4 * i, 4, be);
    for (unsigned i = 0; i < digest_len / 8 && i < 8; i++)
        words64[i] = load_word(target + 8 * i, 8, be);
    /* CRCs print their value most significant byte first (§6). */
    if (e->layout.padding == HC_MB_CRC_TABLE)
        words[0] = (uint32_t)load_word(target, 4, true);
}
