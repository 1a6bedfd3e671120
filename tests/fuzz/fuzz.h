/* What the fuzz targets share. A target is one file, tests/fuzz/fuzz_<name>.c,
 * defining LLVMFuzzerTestOneInput; its seeds (and every input that once
 * crashed it, kept as a regression) live in tests/fuzz/corpus/fuzz_<name>/.
 *
 * Built with clang and -DHC_FUZZ=ON, a target is a libFuzzer binary
 * (scripts/fuzz.sh runs each for a bounded time under ASan+UBSan). In every
 * other build it is linked with driver/random_driver.c and runs as an
 * ordinary test: the corpus, then random mutations of it. */
#ifndef HC_FUZZ_H
#define HC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A failed property: a report and abort(), which both drivers and the
 * sanitizers treat as a crash. The random driver silences stderr and names
 * the real one in HC_FUZZ_REPORT_FD. */
static inline void fuzz_fail(const char *file, int line, const char *what)
{
    const char *fd = getenv("HC_FUZZ_REPORT_FD");
    dprintf(fd ? atoi(fd) : 2, "%s:%d: fuzz property failed: %s\n", file, line, what);
    abort();
}

#define FUZZ_CHECK(cond)                              \
    do {                                              \
        if (!(cond))                                  \
            fuzz_fail(__FILE__, __LINE__, #cond);     \
    } while (0)

/* The input as up to max NUL-separated words, in a NUL-terminated copy the
 * caller frees (NULL for no memory). The last word ends at the input's end. */
static inline char *fuzz_words(const uint8_t *data, size_t size, char **words, int max, int *count)
{
    char *copy = malloc(size + 1);
    *count = 0;
    if (copy == NULL)
        return NULL;
    memcpy(copy, data, size);
    copy[size] = '\0';
    for (char *p = copy; *count < max && p <= copy + size; p += strlen(p) + 1)
        words[(*count)++] = p;
    return copy;
}

/* Output for the code under test that goes nowhere (stdout stays quiet). */
static inline void fuzz_output(cli_output *out)
{
    static FILE *sink;
    if (sink == NULL && (sink = fopen("/dev/null", "w")) == NULL)
        abort();
    output_init(out, sink);
}

#endif
