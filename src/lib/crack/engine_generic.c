/* One candidate at a time: a worker's candidate buffers and odometer, the
 * leading run of long candidates, and the generic path through the
 * algorithm's hasher (also the kernel's verification of a flagged lane). */
#include "crack/engine.h"

#include <stdlib.h>
#include <string.h>

/* ---- candidates --------------------------------------------------------------- */

/* Buffers for candidates of length len: all of it, or the tail of a long
 * one. */
bool worker_ensure_length(worker *w, uint32_t len)
{
    w->base = len > LONG_LEN ? len - TAIL_CHARS : 0;
    if (w->base > 0 && w->run_piece == NULL) {
        const engine *e = w->e;
        if ((w->run_piece = malloc(RUN_PIECE)) == NULL)
            return false;
        for (size_t i = 0; i < RUN_PIECE; i += e->cw) {
            w->run_piece[i] = e->job->dict[0];
            if (e->cw == 2)
                w->run_piece[i + 1] = 0; /* UTF-16LE, as message() widens */
        }
        /* Rows whose state can be copied keep the state after the run. */
        if (!(e->alg->flags & HC_ALG_OPAQUE_CTX) && hc_hasher_open(&w->run, e->alg, NULL) == HC_OK)
            w->run_open = true;
    }
    len -= w->base;
    if (len <= w->cap && w->text)
        return true;
    size_t cap = len < 64 ? 64 : len;
    uint16_t *digits = realloc(w->digits, cap * sizeof(*digits));
    if (digits)
        w->digits = digits;
    uint8_t *text = realloc(w->text, cap);
    if (text)
        w->text = text;
    uint8_t *wide = realloc(w->wide, 2 * cap);
    if (wide)
        w->wide = wide;
    if (!digits || !text || !wide)
        return false;
    w->cap = cap;
    return true;
}

/* Digits of index (most significant first) and the matching bytes, for the
 * characters kept (all but the leading run of a long candidate, which holds
 * only zero digits). */
void worker_set_candidate(worker *w, uint32_t len, count128 index)
{
    const engine *e = w->e;
    uint32_t i = len - w->base;
    /* 128-bit divisions only while the index has digits left. */
    while (i > 0 && index > 0) {
        i--;
        const size_t d = pos_size(e, i + w->base);
        w->digits[i] = (uint16_t)(index % d);
        index /= d;
        w->text[i] = pos_chars(e, i + w->base)[w->digits[i]];
    }
    memset(w->digits, 0, i * sizeof(*w->digits));
    for (uint32_t k = 0; k < i; k++)
        w->text[k] = pos_chars(e, k + w->base)[0];
}

/* The bytes the algorithm hashes for text[from, to): UTF-16LE for ntlm,
 * each byte one code unit (contract §6). */
static const uint8_t *message(worker *w, uint32_t from, uint32_t to)
{
    if (w->e->cw == 1)
        return w->text + from;
    for (uint32_t i = from; i < to; i++) {
        w->wide[2 * i] = w->text[i];
        w->wide[2 * i + 1] = 0;
    }
    return w->wide + 2 * (size_t)from;
}

static bool matches_target(const worker *w)
{
    return memcmp(w->digest, w->e->job->target, w->e->alg->digest_len) == 0;
}

/* ---- the leading run of long candidates ----------------------------------------- */

/* Feeds the run (base copies of the first character) to h in pieces, with
 * a poll after each; false when chunk c is to be dropped. */
static bool feed_run(worker *w, const chunk *c, hc_hasher *h)
{
    uint64_t left = (uint64_t)w->base * w->e->cw;
    while (left > 0) {
        size_t n = left < RUN_PIECE ? (size_t)left : RUN_PIECE;
        hc_hasher_update(h, w->run_piece, n);
        left -= n;
        if (worker_abandon(w, c, n))
            return false;
    }
    return true;
}

/* Puts h in the state after the run of a candidate of length len (a reset
 * for a short one); false when chunk c is to be dropped meanwhile. */
