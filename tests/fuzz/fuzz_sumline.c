/* The checksum-list line parser (src/cli/input/sumfile.c) and the line writers
 * it must agree with (src/cli/output/format_gnu.c, format_bsd.c,
 * format_json.c), check mode (contract §10.4).
 *
 * Two properties:
 *  1. any bytes as a line: every reading's spans lie inside it, decoding a
 *     name never writes past its buffer, digests and tags decode or not;
 *  2. the input taken as a file name: the GNU, BSD and JSON lines hc writes
 *     for it parse back to the same name (names with a NUL, or empty, to
 *     nothing).
 *
 * Input: the bytes of one line (without its line feed). */
#include "formats.h"
#include "fuzz.h"
#include "sumfile.h"

static bool inside(sum_span s, const char *line, size_t len)
{
    return s.len == 0 || (s.p >= line && s.p + s.len <= line + len);
}

static void parse_any(const char *line, size_t len)
{
    sum_reading readings[SUM_READINGS_MAX];
    size_t count;
    for (int sfv_first = 0; sfv_first < 2; sfv_first++) {
        sum_line_kind kind = sum_line_parse(line, len, sfv_first, readings, &count);
        FUZZ_CHECK((kind == SUM_LINE_ENTRY) == (count > 0) && count <= SUM_READINGS_MAX);
        for (size_t i = 0; i < count; i++) {
            const sum_reading *r = &readings[i];
            FUZZ_CHECK(inside(r->tag, line, len) && inside(r->digest, line, len) && inside(r->name, line, len));
            char name[64];
            size_t name_len = 0;
            if (sum_name_decode(r, name, sizeof(name), &name_len))
                FUZZ_CHECK(name_len > 0 && name_len <= sizeof(name));
            uint8_t digest[HC_MAX_DIGEST_LEN];
            for (size_t n = 1; n <= HC_MAX_DIGEST_LEN; n *= 2)
                (void)sum_digest_decode(r->digest, digest, n);
            (void)sum_digest_plausible(r->digest);
            (void)sum_tag_algorithm(r->tag.p ? r->tag.p : "", r->tag.len);
        }
    }
}

/* The name in one of hc's formats, parsed back: the first reading of the
 * expected syntax must give the name again. */
static void round_trip(const char *name, size_t len, out_format kind)
{
    static const uint8_t digest[32] = {0x12, 0x34, 0xAB};
    const hc_algorithm *alg = hc_algorithm_find("sha256");
    format_choice choice = {.kind = kind, .lower = true};
    text_buffer t;
    text_init(&t);
    bool escape = gnu_needs_escape(name, len);
    sum_syntax want;
    if (kind == FORMAT_GNU) {
        text_append_str(&t, escape ? "\\" : "");
        text_append_digest(&t, &choice, digest, sizeof(digest));
        text_append_str(&t, "  ");
        text_append_gnu_name(&t, name, len, escape);
        want = SUM_GNU;
    } else if (kind == FORMAT_BSD) {
        text_append_str(&t, escape ? "\\SHA256 (" : "SHA256 (");
        text_append_gnu_name(&t, name, len, escape);
        text_append_str(&t, ") = ");
        text_append_digest(&t, &choice, digest, sizeof(digest));
        want = SUM_BSD;
    } else {
        text_append_str(&t, "{");
        text_append_json_bytes(&t, "path", name, len);
        text_append_str(&t, ",\"size\":1,\"algorithm\":\"sha256\",\"digest\":\"");
        text_append_digest(&t, &choice, digest, sizeof(digest));
        text_append_str(&t, "\",\"seconds\":0.000001}");
        want = SUM_JSON;
    }
    FUZZ_CHECK(!t.no_memory);
    sum_reading readings[SUM_READINGS_MAX];
    size_t count;
    sum_line_parse(text_str(&t), t.len, false, readings, &count);
    /* names no line can hold: empty, or with a NUL */
    bool writable = len > 0 && memchr(name, '\0', len) == NULL;
    bool found = false;
    for (size_t i = 0; i < count && !found; i++) {
        if (readings[i].syntax != want)
            continue;
        char back[512];
        size_t back_len;
        uint8_t bytes[32];
        if (!sum_name_decode(&readings[i], back, sizeof(back), &back_len) ||
            !sum_digest_decode(readings[i].digest, bytes, sizeof(bytes)) || memcmp(bytes, digest, 32) != 0)
            continue;
        /* never read back as another name, nor as another algorithm */
        FUZZ_CHECK(back_len == len && memcmp(back, name, len) == 0);
        FUZZ_CHECK(readings[i].tag.len == 0 || sum_tag_algorithm(readings[i].tag.p, readings[i].tag.len) == alg);
        found = true;
    }
    FUZZ_CHECK(writable == found);
    text_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    parse_any((const char *)data, size);
    if (size <= 128) {
        round_trip((const char *)data, size, FORMAT_GNU);
        round_trip((const char *)data, size, FORMAT_BSD);
        round_trip((const char *)data, size, FORMAT_JSON);
    }
    return 0;
}
