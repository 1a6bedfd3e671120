/* hc bench (docs/cli.md §10.5): how fast every algorithm is on this CPU.
 *
 * For each algorithm, one row: in-memory throughput on one thread (MB/s and
 * cycles per byte), whose code computes it (backend) and at which SIMD
 * level, and the brute-force speed of one thread (candidates per second)
 * with the kernel it uses. Every figure is measured by the library's own
 * public calls (hasher, crack engine), so the table shows what the other
 * modes get.
 *
 * Cycles per byte need the core clock, and the time-stamp counter is not it
 * (on the development VMs the TSC ticks at 2.3-2.6 GHz while the cores run
 * at 2.9-3.6). So the clock is measured: a chain of dependent register-to-
 * register adds (one cycle each on every x86-64 and AArch64 core), best of
 * many tries. Adds of an immediate would not do: Intel's Golden Cove and
 * later fold chains of them at register renaming and run them at several
 * per cycle (measured: "11 GHz" on an Emerald Rapids VM). Other
 * architectures print no cycles.
 *
 * Every duration is CPU time, not wall time: the thread's own for the clock
 * and the throughput, the process's for brute force (the engine may run its
 * worker on another thread). On a busy machine other processes then make a
 * run take longer but do not lower its figures: with the load average at 10
 * on 2 CPUs, wall-time rounds gave a third to a quarter of the quiet
 * figures, CPU-time rounds about the same as quiet. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cli.h"
#include "crack_paths.h"
#include "names.h"
#include "hc/cpu.h"
#include "hc/crack.h"
#include "platform.h"

static const cli_option_spec bench_options[] = {
    {OPT_SIZE, 0, "size", "<bytes>", "bytes hashed per message, K/M/G suffixes allowed (default 1M)", 0},
    {OPT_FORMAT, 0, "format", "<hc|json>", "hc: a table (default); json: one JSON object per line", 0},
};

enum {
    DEFAULT_SIZE = 1024 * 1024, /* stays in L2, large enough that per-message setup is noise */
    THROUGHPUT_ROUNDS = 5,      /* the best round counts: a shared machine only slows rounds down */
    CRACK_LENGTH = 8            /* candidate length of the brute-force figure */
};
/* CPU time each algorithm gets for each of its two figures: 50 rows take
 * about 50 x 2 x 0.15 s = 15 s. A busy machine stretches that, up to
 * WALL_LIMIT times the figure's time (then fewer rounds count), so all 50
 * stay under 40 s however busy it is. */
static const double FIGURE_SECONDS = 0.15;
static const double WALL_LIMIT = 2.5;

static double wall_seconds(void)
{
    return plat_clock_seconds(PLAT_CLOCK_MONOTONIC);
}

/* The calling thread's time for pieces of a millisecond: its CPU time
 * where the OS counts that finely (Windows counts it in 15.6 ms ticks: the
 * monotonic clock stands in there, platform.h). */
static double thread_seconds(void)
{
    return plat_clock_seconds(PLAT_CLOCK_THREAD_WORK);
}

static double process_seconds(void)
{
    return plat_clock_seconds(PLAT_CLOCK_PROCESS_CPU);
}

/* ---- the core clock ---- */

#if defined(__x86_64__) || defined(__aarch64__)
#if defined(__x86_64__)
#define ADD1 "add %1, %0\n\t"
#else
#define ADD1 "add %0, %0, %1\n\t"
#endif
/* 8 x iterations dependent adds: each needs the previous result, so the
 * chain takes one cycle per add whatever the core's width; the loop
 * counter runs beside it on other units. */
static uint64_t add_chain(uint64_t iterations)
{
    uint64_t x = 0, one = 1;
    for (uint64_t i = 0; i < iterations; i++)
        __asm__ volatile(ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 : "+r"(x) : "r"(one));
    return x;
}

