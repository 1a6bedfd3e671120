/* Hash mode's masks, wordlists and rules (hash_attack.h). */
#include "hash_attack.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "crack_status.h"
#include "line_input.h"
#include "plain_text.h"
#include "platform.h"

enum {
    RULE_LINE_MAX = 4096,       /* a longer rule file line is reported and skipped */
    BATCH_WORDS = 1 << 14,      /* words searched together */
    BATCH_BYTES = 1 << 20,
    /* A batch of long words (rules and a mask) ends at this many
     * candidates, yet has enough words for every thread: a session's
     * position moves on by batches, so one must take about a second. */
    BATCH_CANDIDATES = 1 << 24,
    BATCH_WORDS_MIN = 1024,
    LONG_WORDS_SHOWN = 10       /* words too long, named one by one; then only counted */
};

/* A line as printable text for a message: bytes outside ' '..'~' as \xHH. */
static void show(const uint8_t *text, size_t len, char *out, size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 5 < size; i++) {
        if (text[i] >= 0x20 && text[i] < 0x7F)
            out[o++] = (char)text[i];
        else
            o += (size_t)snprintf(out + o, size - o, "\\x%02X", text[i]);
    }
    out[o] = '\0';
}

/* One --rules file into list; false (said on stderr) when it cannot be
 * read or holds no valid rule, or (said by nobody yet) when Ctrl+C came.
 * Invalid rules are named and skipped; a line past 1 MiB ends the file
 * with an error: that is no rule file. */
static bool read_rule_file(const char *path, hc_rules *list)
{
    line_input in;
    if (!line_input_open(&in, path, cli_interrupt_requested, NULL)) {
        fprintf(stderr, "hc: %s: %s\n", path, strerror(errno));
        return false;
    }
    line_input_limit_words(&in, RULE_LINE_MAX);
    const char *text;
    size_t len;
    line_input_status st;
    bool ok = true;
    char shown[256];
    while ((st = line_input_next(&in, &text, &len, true)) != LINE_INPUT_END && st != LINE_INPUT_CANCELLED) {
        if (st == LINE_INPUT_ERROR || in.over) {
            line_input_report(&in, path);
            ok = false;
            break;
        }
        if (st == LINE_INPUT_TOO_LONG) {
            fprintf(stderr, "hc: %s:%llu: a rule of %llu bytes is too long, skipped\n", path,
                    (unsigned long long)in.line_no, (unsigned long long)in.long_len);
            continue;
        }
        if (len == 0 || text[0] == '#')
            continue;
        size_t at = 0;
        hc_status status = hc_rules_add(list, text, len, &at);
        if (status == HC_ERR_NOMEM) {
            cli_out_of_memory();
            ok = false;
            break;
        }
        if (status != HC_OK) {
            show((const uint8_t *)text, len, shown, sizeof(shown));
            fprintf(stderr, "hc: %s:%llu: invalid rule '%s' (at byte %zu), skipped\n", path,
                    (unsigned long long)in.line_no, shown, at + 1);
        }
    }
    line_input_close(&in);
    if (ok && atomic_load(&cli_interrupted))
        return false;
    if (ok && list->count == 0) {
        fprintf(stderr, "hc: %s: no valid rule in the file\n", path);
        ok = false;
    }
    return ok;
}

