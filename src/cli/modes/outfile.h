/* Hash mode's --outfile FILE and --outfile-format: each find appended as a
 * line of hashcat's outfile fields (1 the hash, 2 the plain as the potfile
 * writes it, 3 the plain's hex), ':' between them, in that order whatever
 * the order of the list. Appended, as hashcat does, and never to a file
 * the run reads (--hashes, --wordlist, --rules, the potfile): that would
 * feed the run its own output or mix it into its inputs. */
#ifndef HC_CLI_OUTFILE_H
#define HC_CLI_OUTFILE_H

#include <stdbool.h>

#include "cli.h"
#include "potfile.h"

typedef struct outfile {
    const char *path;      /* NULL: no --outfile */
    const hc_algorithm *alg;
    unsigned fields;       /* bit k: field k + 1 */
    int fd;                /* a plat_file; -1 until the first find */
    bool failed;
} outfile;

/* Reads --outfile and --outfile-format and checks that the file is none of
 * the run's inputs; false after a message (a usage error). */
bool outfile_init(outfile *o, const cli_args *args, const hc_algorithm *alg, const potfile *pot);

/* Appends the find's line; false (said once on stderr) when it could not
 * be written. */
bool outfile_add(outfile *o, const uint8_t *digest, const uint8_t *plain, size_t len);

void outfile_close(outfile *o);

#endif
