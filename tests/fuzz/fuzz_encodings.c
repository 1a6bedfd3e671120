/* Digest text: hex and Base64 targets (-s of hash mode, -m, -H, --key) and
 * the UTF-8 to UTF-16LE conversion of ntlm. Each decoder is also checked
 * against its encoder: what decodes must encode back to the same text (hex
 * up to case), and encoding the input as bytes must decode back to it. */
#include "fuzz.h"
#include "hc/encode.h"

enum { MAX = 1024 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4 * MAX)
        return 0;
    const char *text = (const char *)data;
    uint8_t out[MAX];
    /* holds either re-encoding of up to MAX bytes: hex (2 per byte) is the
     * longer; sizing it for Base64 alone overflowed on long hex input */
    char again[2 * MAX + 1];
    _Static_assert(2 * MAX + 1 >= HC_BASE64_LEN(MAX) + 1, "again holds the Base64 text too");
    size_t n;

    if (size % 2 == 0 && size / 2 <= MAX && hc_hex_decode(text, size, out, size / 2) == HC_OK) {
        hc_hex_encode(out, size / 2, again, true);
        for (size_t i = 0; i < size; i++) {
            char c = text[i] >= 'A' && text[i] <= 'F' ? (char)(text[i] - 'A' + 'a') : text[i];
            FUZZ_CHECK(again[i] == c);
        }
    }
    if (hc_base64_decode(text, size, out, sizeof(out), &n) == HC_OK) {
        hc_base64_encode(out, n, again);
        FUZZ_CHECK(strlen(again) == size && memcmp(again, text, size) == 0);
    }
    /* the other way round: any bytes encode and decode back */
    if (size <= MAX) {
        hc_base64_encode(data, size, again);
        FUZZ_CHECK(hc_base64_decode(again, strlen(again), out, sizeof(out), &n) == HC_OK && n == size &&
                   memcmp(out, data, size) == 0);
        char hex[2 * MAX + 1];
        hc_hex_encode(data, size, hex, size % 2);
        FUZZ_CHECK(hc_hex_decode(hex, 2 * size, out, size) == HC_OK && memcmp(out, data, size) == 0);
    }
    if (size <= MAX / 2 && hc_utf8_to_utf16le(data, size, out, &n) == HC_OK) {
        /* ASCII maps to one unit each; nothing grows past two bytes a byte */
        FUZZ_CHECK(n <= 2 * size && n % 2 == 0);
        for (size_t i = 0, u = 0; i < size && data[i] < 0x80 && u < n; i++, u += 2)
            FUZZ_CHECK(out[u] == data[i] && out[u + 1] == 0);
    }
    return 0;
}
