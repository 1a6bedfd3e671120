/* The checksum-list line parser (src/cli/input/sumfile.c), the multi-algorithm
 * hasher (src/lib/io/multihash.c) and the JSON string writer: the lines other
 * tools write, read the way they mean them. */
#include "testutil.h"

#include "formats.h"
#include "multihash.h"
#include "sumfile.h"

static void check_found(const char *what, const hc_algorithm *alg, const char *name)
{
    if (name == NULL)
        CHECK_MSG(alg == NULL, "%s: %s, expected none", what, alg ? alg->name : "");
    else
        CHECK_MSG(alg && strcmp(alg->name, name) == 0, "%s: %s, expected %s", what, alg ? alg->name : "none", name);
}

static void check_tag(const char *tag, const char *name)
{
    check_found(tag, sum_tag_algorithm(tag, strlen(tag)), name);
}

static void check_list_name(const char *path, const char *name)
{
    check_found(path, sum_name_algorithm(path), name);
}

/* The first reading of line of that syntax: its tag, digest and decoded
 * name. first: it must be the first reading of all. */
static void check_reading(const char *line, bool sfv_first, sum_syntax syntax, bool first, const char *tag,
                          const char *digest, const char *name)
{
    sum_reading all[SUM_READINGS_MAX];
    size_t count;
    sum_line_kind kind = sum_line_parse(line, strlen(line), sfv_first, all, &count);
    CHECK_MSG(kind == SUM_LINE_ENTRY && count > 0, "'%s': no reading", line);
    size_t k = 0;
    while (k < count && all[k].syntax != syntax)
        k++;
    CHECK_MSG(k < count && (!first || k == 0), "'%s': reading %d is at %zu of %zu", line, syntax, k, count);
    if (k == count)
        return;
    const sum_reading *r = &all[k];
    char decoded[256];
    size_t len = 0;
    bool ok = sum_name_decode(r, decoded, sizeof(decoded), &len);
    CHECK_MSG(r->tag.len == strlen(tag) && memcmp(r->tag.p ? r->tag.p : "", tag, r->tag.len) == 0,
              "'%s': tag '%.*s'", line, (int)r->tag.len, r->tag.p ? r->tag.p : "");
    CHECK_MSG(r->digest.len == strlen(digest) && memcmp(r->digest.p, digest, r->digest.len) == 0,
              "'%s': digest '%.*s'", line, (int)r->digest.len, r->digest.p);
    CHECK_MSG(ok && len == strlen(name) && memcmp(decoded, name, len) == 0, "'%s': name '%.*s'", line, (int)len,
              decoded);
}

#define check_line(line, sfv_first, syntax, tag, digest, name) \
    check_reading(line, sfv_first, syntax, syntax != SUM_SFV || sfv_first, tag, digest, name)

static void check_kind(const char *line, sum_line_kind want)
{
    sum_reading r[SUM_READINGS_MAX];
    size_t count;
    CHECK_MSG(sum_line_parse(line, strlen(line), false, r, &count) == want, "'%s': kind", line);
}

