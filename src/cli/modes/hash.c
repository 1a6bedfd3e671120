/* hash mode: restore a string from its digest by brute force (contract §2.2,
 * §5, with the §9 deviations: exit 0 found, 1 nothing found, 2 usage; the
 * default -T is every CPU the process may use). The search itself is
 * libhc's (hc/crack.h); this file parses, estimates, times and prints. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "habits.h"
#include "crack_status.h"
#include "format_writer.h"
#include "args.h"
#include "hash_attack.h"
#include "hash_show.h"
#include "hash_targets.h"
#include "outfile.h"
#include "plain_text.h"
#include "potfile.h"
#include "part.h"
#include "search_identity.h"
#include "session.h"
#include "stop_marker.h"
#include "hc/cpu.h"
#include "hc/crack.h"
#include "hc/encode.h"
#include "hc/pool.h"
#include "hash_search.h"

static const cli_option_spec hash_options[] = {
    {OPT_SOURCE, 's', "source", "<string>", "input hash to restore (or the text to crack with -p)", 0},
    {OPT_HASHES, 0, "hashes", "<file>", "restore every digest of the file (one per line, '-': stdin) in one pass", 0},
    {OPT_BASE64, 'b', "base64", NULL, "interpret the hash (or --hashes' lines) as Base64", 0},
    {OPT_DICT, 'a', "dict", "<string>", "initial string's dictionary (default: all digits, upper and lower case latin)", 0},
    {OPT_MIN, 'n', "min", "<int>", "the minimal length of the string to restore (default 1)", 0},
    {OPT_MAX, 'x', "max", "<int>", "the maximal length of the string to restore (default 10)", 0},
    {OPT_PERFORMANCE, 'p', "performance", NULL, "performance test: crack the hash of 12345 (or of -s)", 0},
    {OPT_NOPROBE, 0, "noprobe", NULL, "skip the time estimate", 0},
    {OPT_THREADS, 'T', "threads", "<int>", "the number of threads to crack with (default: all CPUs)", 0},
    {OPT_PART, 0, "part", "<K/N>", "search only the K-th of N equal parts of the keyspace (1 <= K <= N)", 0},
    {OPT_SKIP, 0, "skip", "<N>", "start N candidates into the run (into the part, with --part): lines N+1... of --stdout", 0},
    {OPT_LIMIT, 0, "limit", "<N>", "try at most N candidates (after --skip, inside the part)", 0},
    {OPT_SESSION, 0, "session", "<name>", "save the search's position as it goes and when stopped (in the user's state folder, or $HC_SESSION_DIR)", 0},
    {OPT_RESTORE, 0, "restore", NULL, "continue the saved session (--session's, default 'hc'); give the options it was started with", 0},
    {OPT_STOP_FILE, 0, "stop-file", "<path>", "stop (status 3) once this search's marker is there; create it on a find", 0},
    {OPT_REPLACE_STOP_FILE, 0, "replace-stop-file", NULL, "remove another search's marker left at --stop-file's path (never this search's)", 0},
    CLI_OPTIONS_PROGRESS,
    {OPT_FORMAT, 0, "format", "<hc|json>", "output: the lines above, or JSON (one object per target; everything else on stderr)", 0},
    /* attacks (hash_attack.c) */
    {OPT_MASK, 0, "mask", "<mask>", "try a mask instead of -a: ?l ?u ?d ?s ?a ?h ?H ?b ?1-?4, ?? for '?', other bytes as they are", 0},
    {OPT_CUSTOM1, '1', "custom-charset1", "<set>", "custom set ?1 of the mask (may use ?l ?u ?d ...); -2, -3, -4 likewise", 0},
    {OPT_CUSTOM2, '2', "custom-charset2", "<set>", "custom set ?2 of the mask", 0},
    {OPT_CUSTOM3, '3', "custom-charset3", "<set>", "custom set ?3 of the mask", 0},
    {OPT_CUSTOM4, '4', "custom-charset4", "<set>", "custom set ?4 of the mask", 0},
    {OPT_INCREMENT, 0, "increment", NULL, "try the mask's prefixes too, shortest first (-n/-x bound their lengths; with --wordlist, a pass of the list each)", 0},
    {OPT_WORDLIST, 0, "wordlist", "<file>", "try the words of the file ('-': stdin); with --mask before or after it: the hybrid attack", 0},
    {OPT_RULES, 0, "rules", "<file>", "mangle each word with every rule of the file (hashcat's rules; repeat: the files multiply)", 0},
    {OPT_STDOUT, 0, "stdout", NULL, "print the candidates, one per line, in the order they would be tried, instead of hashing", 0},
    {OPT_HEX_CHARSET, 0, "hex-charset", NULL, "the mask's literal bytes and -1..-4 are given in hex (?d and the like stay)", 0},
    /* results (potfile.c, hash_show.c, outfile.c) */
    {OPT_POTFILE_PATH, 0, "potfile-path", "<file>", "the potfile: found plains as hash:plain lines (default: hc.potfile in the user's data folder)", 0},
    {OPT_POTFILE_DISABLE, 0, "potfile-disable", NULL, "neither read nor write the potfile", 0},
    {OPT_SHOW, 0, "show", NULL, "print hash:plain for the targets the potfile has, and search nothing", 0},
    {OPT_LEFT, 0, "left", NULL, "print the targets the potfile does not have, and search nothing", 0},
    {OPT_USERNAME, 0, "username", NULL, "the lines of --hashes are user:hash (--show prints user:hash:plain)", 0},
    {OPT_OUTFILE, 0, "outfile", "<file>", "append each find to this file (never one of the run's inputs)", 0},
    {OPT_OUTFILE_FORMAT, 0, "outfile-format", "<list>", "the fields of --outfile's lines: 1 hash; 2 plain; 3 plain in hex (default 1,2)", 0},
};

