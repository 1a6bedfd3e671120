/* The dictionary syntax of hash mode (-a, contract §5.2): hc_crack_dictionary
 * against a one-pass reference (the three ranges cannot overlap or create
 * one another, so replacing them in one left-to-right pass is the same as
 * the contract's three passes), then duplicates dropped. */
#include <stdbool.h>

#include "fuzz.h"
#include "hc/crack.h"

static size_t reference(const char *spec, size_t len, uint8_t out[256])
{
    size_t n = 0;
    bool seen[256] = {false};
    for (size_t i = 0; i + 5 <= len; i++) {
        if (memcmp(spec + i, "ASCII", 5) == 0) {
            for (int c = '!'; c <= '~'; c++)
                out[n++] = (uint8_t)c;
            return n;
        }
    }
    for (size_t i = 0; i < len;) {
        const char *run = NULL;
        if (i + 3 <= len && spec[i + 1] == '-') {
            if (spec[i] == '0' && spec[i + 2] == '9')
                run = "0123456789";
            else if (spec[i] == 'a' && spec[i + 2] == 'z')
                run = "abcdefghijklmnopqrstuvwxyz";
            else if (spec[i] == 'A' && spec[i + 2] == 'Z')
                run = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        }
        const char *bytes = run ? run : spec + i;
        size_t count = run ? strlen(run) : 1;
        for (size_t k = 0; k < count; k++) {
            uint8_t c = (uint8_t)bytes[k];
            if (!seen[c]) {
                seen[c] = true;
                out[n++] = c;
            }
        }
        i += run ? 3 : 1;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t got[HC_DICT_MAX], want[256];
    size_t got_len;
    if (hc_crack_dictionary((const char *)data, size, got, &got_len) != HC_OK)
        return 0;
    size_t want_len = reference((const char *)data, size, want);
    FUZZ_CHECK(got_len == want_len && memcmp(got, want, got_len) == 0);
    return 0;
}
