/* check mode: reading one list line into the batch (check_batch.h): which
 * syntax, which algorithm, which file; lines naming one file join. */
#include <stdlib.h>
#include <string.h>

#include "check_batch.h"
#include "progress.h"

static bool row_in(const hc_algorithm *const *rows, size_t count, const hc_algorithm *alg)
{
    for (size_t i = 0; i < count; i++)
        if (rows[i] == alg)
            return true;
    return false;
}

static check_job *new_job(check_run *run, job_kind kind)
{
    check_job *job = &run->jobs[run->job_count++];
    job->kind = kind;
    job->path = NULL;
    job->path_len = 0;
    job->row_count = 0;
    job->first_item = run->item_count;
    job->guess = false;
    job->item_count = 0;
    job->line = run->list->line;
    job->reason[0] = '\0';
    return job;
}

static void add_problem(check_run *run, job_kind kind, const char *reason)
{
    check_job *job = new_job(run, kind);
    snprintf(job->reason, sizeof(job->reason), "%s", reason);
}

/* The path a list's name stands for: SFV and hc lines name files next to
 * the list, GNU, BSD and JSON lines files relative to the working
 * directory (as sha256sum -c does). */
static char *resolve(const check_list *list, sum_syntax syntax, const char *name, size_t len, size_t *out_len)
{
    size_t dir = (syntax == SUM_SFV || syntax == SUM_HC) && name[0] != '/' ? list->dir_len : 0;
    char *path = malloc(dir + len + 1);
    if (path == NULL)
        return NULL;
    memcpy(path, list->name, dir);
    memcpy(path + dir, name, len);
    path[dir + len] = '\0';
    *out_len = dir + len;
    return path;
}

/* One verified line: joins the previous job when it names the same file. */
static bool add_entry(check_run *run, sum_syntax syntax, const char *name, size_t name_len,
                      const hc_algorithm *const *rows, size_t row_count, const uint8_t *expected, size_t expected_len)
{
    size_t path_len;
    char *path = resolve(run->list, syntax, name, name_len, &path_len);
    if (path == NULL)
        return false;
    check_job *job = run->job_count ? &run->jobs[run->job_count - 1] : NULL;
    bool join = job && job->kind == JOB_FILE && job->path_len == path_len && memcmp(job->path, path, path_len) == 0 &&
                job->item_count < ITEMS_PER_JOB;
    if (join) {
        size_t more = 0;
        for (size_t i = 0; i < row_count; i++)
            more += !row_in(job->rows, job->row_count, rows[i]);
        join = job->row_count + more <= HC_ALGORITHM_COUNT;
    }
    if (join) {
        free(path);
    } else {
        job = new_job(run, JOB_FILE);
        job->path = path;
        job->path_len = path_len;
    }
    check_item *item = &run->items[run->item_count++];
    item->line = run->list->line;
    memcpy(item->expected, expected, expected_len);
    item->expected_len = expected_len;
    item->rows = 0;
    for (size_t i = 0; i < row_count; i++) {
        size_t k = 0;
        while (k < job->row_count && job->rows[k] != rows[i])
            k++;
        if (k == job->row_count)
            job->rows[job->row_count++] = rows[i];
        item->rows |= (uint64_t)1 << k;
    }
    job->item_count++;
    run->list->entries++;
    return true;
}

/* ---- an untagged list and no algorithm: the digest's length tells the
 * candidates, the first entries tell which of them (§10.8) ---- */

/* Guessed entries (each one read with every candidate) before giving up. */
/* Every row whose digest the text can be, of one length: hex first (64
 * hex digits are also Base64 of 48 bytes), else the first length the text
 * decodes to. */
static size_t digest_candidates(sum_span digest, const hc_algorithm **rows)
{
    uint8_t scratch[HC_MAX_DIGEST_LEN];
    const hc_algorithm *sorted[HC_ALGORITHM_COUNT];
    size_t row_count = hc_algorithm_sorted(sorted, HC_ALGORITHM_COUNT);
    row_count = row_count < HC_ALGORITHM_COUNT ? row_count : HC_ALGORITHM_COUNT;
    for (int pass = 0; pass < 2; pass++) {
        size_t count = 0, len = 0;
        for (size_t i = 0; i < row_count; i++) {
            const hc_algorithm *alg = sorted[i];
            size_t n = hc_algorithm_digest_len(alg);
            bool fits = pass == 0 ? 2 * n == digest.len : len == 0 || n == len;
            if (fits && sum_digest_decode(digest, scratch, n)) {
                rows[count++] = alg;
                len = n;
            }
        }
        if (count)
            return count;
    }
    return 0;
}

