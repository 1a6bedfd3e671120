/* hash mode with --hashes: every digest of a list searched for in one pass
 * over the keyspace, each one printed as it is found (hash.c holds the one
 * target's search and what both share, hash_search.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "crack_status.h"
#include "format_writer.h"
#include "hash_attack.h"
#include "hash_search.h"
#include "hash_targets.h"
#include "plain_text.h"
#include "potfile.h"
#include "stop_marker.h"
#include "hc/crack.h"
#include "hc/encode.h"

typedef struct many_search {
    cli_output *out;
    const hc_algorithm *alg;
    bool json, base64;
    const hash_targets *targets;
    const uint8_t *digests; /* the job's targets: the searched ones of the file */
    size_t searched;
    const size_t *index;   /* the job's target i is targets' index[i] */
    uint8_t *found;        /* per target of the file */
    size_t found_count;
    size_t from_potfile;   /* of found_count: answered by the potfile */
} many_search;

/* A digest as hashcat writes it for the row, or Base64 with -b. */
static size_t digest_text(const many_search *m, const uint8_t *digest, char *text)
{
    if (!m->base64)
        return hash_text(m->alg, digest, text);
    hc_base64_encode(digest, hc_algorithm_digest_len(m->alg), text);
    return strlen(text);
}

/* hashcat's `<hash>:<plain>` (the plain as the potfile writes it), or its
 * JSON object, at once. */
static void print_hit(many_search *m, size_t target, const uint8_t *text, size_t len)
{
    const uint8_t *digest = m->targets->digests + target * hc_algorithm_digest_len(m->alg);
    m->found[target] = 1;
    m->found_count++;
    if (m->json) {
        search_print_json_result(m->out, m->alg, digest, true, text, len, 0, -1);
        return;
    }
    char shown[HASH_TEXT_MAX];
    _Static_assert(HC_BASE64_LEN(HC_MAX_DIGEST_LEN) < sizeof(shown), "Base64 is shorter than hex");
    char *plain = malloc(PLAIN_TEXT_SIZE(len));
    text_buffer t;
    text_init(&t);
    if (plain == NULL) {
        t.no_memory = true;
    } else {
        text_append(&t, shown, digest_text(m, digest, shown));
        text_append(&t, ":", 1);
        text_append(&t, plain, plain_encode(text, len, plain));
    }
    text_output_line(&t, m->out);
    text_free(&t);
    free(plain);
}

/* A find of the search: printed and kept. */
static void record_hit(many_search *m, size_t target, const uint8_t *text, size_t len)
{
    search_keep_find(m->targets->digests + target * hc_algorithm_digest_len(m->alg), text, len);
    print_hit(m, target, text, len);
}

/* potfile_found_fn: a target the potfile answers, printed as a find. */
static void potfile_hit(void *arg, size_t target, const uint8_t *text, size_t len)
{
    many_search *m = arg;
    m->from_potfile++;
    print_hit(m, target, text, len);
}

static void on_found(void *arg, size_t target, const uint8_t *text, size_t len)
{
    many_search *m = arg;
    /* once per target: a hybrid's later pass may meet it again (word "a1"
     * with ?d, then word "a" with ?d?d) */
    if (!m->found[m->index[target]])
        record_hit(m, m->index[target], text, len);
}

/* hash_attack_settled_fn: every target of the file found. */
static bool all_found(void *arg)
{
    const many_search *m = arg;
    return m->found_count == m->targets->count;
}

static void ignore_found(void *arg, size_t target, const uint8_t *text, size_t len)
{
    (void)arg, (void)target, (void)text, (void)len;
}

/* Reads --hashes; EXIT_OK, or the status to end with (nothing left to
 * free). */
