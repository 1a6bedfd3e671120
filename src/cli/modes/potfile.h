/* Hash mode's potfile: the plains found so far, one `hash:plain` line each
 * in hashcat's form (plain_text.h), so that hashcat and hc can share one.
 * A digest found there is answered without a search; every find is
 * appended.
 *
 * Reading keeps only the lines of the digests asked for, so a potfile of
 * any size costs the memory of the targets. A line whose plain does not
 * hash to its digest with the row (another hashcat mode's line of the
 * same length, a damaged one, a line cut short by a crash) is never an
 * answer. Appends go to the end of the file whatever another
 * process added meanwhile (one write per line), after a newline when the
 * file does not end with one, so a cut line never swallows the next. */
#ifndef HC_CLI_POTFILE_H
#define HC_CLI_POTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "hc/algorithm.h"

typedef struct potfile {
    char *path;              /* NULL: --potfile-disable */
    const hc_algorithm *alg;
    int fd;                  /* the append handle (a plat_file), opened at the first find; -1 before */
    bool failed;             /* an append failed (said once on stderr) */
} potfile;

/* --potfile-path, --potfile-disable, or the default
 * (<user data folder>/hc/hc.potfile, its folder created when missing).
 * false after a message on stderr (no default folder can be named). */
bool potfile_init(potfile *pot, const cli_args *args, const hc_algorithm *alg);

/* Called for target index i of a lookup with its plain from the potfile. */
typedef void potfile_found_fn(void *arg, size_t i, const uint8_t *plain, size_t len);

/* Looks up count digests of the row's length: fn for each one the potfile
 * answers (once, with the first line that hashes to it). A missing potfile
 * answers nothing; false after a message when it cannot be read or memory
 * ran out. */
bool potfile_lookup(const potfile *pot, const uint8_t *digests, size_t count, potfile_found_fn *fn, void *arg);

/* Appends `hash:plain`; false (said on stderr once) when it could not be
 * written. Disabled: true, nothing written. */
bool potfile_add(potfile *pot, const uint8_t *digest, const uint8_t *plain, size_t len);

void potfile_close(potfile *pot);

/* Whether the plain's bytes, as the search hashes them (ntlm: each byte
 * one UTF-16LE code unit), make the digest. */
bool plain_matches_digest(const hc_algorithm *alg, const uint8_t *digest, const uint8_t *plain, size_t len);

#endif