enum { MIN_DEFAULT = 1, MAX_DEFAULT = 10 };

/* The probe times this long a piece of the real search (see search_probe()). */
static const double PROBE_SECONDS = 0.1;

/* -T (§2.5): a plain signed 32-bit decimal, anything else counts as 0;
 * outside 1..P a warning and the default P (§9). */
static unsigned threads_option(cli_output *out, const cli_args *args)
{
    unsigned cpus = hc_cpu_count();
    if (!args->present[OPT_THREADS])
        return cpus;
    int64_t n;
    if (parse_signed64(args->value[OPT_THREADS], false, &n) != NUMBER_OK || n < INT32_MIN || n > INT32_MAX)
        n = 0;
    if (n >= 1 && n <= (int64_t)cpus)
        return (unsigned)n;
    output_line(out, "Threads number must be between 1 and %u but it was set to %lld. Reset to default %u", cpus,
                (long long)n, cpus);
    return cpus;
}

/* -n / -x: 0 means the default (§2.5). */
static bool length_option(cli_output *out, const cli_args *args, cli_option_id id, int64_t fallback, int64_t *value)
{
    *value = fallback;
    if (!args->present[id])
        return true;
    if (!parse_count_option(out, args, id, 32, value))
        return false;
    if (*value == 0)
        *value = fallback;
    return true;
}

/* The bytes the row hashes for a text: UTF-16LE for ntlm (§6). */
bool search_digest_of_text(const hc_algorithm *alg, const char *text, uint8_t *digest)
{
    uint8_t *owned;
    const uint8_t *bytes;
    size_t len;
    if (!cli_text_bytes(alg, text, &owned, &bytes, &len))
        return false;
    hc_hasher hasher;
    bool ok = hc_hasher_open(&hasher, alg, NULL) == HC_OK;
    if (ok) {
        hc_hasher_oneshot(&hasher, bytes, len, digest);
        hc_hasher_close(&hasher);
    } else {
        cli_out_of_memory();
    }
    free(owned);
    return ok;
}

/* The contract caps printed estimates at 2^63 (§5.7). */
static count128 cap63(count128 n)
{
    const count128 cap = (count128)1 << 63;
    return n > cap ? cap : n;
}

/* Is the whole keyspace (all parts) past what hc counts exactly? Counts
 * saturate (hc_count_is_max), which then stands for "this many or more". */
static bool keyspace_uncountable(const hc_crack_job *job)
{
    hc_crack_job *whole;
    if (hc_crack_job_copy(job, &whole) != HC_OK)
        return false; /* the run refuses the parts itself (HC_ERR_RANGE) */
    hc_crack_job_set_part(whole, 0, 0);
    /* the size does not depend on the target, which is set later; the
     * library checks that a job has one */
    static const uint8_t any_target[HC_MAX_DIGEST_LEN];
    hc_crack_job_set_target(whole, any_target);
    hc_count attempts, hashed;
    const bool uncountable = hc_crack_job_size(whole, &attempts, &hashed) == HC_OK && hc_count_is_max(hashed);
    hc_crack_job_free(whole);
    return uncountable;
}

