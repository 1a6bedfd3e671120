/* hc — text encodings of digests and of input text. */
#ifndef HC_ENCODE_H
#define HC_ENCODE_H

#include "hc/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Characters of the RFC 4648 Base64 text for n bytes, with padding. */
#define HC_BASE64_LEN(n) ((((n) + 2) / 3) * 4)

/* Two hex digits per byte, then a NUL: out must hold 2 * len + 1 bytes. */
HC_API void hc_hex_encode(const uint8_t *in, size_t len, char *out, bool lower);

/* RFC 4648 standard alphabet with '=' padding, then a NUL:
 * out must hold HC_BASE64_LEN(len) + 1 bytes. */
HC_API void hc_base64_encode(const uint8_t *in, size_t len, char *out);

/* Exactly 2 * out_len hex digits of either case; anything else is
 * HC_ERR_INVALID. */
HC_API hc_status hc_hex_decode(const char *in, size_t in_len, uint8_t *out, size_t out_len);

/* Padded standard Base64 (length a multiple of 4, '=' only at the end, the
 * unused bits of the last symbol zero). Writes at most out_cap bytes and
 * stores the decoded length; HC_ERR_INVALID for malformed text,
 * HC_ERR_RANGE when it would not fit. */
HC_API hc_status hc_base64_decode(const char *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len);

/* Strict UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF) to
 * UTF-16LE. out must hold 2 * len bytes (never more is needed).
 * HC_ERR_INVALID for bytes that are not UTF-8. */
HC_API hc_status hc_utf8_to_utf16le(const uint8_t *in, size_t len, uint8_t *out, size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif
