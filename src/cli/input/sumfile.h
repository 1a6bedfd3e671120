/* Lines of checksum lists (contract §10.4): every format hc writes and
 * those of sha*sum, b2sum, b3sum, cksum --tag and rhash --bsd/--sfv/
 * --simple. Pure functions over one line's bytes: no I/O, no allocation
 * (tests/fuzz/fuzz_sumline.c drives them with arbitrary bytes).
 *
 * A line can often be read more than one way ("abcd1234 F3B61B38" is an
 * SFV line, or a one-space checksum line of a file named F3B61B38);
 * sum_line_readings returns every syntactic reading, most likely first,
 * and the caller keeps the first whose digest fits an algorithm. */
#ifndef HC_CLI_SUMFILE_H
#define HC_CLI_SUMFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/algorithm.h"

typedef enum sum_syntax {
    SUM_JSON,       /* {"path":…,"algorithm":…,"digest":…} (hc --format json) */
    SUM_BSD,        /* TAG (name) = digest (cksum --tag, rhash --bsd, hc --format bsd), TAG(name)= digest (openssl dgst) */
    SUM_HC,         /* path | size | [time | ][algorithm | ]digest (hc's default lines) */
    SUM_GNU,        /* digest  name, digest *name (sha256sum, b3sum, rhash --simple, hc --format gnu) */
    SUM_GNU_SPACE,  /* digest name (hc -c; md5 -r) */
    SUM_SFV         /* name digest, ';' comments (SFV, rhash --sfv, hc --sfv) */
} sum_syntax;

typedef enum sum_name_coding {
    NAME_RAW,          /* the bytes as they are */
    NAME_GNU_ESCAPED,  /* the line started with '\': \\, \n, \r inside */
    NAME_JSON,         /* a JSON string's contents */
    NAME_BASE64        /* path_bytes_b64: Base64 of the bytes */
} sum_name_coding;

typedef struct sum_span {
    const char *p;
    size_t len;
} sum_span;

typedef struct sum_reading {
    sum_syntax syntax;
    sum_span tag;      /* the algorithm named by the line (BSD tag, JSON "algorithm"); len 0: none */
    sum_span digest;
    sum_span name;
    sum_name_coding coding;
} sum_reading;

typedef enum sum_line_kind {
    SUM_LINE_BLANK,     /* empty or white space only: skipped */
    SUM_LINE_COMMENT,   /* ';' (SFV) comment: skipped */
    SUM_LINE_NOTE,      /* '#' comment (coreutils skips them), a --part list's JSON header or end: skipped */
    SUM_LINE_ENTRY,     /* at least one reading */
    SUM_LINE_MALFORMED  /* no reading at all */
} sum_line_kind;

#define SUM_READINGS_MAX 5

/* The JSON Lines of a dir --part list's header and end (part_list.h) begin
 * so: notes about the list, no entries. */
#define SUM_JSON_PART_HEADER "{\"hc_part\":"
#define SUM_JSON_PART_END "{\"hc_part_end\":"

/* The readings of one line (without its '\n'; a final '\r' is dropped
 * here), most likely first; with sfv_first, SFV comes before the
 * checksum-first forms (a list named *.sfv, or one with ';' comments).
 * The spans point into line. */
sum_line_kind sum_line_parse(const char *line, size_t len, bool sfv_first, sum_reading out[SUM_READINGS_MAX],
                             size_t *count);

/* The reading's file name as bytes (GNU escapes, JSON escapes or Base64
 * undone), at most cap bytes. false when malformed: a bad escape, a NUL
 * byte, an empty name, or longer than cap. */
bool sum_name_decode(const sum_reading *r, char *out, size_t cap, size_t *out_len);

/* The digest text as exactly n bytes: 2n hex digits of either case,
 * padded Base64, or Base32 (RFC 4648, either case, padding optional; rhash
 * writes TTH so). */
bool sum_digest_decode(sum_span text, uint8_t *out, size_t n);
/* Could the text be a digest at all (hex of an even length of at least 8
 * digits, or Base64/Base32 of at least 4 bytes)? */
bool sum_digest_plausible(sum_span text);

/* The algorithm a BSD tag or JSON "algorithm" names: hc's names and its
 * tags (case-blind, '-' ignored: SHA256, SHA-256, SHA3-256, BLAKE2b, ...),
 * and the other tools' spellings (RMD160, GOST94-CRYPTOPRO, KECCAK-256,
 * BLAKE2b-512). NULL when unknown (GOST94 with the test S-boxes, BLAKE2b-256,
 * ED2K, ...). */
const hc_algorithm *sum_tag_algorithm(const char *tag, size_t len);

/* The algorithm a list's file name implies: SHA256SUMS, MD5SUMS, B2SUMS,
 * B3SUMS, *.sha256, *.md5, *.sfv (crc32), *.b3, ... NULL when none. */
const hc_algorithm *sum_name_algorithm(const char *list_path);

#endif