/* Cycles per second of one 2-million-add chain (under a millisecond). */
static double clock_sample(void)
{
    const uint64_t iterations = 250000;
    double start = thread_seconds();
    uint64_t sum = add_chain(iterations);
    double elapsed = thread_seconds() - start;
    return sum == 8 * iterations && elapsed > 0 ? (double)(8 * iterations) / elapsed : 0;
}
#else
static double clock_sample(void)
{
    return 0; /* no known one-cycle chain: cycles per byte are not shown */
}
#endif

/* The clock is the fastest sample so far: a slower one shared its core or
 * was interrupted, and nothing makes a chain run faster than the clock.
 * Samples are taken at the start and between the throughput rounds of
 * every algorithm, so a busy start is corrected as the run goes on. */
static void clock_update(double *hz, int samples)
{
    for (int i = 0; i < samples; i++) {
        double sample = clock_sample();
        if (sample > *hz)
            *hz = sample;
    }
}

/* ---- options ---- */

/* "<digits>[K|M|G|KiB|MiB|GiB]", powers of 1024. */
static bool parse_size(const char *text, uint64_t *bytes)
{
    const char *p = text;
    uint64_t value = 0;
    if (*p < '0' || *p > '9')
        return false;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned digit = (unsigned)(*p - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    static const struct {
        const char *suffix;
        unsigned shift;
    } units[] = {{"", 0}, {"K", 10}, {"KiB", 10}, {"k", 10}, {"M", 20}, {"MiB", 20}, {"G", 30}, {"GiB", 30}};
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        if (strcmp(p, units[i].suffix) == 0) {
            if (value > (UINT64_MAX >> units[i].shift))
                return false;
            *bytes = value << units[i].shift;
            return true;
        }
    }
    return false;
}

/* Memory this process could fill now: MemAvailable (Linux), else all of
 * physical memory; 0 when neither is known. */
static uint64_t memory_available(uint64_t *total)
{
    *total = plat_memory_total();
    return plat_memory_available();
}

static void format_bytes(uint64_t bytes, char *out, size_t size)
{
    if (bytes >= (1ull << 30))
        snprintf(out, size, "%.1f GiB", (double)bytes / (double)(1ull << 30));
    else if (bytes >= (1ull << 20))
        snprintf(out, size, "%.1f MiB", (double)bytes / (double)(1ull << 20));
    else
        snprintf(out, size, "%llu bytes", (unsigned long long)bytes);
}

/* The algorithm words: "all", or names joined by commas. Fills list (room
 * for HC_ALGORITHM_COUNT) and returns how many, 0 after an error message. */
static size_t parse_algorithms(const char *text, const hc_algorithm **list)
{
    if (strcmp(text, "all") == 0)
        return hc_algorithm_sorted(list, HC_ALGORITHM_COUNT);
    size_t count = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof(name), "%.*s", (int)(len < sizeof(name) ? len : sizeof(name) - 1), p);
        const hc_algorithm *alg = len < sizeof(name) ? hc_algorithm_find(name) : NULL;
        if (alg == NULL) {
            const hc_algorithm *close = len > 0 && len < sizeof(name) ? cli_algorithm_suggest(name, 2) : NULL;
            fprintf(stderr, "hc: unknown algorithm '%.*s'", (int)len, p);
            if (close)
                fprintf(stderr, " (did you mean '%s'?)", hc_algorithm_name(close));
            fprintf(stderr, "; 'hc --help' lists them\n");
            return 0;
        }
        bool seen = false;
        for (size_t i = 0; i < count; i++)
            seen = seen || list[i] == alg;
        if (!seen)
            list[count++] = alg;
        if (p[len] == '\0')
            return count;
        p += len + 1;
    }
}

/* ---- the two figures ---- */

/* Hashes buf as one message `messages` times. */
static void hash_messages(hc_hasher *hasher, const uint8_t *buf, size_t size, uint64_t messages)
{
    uint8_t digest[HC_MAX_DIGEST_LEN];
    for (uint64_t i = 0; i < messages; i++)
        hc_hasher_oneshot(hasher, buf, size, digest);
}

