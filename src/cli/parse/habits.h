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

/* `hc ALG WORD ...` where WORD is no mode: when WORD names something that
 * exists, runs file mode on the words (operands and options) and returns
 * true with *status set; a directory is a usage error naming `dir`. false
 * when WORD names nothing: the caller prints the unknown-command error. */
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

#endif