static bool start_candidate(worker *w, const chunk *c, uint32_t len, hc_hasher *h)
{
    hc_hasher_reset(h);
    if (w->base == 0)
        return true;
    if (!w->run_open)
        return feed_run(w, c, h);
    if (w->run_len != len) {
        w->run_len = 0;
        hc_hasher_reset(&w->run);
        if (!feed_run(w, c, &w->run))
            return false;
        w->run_len = len;
    }
    hc_hasher_copy(h, &w->run);
    return true;
}

/* Hashes the whole candidate into w->digest (false when dropped). */
bool worker_hash_candidate(worker *w, const chunk *c, uint32_t len)
{
    uint32_t n = len - w->base;
    if (!start_candidate(w, c, len, &w->hasher))
        return false;
    hc_hasher_update(&w->hasher, message(w, 0, n), (size_t)n * w->e->cw);
    hc_hasher_final(&w->hasher, w->digest);
    return true;
}

/* Hashes the whole candidate and compares (false also when dropped). */
bool worker_verify(worker *w, const chunk *c, uint32_t len)
{
    return worker_hash_candidate(w, c, len) && matches_target(w);
}

/* ---- generic path --------------------------------------------------------------- */

/* The state after all but the last character; false when dropped. */
static bool hash_prefix(worker *w, const chunk *c, uint32_t len)
{
    uint32_t n = len - w->base;
    if (!start_candidate(w, c, len, &w->prefix))
        return false;
    hc_hasher_update(&w->prefix, message(w, 0, n - 1), (size_t)(n - 1) * w->e->cw);
    return true;
}

void worker_run_generic(worker *w, const chunk *c)
{
    engine *e = w->e;
    const uint32_t len = c->len, n = len - w->base; /* n: characters kept */
    const size_t cw = e->cw;
    /* finalising: a padding block, and MD2's or GOST's checksum block */
    const uint64_t final_bytes = 2 * (e->alg->block_len ? e->alg->block_len : 64);
    worker_set_candidate(w, len, c->off);
    const bool copy = e->copy_prefix && len >= 2;
    if (copy && !hash_prefix(w, c, len))
        return;
    uint64_t left = c->count, batch = 0, hashed = 0;
    uint8_t last[2] = {0, 0};
    while (left > 0) {
        if (copy) {
            hc_hasher_copy(&w->hasher, &w->prefix);
            last[0] = w->text[n - 1];
            hc_hasher_update(&w->hasher, last, cw);
            hc_hasher_final(&w->hasher, w->digest);
            hashed += cw + final_bytes;
        } else if (w->base == 0) {
            hc_hasher_oneshot(&w->hasher, message(w, 0, n), n * cw, w->digest);
            hashed += n * cw + final_bytes;
        } else {
            if (!start_candidate(w, c, len, &w->hasher)) {
                w->processed += batch;
                return;
            }
            hc_hasher_update(&w->hasher, message(w, 0, n), n * cw);
            hc_hasher_final(&w->hasher, w->digest);
            hashed += n * cw + final_bytes;
        }
        size_t target;
        if (e->multi) {
            if (hc_target_check(&e->set, w->digest, &target))
                engine_record_target(w, c, target);
        } else if (matches_target(w)) {
            engine_record_match(w, c, c->off + (c->count - left));
            w->processed += batch + 1;
            return;
        }
        left--;
        /* Next candidate: the odometer, rightmost fastest. */
        uint32_t i = n - 1;
        while (++w->digits[i] == pos_size(e, i + w->base)) {
            w->digits[i] = 0;
            w->text[i] = pos_chars(e, i + w->base)[0];
            if (i == 0)
                break;
            i--;
        }
        w->text[i] = pos_chars(e, i + w->base)[w->digits[i]];
        if (copy && i < n - 1 && left > 0) {
            if (!hash_prefix(w, c, len)) {
                w->processed += batch + 1;
                return;
            }
            hashed += (n - 1) * cw;
        }
        batch++;
        if (batch == 256 || hashed >= POLL_BYTES) {
            w->processed += batch;
            if (worker_abandon(w, c, hashed))
                return;
            batch = hashed = 0;
        }
    }
    w->processed += batch;
}