/* Bytes per second of hashing buf as one message, on this thread: the best
 * of THROUGHPUT_ROUNDS rounds of FIGURE_SECONDS / rounds of CPU time each.
 * The clock is read once per batch of messages lasting a millisecond or
 * more, so that reading it costs nothing next to small messages. A big
 * --size, or a machine so busy that the rounds take WALL_LIMIT times their
 * CPU time, ends the rounds early (at least one counts). */
static double throughput(const hc_algorithm *alg, const uint8_t *buf, size_t size, double *hz)
{
    hc_hasher hasher;
    if (hc_hasher_open(&hasher, alg, NULL) != HC_OK)
        return 0;
    /* warm the code, the tables and the first pages; then size a batch */
    uint64_t batch = 1;
    for (;;) {
        double start = thread_seconds();
        hash_messages(&hasher, buf, size, batch);
        if (thread_seconds() - start >= 0.001 || batch >= (1u << 24))
            break;
        batch *= 2;
    }
    const double round_seconds = FIGURE_SECONDS / THROUGHPUT_ROUNDS;
    const double wall_start = wall_seconds();
    double best = 0;
    for (int round = 0; round < THROUGHPUT_ROUNDS; round++) {
        if (round > 0 && wall_seconds() - wall_start >= WALL_LIMIT * FIGURE_SECONDS)
            break;
        uint64_t messages = 0;
        double start = thread_seconds(), elapsed;
        do {
            hash_messages(&hasher, buf, size, batch);
            messages += batch;
            elapsed = thread_seconds() - start;
        } while (elapsed < round_seconds);
        double rate = (double)messages * (double)size / elapsed;
        if (rate > best)
            best = rate;
        clock_update(hz, 1);
    }
    hc_hasher_close(&hasher);
    return best;
}

/* Brute force stops after FIGURE_SECONDS of the process's CPU time, or
 * WALL_LIMIT times as long on the wall clock. The search asks every few
 * microseconds; the process's CPU time is read at most every
 * CPU_CHECK_SECONDS, because reading it may cost far more than that (under
 * Wine, a round trip to its server: 56 us). */
static const double CPU_CHECK_SECONDS = 0.002;

typedef struct deadline {
    double cpu_end, wall_end, next_cpu_check;
} deadline;

static bool past_deadline(void *arg)
{
    deadline *dl = arg;
    const double now = wall_seconds();
    if (now >= dl->wall_end)
        return true;
    if (now < dl->next_cpu_check)
        return false;
    dl->next_cpu_check = now + CPU_CHECK_SECONDS;
    return process_seconds() >= dl->cpu_end;
}

/* Candidates per second of one brute-force thread: CRACK_LENGTH-byte
 * candidates over the default dictionary against a digest none of them
 * should have, for FIGURE_SECONDS. A short digest (CRC) can still match by
 * chance; the search then starts over for another target and the counts
 * add up. */