static bool digest_fits(sum_span digest, const hc_algorithm *alg)
{
    uint8_t scratch[HC_MAX_DIGEST_LEN];
    return sum_digest_decode(digest, scratch, hc_algorithm_digest_len(alg));
}

/* "<n> characters: one of a, b, c" for the message of a line that names
 * no algorithm. */
static void name_candidates(sum_span digest, char *text, size_t size)
{
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t count = digest_candidates(digest, rows);
    size_t n = (size_t)snprintf(text, size, "a digest of %zu characters", digest.len);
    for (size_t i = 0; i < count && n < size; i++)
        n += (size_t)snprintf(text + n, size - n, "%s%s", i ? ", " : count > 1 ? " is one of " : " is ",
                              hc_algorithm_name(rows[i]));
}

/* The algorithms a reading may be for, before its digest is looked at;
 * *guess: the candidates of an untagged digest, to be told apart. */
static size_t candidate_rows(check_run *run, const sum_reading *r, const hc_algorithm **rows, char *reason,
                             size_t reason_size, bool *no_algorithm, bool *guess)
{
    const cli_algs *algs = run->algs;
    if (r->tag.len) {
        const hc_algorithm *alg = sum_tag_algorithm(r->tag.p, r->tag.len);
        if (alg == NULL) {
            snprintf(reason, reason_size, "unknown algorithm '%.*s'", (int)(r->tag.len < 40 ? r->tag.len : 40),
                     r->tag.p);
            return 0;
        }
        if (algs->count && !row_in(algs->rows, algs->count, alg)) {
            snprintf(reason, reason_size, "%s is not among the algorithms asked for ('%s')", hc_algorithm_name(alg), algs->word);
            return 0;
        }
        rows[0] = alg;
        return 1;
    }
    size_t count = 0;
    if (r->syntax == SUM_SFV) {
        /* SFV holds CRC-32s: crc32, or the CRC the command line names */
        for (size_t i = 0; i < algs->count; i++)
            if (hc_algorithm_flags(algs->rows[i]) & HC_ALG_CRC)
                rows[count++] = algs->rows[i];
        if (algs->count == 0)
            rows[count++] = hc_algorithm_find("crc32");
        if (count == 0)
            snprintf(reason, reason_size, "an SFV line holds a CRC-32, and '%s' has none", algs->word);
        return count;
    }
    for (size_t i = 0; i < algs->count; i++)
        rows[count++] = algs->rows[i];
    /* the list's name is a hint: digests that do not fit it are tried */
    if (count == 0 && run->list->named && digest_fits(r->digest, run->list->named))
        rows[count++] = run->list->named;
    if (count == 0 && sum_digest_plausible(r->digest)) {
        *no_algorithm = true;
        if ((count = digest_candidates(r->digest, rows)) > 0) {
            size_t len = hc_algorithm_digest_len(rows[0]);
            const hc_algorithm *guessed = run->list->guessed[len];
            if (guessed) {
                rows[0] = guessed;
                return 1;
            }
            *guess = run->list->guesses[len] < GUESS_TRIES;
            if (*guess)
                return count;
        }
        name_candidates(r->digest, reason, reason_size);
        return 0;
    }
    if (count == 0)
        snprintf(reason, reason_size, "no algorithm is named for this line");
    return count;
}

/* Tries one reading; true when it made an entry (or memory ran out, then
 * *failed is set). */