static void test_lines(void)
{
    check_line("d41d8cd98f00b204e9800998ecf8427e  empty", false, SUM_GNU, "", "d41d8cd98f00b204e9800998ecf8427e",
               "empty");
    check_line("d41d8cd98f00b204e9800998ecf8427e *bin file\r", false, SUM_GNU, "",
               "d41d8cd98f00b204e9800998ecf8427e", "bin file");
    check_line("\\d41d8cd98f00b204e9800998ecf8427e  new\\nline\\\\x\\r", false, SUM_GNU, "",
               "d41d8cd98f00b204e9800998ecf8427e", "new\nline\\x\r");
    check_line("MD5   (plain) = a87ff679a2f3e71d9181a67b7542122c", false, SUM_BSD, "MD5",
               "a87ff679a2f3e71d9181a67b7542122c", "plain");
    check_line("SHA256 (a (b) = c) = 00ff", false, SUM_BSD, "SHA256", "00ff", "a (b) = c");
    check_line("\\BLAKE2b (a\\\\b) = 00ff", false, SUM_BSD, "BLAKE2b", "00ff", "a\\b");
    check_line("t/x | y | 3 bytes | 202CB962AC59075B964B07152D234B70", false, SUM_HC, "",
               "202CB962AC59075B964B07152D234B70", "t/x | y");
    check_line("t/x | 1.50 Mb (1572864 bytes) | 1 hr 0 min 5.000 sec | ICy5YqxZB1uWSwcVLSNLcA==", false, SUM_HC, "",
               "ICy5YqxZB1uWSwcVLSNLcA==", "t/x");
    check_line("202CB962AC59075B964B07152D234B70 t/notempty", false, SUM_GNU_SPACE, "",
               "202CB962AC59075B964B07152D234B70", "t/notempty");
    check_line("notempty    884863D2", false, SUM_SFV, "", "884863D2", "notempty");
    check_line("my file.bin\t884863D2  ", false, SUM_SFV, "", "884863D2", "my file.bin");
    /* ambiguous: a one-space checksum line, or SFV; a .sfv list says which */
    check_line("abcd1234 F3B61B38", false, SUM_GNU_SPACE, "", "abcd1234", "F3B61B38");
    check_line("abcd1234 F3B61B38", true, SUM_SFV, "", "F3B61B38", "abcd1234");
    check_line("{\"path\":\"a\\u00e9\\ud83d\\ude00\\n\",\"size\":3,\"algorithm\":\"md5\",\"digest\":\"00\"}", false,
               SUM_JSON, "md5", "00", "a\xC3\xA9\xF0\x9F\x98\x80\n");
    check_line("{\"path\":\"a\\ufffd\",\"path_bytes_b64\":\"Yf8=\",\"algorithm\":\"md5\",\"digest\":\"00\"}", false,
               SUM_JSON, "md5", "00", "a\xff");
    check_kind("", SUM_LINE_BLANK);
    check_kind(" \t \r", SUM_LINE_BLANK);
    check_kind("; comment", SUM_LINE_COMMENT);
    check_kind("# a note", SUM_LINE_NOTE);
    check_kind("  #d41d8cd98f00b204e9800998ecf8427e  x", SUM_LINE_NOTE);
    /* openssl dgst: TAG(name)= digest; several algorithms' hc lines name theirs */
    check_line("MD5(a b)= 00ff", false, SUM_BSD, "MD5", "00ff", "a b");
    check_line("SHA2-256(x)= y)= 00ff", false, SUM_BSD, "SHA2-256", "00ff", "x)= y");
    check_line("t/x | 3 bytes | sha-3-256 | 00FF", false, SUM_HC, "sha-3-256", "00FF", "t/x");
    check_line("t/x | 3 bytes | 0.000 sec | md5 | 00FF", false, SUM_HC, "md5", "00FF", "t/x");
    check_kind("garbage", SUM_LINE_MALFORMED);
    check_kind("{\"path\":\"x\",\"error\":\"open error\"}", SUM_LINE_MALFORMED);
    check_kind("{\"path\":\"x\",\"algorithm\":\"md5\",\"digest\":\"00\"} trailing", SUM_LINE_MALFORMED);
    check_kind("{\"path\":\"x\\q\",\"algorithm\":\"md5\",\"digest\":\"00\"}", SUM_LINE_MALFORMED);
    check_kind("t/notempty | open error", SUM_LINE_ENTRY); /* read as a one-space line; its digest then fits nothing */
}

static void test_digests(void)
{
    uint8_t out[32];
    sum_span hex = {"884863d2", 8}, b64 = {"iEhj0g==", 8}, b32 = {"RBEGHUQ", 7}, b32pad = {"RBEGHUQ=", 8};
    CHECK(sum_digest_decode(hex, out, 4) && memcmp(out, "\x88\x48\x63\xd2", 4) == 0);
    CHECK(sum_digest_decode(b64, out, 4) && memcmp(out, "\x88\x48\x63\xd2", 4) == 0);
    CHECK(sum_digest_decode(b32, out, 4) && memcmp(out, "\x88\x48\x63\xd2", 4) == 0);
    CHECK(sum_digest_decode(b32pad, out, 4) && memcmp(out, "\x88\x48\x63\xd2", 4) == 0);
    CHECK(!sum_digest_decode(hex, out, 5));
    sum_span bad = {"884863dz", 8};
    CHECK(!sum_digest_decode(bad, out, 4));
    sum_span word = {"garbage", 7};
    CHECK(!sum_digest_plausible(word));
    CHECK(sum_digest_plausible(hex));
}