static double crack_rate(const hc_algorithm *alg)
{
    uint8_t dict[HC_DICT_MAX], target[HC_MAX_DIGEST_LEN];
    size_t dict_len;
    const char *spec = hc_crack_default_dictionary;
    if (hc_crack_dictionary(spec, strlen(spec), dict, &dict_len) != HC_OK)
        return 0;
    hc_hasher hasher;
    if (hc_hasher_open(&hasher, alg, NULL) != HC_OK)
        return 0;
    /* '~' is outside the dictionary, so its digest is no candidate's
     * unless by collision. */
    hc_hasher_oneshot(&hasher, "~~~~~~~~", CRACK_LENGTH, target);
    hc_hasher_close(&hasher);

    deadline dl = {process_seconds() + FIGURE_SECONDS, wall_seconds() + WALL_LIMIT * FIGURE_SECONDS, 0};
    hc_crack_job *job;
    if (hc_crack_job_create(&job) != HC_OK)
        return 0;
    hc_crack_job_set_algorithm(job, alg);
    hc_crack_job_set_target(job, target);
    hc_crack_job_set_dictionary(job, dict, dict_len);
    hc_crack_job_set_lengths(job, CRACK_LENGTH, CRACK_LENGTH);
    hc_crack_job_set_cancel(job, past_deadline, &dl);
    double hashed = 0, start = process_seconds();
    for (unsigned tries = 0; tries < 64; tries++) {
        hc_crack_result result;
        if (hc_crack_run(job, &result) != HC_OK) {
            hashed = 0;
            break;
        }
        hashed += (double)result.hashed.lo; /* a run of seconds: far below 2^64 */
        bool more = result.found && !past_deadline(&dl);
        hc_crack_result_free(&result);
        if (!more)
            break;
        target[0] ^= (uint8_t)(tries + 1); /* another target, same work */
    }
    hc_crack_job_free(job);
    double elapsed = process_seconds() - start;
    return elapsed > 0 ? hashed / elapsed : 0;
}

/* ---- output ---- */

static const char *simd_text(const hc_algorithm *alg)
{
    hc_simd_level level = hc_algorithm_simd(alg);
    return level == HC_SIMD_LEVEL_COUNT ? "auto" : hc_simd_name(level);
}

static void cpu_model(char *out, size_t size)
{
    plat_cpu_model(out, size);
    if (out[0] == '\0')
        snprintf(out, size, "unknown CPU");
}

static void print_header(cli_output *out, uint64_t size, double hz)
{
    char bytes[64], model[256];
    format_bytes(size, bytes, sizeof(bytes));
    cpu_model(model, sizeof(model));
    /* Windows has no load average: "n/a" rather than a made-up number */
    double load[3] = {0, 0, 0};
    char load_text[64] = "n/a";
    if (plat_load_average(load))
        snprintf(load_text, sizeof(load_text), "%.2f %.2f %.2f", load[0], load[1], load[2]);
    output_line(out, "hc %s bench: %s hashed in memory by one thread (best of %d rounds); brute force: one thread,", HC_VERSION,
                bytes, THROUGHPUT_ROUNDS);
    output_line(out, "%d-byte candidates over [0-9a-zA-Z]. MB = 10^6 bytes; rates per second of CPU time.", CRACK_LENGTH);
    output_line(out, "CPU: %s, %u CPUs, SIMD %s (detected %s), SHA extensions %s", model, hc_cpu_count(),
                hc_simd_name(hc_simd_active()), hc_simd_name(hc_simd_detected()), hc_cpu_has_sha_ni() ? "yes" : "no");
    if (hz > 0)
        output_line(out, "Core clock %.2f GHz, measured (chains of dependent adds); load average %s", hz / 1e9,
                    load_text);
    else
        output_line(out, "Core clock not measurable on this architecture: no cycles per byte; load average %s",
                    load_text);
    output_line(out, "%s", "");
    output_line(out, "%-12s %10s %9s  %-8s %-8s  %14s  %s", "algorithm", "MB/s", "cycles/B", "backend", "SIMD",
                "crack/s/thread", "kernel");
}

/* The calibration's paths as a JSON array: [{"path":"avx512","per_s":N},
 * ...], fastest first ("generic": one at a time). */
static void paths_json(const hc_crack_calibration *c, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "[");
    for (size_t i = 0; i < c->count && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s{\"path\":\"%s\",\"per_s\":%.0f}", i ? "," : "",
                              c->paths[i].kernel ? hc_simd_name(c->paths[i].level) : "generic", c->paths[i].per_second);
    if (n < size)
        snprintf(out + n, size - n, "]");
}