static bool read_rules(const cli_args *args, hash_attack *a)
{
    size_t n = args->rule_file_count;
    hc_rules *lists = calloc(n, sizeof(*lists));
    const hc_rules **ptrs = calloc(n, sizeof(*ptrs));
    bool ok = lists && ptrs;
    for (size_t i = 0; ok && i < n; i++) {
        hc_rules_init(&lists[i]);
        ptrs[i] = &lists[i];
        ok = read_rule_file(args->rule_files[i], &lists[i]);
    }
    if (ok && hc_rules_product(ptrs, n, &a->rules) != HC_OK) {
        cli_out_of_memory();
        ok = false;
    }
    for (size_t i = 0; lists && i < n; i++)
        hc_rules_free(&lists[i]);
    free(lists);
    free(ptrs);
    return ok;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* --hex-charset: a mask or custom set whose literal bytes are pairs of hex
 * digits, as plain mask text (a '?' byte as "??"); placeholders (?d, ?1)
 * stay. NULL after a message: an odd digit, a NUL in a custom set (which
 * the set's text cannot hold), memory. *len: the text's length. */
static char *unhex_mask(const char *option, const char *text, bool custom_set, size_t *len)
{
    char *plain = malloc(strlen(text) + 1);
    size_t n = 0;
    for (const char *p = text; plain != NULL && *p;) {
        if (p[0] == '?' && p[1] != '\0') {
            plain[n++] = *p++;
            plain[n++] = *p++;
            continue;
        }
        int hi = hex_digit(p[0]), lo = hi < 0 ? -1 : hex_digit(p[1]);
        int byte = lo < 0 ? -1 : hi * 16 + lo;
        if (lo < 0 || (custom_set && byte == 0)) {
            fprintf(stderr, "hc: --hex-charset: %s '%s': %s (at byte %zu)\n", option, text,
                    lo < 0 ? "literal bytes are pairs of hex digits" : "a custom set cannot hold the byte 00",
                    (size_t)(p - text) + 1);
            free(plain);
            return NULL;
        }
        plain[n++] = (char)byte;
        if (byte == '?')
            plain[n++] = '?';
        p += 2;
    }
    if (plain == NULL)
        cli_out_of_memory();
    else
        plain[n] = '\0';
    *len = n;
    return plain;
}

/* The mask's and the sets' text, through unhex_mask with --hex-charset
 * (owned[] then holds what to free). false after a message. */
static bool mask_texts(const cli_args *args, const char **text, size_t *len, const char *sets[4], char *owned[5])
{
    static const cli_option_id customs[4] = {OPT_CUSTOM1, OPT_CUSTOM2, OPT_CUSTOM3, OPT_CUSTOM4};
    static const char *const names[4] = {"-1", "-2", "-3", "-4"};
    const bool hex = args->present[OPT_HEX_CHARSET];
    *text = args->value[OPT_MASK];
    *len = strlen(*text);
    if (hex && (*text = owned[4] = unhex_mask("--mask", args->value[OPT_MASK], false, len)) == NULL)
        return false;
    for (int k = 0; k < 4; k++) {
        sets[k] = args->present[customs[k]] ? args->value[customs[k]] : NULL;
        size_t ignored;
        if (hex && sets[k] != NULL && (sets[k] = owned[k] = unhex_mask(names[k], sets[k], true, &ignored)) == NULL)
            return false;
    }
    return true;
}

static bool read_mask(const cli_args *args, hash_attack *a)
{
    const char *sets[4], *text;
    char *owned[5] = {NULL, NULL, NULL, NULL, NULL};
    size_t len;
    bool ok = mask_texts(args, &text, &len, sets, owned);
    hc_mask_error error;
    hc_status parsed = ok ? hc_mask_parse(text, len, sets, &a->mask, &error) : HC_OK;
    if (parsed == HC_ERR_NOMEM) {
        cli_out_of_memory();
        ok = false;
    } else if (parsed != HC_OK) {
        /* the option's text as given (with --hex-charset, its hex) */
        if (error.where == 0)
            fprintf(stderr, "hc: --mask '%s': %s (at byte %zu)\n", args->value[OPT_MASK], error.reason,
                    error.offset + 1);
        else
            fprintf(stderr, "hc: -%d '%s': %s (at byte %zu)\n", error.where, sets[error.where - 1], error.reason,
                    error.offset + 1);
        ok = false;
    }
    for (int k = 0; k < 5; k++)
        free(owned[k]);
    return ok;
}

/* The options that make no sense together. */
static bool check_combination(const cli_args *args)
{
    const char *clash = NULL;
    if (args->present[OPT_DICT] && (args->present[OPT_MASK] || args->present[OPT_WORDLIST]))
        clash = "-a is the charset search's: with --mask or --wordlist leave it out";
    else if (args->present[OPT_RULES] && !args->present[OPT_WORDLIST])
        clash = "--rules mangle the words of --wordlist: give one";
    else if (args->present[OPT_INCREMENT] && !args->present[OPT_MASK])
        clash = "--increment walks the prefixes of --mask: give one";
    else if (args->present[OPT_INCREMENT] && args->present[OPT_WORDLIST] &&
             strcmp(args->value[OPT_WORDLIST], "-") == 0)
        clash = "--increment reads the wordlist once per mask length: it cannot be standard input";
    else if ((args->present[OPT_SESSION] || args->present[OPT_RESTORE]) && args->present[OPT_STDOUT])
        clash = "--session saves a search's position: --stdout prints the candidates instead (cut them with --skip)";
    else if ((args->present[OPT_SESSION] || args->present[OPT_RESTORE]) && args->present[OPT_HASHES])
        clash = "--session saves the search of one digest (-s); with --hashes, split the list's search with --part "
                "and --skip instead";
    if (clash)
        fprintf(stderr, "hc: %s\n", clash);
    return clash == NULL;
}

bool hash_attack_parse(cli_output *out, const cli_args *args, hash_attack *a)
{
    (void)out;
    memset(a, 0, sizeof(*a));
    hc_rules_init(&a->rules);
    a->to_stdout = args->present[OPT_STDOUT];
    a->increment = args->present[OPT_INCREMENT];
    /* a charset that looks like a mask is warned about where -a is read
     * (habits.c: warn_mask_like_charset) */
    if (!check_combination(args))
        return false;
    if (args->present[OPT_MASK] && !read_mask(args, a))
        return false;
    a->pass_min = a->pass_max = a->mask ? hc_mask_length(a->mask) : 0;
    if (args->present[OPT_WORDLIST]) {
        a->kind = ATTACK_WORDLIST;
        a->wordlist = args->value[OPT_WORDLIST];
        /* a rule file may keep us waiting (a FIFO with no writer yet) */
        cli_catch_interrupt();
        if (args->rule_file_count > 0 && !read_rules(args, a))
            return false;
        a->stream.rules = a->rules.count ? &a->rules : NULL;
        a->stream.mask = a->mask;
        a->stream.mask_first = a->mask && args->order[OPT_MASK] < args->order[OPT_WORDLIST];
    } else if (a->mask) {
        a->kind = ATTACK_MASK;
    }
    return true;
}

void hash_attack_free(hash_attack *a)
{
    hc_mask_free(a->mask);
    hc_rules_free(&a->rules);
    memset(a, 0, sizeof(*a));
}

/* The prefixes --increment walks: -n and -x bound them; by default all of
 * them. As hashcat's --increment-min and --increment-max: a -x past the
 * mask stops at its end, a -n past it names no prefix at all, refused
 * (hashcat: "Invalid mask"). false after the message. */
static bool increment_bounds(const cli_args *args, size_t length, size_t min, size_t max, size_t *lo, size_t *hi)
{
    *lo = args->present[OPT_MIN] ? min : 1;
    *hi = args->present[OPT_MAX] && max < length ? max : length;
    if (*lo > length) {
        fprintf(stderr, "hc: invalid mask for --increment: -n %zu is longer than the mask '%s' (%zu positions)\n", *lo,
                args->value[OPT_MASK], length);
        return false;
    }
    if (*lo > *hi)
        *lo = *hi;
    return true;
}

bool hash_attack_job(hash_attack *a, const cli_args *args, hc_crack_job *job)
{
    uint32_t min, max;
    hc_crack_job_lengths(job, &min, &max);
    if (a->kind == ATTACK_WORDLIST) {
        if (a->increment &&
            !increment_bounds(args, hc_mask_length(a->mask), min, max, &a->pass_min, &a->pass_max))
            return false;
        hc_crack_job_set_dictionary(job, NULL, 0); /* no keyspace: the status line shows no percentage */
        hc_crack_job_set_lengths(job, 1, 1);
        return true;
    }
    if (a->kind != ATTACK_MASK)
        return true;
    const size_t length = hc_mask_length(a->mask);
    size_t lo = length, hi = length;
    if (a->increment && !increment_bounds(args, length, min, max, &lo, &hi))
        return false;
    hc_crack_job_set_mask(job, a->mask);
    hc_crack_job_set_lengths(job, (uint32_t)lo, (uint32_t)hi);
    return true;
}

/* Calls fn with the stream's attack of every pass of the wordlist in
 * turn, until it returns false: the whole mask, or its prefixes. */
typedef bool pass_fn(void *arg, const hc_stream_attack *attack);
static hc_status each_pass(const hash_attack *a, pass_fn *fn, void *arg)
{
    for (size_t n = a->pass_min; n <= a->pass_max; n++) {
        hc_stream_attack attack = a->stream;
        hc_mask *prefix = NULL;
        if (a->mask && n < hc_mask_length(a->mask)) {
            if (hc_mask_prefix(a->mask, n, &prefix) != HC_OK)
                return HC_ERR_NOMEM;
            attack.mask = prefix;
        }
        const bool more = fn(arg, &attack);
        hc_mask_free(prefix);
        if (!more)
            break;
    }
    return HC_OK;
}

/* ---- the wordlist ------------------------------------------------------------------- */

/* The candidates of the wordlist's passes, one pass after the other, that
 * the run tries: [begin, end), the job's part and then its skip and limit
 * inside it (hc_crack_job), as the engine takes them for a mask. The
 * words are read in turn; those wholly before the window are dropped
 * unhashed, and the words at its edges are cut (hc_stream_words). */
typedef struct word_window {
    count128 begin, end;
    count128 per_word;  /* candidates per word of the pass being read */
    count128 pos;       /* candidates of the stream before the next word */
    count128 passed;    /* those of the dropped words */
    bool full;          /* the end is reached: no more words, no more passes */
} word_window;

/* Does the next word of the pass fall in the window? If so, from which of
 * its candidates and up to which (0: its last). */
static bool window_admit(word_window *w, count128 *first_k, count128 *last_end)
{
    const count128 at = w->pos;
    w->pos = count128_add_sat(at, w->per_word);
    if (w->pos <= w->begin) {
        w->passed += w->per_word;
        return false;
    }
    *first_k = at < w->begin ? w->begin - at : 0;
    *last_end = 0;
    if (w->pos >= w->end) {
        w->full = true;
        *last_end = w->end - at;
    }
    return true;
}

static bool add_pass_size(void *arg, const hc_stream_attack *attack)
{
    count128 *sum = arg;
    *sum = count128_add_sat(*sum, count128_of(hc_stream_per_word(attack)));
    return true;
}

/* Opens the wordlist as the search reads it: lines past one MiB skipped
 * in bounded memory, words longer than a candidate reported as too long.
 * false after a message on stderr. */
static bool open_wordlist(const hash_attack *a, line_input *r)
{
    if (!line_input_open(r, a->wordlist, cli_interrupt_requested, NULL)) {
        fprintf(stderr, "hc: %s: %s\n", a->wordlist, strerror(errno));
        return false;
    }
    line_input_skip_long_lines(r);
    line_input_limit_words(r, HC_RULE_BUF);
    return true;
}

/* The words the search reads from the list (those not too long); false
 * when it cannot be read (said on stderr) or Ctrl+C came. */
static bool count_words(const hash_attack *a, count128 *words)
{
    line_input r;
    if (!open_wordlist(a, &r))
        return false;
    const char *text;
    size_t len;
    line_input_status st;
    *words = 0;
    while ((st = line_input_next(&r, &text, &len, true)) == LINE_INPUT_OK || st == LINE_INPUT_TOO_LONG)
        *words += st == LINE_INPUT_OK;
    if (st == LINE_INPUT_ERROR)
        line_input_report(&r, a->wordlist);
    line_input_close(&r);
    return st == LINE_INPUT_END && !atomic_load(&cli_interrupted);
}

/* The job's window over the wordlist's passes. A part needs the stream's
 * size, so the words are counted first: a list read once (standard input)
 * cannot be split. false after a message on stderr. */
static bool open_window(const hash_attack *a, const hc_crack_job *job, word_window *w)
{
    memset(w, 0, sizeof(*w));
    w->end = COUNT128_MAX;
    uint64_t part, parts;
    hc_count skip, limit;
    hc_crack_job_part(job, &part, &parts);
    hc_crack_job_window(job, &skip, &limit);
    if (parts > 0) {
        if (strcmp(a->wordlist, "-") == 0) {
            fprintf(stderr, "hc: --part counts the words of --wordlist first: it cannot be standard input\n");
            return false;
        }
        count128 words, per_word = 0;
        if (!count_words(a, &words) || each_pass(a, add_pass_size, &per_word) != HC_OK)
            return false;
        const count128 total = count128_mul_sat(words, per_word);
        hc_count begin, end;
        hc_crack_slice(hc_count_of(total), part, parts, &begin, &end);
        w->begin = count128_of(begin);
        w->end = count128_of(end);
    }
    w->begin = count128_add_sat(w->begin, count128_of(skip));
    if (w->begin > w->end)
        w->begin = w->end;
    const count128 most = count128_of(limit);
    if (most > 0 && w->end - w->begin > most)
        w->end = w->begin + most;
    /* an empty window reads nothing */
    w->full = w->begin == w->end;
    return true;
}

typedef struct word_batch {
    uint8_t *bytes;
    size_t *offset;
    size_t count, used;
    count128 first_k, last_end;
} word_batch;

typedef bool batch_fn(void *arg, const hc_stream_words *words);

/* A word too long to try, named. */
static void report_long_word(const hash_attack *a, const line_input *r)
{
    char length[32] = "more than " LINE_INPUT_MAX_TEXT;
    if (r->long_len > 0)
        snprintf(length, sizeof(length), "%llu bytes", (unsigned long long)r->long_len);
    fprintf(stderr, "hc: %s:%llu: a word of %s is longer than %d, skipped\n", a->wordlist,
            (unsigned long long)r->line_no, length, HC_RULE_BUF);
}

/* Reads the wordlist in batches of the words in the window, each given
 * to fn until it returns false or the window is full. Words too long are
 * named (the first few) and skipped, whatever their length; false when
 * the list cannot be read (said on stderr) or Ctrl+C came (said by nobody
 * yet). */
static bool each_batch(const hash_attack *a, word_window *window, batch_fn *fn, void *arg)
{
    if (window->full)
        return true;
    line_input r;
    if (!open_wordlist(a, &r))
        return false;
    /* the status line's percentage and ETA: the list's bytes */
    plat_file_info info;
    crack_status_source_size(plat_file_info_of(r.fd, &info) == 0 && info.kind == PLAT_KIND_REGULAR ? info.size : 0);
    word_batch b = {malloc(BATCH_BYTES + HC_RULE_BUF), malloc((BATCH_WORDS + 1) * sizeof(size_t)), 0, 0, 0, 0};
    bool ok = b.bytes && b.offset, more = true;
    uint64_t too_long = 0, words = 0;
    if (!ok)
        cli_out_of_memory();
    while (ok && more) {
        const char *text;
        size_t len;
        line_input_status st = line_input_next(&r, &text, &len, true);
        bool end = st == LINE_INPUT_END || st == LINE_INPUT_CANCELLED;
        count128 first_k, last_end;
        if (st == LINE_INPUT_OK && window_admit(window, &first_k, &last_end)) {
            if (b.count == 0)
                b.first_k = first_k;
            b.last_end = last_end;
            b.offset[b.count++] = b.used;
            /* hashcat's $HEX[...] words are their bytes (never longer) */
            size_t bytes = len;
            if (!plain_hex_decode((const uint8_t *)text, len, b.bytes + b.used, &bytes))
                memcpy(b.bytes + b.used, text, len);
            b.used += bytes;
        }
        if (st == LINE_INPUT_OK) {
            words++;
        } else if (st == LINE_INPUT_TOO_LONG) {
            if (too_long++ < LONG_WORDS_SHOWN)
                report_long_word(a, &r);
        } else if (st == LINE_INPUT_ERROR) {
            line_input_report(&r, a->wordlist);
            ok = false;
        }
        const bool batch_full = b.count == BATCH_WORDS || b.used >= BATCH_BYTES ||
                                (b.count >= BATCH_WORDS_MIN && window->per_word >= BATCH_CANDIDATES / b.count);
        if (ok && (end || window->full || batch_full) && b.count > 0) {
            b.offset[b.count] = b.used;
            hc_stream_words batch = {b.bytes, b.offset, b.count, hc_count_of(b.first_k), hc_count_of(b.last_end)};
            more = fn(arg, &batch);
            b.count = b.used = 0;
            crack_status_source_read(r.consumed);
        }
        if (end || window->full)
            break;
    }
    if (too_long > LONG_WORDS_SHOWN)
        fprintf(stderr, "hc: %s: %llu words longer than %d bytes skipped in all\n", a->wordlist,
                (unsigned long long)too_long, HC_RULE_BUF);
    if (atomic_load(&cli_interrupted))
        ok = false;
    else if (ok && words == 0 && too_long == 0) {
        fprintf(stderr, "hc: %s: the wordlist is empty\n", a->wordlist);
        ok = false;
    }
    free(b.bytes);
    free(b.offset);
    line_input_close(&r);
    return ok;
}

typedef struct stream_run {
    hc_stream *stream;
    hc_status status;
    const word_window *window;
    hc_crack_progress *progress;  /* may be NULL */
} stream_run;

static bool feed(void *arg, const hc_stream_words *words)
{
    stream_run *run = arg;
    run->status = hc_stream_feed(run->stream, words);
    const bool more = run->status == HC_OK && !hc_stream_over(run->stream);
    /* a batch searched to its end: the checkpoint's position moves on */
    if (more && run->progress) {
        const count128 settled = run->window->pos - run->window->begin;
        hc_crack_progress_set_settled(run->progress, settled > UINT64_MAX ? UINT64_MAX : (uint64_t)settled);
    }
    return more;
}

/* The search over the passes: the latest pass's result, the attempts and
 * candidates of all of them. */
typedef struct search_run {
    const hash_attack *a;
    const hc_crack_job *job;
    word_window *window;
    hc_crack_result *result;
    count128 attempts, hashed;
    hash_attack_settled_fn *settled;
    void *settled_arg;
    hc_status status;
} search_run;

/* One pass of the wordlist; false when the search ends with it (an error,
 * a list that cannot be read, said on stderr: not found; found; stopped;
 * every target found). */
static bool search_pass(void *arg, const hc_stream_attack *attack)
{
    search_run *s = arg;
    stream_run run = {NULL, HC_OK, s->window, hc_crack_job_progress(s->job)};
    hc_crack_result_free(s->result);
    memset(s->result, 0, sizeof(*s->result));
    s->status = hc_stream_open(&run.stream, s->job, attack);
    if (s->status != HC_OK)
        return false;
    s->window->per_word = count128_of(hc_stream_per_word(attack));
    const bool read = each_batch(s->a, s->window, feed, &run);
    hc_stream_result(run.stream, s->result);
    hc_stream_close(run.stream);
    s->status = run.status;
    /* the answer's attempts count every candidate of the passes before */
    s->attempts += count128_of(s->result->attempts);
    s->hashed += count128_of(s->result->hashed);
    return s->status == HC_OK && read && !s->result->found && !s->result->cancelled && !s->window->full &&
           !(s->settled && s->settled(s->settled_arg));
}

hc_status hash_attack_run(const hash_attack *a, const hc_crack_job *job, hc_crack_result *result,
                          hash_attack_settled_fn *settled, void *settled_arg)
{
    if (a->kind != ATTACK_WORDLIST)
        return hc_crack_run(job, result);
    memset(result, 0, sizeof(*result));
    word_window window;
    if (!open_window(a, job, &window))
        return HC_ERR_INVALID;
    search_run s = {a, job, &window, result, 0, 0, settled, settled_arg, HC_OK};
    hc_status status = each_pass(a, search_pass, &s);
    /* the dropped words' candidates come first in the stream */
    result->attempts = hc_count_of(s.attempts + window.passed);
    result->hashed = hc_count_of(s.hashed);
    if (settled && settled(settled_arg))
        result->found = true;
    return status != HC_OK ? status : s.status;
}

/* ---- --stdout -------------------------------------------------------------------------- */

typedef struct printer {
    const hash_attack *a;
    word_window *window;
    const hc_stream_attack *attack; /* the pass's */
    bool ok;                        /* the wordlist could be read, the writes went */
    int write_errno; /* of the first failed write; 0 while none failed */
} printer;

static bool emit(void *arg, const uint8_t *text, size_t len)
{
    printer *p = arg;
    if (fwrite(text, 1, len, stdout) != len || putchar('\n') == EOF) {
        p->write_errno = plat_stream_write_errno(errno);
        return false;
    }
    return atomic_load(&cli_interrupted) == 0;
}

static bool print_words(void *arg, const hc_stream_words *words)
{
    printer *p = arg;
    const count128 per_word = count128_of(hc_stream_per_word(p->attack));
    uint8_t out[HC_STREAM_CANDIDATE_MAX];
    for (size_t i = 0; i < words->count; i++) {
        const uint8_t *word = words->bytes + words->offset[i];
        const size_t len = words->offset[i + 1] - words->offset[i];
        const count128 last_end = count128_of(words->last_end);
        const count128 from = i == 0 ? count128_of(words->first_k) : 0;
        const count128 to = i + 1 == words->count && last_end > 0 ? last_end : per_word;
        for (count128 k = from; k < to; k++)
            if (!emit(p, out, hc_stream_candidate(p->attack, word, len, hc_count_of(k), out)))
                return false;
    }
    return true;
}

/* One pass's candidates; false when the list cannot be read, a write
 * failed or Ctrl+C came. */
static bool print_pass(void *arg, const hc_stream_attack *attack)
{
    printer *p = arg;
    p->attack = attack;
    p->window->per_word = count128_of(hc_stream_per_word(attack));
    p->ok = each_batch(p->a, p->window, print_words, p);
    return p->ok && !p->window->full && atomic_load(&cli_interrupted) == 0;
}

int hash_attack_stdout(const hash_attack *a, const hc_crack_job *job)
{
    word_window window;
    printer p = {a, &window, &a->stream, true, 0};
    cli_catch_interrupt();
    if (a->kind == ATTACK_WORDLIST) {
        if (!open_window(a, job, &window))
            return EXIT_USAGE;
        if (each_pass(a, print_pass, &p) != HC_OK) {
            cli_out_of_memory();
            return EXIT_USAGE;
        }
    } else {
        hc_status status = hc_crack_walk(job, emit, &p);
        if (status != HC_OK) {
            fprintf(stderr, "hc: --stdout: %s\n",
                    status == HC_ERR_RANGE ? "candidates longer than 256 bytes are not printed" : hc_status_text(status));
            return EXIT_USAGE;
        }
    }
    if (fflush(stdout) != 0 && p.write_errno == 0)
        p.write_errno = plat_stream_write_errno(errno);
    if (atomic_load(&cli_interrupted))
        return EXIT_INTERRUPTED;
    if (p.write_errno != 0) {
        /* a reader that went away (--stdout | head) is not worth a message */
        if (p.write_errno != EPIPE)
            fprintf(stderr, "hc: standard output: %s\n", strerror(p.write_errno));
        return EXIT_USAGE;
    }
    return p.ok ? EXIT_OK : EXIT_MISMATCH;
}