static void test_names(void)
{
    check_tag("MD5", "md5");
    check_tag("SHA256", "sha256");
    check_tag("SHA-256", "sha256");
    check_tag("SHA3-256", "sha-3-256");
    check_tag("SHA2-256", "sha256");
    check_tag("SHA2-512", "sha512");
    check_tag("sha-3-256", "sha-3-256");
    check_tag("SHA-3K-512", "sha-3k-512");
    check_tag("KECCAK-256", "sha-3k-256");
    check_tag("BLAKE2b", "blake2b");
    check_tag("BLAKE2b-512", "blake2b");
    check_tag("BLAKE2b-256", NULL);
    check_tag("BLAKE3", "blake3");
    check_tag("RMD160", "ripemd160");
    check_tag("RIPEMD160", "ripemd160");
    check_tag("GOST94-CRYPTOPRO", "gost");
    check_tag("GOST94", NULL);
    check_tag("EDON-R256", "edonr256");
    check_tag("SNEFRU-128", "snefru128");
    check_tag("HAVAL-160-4", "haval-160-4");
    check_tag("CRC32C", "crc32c");
    check_tag("ED2K", NULL);
    /* every row is found by its own name and by its BSD tag */
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        char tag[64];
        format_bsd_tag(&hc_algorithms[i], tag, sizeof(tag));
        check_tag(hc_algorithms[i].name, hc_algorithms[i].name);
        check_tag(tag, hc_algorithms[i].name);
    }
    check_list_name("SHA256SUMS", "sha256");
    check_list_name("dir/MD5SUMS.txt", "md5");
    check_list_name("B3SUMS", "blake3");
    check_list_name("B2SUMS", "blake2b");
    check_list_name("SHA1SUM", "sha1");
    check_list_name("release.sha512", "sha512");
    check_list_name("x.sha256sum", "sha256");
    check_list_name("x.sha3-256", "sha-3-256");
    check_list_name("music.sfv", "crc32");
    check_list_name("x.b3", "blake3");
    check_list_name("list", NULL);
    check_list_name("list.txt", NULL);
    check_list_name("SUMS", NULL);
}

static void test_json_strings(void)
{
    text_buffer t;
    text_init(&t);
    bool lossy;
    text_append_json_string(&t, "q\"b\\c\x01\n\xC3\xA9", 9, &lossy);
    CHECK(strcmp(text_str(&t), "\"q\\\"b\\\\c\\u0001\\n\xC3\xA9\"") == 0 && !lossy);
    text_clear(&t);
    /* an overlong, a surrogate, a lone continuation byte: U+FFFD each byte */
    text_append_json_string(&t, "\xC0\xAF\xED\xA0\x80\x80", 6, &lossy);
    CHECK(lossy && strcmp(text_str(&t), "\"" "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                                        "\xEF\xBF\xBD" "\"") == 0);
    text_clear(&t);
    text_append_json_bytes(&t, "path", "a\xff", 2);
    CHECK(strcmp(text_str(&t), "\"path\":\"a\xEF\xBF\xBD\",\"path_bytes_b64\":\"Yf8=\"") == 0);
    text_free(&t);
}

/* Several algorithms side by side on a pool give each one's own digest. */
static void test_multihash(void)
{
    const hc_algorithm *rows[] = {hc_algorithm_find("md5"), hc_algorithm_find("sha1"), hc_algorithm_find("sha256"),
                                  hc_algorithm_find("blake3")};
    size_t len = (3 << 20) + 17;
    uint8_t *data = malloc(len);
    for (size_t i = 0; i < len; i++)
        data[i] = (uint8_t)(i * 2654435761u >> 13);
    hc_pool *pool;
    CHECK(hc_pool_create(&pool, 3) == HC_OK);
    multihash m;
    multihash_init(&m, NULL);
    CHECK(multihash_select(&m, rows, 4) == HC_OK && m.out_len == 16 + 20 + 32 + 32);
    CHECK(multihash_splits(&m) && multihash_needs_costs(&m, pool));
    for (size_t at = 0; at < len; at += 1 << 20)
        multihash_update(&m, data + at, len - at < (1 << 20) ? len - at : 1 << 20, pool);
    uint8_t got[100];
    multihash_final(&m, got);
    size_t offset = 0;
    for (size_t i = 0; i < 4; i++) {
        hc_hasher h;
        uint8_t want[64];
        CHECK(hc_hasher_open(&h, rows[i], NULL) == HC_OK);
        hc_hasher_oneshot(&h, data, len, want);
        CHECK_MSG(memcmp(got + offset, want, h.out_len) == 0, "%s side by side", rows[i]->name);
        offset += h.out_len;
        hc_hasher_close(&h);
        /* every algorithm was timed on the threads */
        CHECK(m.seconds_per_byte[m.active[i]] > 0);
    }
    CHECK(!multihash_needs_costs(&m, pool));
    /* costliest first, by what was measured */
    hc_hasher *ordered[4];
    CHECK(multihash_by_cost(&m, ordered) == 4);
    for (size_t i = 1; i < 4; i++) {
        size_t a = (size_t)(ordered[i - 1] - m.opened), b = (size_t)(ordered[i] - m.opened);
        CHECK(m.seconds_per_byte[a] >= m.seconds_per_byte[b]);
    }
    /* the same hasher set, another selection */
    CHECK(multihash_select(&m, rows + 3, 1) == HC_OK && !multihash_splits(&m) && m.opened_count == 4);
    multihash_free(&m);
    hc_pool_destroy(pool);
    free(data);
}

int main(void)
{
    test_lines();
    test_digests();
    test_names();
    test_json_strings();
    test_multihash();
    return test_report("sumfile");
}
