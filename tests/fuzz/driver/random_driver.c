/* The driver of the fuzz targets when libFuzzer is not used (gcc builds,
 * the sanitizer runs of the test suite): every file of the target's corpus
 * once, then random mutations of them (byte changes, insertions, deletions,
 * copies within an input, splices of two inputs, bytes that parsers care
 * about), so each test run explores a little.
 *
 *   fuzz_<name> [CORPUS_DIR] [ROUNDS]     ROUNDS also from HC_FUZZ_ROUNDS
 *
 * Deterministic unless HC_FUZZ_SEED is set. stderr is sent to /dev/null
 * while the inputs run (parsers report bad input there); a sanitizer's
 * report still reaches the real stderr. The input of a crash is written to
 * <target>.crash in the working directory: copy it into the corpus, where
 * it stays as a regression test. */
#include <signal.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

enum { INPUT_MAX = 4096, DEFAULT_ROUNDS = 50000 };

/* Present when a sanitizer runtime is linked in (gcc and clang). */
extern void __sanitizer_set_report_fd(void *fd) __attribute__((weak));
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/* The input being run, for the crash file. */
static const uint8_t *current;
static size_t current_len;
static char crash_path[4200];

/* Async-signal-safe: open, write, close. */
static void save_crash(void)
{
    int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (write(fd, current, current_len) < 0) {
            /* nothing more to do while dying */
        }
        close(fd);
    }
}

static void on_crash_signal(int signal_number)
{
    save_crash();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void run(const uint8_t *data, size_t size)
{
    current = data;
    current_len = size;
    LLVMFuzzerTestOneInput(data, size);
}

typedef struct input {
    uint8_t *bytes;
    size_t len;
} input;

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of dir, in name order. */
static input *load_corpus(const char *dir, size_t *count)
{
    *count = 0;
    DIR *d = dir ? opendir(dir) : NULL;
    if (d == NULL)
        return NULL;
    char **names = NULL;
    size_t n = 0;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        names = realloc(names, (n + 1) * sizeof(*names));
        names[n++] = strdup(entry->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof(*names), by_name);
    input *inputs = calloc(n ? n : 1, sizeof(*inputs));
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (f != NULL) {
            uint8_t *bytes = malloc(INPUT_MAX);
            size_t len = fread(bytes, 1, INPUT_MAX, f);
            fclose(f);
            inputs[(*count)++] = (input){bytes, len};
        }
        free(names[i]);
    }
    free(names);
    return inputs;
}

/* Bytes the parsers give meaning to. */
static const uint8_t special[] = {0, '-', '=', ';', '*', '?', '/', '\\', ' ', '+', '0', '9', 'a', 'z', 'A',
                                  'Z', 'f', 'F', 'x', 'h', 's', 'T', 0xff, 0x80, 0xc3, '\t'};

static void mutate(uint8_t *buf, size_t *size, const input *corpus, size_t count)
{
    uint64_t r = next_random();
    size_t at = (size_t)(r % (*size + 1));
    uint8_t byte = (r >> 40) & 1 ? special[(r >> 48) % sizeof(special)] : (uint8_t)(r >> 48);
    switch ((r >> 32) % 5) {
    case 0: /* change a byte */
        if (at < *size)
            buf[at] = byte;
        break;
    case 1: /* insert one */
        if (*size < INPUT_MAX) {
            memmove(buf + at + 1, buf + at, *size - at);
            buf[at] = byte;
            (*size)++;
        }
        break;
    case 2: /* delete a run */
        if (at < *size) {
            size_t n = 1 + (size_t)((r >> 56) % 4);
            if (n > *size - at)
                n = *size - at;
            memmove(buf + at, buf + at + n, *size - at - n);
            *size -= n;
        }
        break;
    case 3: /* copy a piece of the input elsewhere into it */
        if (*size > 0) {
            size_t from = (size_t)((r >> 8) % *size), n = 1 + (size_t)((r >> 56) % 16);
            if (n > *size - from)
                n = *size - from;
            if (*size + n <= INPUT_MAX) {
                uint8_t piece[16];
                memcpy(piece, buf + from, n);
                memmove(buf + at + n, buf + at, *size - at);
                memcpy(buf + at, piece, n);
                *size += n;
            }
        }
        break;
    default: { /* splice: this input's head, another's tail */
        const input *other = &corpus[(r >> 8) % count];
        size_t from = other->len ? (size_t)((r >> 20) % other->len) : 0;
        size_t n = other->len - from;
        if (at + n > INPUT_MAX)
            n = INPUT_MAX - at;
        memcpy(buf + at, other->bytes + from, n);
        *size = at + n;
    }
    }
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : NULL;
    const char *rounds_text = argc > 2 ? argv[2] : getenv("HC_FUZZ_ROUNDS");
    long rounds = rounds_text ? strtol(rounds_text, NULL, 10) : DEFAULT_ROUNDS;
    const char *seed = getenv("HC_FUZZ_SEED");
    if (seed && *seed)
        rng_state = strtoull(seed, NULL, 10) | 1;

    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    snprintf(crash_path, sizeof(crash_path), "%s.crash", name);
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(save_crash);
    static const int crash_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE};
    for (size_t i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++)
        signal(crash_signals[i], on_crash_signal);

    size_t count;
    input *corpus = load_corpus(dir, &count);
    if (count == 0) {
        /* no corpus: start from nothing */
        free(corpus);
        corpus = calloc(1, sizeof(*corpus));
        corpus[0].bytes = calloc(1, 1);
        count = 1;
    }

    int saved_stderr = dup(2);
    int null_fd = open("/dev/null", O_WRONLY);
    if (saved_stderr >= 0) {
        char fd_text[16];
        snprintf(fd_text, sizeof(fd_text), "%d", saved_stderr);
        setenv("HC_FUZZ_REPORT_FD", fd_text, 1);
        if (__sanitizer_set_report_fd)
            __sanitizer_set_report_fd((void *)(intptr_t)saved_stderr);
    }
    if (null_fd >= 0)
        dup2(null_fd, 2);

    for (size_t i = 0; i < count; i++)
        run(corpus[i].bytes, corpus[i].len);
    uint8_t *buf = malloc(INPUT_MAX);
    for (long round = 0; round < rounds; round++) {
        const input *start = &corpus[(size_t)round % count];
        size_t size = start->len;
        memcpy(buf, start->bytes, size);
        int mutations = 1 + (int)(next_random() % 8);
        for (int m = 0; m < mutations; m++)
            mutate(buf, &size, corpus, count);
        /* an exact-size heap copy, so ASan sees reads past the end */
        uint8_t *exact = malloc(size ? size : 1);
        memcpy(exact, buf, size);
        run(exact, size);
        free(exact);
    }

    if (saved_stderr >= 0)
        dup2(saved_stderr, 2);
    fprintf(stderr, "%s: %zu corpus inputs, %ld mutated ones\n", argv[0], count, rounds);
    free(buf);
    for (size_t i = 0; i < count; i++)
        free(corpus[i].bytes);
    free(corpus);
    return 0;
}