static void print_row(cli_output *out, bool json, const hc_algorithm *alg, uint64_t size, double hz, double bytes_per_s,
                      double candidates_per_s, const hc_crack_calibration *paths)
{
    double mb = bytes_per_s / 1e6;
    double cycles = hz > 0 && bytes_per_s > 0 ? hz / bytes_per_s : 0;
    const char *backend = hc_backend_name(hc_algorithm_backend(alg));
    const char *kernel = hc_crack_kernel_name(alg);
    if (json) {
        char cpb[32] = "null", ghz[32] = "null";
        if (cycles > 0) {
            snprintf(cpb, sizeof(cpb), "%.3f", cycles);
            snprintf(ghz, sizeof(ghz), "%.3f", hz / 1e9);
        }
        char measured[512];
        paths_json(paths, measured, sizeof(measured));
        output_line(out,
                    "{\"algorithm\":\"%s\",\"bytes\":%llu,\"mb_per_s\":%.1f,\"cycles_per_byte\":%s,\"clock_ghz\":%s,"
                    "\"backend\":\"%s\",\"simd\":\"%s\",\"crack_per_s\":%.0f,\"crack_kernel\":\"%s\","
                    "\"crack_paths\":%s}",
                    hc_algorithm_name(alg), (unsigned long long)size, mb, cpb, ghz, backend, simd_text(alg), candidates_per_s,
                    kernel, measured);
        return;
    }
    char cpb[32] = "-", crack[32];
    if (cycles > 0)
        snprintf(cpb, sizeof(cpb), "%.2f", cycles);
    if (candidates_per_s >= 1e6)
        snprintf(crack, sizeof(crack), "%.1f M", candidates_per_s / 1e6);
    else
        snprintf(crack, sizeof(crack), "%.1f k", candidates_per_s / 1e3);
    output_line(out, "%-12s %10.1f %9s  %-8s %-8s  %14s  %s", hc_algorithm_name(alg), mb, cpb, backend, simd_text(alg), crack,
                kernel);
}

/* Each row's brute-force paths: the kernel column's winner, by how much. */
static void print_paths(cli_output *out, const hc_algorithm *const *list, const hc_crack_calibration *paths, size_t count)
{
    output_line(out, "%s", "");
    output_line(out, "Brute-force paths, timed per row on this CPU (searches take the fastest):");
    for (size_t i = 0; i < count && !out->write_failed; i++) {
        char line[256];
        crack_paths_line(list[i], &paths[i], line, sizeof(line));
        output_line(out, "  %s", line);
    }
}

/* ---- the command ---- */

/* --format hc|json; false after the message. */
static bool parse_bench_format(const cli_args *args, bool *json)
{
    if (!args->present[OPT_FORMAT])
        return true;
    const char *format = args->value[OPT_FORMAT];
    if (strcmp(format, "json") == 0) {
        *json = true;
    } else if (strcmp(format, "hc") != 0) {
        print_usage_error("invalid value '%s' for option '--format': expected one of hc, json", format);
        return false;
    }
    return true;
}

/* --size, which must fit in the memory available now; false after the
 * message. */
static bool parse_bench_size(const cli_args *args, uint64_t *size)
{
    if (args->present[OPT_SIZE]) {
        const char *text = args->value[OPT_SIZE];
        if (!parse_size(text, size)) {
            fprintf(stderr, "hc: invalid --size '%s': expected a number of bytes, optionally followed by K, M "
                            "or G (powers of 1024)\n",
                    text);
            return false;
        }
        if (*size == 0) {
            fprintf(stderr, "hc: --size must be at least 1 byte\n");
            return false;
        }
    }
    uint64_t total, available = memory_available(&total);
    if ((available > 0 && *size > available) || *size > SIZE_MAX) {
        char want[64], have[64], all[64];
        format_bytes(*size, want, sizeof(want));
        format_bytes(available, have, sizeof(have));
        format_bytes(total, all, sizeof(all));
        fprintf(stderr, "hc: --size %s (%s) is more than the memory available now (%s of %s)\n",
                args->value[OPT_SIZE], want, have, all);
        return false;
    }
    return true;
}

