/* Hex, Base64 (RFC 4648 §10 test vectors) and UTF-8 to UTF-16LE. */
#include "testutil.h"

#include "hc/encode.h"

static void check_base64(void)
{
    /* RFC 4648 §10 */
    static const char *const pairs[][2] = {
        {"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},         {"foo", "Zm9v"},
        {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"},
    };
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        char text[16];
        hc_base64_encode((const uint8_t *)pairs[i][0], strlen(pairs[i][0]), text);
        CHECK_MSG(strcmp(text, pairs[i][1]) == 0, "encode %s: %s", pairs[i][0], text);
        uint8_t raw[16];
        size_t n = 99;
        CHECK(hc_base64_decode(pairs[i][1], strlen(pairs[i][1]), raw, sizeof(raw), &n) == HC_OK);
        CHECK(n == strlen(pairs[i][0]) && memcmp(raw, pairs[i][0], n) == 0);
    }
    uint8_t raw[16];
    size_t n;
    static const char *const bad[] = {"Zg=", "Zg", "Z===", "Zh==", "Zm9=", "Zm 9v", "Zm9v=", "=Zm9", "Zg==Zg==", "Zm9-", "Zm9_"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        CHECK_MSG(hc_base64_decode(bad[i], strlen(bad[i]), raw, sizeof(raw), &n) == HC_ERR_INVALID, "accepted %s",
                  bad[i]);
    CHECK(hc_base64_decode("Zm9vYmFy", 8, raw, 5, &n) == HC_ERR_RANGE);
    /* The contract's example: MD5("123") */
    uint8_t md5[16];
    CHECK(hc_hex_decode("202cb962ac59075b964b07152d234b70", 32, md5, 16) == HC_OK);
    char text[32];
    hc_base64_encode(md5, 16, text);
    CHECK(strcmp(text, "ICy5YqxZB1uWSwcVLSNLcA==") == 0);
}

static void check_hex(void)
{
    uint8_t raw[4];
    CHECK(hc_hex_decode("0aFf19Bc", 8, raw, 4) == HC_OK);
    CHECK(raw[0] == 0x0A && raw[1] == 0xFF && raw[2] == 0x19 && raw[3] == 0xBC);
    CHECK(hc_hex_decode("0aFf19B", 7, raw, 4) == HC_ERR_INVALID);
    CHECK(hc_hex_decode("0aFf19Bcd", 9, raw, 4) == HC_ERR_INVALID);
    CHECK(hc_hex_decode("0aFf19Bg", 8, raw, 4) == HC_ERR_INVALID);
    CHECK(hc_hex_decode("0x010203", 8, raw, 4) == HC_ERR_INVALID);
    char text[9];
    hc_hex_encode(raw, 0, text, false);
    CHECK(text[0] == '\0');
    const uint8_t bytes[] = {0xDE, 0xAD, 0x01};
    hc_hex_encode(bytes, 3, text, false);
    CHECK(strcmp(text, "DEAD01") == 0);
    hc_hex_encode(bytes, 3, text, true);
    CHECK(strcmp(text, "dead01") == 0);
}

static void check_utf16(void)
{
    uint8_t out[32];
    size_t n;
    /* "aé€😀": 1, 2, 3 and 4 UTF-8 bytes; the last becomes a surrogate pair */
    const char *text = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
    CHECK(hc_utf8_to_utf16le((const uint8_t *)text, strlen(text), out, &n) == HC_OK);
    const uint8_t expected[] = {0x61, 0, 0xE9, 0, 0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE};
    CHECK(n == sizeof(expected) && memcmp(out, expected, n) == 0);
    static const char *const bad[] = {
        "\x80",             /* continuation byte first */
        "\xC0\xAF",         /* overlong '/' */
        "\xE0\x80\xAF",     /* overlong */
        "\xED\xA0\x80",     /* a surrogate */
        "\xF4\x90\x80\x80", /* above U+10FFFF */
        "\xC3",             /* truncated */
        "\xE2\x82",         /* truncated */
        "\xFF",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        CHECK_MSG(hc_utf8_to_utf16le((const uint8_t *)bad[i], strlen(bad[i]), out, &n) == HC_ERR_INVALID,
                  "accepted bad UTF-8 #%zu", i);
}

int main(void)
{
    check_base64();
    check_hex();
    check_utf16();
    return test_report("encode");
}