static int read_many_targets(const cli_args *args, const hc_algorithm *alg, hash_targets *targets)
{
    /* reading a list may wait (a pipe, a FIFO, a terminal): Ctrl+C stops it */
    cli_catch_interrupt();
    const hash_list_syntax syntax = {alg, args->present[OPT_BASE64], args->present[OPT_USERNAME]};
    if (!hash_targets_read(targets, &syntax, args->value[OPT_HASHES]))
        return targets->interrupted ? EXIT_INTERRUPTED : EXIT_USAGE;
    if (atomic_load(&cli_interrupted)) {
        /* Ctrl+C as the list ended: it was still being read */
        hash_targets_free(targets);
        return EXIT_INTERRUPTED;
    }
    if (targets->count == 0) {
        fprintf(stderr, "hc: no %s digest in --hashes file %s\n", hc_algorithm_name(alg), args->value[OPT_HASHES]);
        hash_targets_free(targets);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* §5.9: the empty string is found before any search; the other targets
 * are copied to digests for the engine (index: where each came from).
 * Returns how many. */
static size_t targets_to_search(many_search *m, const uint8_t *empty, uint8_t *digests, size_t *index)
{
    const unsigned dl = hc_algorithm_digest_len(m->alg);
    size_t searched = 0;
    for (size_t i = 0; i < m->targets->count; i++) {
        const uint8_t *d = m->targets->digests + i * dl;
        if (m->found[i])
            continue; /* the potfile's */
        if (memcmp(d, empty, dl) == 0) {
            record_hit(m, i, (const uint8_t *)"", 0);
            continue;
        }
        memcpy(digests + searched * dl, d, dl);
        index[searched++] = i;
    }
    return searched;
}

/* Runs the attack on the job's targets (none: nothing to run), the hits
 * printed as they come; *elapsed: its seconds. */
static hc_status search_many(const cli_args *args, cli_output *out, const search_options *o, const hash_attack *attack,
                             hc_crack_job *job, many_search *m, hc_crack_result *result, double *elapsed)
{
    if (m->searched == 0)
        return HC_OK;
    if (o->max_len > (int64_t)HC_CRACK_MAX_LENGTH) {
        output_line(out, "Max string length is too big: %lld", (long long)o->max_len);
        return HC_OK;
    }
    cli_catch_interrupt();
    if (!args->present[OPT_NOPROBE] && attack->kind != ATTACK_WORDLIST) {
        search_probe(out, job);
        output_line(out, "%s", ""); /* ends the probe line (before the hits) */
    }
    hc_crack_job_set_targets(job, m->digests, m->searched, on_found, m);
    crack_status live;
    if (!crack_status_start(&live, job, &search_marker, NULL))
        return HC_ERR_NOMEM;
    double start = cli_monotonic_seconds();
    hc_status run = search_interrupted(NULL) ? HC_OK : hash_attack_run(attack, job, result, all_found, m);
    *elapsed = cli_monotonic_seconds() - start;
    crack_status_stop(&live, job);
    return run;
}

/* The lines after the search (JSON: the targets not found; the summary,
 * the count) and the exit status; a stop marker once all were found. */
static int report_many(cli_output *out, const search_options *o, const many_search *m, count128 attempts,
                       double elapsed)
{
    const hash_targets *targets = m->targets;
    const bool skipped = targets->bad_lines > 0;
    if (m->json) {
        const unsigned dl = hc_algorithm_digest_len(m->alg);
        for (size_t i = 0; i < targets->count; i++)
            if (!m->found[i])
                search_print_json_result(out, m->alg, targets->digests + i * dl, false, NULL, 0, 0, -1);
    }
    search_print_summary(out, attempts, o->skip, elapsed);
    output_line(out, "Found %zu of %zu targets%s", m->found_count, targets->count,
                skipped ? " (lines of the file were skipped)" : "");
    int status = m->found_count == targets->count && !skipped ? EXIT_OK : search_stopped_status();
    if (m->found_count == targets->count) {
        char line[96];
        snprintf(line, sizeof(line), "Found %zu of %zu targets", m->found_count, targets->count);
        search_create_marker(o, line, strlen(line));
    }
    return search_finish_stopped(out, status);
}

int hash_run_many(const cli_args *args, const hc_algorithm *alg, cli_output *out, bool json, search_options *o,
                    hash_attack *attack)
{
    hash_targets targets;
    int read = read_many_targets(args, alg, &targets);
    if (read != EXIT_OK)
        return read;
    int started = search_start_marker(args, alg, o, targets.digests, targets.count);
    if (started >= 0) {
        hash_targets_free(&targets);
        return started;
    }
    uint8_t empty[HC_MAX_DIGEST_LEN];
    const unsigned dl = hc_algorithm_digest_len(alg);
    many_search m = {.out = out, .alg = alg, .json = json, .base64 = args->present[OPT_BASE64], .targets = &targets};
    m.found = calloc(targets.count, 1);
    size_t *index = malloc(targets.count * sizeof(size_t));
    uint8_t *digests = malloc(targets.count * dl);
    hc_pool *pool = NULL;
    hc_crack_job *job = NULL;
    int status = EXIT_USAGE;
    if (!m.found || !index || !digests) {
        cli_out_of_memory();
        goto done;
    }
    if (!search_digest_of_text(alg, "", empty) || !search_start_job(args, alg, o, attack, &job, &pool))
        goto done;
    if (search_potfile_answers(o) && !potfile_lookup(&search_pot, targets.digests, targets.count, potfile_hit, &m)) {
        status = atomic_load(&cli_interrupted) ? EXIT_INTERRUPTED : EXIT_USAGE;
        goto done;
    }
    if (m.from_potfile > 0)
        fprintf(stderr, "hc: %zu of %zu targets answered from the potfile %s%s\n", m.from_potfile, targets.count,
                search_pot.path, m.from_potfile == targets.count ? " (no search)" : "; searching for the rest");
    m.searched = targets_to_search(&m, empty, digests, index);
    m.digests = digests;
    m.index = index;
    /* the probe's finds are not reported: the search's are */
    hc_crack_job_set_targets(job, digests, m.searched, ignore_found, NULL);
    double elapsed = 0;
    hc_crack_result result;
    memset(&result, 0, sizeof(result));
    hc_status run = search_many(args, out, o, attack, job, &m, &result, &elapsed);
    if (run != HC_OK) {
        fprintf(stderr, "hc: %s\n", hc_status_text(run));
        goto done;
    }
    status = report_many(out, o, &m, count128_of(result.attempts), elapsed);
done:
    search_end_job(&job, &pool);
    free(m.found);
    free(index);
    free(digests);
    hash_targets_free(&targets);
    return status;
}