/* The summary; `skipped` of the attempts (--skip, a restored run's
 * position) were counted, not tried: they are no part of the speed. */
void search_print_summary(cli_output *out, count128 attempts, count128 skipped, double seconds)
{
    char count[64], speed[GROUPED_MAX], time[TIME_TEXT_MAX];
    format_count(attempts, count, sizeof(count));
    const count128 tried = attempts > skipped ? attempts - skipped : 0;
    double rate = seconds > 0 ? (double)tried / seconds : 0;
    const double cap = 9223372036854775808.0;
    format_grouped((uint64_t)llround(rate < cap ? rate : cap), speed);
    format_time_short(seconds, time);
    output_line(out, "%s", "");
    output_line(out, "Attempts: %s Time %s Speed: %s attempts/second", count, time, speed);
}

/* A found candidate as printed: ntlm's is UTF-16 code units U+0000..U+00FF,
 * written as UTF-8 (§5.6, §6); the others' bytes as they are. utf8 holds
 * 2 * len bytes; returns the bytes written. */
static size_t candidate_text(const hc_algorithm *alg, const uint8_t *text, size_t len, uint8_t *utf8)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (!(hc_algorithm_flags(alg) & HC_ALG_TEXT_UTF16LE) || text[i] < 0x80) {
            utf8[n++] = text[i];
        } else {
            utf8[n++] = (uint8_t)(0xC0 | text[i] >> 6);
            utf8[n++] = (uint8_t)(0x80 | (text[i] & 0x3F));
        }
    }
    return n;
}

static void print_found(cli_output *out, const hc_algorithm *alg, const uint8_t *text, size_t len)
{
    uint8_t *utf8 = malloc(2 * len + 1);
    if (utf8 == NULL) {
        out->no_memory = true;
        return;
    }
    output_text(out, "Initial string is: ");
    output_bytes(out, utf8, candidate_text(alg, text, len, utf8));
    output_line(out, "%s", "");
    free(utf8);
}


/* Where finds are kept: the potfile, --outfile. */
potfile search_pot;
static outfile found_file;

/* A find of the search (not one the potfile answered): kept in both. */
void search_keep_find(const uint8_t *digest, const uint8_t *text, size_t len)
{
    potfile_add(&search_pot, digest, text, len);
    outfile_add(&found_file, digest, text, len);
}

/* Whether the potfile answers targets before the search. Not for one part
 * of many: a part searches its slice, and the stop marker, not the
 * potfile, tells the parts about a find (each part still keeps its own). */
bool search_potfile_answers(const search_options *o)
{
    return o->parts <= 1;
}

/* --stop-file's marker (path NULL without the option), and the lines
 * that say which search it belongs to. */
stop_marker search_marker;
static char *marker_identity;

/* --session's state (path NULL without it). */
static session search_session;

typedef struct deadline {
    double end;
} deadline;

/* The workers' stop check: Ctrl+C or the marker (both one atomic load). */
bool search_interrupted(void *arg)
{
    (void)arg;
    return atomic_load(&cli_interrupted) != 0 || stop_marker_seen(&search_marker);
}

static bool probe_over(void *arg)
{
    const deadline *dl = arg;
    return search_interrupted(NULL) || cli_monotonic_seconds() >= dl->end;
}

/* Why a search ended before its end: Ctrl+C (130) wins over the marker
 * (3, or 2 when another search's marker took its path). */
int search_stopped_status(void)
{
    return atomic_load(&cli_interrupted) ? EXIT_INTERRUPTED
           : stop_marker_seen(&search_marker)   ? stop_marker_status(&search_marker)
                                         : EXIT_MISMATCH;
}

/* The marker after the identity: which part found it, then the answer's
 * line. */
void search_create_marker(const search_options *o, const char *answer_line, size_t len)
{
    if (search_marker.path == NULL)
        return;
    char found_by[96] = "found by a search without --part";
    if (o->parts > 0)
        snprintf(found_by, sizeof(found_by), "found by --part %llu/%llu", (unsigned long long)o->part,
                 (unsigned long long)o->parts);
    stop_marker_create(&search_marker, found_by, answer_line, len);
}

/* --stop-file's look as the search starts, once its targets are known:
 * -1 to go on (this search's marker there: it stops at once), or
 * EXIT_USAGE after a message (another search's marker, another file). */
