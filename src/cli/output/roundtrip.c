/* Reading a written list line back (roundtrip.h). */
#include "roundtrip.h"

#include <stdlib.h>
#include <string.h>

#include "platform.h"

#include "format_writer.h"
#include "hc/algorithm.h"
#include "sumfile.h"

/* The name read back is the one written where they differ only in which
 * separator they use (a list writes '/' for Windows' '\\'). */
static bool same_name(const char *read, const char *name, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (read[i] != name[i] && !(plat_is_separator(read[i]) && plat_is_separator(name[i])))
            return false;
    return true;
}

bool list_line_reads_back(out_format kind, const char *line, size_t len, const char *name, size_t name_len,
                          const uint8_t *digest, size_t digest_len)
{
    if (format_writer_of(kind)->uncarried == NULL)
        return true; /* not a list check reads */
    /* check reads lines: a line break inside is the end of one */
    if (memchr(line, '\n', len) != NULL)
        return false;
    sum_reading readings[SUM_READINGS_MAX];
    size_t count = 0;
    /* check reads a list named *.sfv SFV first */
    if (sum_line_parse(line, len, kind == FORMAT_SFV, readings, &count) != SUM_LINE_ENTRY)
        return false;
    /* check keeps the first reading whose digest fits the algorithm (a
     * digest of any length: BLAKE3's --length may pass HC_MAX_DIGEST_LEN) */
    uint8_t *read_digest = malloc(digest_len ? digest_len : 1);
    if (read_digest == NULL)
        return true; /* nothing can be said without memory; the list was written */
    size_t i = 0;
    while (i < count && !sum_digest_decode(readings[i].digest, read_digest, digest_len))
        i++;
    bool digest_same = i < count && memcmp(read_digest, digest, digest_len) == 0;
    free(read_digest);
    if (!digest_same)
        return false;
    char *read_name = malloc(name_len + 1);
    size_t read_len = 0;
    bool same = read_name != NULL && sum_name_decode(&readings[i], read_name, name_len + 1, &read_len) &&
                read_len == name_len && same_name(read_name, name, name_len);
    free(read_name);
    return same;
}
