/* What users of sha256sum, b3sum and hashcat type first (contract §10.8):
 * standard input, plain file names after the algorithm, and the words
 * that point them to hc's own spelling. */
#ifndef HC_CLI_HABITS_H
#define HC_CLI_HABITS_H

#include <stdbool.h>

#include "cli.h"

/* Does standard input bring data: a pipe, FIFO, socket or regular file?
 * A terminal, a closed descriptor and a character device such as
 * /dev/null do not (then a command with no input shows its help). */
bool cli_stdin_has_input(void);

/* `hc ALG WORD ...` where WORD is no mode, as sha256sum takes its words:
 * with -c/--check among them, check mode on the others; else, when WORD
 * names something that exists (or is --tag, or a later word names a file
 * and nothing looks like a mode's typo or an option), file mode on the
 * words: a missing name or a directory is reported and the rest hashed.
 * Returns true with *status set; false when the words are none of these:
 * the caller prints the unknown-command (or option) error. */
bool cli_run_plain_names(cli_output *out, const cli_algs *algs, int argc, char **argv, int *status);

/* After `error: unrecognized option '<name>'`: on stderr, the mode's
 * option closest to what was typed, when one is close. */
void suggest_option(const cli_mode *mode, const cli_algs *algs, const char *typed, size_t len, char short_name);

/* After `error: unrecognized command '<word>'` for a word past the mode:
 * on stderr, that the word is stray and how the mode takes words. */
void explain_stray_word(const cli_mode *mode, const char *word);

/* The tip after `error: unrecognized command '<word>'` for an algorithm
 * word: another spelling of one row (`SHA256`, `sha3-256`), the rows of a
 * family (`sha3`: the sha-3-* rows), or the closest name. false: none. */
bool suggest_algorithms(const char *word, char *tip, size_t size);

/* After `invalid search hash`: on stderr, the length the option's digest
 * must have ("hc: -s/--source: '123' has 3 characters; a md5 digest is 32
 * hex digits"). name: the algorithm word. */
void explain_digest_length(const char *option, const char *text, size_t digest_len, bool base64, const char *name);

/* hashcat's habit: `-a '?l?d'` is a charset (the characters '?', 'l',
 * 'd'), not a mask; a word on stderr when it holds such pairs. */
void warn_mask_like_charset(const char *charset);

/* After `error: unrecognized option` in hash mode: hashcat's spelling
 * (-m, -r, -i, -o, -O and their long forms) answered on stderr with hc's
 * (one line). false: no such habit. */
bool hint_hashcat_option(const cli_mode *mode, const char *typed, size_t len, char short_name);

/* hashcat's `-a 3` (an attack mode) given to hc's -a (a charset): one line
 * on stderr naming hc's attack options; the charset is used as given. */
void hint_attack_mode(const char *charset);

#endif