int search_start_marker(const cli_args *args, const hc_algorithm *alg, const search_options *o,
                        const uint8_t *digests, size_t count)
{
    if (!args->present[OPT_STOP_FILE])
        return -1;
    search_identity_input in = {.alg = alg, .digests = digests, .count = count, .min_len = o->min_len,
                                .max_len = o->max_len, .parts = o->parts};
    marker_identity = search_identity(args, &in);
    if (marker_identity == NULL) {
        cli_out_of_memory();
        return EXIT_USAGE;
    }
    stop_marker_init(&search_marker, args->value[OPT_STOP_FILE], marker_identity);
    return stop_marker_start(&search_marker, args->present[OPT_REPLACE_STOP_FILE]) ? -1 : EXIT_USAGE;
}

/* One target's answer: "Initial string is: <text>" as printed. */
static void create_found_marker(const hc_algorithm *alg, const search_options *o, const hc_crack_result *r)
{
    static const char prefix[] = "Initial string is: ";
    const size_t plen = sizeof(prefix) - 1;
    uint8_t *line = malloc(plen + 2 * r->found_len + 1);
    if (line == NULL) {
        search_create_marker(o, "", 0);
        return;
    }
    memcpy(line, prefix, plen);
    size_t len = plen + candidate_text(alg, r->found_text, r->found_len, line + plen);
    search_create_marker(o, (const char *)line, len);
    free(line);
}

/* --session/--restore for a search of one digest: with --restore,
 * o->skip becomes the saved position. false after a message. */
static bool open_session(const cli_args *args, const hc_algorithm *alg, search_options *o, const uint8_t *digest)
{
    if (!args->present[OPT_SESSION] && !args->present[OPT_RESTORE]) {
        memset(&search_session, 0, sizeof(search_session));
        return true;
    }
    search_identity_input in = {.alg = alg, .digests = digest, .count = 1, .min_len = o->min_len,
                                .max_len = o->max_len, .parts = o->parts};
    char *marker_lines = search_identity(args, &in);
    char *lines = marker_lines ? session_identity(args, marker_lines, o->part, o->skip, o->limit) : NULL;
    if (marker_lines == NULL)
        cli_out_of_memory();
    const uint64_t first = o->skip;
    bool ok = lines != NULL && session_open(&search_session, args, lines, &o->skip);
    free(marker_lines);
    free(lines);
    /* --limit counts from the first run's skip: what is left of it. A
     * position at (or, edited, past) the end tries the last one again,
     * which the window of the first run holds */
    if (o->skip < first) /* edited to before the window: from its start */
        o->skip = first;
    const uint64_t done = o->skip - first;
    if (ok && o->limit > 0 && done >= o->limit) {
        o->skip = first + o->limit - 1;
        o->limit = 1;
    } else if (ok && o->limit > 0) {
        o->limit -= done;
    }
    return ok;
}

/* After the run: a search stopped before its end (Ctrl+C, q, the marker)
 * saves where it is; one that ended (found, or searched through) needs
 * no state any more. */
static void close_session(bool found, uint64_t settled)
{
    if (found || !search_interrupted(NULL))
        session_finish(&search_session);
    else
        session_checkpoint(&search_session, settled, true);
    session_close(&search_session);
}

/* After the summary: the marker's stop said on stderr. */
int search_finish_stopped(cli_output *out, int status)
{
    if (status != EXIT_OK && status != EXIT_INTERRUPTED && stop_marker_seen(&search_marker)) {
        fflush(out->stream);
        stop_marker_report(&search_marker);
    }
    return status;
}

/* §5.7, measured on the real search instead of the reference's crack of
 * "123" (which takes microseconds and says little): run the job's own
 * algorithm, dictionary and threads on its longest length for
 * PROBE_SECONDS, then scale to the candidates the run will hash. Prints the
 * line without a newline (the summary supplies it). */
