/* The lines that make a `dir --part K/N` list know what it is (contract
 * §10.10): a header line before its first entry and, once the part has
 * walked the whole tree, an end line after its last. hc merge reads them to
 * refuse a set of parts that is not one whole run.
 *
 * Both are comments of the list's own format, so that `sha256sum -c` and
 * `hc check` skip them: "# hc-part {...}" (hc's lines, -c, gnu, bsd),
 * "; hc-part {...}" (SFV), and in JSON Lines an object of its own key,
 * {"hc_part":{...}}. The {...} is one JSON object:
 *
 *   header: {"part":K,"of":N,"source":"<-s>","algorithms":"sha256,md5",
 *            "format":"gnu lower","options":"-r -i '*.c'"}
 *   end:    {"lines":<lines after the header>,"sha256":"<hex>"}
 *
 * The end's SHA-256 is of every byte of the list from the header's first
 * through the line before the end line. Names that are not UTF-8 get
 * "source_bytes_b64" / "options_bytes_b64" beside the text (JSON strings,
 * so no name can break the line). */
#ifndef HC_CLI_PART_LIST_H
#define HC_CLI_PART_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "file_line.h"

/* ---- writing (dir --part) ---- */

typedef struct part_list_writer {
    hc_hasher digest; /* of the header and every byte written after it */
    uint64_t lines;   /* line feeds written after the header */
    bool open;
    out_format kind;
} part_list_writer;

/* Writes the header line of part K of N to out and starts counting what
 * out writes. false when memory ran out (nothing written). */
bool part_list_begin(part_list_writer *w, cli_output *out, const cli_args *args, const line_format *format,
                     const char *source, uint64_t part, uint64_t parts);
/* Stops counting; writes the end line when the part is complete (its
 * walk reached the end: not interrupted, not out of memory). */
void part_list_end(part_list_writer *w, cli_output *out, bool complete);

/* ---- reading (hc merge) ---- */

/* What a header tells besides K: the same in every part of one run. */
typedef enum part_field {
    PART_FIELD_PARTS,
    PART_FIELD_SOURCE,
    PART_FIELD_SOURCE_BYTES,
    PART_FIELD_ALGORITHMS,
    PART_FIELD_FORMAT,
    PART_FIELD_OPTIONS,
    PART_FIELD_OPTIONS_BYTES,
    PART_FIELD_COUNT
} part_field;

/* The field in words, for messages ("number of parts", "source", ...). */
const char *part_field_word(part_field field);

typedef struct part_header {
    uint64_t part, parts;
    /* each field's value as written (a JSON string with its quotes, or
     * digits); len 0: absent (only the *_bytes_b64 ones may be) */
    struct {
        const char *p;
        size_t len;
    } field[PART_FIELD_COUNT];
} part_header;

typedef struct part_end {
    uint64_t lines;
    char sha256[2 * 32 + 1]; /* lower-case hex */
} part_end;

typedef enum part_line_kind {
    PART_LINE_ENTRY,    /* none of these: a line of the list */
    PART_LINE_HEADER,
    PART_LINE_END,
    PART_LINE_MALFORMED /* begins as a header or end line, does not read as one */
} part_line_kind;

/* Which of these the line is (its line feed may be included); fills
 * *header or *end, whose spans point into line. */
part_line_kind part_line_read(const char *line, size_t len, part_header *header, part_end *end);

/* The SHA-256 of a part's lines, as the end line gives it: open, update
 * with every byte from the header's first, then the hex. false when
 * memory ran out. */
bool part_digest_open(hc_hasher *digest);
void part_digest_hex(hc_hasher *digest, char hex[2 * 32 + 1]);

#endif
