/* Hash mode's --show and --left: what hashcat -m N --show / --left print
 * for a hash list and a potfile, searching nothing. --show: a line
 * [user:]hash:plain for each target the potfile answers, --left: a line
 * [user:]hash for each one it does not; in the list's order, the hash in
 * hashcat's form for the row (plain_text.h), the plain as the potfile
 * writes it. Without --username a digest is listed once (its first line);
 * with it, every line, an empty user printed as none. */
#ifndef HC_CLI_HASH_SHOW_H
#define HC_CLI_HASH_SHOW_H

#include "cli.h"
#include "potfile.h"

/* The exit status: 0, 1 when lines of the list were skipped, 2 when the
 * list or the potfile could not be read, 130 on Ctrl+C. */
int hash_show_run(const cli_args *args, const hc_algorithm *alg, const potfile *pot, cli_output *out);

#endif