void search_probe(cli_output *out, const hc_crack_job *job)
{
    hc_crack_job *calibration;
    if (hc_crack_job_copy(job, &calibration) != HC_OK)
        return;
    deadline dl = {cli_monotonic_seconds() + PROBE_SECONDS};
    hc_crack_job_set_last_length_only(calibration, true);
    hc_crack_job_set_progress(calibration, NULL);
    hc_crack_job_set_cancel(calibration, probe_over, &dl);
    double start = cli_monotonic_seconds();
    hc_crack_result r;
    hc_status run = search_interrupted(NULL) ? HC_ERR_INVALID : hc_crack_run(calibration, &r);
    hc_crack_job_free(calibration);
    if (run != HC_OK)
        return;
    double elapsed = cli_monotonic_seconds() - start;
    double rate = elapsed > 0 ? (double)count128_of(r.hashed) / elapsed : 0;
    hc_crack_result_free(&r);
    if (search_interrupted(NULL))
        return;
    hc_count counted, to_hash;
    hc_crack_job_size(job, &counted, &to_hash);
    const count128 attempts = count128_of(counted), hashed = count128_of(to_hash);
    const bool mask = hc_crack_job_mask(job) != NULL;
    double estimate = rate > 0 ? (double)hashed / rate : 0;
    char time[TIME_TEXT_MAX], count[64];
    format_time_long(estimate, time);
    if (mask && attempts == COUNT128_MAX) {
        /* past counting: the time of what can be counted is a lower bound */
        output_text(out, "May take approximatelly: more than %s (%s attempts)", time, UNCOUNTABLE_TEXT);
        return;
    }
    /* the contract's charset search keeps its cap; a mask, an extension,
     * has its exact count */
    format_count(mask ? attempts : cap63(attempts), count, sizeof(count));
    output_text(out, "May take approximatelly: %s (%s attempts)", time, count);
}

/* Decimal digits of a count beyond 64 bits. */
static void count_digits(count128 value, char *out, size_t size)
{
    char reversed[48];
    size_t n = 0;
    do {
        reversed[n++] = (char)('0' + (unsigned)(value % 10));
        value /= 10;
    } while (value > 0 && n < sizeof(reversed));
    size_t o = 0;
    while (n > 0 && o + 1 < size)
        out[o++] = reversed[--n];
    out[o] = '\0';
}

/* One target's JSON object (format_json.c). With seconds < 0 (a target
 * of many), no attempts and seconds. */
void search_print_json_result(cli_output *out, const hc_algorithm *alg, const uint8_t *target, bool found,
                              const uint8_t *text, size_t len, count128 attempts, double seconds)
{
    text_buffer t;
    text_init(&t);
    char hex[2 * HC_MAX_DIGEST_LEN + 1], count[48];
    hc_hex_encode(target, hc_algorithm_digest_len(alg), hex, true);
    count_digits(attempts, count, sizeof(count));
    uint8_t *utf8 = found ? malloc(2 * len + 1) : NULL;
    format_search record = {
        .alg = alg, .target_hex = hex, .attempts = count, .seconds = seconds,
        .text = utf8, .text_len = utf8 ? candidate_text(alg, text, len, utf8) : 0,
    };
    if (found && utf8 == NULL)
        t.no_memory = true;
    else
        format_json_writer.search_line(&t, &record);
    free(utf8);
    text_output_line(&t, out);
    text_free(&t);
}


static bool parse_search_options(cli_output *out, const cli_args *args, search_options *o)
{
    o->threads = threads_option(out, args);
    if (!length_option(out, args, OPT_MIN, MIN_DEFAULT, &o->min_len) ||
        !length_option(out, args, OPT_MAX, MAX_DEFAULT, &o->max_len))
        return false;
    if (o->min_len > o->max_len) {
        output_line(out, "Minimum password length %lld is greater than maximum %lld", (long long)o->min_len,
                    (long long)o->max_len);
        return false;
    }
    return parse_part_option(args, &o->part, &o->parts) && parse_window_options(args, &o->skip, &o->limit);
}

/* Frees the job and its pool (either may be NULL). */
void search_end_job(hc_crack_job **job, hc_pool **pool)
{
    hc_crack_job_free(*job);
    hc_pool_destroy(*pool);
    *job = NULL;
    *pool = NULL;
}

/* The job's settings from the options. */
static void set_up_job(hc_crack_job *job, const hc_algorithm *alg, const search_options *o, hc_pool *pool)
{
    hc_crack_job_set_algorithm(job, alg);
    hc_crack_job_set_dictionary(job, o->dict, o->dict_len);
    hc_crack_job_set_lengths(job, (uint32_t)o->min_len, (uint32_t)o->max_len);
    hc_crack_job_set_part(job, o->part, o->parts);
    hc_crack_job_set_window(job, hc_count_of(o->skip), hc_count_of(o->limit));
    hc_crack_job_set_threads(job, hc_pool_threads(pool), pool);
    hc_crack_job_set_cancel(job, search_interrupted, NULL);
}