/* size bytes that look random (xorshift64*): content does not change any
 * algorithm's speed, but a page of zeros might never be really mapped.
 * NULL after the message when they cannot be allocated. */
static uint8_t *random_buffer(uint64_t size)
{
    uint8_t *buf = malloc((size_t)size);
    if (buf == NULL) {
        char want[64];
        format_bytes(size, want, sizeof(want));
        fprintf(stderr, "hc: cannot allocate %s: %s\n", want, strerror(errno));
        return NULL;
    }
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < size; i++) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        buf[i] = (uint8_t)((x * 0x2545F4914F6CDD1Dull) >> 56);
    }
    return buf;
}

static int run_bench(int argc, char **argv, cli_output *out)
{
    const hc_algorithm *list[HC_ALGORITHM_COUNT];
    size_t count = hc_algorithm_sorted(list, HC_ALGORITHM_COUNT);
    /* An algorithm list comes first, before the options. */
    int first = 0;
    while (first < argc && argv[first][0] == '\0')
        first++;
    if (first < argc && argv[first][0] != '-' && strcmp(argv[first], "h") != 0 && strcmp(argv[first], "help") != 0) {
        count = parse_algorithms(argv[first], list);
        if (count == 0)
            return EXIT_USAGE;
        first++;
    }
    cli_args args;
    parse_result parsed = parse_mode_args(out, NULL, &cli_command_bench.mode, argc - first, argv + first, &args);
    /* only present[] and value[] are read below, and they point into argv:
     * the arrays the parser owns go at once, whatever the outcome */
    cli_args_free(&args);
    if (parsed == PARSE_HELP) {
        help_command(out, &cli_command_bench);
        return EXIT_OK;
    }
    if (parsed == PARSE_ERROR)
        return EXIT_USAGE;

    bool json = false;
    uint64_t size = DEFAULT_SIZE;
    if (!parse_bench_format(&args, &json) || !parse_bench_size(&args, &size))
        return EXIT_USAGE;
    uint8_t *buf = random_buffer(size);
    if (buf == NULL)
        return EXIT_USAGE;

    double hz = 0;
    clock_update(&hz, 50);
    if (!json)
        print_header(out, size, hz);
    hc_crack_calibration paths[HC_ALGORITHM_COUNT];
    for (size_t i = 0; i < count && !out->write_failed; i++) {
        double bytes_per_s = throughput(list[i], buf, (size_t)size, &hz);
        /* before the figure, which then takes the path measured here */
        if (hc_crack_calibration(list[i], &paths[i]) != HC_OK)
            paths[i].count = 0;
        double candidates_per_s = crack_rate(list[i]);
        print_row(out, json, list[i], size, hz, bytes_per_s, candidates_per_s, &paths[i]);
    }
    free(buf);
    if (!json && hz > 0)
        output_line(out, "(cycles at %.2f GHz, the fastest clock sample of the run; AVX-512 code may run slower clocks "
                         "on some CPUs)", hz / 1e9);
    if (!json)
        print_paths(out, list, paths, count);
    return EXIT_OK;
}

const cli_command cli_command_bench = {
    .mode =
        {
            .name = "bench",
            .description = "measure the algorithms on this CPU: throughput, brute-force speed",
            CLI_MODE_OPTIONS(bench_options),
            .examples = (const char *const[]){
                "hc bench", NULL,
                    "every algorithm: MB/s, cycles per byte, backend, brute-force candidates per second",
                "hc bench sha256,blake3 --size 1048576", NULL,
                    "two algorithms on 1 MiB buffers",
                NULL},
        },
    .usage = "[ALGORITHM[,ALGORITHM...] | all] [OPTIONS]",
    .run = run_bench,
};
