/* Does a checksum list line hc wrote read back as the file it names? Names
 * some list formats cannot carry: SFV and hc's -c line start the name after
 * white space and have no escape, so a name that starts with a space comes
 * back without it. Every line of -c, --sfv, --format gnu and bsd is read
 * back with check mode's own parser (sumfile.h) before hc calls it done. */
#ifndef HC_CLI_ROUNDTRIP_H
#define HC_CLI_ROUNDTRIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formats.h"

/* true when line[0, len) (without its '\n'), written in format kind for
 * the file name[0, name_len) and the digest of digest_len bytes, is read by
 * `hc check` as that name and that digest; true for formats that are not
 * checksum lists. */
bool list_line_reads_back(out_format kind, const char *line, size_t len, const char *name, size_t name_len,
                          const uint8_t *digest, size_t digest_len);

#endif