/* The job of the options (its target still to set), and the pool it runs
 * on; false (both NULL) after a message on stderr. end_job frees them. */
bool search_start_job(const cli_args *args, const hc_algorithm *alg, search_options *o, hash_attack *attack,
                      hc_crack_job **job, hc_pool **pool)
{
    const char *spec = args->present[OPT_DICT] ? args->value[OPT_DICT] : hc_crack_default_dictionary;
    if (args->present[OPT_DICT]) {
        warn_mask_like_charset(spec);
        hint_attack_mode(spec);
    }
    *pool = NULL;
    *job = NULL;
    if (hc_crack_dictionary(spec, strlen(spec), o->dict, &o->dict_len) != HC_OK ||
        hc_pool_create(pool, o->threads) != HC_OK || hc_crack_job_create(job) != HC_OK) {
        cli_out_of_memory();
        search_end_job(job, pool);
        return false;
    }
    set_up_job(*job, alg, o, *pool);
    if (!hash_attack_job(attack, args, *job)) {
        search_end_job(job, pool);
        return false;
    }
    if (o->parts > 1 && attack->kind != ATTACK_WORDLIST && keyspace_uncountable(*job)) {
        /* the slices of a count that saturated would tile 2^128 - 1
         * candidates, a sliver of the keyspace, and say nothing of it */
        fprintf(stderr,
                "hc: --part: the keyspace has 2^128 - 1 or more candidates, more than hc can count, so it cannot "
                "be split into exact parts; make it smaller (-x, the mask)\n");
        search_end_job(job, pool);
        return false;
    }
    return true;
}

/* ---- one target ---- */

/* --stdout: the candidates instead of a search (no target needed). */
static int print_candidates(const cli_args *args, const hc_algorithm *alg, hash_attack *attack)
{
    search_options o;
    cli_output quiet;
    output_init(&quiet, stderr);
    bool ok = parse_search_options(&quiet, args, &o);
    output_free(&quiet);
    if (!ok)
        return EXIT_USAGE;
    hc_pool *pool;
    hc_crack_job *job;
    uint8_t target[HC_MAX_DIGEST_LEN] = {0};
    o.threads = 1;
    if (!search_start_job(args, alg, &o, attack, &job, &pool))
        return EXIT_USAGE;
    hc_crack_job_set_target(job, target);
    int status = hash_attack_stdout(attack, job);
    search_end_job(&job, &pool);
    return status;
}

static int run_attack(const cli_algs *algs, const cli_args *args, cli_output *out, bool json, hash_attack *attack);

static int run_hash(const cli_algs *algs, const cli_args *args, cli_output *out)
{
    format_choice choice;
    /* first: in JSON every other line goes to stderr (§10.3) */
    if (!parse_format_options(out, args, algs, (1u << FORMAT_HC) | (1u << FORMAT_JSON), &choice))
        return EXIT_USAGE;
    const bool json = choice.kind == FORMAT_JSON;
    if (args->present[OPT_HASHES] && (args->present[OPT_PERFORMANCE] || args->present[OPT_SOURCE])) {
        print_usage_error("--hashes takes the place of -s and -p: give one of them");
        return EXIT_USAGE;
    }
    hash_attack attack;
    if (!hash_attack_parse(out, args, &attack)) {
        hash_attack_free(&attack);
        return atomic_load(&cli_interrupted) ? EXIT_INTERRUPTED : EXIT_USAGE;
    }
    int status = run_attack(algs, args, out, json, &attack);
    hash_attack_free(&attack);
    free(marker_identity);
    marker_identity = NULL;
    return status;
}

/* The digest to restore: -s, or with -p the digest of -s's text (or of
 * "12345"). false after the contract's message. */
static bool read_target(const cli_args *args, const hc_algorithm *alg, cli_output *out, uint8_t *target)
{
    const char *source = args->present[OPT_SOURCE] ? args->value[OPT_SOURCE] : "";
    if (args->present[OPT_PERFORMANCE])
        return search_digest_of_text(alg, *source ? source : "12345", target);
    if (cli_parse_digest(source, strlen(source), hc_algorithm_digest_len(alg), args->present[OPT_BASE64], target))
        return true;
    output_line(out, "invalid search hash: %s", source);
    explain_digest_length("-s/--source", source, hc_algorithm_digest_len(alg), args->present[OPT_BASE64],
                          hc_algorithm_name(alg));
    return false;
}