static bool try_reading(check_run *run, const sum_reading *r, char *reason, size_t reason_size, bool *no_algorithm,
                        bool *failed)
{
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    bool guess = false;
    size_t count = candidate_rows(run, r, rows, reason, reason_size, no_algorithm, &guess);
    if (count == 0)
        return false;
    /* keep the rows whose digest length the text fits */
    uint8_t expected[HC_MAX_DIGEST_LEN];
    size_t expected_len = 0, kept = 0;
    for (size_t i = 0; i < count; i++) {
        size_t n = hc_algorithm_digest_len(rows[i]);
        if (expected_len ? n == expected_len : sum_digest_decode(r->digest, expected, n)) {
            expected_len = n;
            rows[kept++] = rows[i];
        }
    }
    if (kept == 0 && r->tag.len == 0 && !sum_digest_plausible(r->digest)) {
        snprintf(reason, reason_size, "not a checksum line");
        return false;
    }
    if (kept == 0) {
        snprintf(reason, reason_size, "a digest of %zu characters does not fit %s%s (%u bytes)", r->digest.len,
                 count > 1 ? "any of " : "", count > 1 ? run->algs->word : hc_algorithm_name(rows[0]),
                 (unsigned)hc_algorithm_digest_len(rows[0]));
        return false;
    }
    size_t name_len;
    if (!sum_name_decode(r, run->name, NAME_MAX_BYTES, &name_len)) {
        snprintf(reason, reason_size, "the file name is not valid (a bad escape, a NUL byte, or too long)");
        return false;
    }
    if (!add_entry(run, r->syntax, run->name, name_len, rows, kept, expected, expected_len)) {
        *failed = true;
    } else if (guess) {
        run->jobs[run->job_count - 1].guess = true;
        run->list->guessing = true;
    }
    run->list->have_last = true;
    run->list->last_syntax = r->syntax;
    return true;
}

static bool is_decimal(const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (p[i] < '0' || p[i] > '9')
            return false;
    return len > 0;
}

/* POSIX cksum's line: "<CRC> <size> <name>", both numbers in decimal. */
static bool is_posix_cksum_line(const char *text, size_t len)
{
    const char *space = memchr(text, ' ', len);
    if (space == NULL || !is_decimal(text, (size_t)(space - text)) || space - text > 10)
        return false;
    const char *size = space + 1;
    const char *end = text + len;
    const char *second = memchr(size, ' ', (size_t)(end - size));
    return second && is_decimal(size, (size_t)(second - size)) && second + 1 < end;
}

bool check_take_line(check_run *run, const char *text, size_t len)
{
    check_list *list = run->list;
    sum_reading readings[SUM_READINGS_MAX];
    size_t count;
    switch (sum_line_parse(text, len, list->sfv_first, readings, &count)) {
    case SUM_LINE_BLANK:
    case SUM_LINE_NOTE:
        return true;
    case SUM_LINE_COMMENT:
        list->sfv_first = true; /* ';' comments belong to SFV */
        return true;
    case SUM_LINE_MALFORMED:
        add_problem(run, JOB_MALFORMED, "not a checksum line");
        return true;
    case SUM_LINE_ENTRY:
        break;
    }
    if (list->line == 1 && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        add_problem(run, JOB_MALFORMED, "it starts with a UTF-8 byte-order mark (EF BB BF), which checksum "
                                        "tools do not write");
        return true;
    }
    char reason[160] = "", first_reason[160] = "";
    bool no_algorithm = false, failed = false;
    /* a list keeps to one syntax: the last entry's is tried first */
    for (size_t pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < count; i++) {
            bool preferred = list->have_last && readings[i].syntax == list->last_syntax;
            if (pass == 0 ? !preferred : preferred)
                continue;
            reason[0] = '\0';
            if (try_reading(run, &readings[i], reason, sizeof(reason), &no_algorithm, &failed))
                return !failed;
            if (first_reason[0] == '\0')
                snprintf(first_reason, sizeof(first_reason), "%s", reason);
        }
    }
    /* no reading fits: naming an algorithm would not help POSIX cksum's line */
    if (is_posix_cksum_line(text, len))
        add_problem(run, JOB_MALFORMED, "POSIX cksum's CRC and size, in decimal; no hc algorithm computes that CRC");
    else
        add_problem(run, no_algorithm ? JOB_NO_ALGORITHM : JOB_MALFORMED, first_reason);
    return true;
}

check_list check_list_start(const char *name)
{
    bool is_stdin = strcmp(name, "-") == 0;
    check_list list = {.name = name, .display = is_stdin ? "standard input" : name};
    const char *slash = strrchr(name, '/');
    list.dir_len = is_stdin || slash == NULL ? 0 : (size_t)(slash - name) + 1;
    list.named = is_stdin ? NULL : sum_name_algorithm(name);
    const char *dot = strrchr(name, '.');
    list.sfv_first = dot && (strcmp(dot, ".sfv") == 0 || strcmp(dot, ".SFV") == 0);
    return list;
}
