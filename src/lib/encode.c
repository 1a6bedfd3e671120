/* Hex, Base64 (RFC 4648 §4) and UTF-8 to UTF-16LE. */
#include "hc/encode.h"

#include <string.h>

void hc_hex_encode(const uint8_t *in, size_t len, char *out, bool lower)
{
    const char *digits = lower ? "0123456789abcdef" : "0123456789ABCDEF";
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * len] = '\0';
}

static const char base64_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void hc_base64_encode(const uint8_t *in, size_t len, char *out)
{
    size_t o = 0, i = 0;
    for (; i + 3 <= len; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
        out[o++] = base64_alphabet[v >> 18];
        out[o++] = base64_alphabet[(v >> 12) & 63];
        out[o++] = base64_alphabet[(v >> 6) & 63];
        out[o++] = base64_alphabet[v & 63];
    }
    if (len - i == 1) {
        uint32_t v = (uint32_t)in[i] << 16;
        out[o++] = base64_alphabet[v >> 18];
        out[o++] = base64_alphabet[(v >> 12) & 63];
        out[o++] = '=';
        out[o++] = '=';
    } else if (len - i == 2) {
        uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
        out[o++] = base64_alphabet[v >> 18];
        out[o++] = base64_alphabet[(v >> 12) & 63];
        out[o++] = base64_alphabet[(v >> 6) & 63];
        out[o++] = '=';
    }
    out[o] = '\0';
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

hc_status hc_hex_decode(const char *in, size_t in_len, uint8_t *out, size_t out_len)
{
    if (in_len != 2 * out_len)
        return HC_ERR_INVALID;
    for (size_t i = 0; i < out_len; i++) {
        int hi = hex_value(in[2 * i]), lo = hex_value(in[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return HC_ERR_INVALID;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return HC_OK;
}

static int base64_value(char c)
{
    const char *p = c ? strchr(base64_alphabet, c) : NULL;
    return p ? (int)(p - base64_alphabet) : -1;
}

hc_status hc_base64_decode(const char *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len)
{
    if (in_len % 4 != 0)
        return HC_ERR_INVALID;
    size_t o = 0;
    for (size_t i = 0; i < in_len; i += 4) {
        bool last = i + 4 == in_len;
        int v[4];
        size_t pad = 0;
        for (size_t k = 0; k < 4; k++) {
            char c = in[i + k];
            if (c == '=' && last && k >= 2) {
                v[k] = 0;
                pad++;
                continue;
            }
            /* '=' anywhere but at the very end, or a symbol after padding */
            if (pad > 0)
                return HC_ERR_INVALID;
            v[k] = base64_value(c);
            if (v[k] < 0)
                return HC_ERR_INVALID;
        }
        uint32_t bits = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 | (uint32_t)v[3];
        /* RFC 4648 §3.5: the pad bits must be zero for canonical text. */
        if ((pad == 1 && (bits & 0xFF) != 0) || (pad == 2 && (bits & 0xFFFF) != 0))
            return HC_ERR_INVALID;
        size_t n = 3 - pad;
        if (o + n > out_cap)
            return HC_ERR_RANGE;
        out[o++] = (uint8_t)(bits >> 16);
        if (n > 1)
            out[o++] = (uint8_t)(bits >> 8);
        if (n > 2)
            out[o++] = (uint8_t)bits;
    }
    *out_len = o;
    return HC_OK;
}

/* RFC 3629 §4 well-formed sequences only. */
hc_status hc_utf8_to_utf16le(const uint8_t *in, size_t len, uint8_t *out, size_t *out_len)
{
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        uint8_t b = in[i];
        size_t n;
        if (b < 0x80) {
            cp = b;
            n = 1;
        } else if (b >= 0xC2 && b <= 0xDF) {
            cp = b & 0x1Fu;
            n = 2;
        } else if (b >= 0xE0 && b <= 0xEF) {
            cp = b & 0x0Fu;
            n = 3;
        } else if (b >= 0xF0 && b <= 0xF4) {
            cp = b & 0x07u;
            n = 4;
        } else {
            return HC_ERR_INVALID;
        }
        if (i + n > len)
            return HC_ERR_INVALID;
        for (size_t k = 1; k < n; k++) {
            if ((in[i + k] & 0xC0) != 0x80)
                return HC_ERR_INVALID;
            cp = cp << 6 | (in[i + k] & 0x3Fu);
        }
        if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
            return HC_ERR_INVALID;
        if (cp >= 0x10000) {
            uint32_t v = cp - 0x10000;
            uint32_t high = 0xD800 + (v >> 10), low = 0xDC00 + (v & 0x3FF);
            out[o++] = (uint8_t)high;
            out[o++] = (uint8_t)(high >> 8);
            out[o++] = (uint8_t)low;
            out[o++] = (uint8_t)(low >> 8);
        } else {
            out[o++] = (uint8_t)cp;
            out[o++] = (uint8_t)(cp >> 8);
        }
        i += n;
    }
    *out_len = o;
    return HC_OK;
}