/* Targets answered without a search: the empty string's digest (§5.9)
 * and a length past the engine's. The exit status, or -1 to search. */
static int answer_without_search(const hc_algorithm *alg, cli_output *out, bool json, const search_options *o,
                                 const uint8_t *target)
{
    uint8_t empty[HC_MAX_DIGEST_LEN];
    if (!search_digest_of_text(alg, "", empty))
        return EXIT_USAGE;
    if (memcmp(target, empty, hc_algorithm_digest_len(alg)) == 0) {
        search_keep_find(target, (const uint8_t *)"", 0);
        search_create_marker(o, "Initial string is: Empty string", 31);
        if (json) {
            search_print_json_result(out, alg, target, true, (const uint8_t *)"", 0, 0, 0);
            return EXIT_OK;
        }
        search_print_summary(out, 0, 0, 0);
        output_line(out, "Initial string is: Empty string");
        return EXIT_OK;
    }
    if (o->max_len > (int64_t)HC_CRACK_MAX_LENGTH) {
        /* The reference glues this to the probe line [Q]; we skip the probe. */
        output_line(out, "Max string length is too big: %lld", (long long)o->max_len);
        if (json) {
            search_print_json_result(out, alg, target, false, NULL, 0, 0, 0);
            return EXIT_MISMATCH;
        }
        search_print_summary(out, 0, 0, 0);
        output_line(out, "Nothing found");
        return EXIT_MISMATCH;
    }
    return -1;
}

/* What a finished search prints (§5.6, or §10.3's JSON object), and its
 * exit status. Found is found, even if Ctrl+C came as the answer was
 * settled; a search stopped before its end is not "nothing found" but its
 * own outcome, although the contract's stdout says the same. */
static int report_search(const hc_algorithm *alg, cli_output *out, bool json, const search_options *o,
                         const uint8_t *target, hc_crack_result *result, double elapsed)
{
    if (result->found)
        create_found_marker(alg, o, result);
    int exit_status = result->found ? EXIT_OK : search_stopped_status();
    if (json) {
        search_print_json_result(out, alg, target, result->found, result->found_text, result->found_len,
                          count128_of(result->attempts), elapsed);
    } else {
        search_print_summary(out, count128_of(result->attempts), o->skip, elapsed);
        if (result->found)
            print_found(out, alg, result->found_text, result->found_len);
        else
            output_line(out, "Nothing found");
    }
    hc_crack_result_free(result);
    return exit_status == EXIT_OK ? EXIT_OK : search_finish_stopped(out, exit_status);
}

/* potfile_found_fn of one target: the plain, copied. */
static void keep_answer(void *arg, size_t target, const uint8_t *text, size_t len)
{
    hc_crack_result *r = arg;
    (void)target;
    if ((r->found_text = malloc(len + 1)) != NULL) {
        memcpy(r->found_text, text, len);
        r->found_len = len;
        r->found = true;
    }
}

/* A target the potfile answers: reported as found with no attempts, and
 * said on stderr. The exit status, or -1 to search. */
static int answer_from_potfile(const hc_algorithm *alg, cli_output *out, bool json, const search_options *o,
                               const uint8_t *target)
{
    hc_crack_result r;
    memset(&r, 0, sizeof(r));
    if (!search_potfile_answers(o))
        return -1;
    if (!potfile_lookup(&search_pot, target, 1, keep_answer, &r))
        return atomic_load(&cli_interrupted) ? EXIT_INTERRUPTED : EXIT_USAGE;
    if (!r.found)
        return -1;
    fprintf(stderr, "hc: answered from the potfile %s (no search)\n", search_pot.path);
    return report_search(alg, out, json, o, target, &r, 0);
}

static int search_target(const cli_algs *algs, const cli_args *args, cli_output *out, bool json,
                         hash_attack *attack);

/* The potfile and --outfile around the search, or --show / --left. */
static int run_attack(const cli_algs *algs, const cli_args *args, cli_output *out, bool json, hash_attack *attack)
{
    const hc_algorithm *alg = algs->rows[0];
    if (attack->to_stdout)
        return print_candidates(args, alg, attack);
    if (!potfile_init(&search_pot, args, alg))
        return EXIT_USAGE;
    int status = EXIT_USAGE;
    if (args->present[OPT_SHOW] || args->present[OPT_LEFT])
        status = hash_show_run(args, alg, &search_pot, out);
    else if (outfile_init(&found_file, args, alg, &search_pot))
        status = search_target(algs, args, out, json, attack);
    outfile_close(&found_file);
    potfile_close(&search_pot);
    return status;
}

static int search_target(const cli_algs *algs, const cli_args *args, cli_output *out, bool json,
                         hash_attack *attack)
{
    const hc_algorithm *alg = algs->rows[0];
    const char *source = args->present[OPT_SOURCE] ? args->value[OPT_SOURCE] : "";
    if (!args->present[OPT_HASHES] && !args->present[OPT_PERFORMANCE] && *source == '\0') {
        output_line(out, "--source option is required to restore hash. Use -p to run performance test without it");
        help_mode(out, algs, &cli_mode_hash);
        return EXIT_USAGE;
    }
    search_options o;
    if (!parse_search_options(out, args, &o))
        return EXIT_USAGE;
    stop_marker_init(&search_marker, NULL, NULL);
    if (args->present[OPT_REPLACE_STOP_FILE] && !args->present[OPT_STOP_FILE]) {
        print_usage_error("--replace-stop-file needs --stop-file");
        return EXIT_USAGE;
    }
    if (args->present[OPT_HASHES])
        return hash_run_many(args, alg, out, json, &o, attack);

    uint8_t target[HC_MAX_DIGEST_LEN];
    if (!read_target(args, alg, out, target))
        return EXIT_USAGE;
    int started = search_start_marker(args, alg, &o, target, 1);
    if (started >= 0)
        return started;
    int answered = answer_without_search(alg, out, json, &o, target);
    if (answered < 0)
        answered = answer_from_potfile(alg, out, json, &o, target);
    if (answered >= 0)
        return answered;

    hc_pool *pool;
    hc_crack_job *job;
    if (!open_session(args, alg, &o, target))
        return EXIT_USAGE;
    if (!search_start_job(args, alg, &o, attack, &job, &pool)) {
        session_close(&search_session);
        return EXIT_USAGE;
    }
    hc_crack_job_set_target(job, target);
    /* Ctrl+C stops the workers; the summary is still printed (§5.10), and
     * the exit status says it was search_interrupted (§10.7). */
    cli_catch_interrupt();
    if (!args->present[OPT_NOPROBE] && attack->kind != ATTACK_WORDLIST) {
        search_probe(out, job);
        if (json)
            output_line(out, "%s", ""); /* ends the probe line, on stderr */
    }
    hc_crack_result result;
    memset(&result, 0, sizeof(result));
    crack_status live;
    hc_status status = HC_ERR_NOMEM;
    double elapsed = 0;
    uint64_t settled = 0;
    if (crack_status_start(&live, job, &search_marker, &search_session)) {
        double start = cli_monotonic_seconds();
        status = search_interrupted(NULL) ? HC_OK : hash_attack_run(attack, job, &result, NULL, NULL);
        elapsed = cli_monotonic_seconds() - start;
        settled = crack_status_stop(&live, job);
    }
    search_end_job(&job, &pool);
    if (status == HC_OK)
        close_session(result.found, settled);
    else
        session_close(&search_session);
    if (status != HC_OK) {
        output_line(out, "%s", "");
        fprintf(stderr, "hc: %s\n", hc_status_text(status));
        return EXIT_USAGE;
    }
    if (result.found)
        search_keep_find(target, result.found_text, result.found_len);
    return report_search(alg, out, json, &o, target, &result, elapsed);
}

const cli_mode cli_mode_hash = {
    .name = "hash", .description = "restore the original string from a hash",
    CLI_MODE_OPTIONS(hash_options), .run = run_hash,
    .examples = (const char *const[]){
        "hc md5 hash -s 202CB962AC59075B964B07152D234B70", NULL,
            "restore the string whose MD5 this is (digits, letters; 1 to 10 characters)",
        "hc md5 hash -s 202CB962AC59075B964B07152D234B70 -a 0123456789 -x 8", NULL,
            "only digits, at most 8 of them: -a is a set of characters, not a mask",
        "hc ALG hash --hashes leaked.txt -x 6", NULL,
            "every digest of the file (one per line) in one pass over the keyspace",
        "hc md5 hash -p", NULL,
            "performance test: how fast this machine tries candidates",
        NULL},
};
