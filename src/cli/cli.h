/* hc command line: shared types of the parser, the modes and the output. */
#ifndef HC_CLI_H
#define HC_CLI_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hc/algorithm.h"

#include "platform.h"

/* Exit statuses (contract §9). */
enum {
    EXIT_OK = 0,        /* everything hashed / valid / found */
    EXIT_MISMATCH = 1,  /* a mismatch, an unreadable input, nothing found */
    EXIT_USAGE = 2,     /* usage or fatal error */
    /* hash mode: stopped because --stop-file's marker appeared (another
     * part found the answer; §10.10) */
    EXIT_STOPPED = 3,
    /* stopped by Ctrl+C or SIGTERM (§10.7): 128 + SIGINT, as a shell
     * reports a process that died of it */
    EXIT_INTERRUPTED = 130
};

/* ---- pieces every mode shares (common.c) ---- */

/* Seconds on the monotonic clock, for durations and deadlines. */
double cli_monotonic_seconds(void);

/* "hc: out of memory" on stderr, in the library's words. */
void cli_out_of_memory(void);

/* The bytes a row hashes for a text argument: the text, or its UTF-16LE
 * form for rows that hash text so (ntlm, contract §6), which *owned holds
 * for the caller to free. false, with a message on stderr, when out of
 * memory or the text is not UTF-8. */
bool cli_text_bytes(const hc_algorithm *alg, const char *text, uint8_t **owned, const uint8_t **bytes, size_t *len);

/* A digest the user typed (len bytes of text): exactly 2 * digest_len hex
 * digits of either case or, with base64, padded Base64 of digest_len bytes
 * (contract §4.5, §5.1). */
bool cli_parse_digest(const char *text, size_t len, size_t digest_len, bool base64, uint8_t *digest);

/* Every option of every mode; a mode lists the ones it owns. */
typedef enum cli_option_id {
    OPT_SOURCE,
    OPT_BASE64,
    OPT_LOWER,
    OPT_DICT,
    OPT_MIN,
    OPT_MAX,
    OPT_PERFORMANCE,
    OPT_NOPROBE,
    OPT_THREADS,
    OPT_HASH,
    OPT_EXCLUDE,
    OPT_INCLUDE,
    OPT_SEARCH,
    OPT_RECURSIVE,
    OPT_LIMIT,
    OPT_OFFSET,
    OPT_CHECKSUM,
    OPT_SAVE,
    OPT_TIME,
    OPT_SFV,
    OPT_NOERRORONFIND,
    OPT_LENGTH,
    OPT_KEY,
    OPT_DERIVE_KEY,
    OPT_PART,
    OPT_SIZE,
    OPT_FORMAT,
    OPT_TAG,
    OPT_PROGRESS,
    OPT_NO_PROGRESS,
    OPT_UPPER,
    OPT_IGNORE_MISSING,
    OPT_QUIET,
    OPT_STATUS,
    OPT_STRICT,
    OPT_WARN,
    OPT_HASHES,
    OPT_STOP_FILE,
    OPT_FORCE,
    OPT_REPLACE_STOP_FILE,
    OPT_MASK, OPT_CUSTOM1, OPT_CUSTOM2, OPT_CUSTOM3, OPT_CUSTOM4, OPT_INCREMENT, OPT_WORDLIST, OPT_RULES, OPT_STDOUT,
    OPT_POTFILE_PATH, OPT_POTFILE_DISABLE, OPT_SHOW, OPT_LEFT, OPT_USERNAME, OPT_OUTFILE, OPT_OUTFILE_FORMAT,
    OPT_HEX_CHARSET,
    OPT_SKIP, OPT_SESSION, OPT_RESTORE,
    OPT_COUNT
} cli_option_id;

typedef struct cli_option_spec {
    cli_option_id id;
    char short_name;        /* 0: long form only */
    const char *long_name;
    const char *value_name; /* NULL: a flag */
    const char *help;
    uint32_t needs_flags;   /* offered only for algorithms with these hc_algorithm_flags */
} cli_option_spec;

/* Option rows several modes share, word for word (one text each). */
#define CLI_OPTIONS_CHECKSUM_SAVE                                                            \
    {OPT_CHECKSUM, 'c', "checksumfile", NULL, "output in checksum file format", 0},          \
    {OPT_SAVE, 'o', "save", "<file>", "also save the output to this file", 0}
#define CLI_OPTIONS_FORMATS                                                                  \
    {OPT_SFV, 0, "sfv", NULL, "output in SFV format", HC_ALG_CRC},                           \
    {OPT_FORMAT, 0, "format", "<hc|gnu|bsd|sfv|json>",                                       \
     "output format: hc's lines, sha256sum's, cksum --tag's, SFV, JSON Lines", 0},           \
    {OPT_TAG, 0, "tag", NULL, "BSD-style lines, as sha256sum --tag writes them (--format bsd)", 0}, \
    {OPT_LOWER, 'l', "lower", NULL, "output hash using lower case (default is upper case)", 0}, \
    {OPT_UPPER, 'u', "upper", NULL, "upper-case hex in the gnu, bsd and json formats", 0},    \
    {OPT_BASE64, 'b', "base64", NULL, "output hash as Base64", 0}
#define CLI_OPTIONS_BLAKE3_LENGTH_KEY                                                        \
    {OPT_LENGTH, 0, "length", "<bytes>", "output length in bytes (BLAKE3 extendable output)", HC_ALG_XOF_KEYED}, \
    {OPT_KEY, 0, "key", "<hex>", "keyed hash with this 32-byte key (64 hex digits)", HC_ALG_XOF_KEYED}
#define CLI_OPTIONS_PROGRESS                                                                 \
    {OPT_PROGRESS, 0, "progress", NULL, "show the progress line on stderr even when it is not a terminal", 0}, \
    {OPT_NO_PROGRESS, 0, "no-progress", NULL, "no progress line (SIGUSR1 still prints a status line)", 0}

/* The algorithm word (contract §1.2, §10.2): one name, a comma list or
 * `all`; no rows at all for `hc check` (the lists name them). */
typedef struct cli_algs {
    const hc_algorithm *rows[HC_ALGORITHM_COUNT];
    size_t count;
    const char *word;        /* as typed, for help and messages */
    uint32_t common_flags;   /* the flags every row has: options offered to the word */
} cli_algs;

/* What the parser found: the last value of each option given, and for
 * modes that take several inputs every -s value and operand in order. */
typedef struct cli_args {
    bool present[OPT_COUNT];
    const char *value[OPT_COUNT];
    const char **inputs;     /* owned array (of pointers into argv or expanded); NULL when none */
    size_t input_count;
    char **expanded;         /* names an operand's wildcards matched (Windows), owned */
    size_t expanded_count;
    const char **rule_files; /* every --rules value, in order (owned array) */
    size_t rule_file_count;
    unsigned order[OPT_COUNT]; /* when each option was last given (1, 2, ...) */
} cli_args;

void cli_args_free(cli_args *args);

/* ---- output: every byte to stdout, optionally collected for -o ---- */

typedef struct cli_output {
    FILE *stream;
    bool collect;        /* -o given: keep a copy of every line */
    char *saved;         /* the copy */
    size_t saved_len, saved_cap;
    bool write_failed;   /* stdout could not be written (closed pipe, full disk) */
    int write_errno;
    bool no_memory;
    bool divert_text;    /* --format json: lines other than data lines go to stderr (§10.3) */
    /* NULL, or sees every byte written to stdout (a dir --part list's count
     * and digest of its lines, part_list.c) */
    void (*tap)(void *ctx, const char *data, size_t len);
    void *tap_ctx;
} cli_output;

void output_init(cli_output *out, FILE *stream);
void output_free(cli_output *out);
/* Start collecting lines for a save file. */
void output_collect(cli_output *out);
/* One line: printf-style text, then '\n', flushed (dir mode prints each
 * result as soon as it is ready). */
void output_line(cli_output *out, const char *fmt, ...) PLAT_PRINTF(2, 3);
/* Text without a newline (the probe line of hash mode). */
void output_text(cli_output *out, const char *fmt, ...) PLAT_PRINTF(2, 3);
/* Raw bytes, e.g. a found candidate that is not text. */
void output_bytes(cli_output *out, const void *data, size_t len);
/* One line of data (a JSON record): data plus '\n', flushed, on stdout
 * whatever divert_text says. */
void output_data_line(cli_output *out, const char *data, size_t len);
/* Write the collected lines to path where it points, as a shell's `>`
 * does (save.c). On failure prints the contract's message with the OS
 * reason and returns false; a file hc created is removed again, an existing
 * one left as it was. */
bool output_save(cli_output *out, const char *path);
/* The contract's message for a save file that cannot be written (error:
 * an errno value), once on stdout; the lines after it are not saved. */
void output_save_failure(cli_output *out, const char *path, int error);
/* Where -o's path leads once its symlinks are followed (a dangling chain:
 * the path it ends at); malloc'ed, NULL with errno set on failure. */
char *save_final_path(const char *path);
/* Flush stdout and report a write error on stderr; returns the exit status
 * to use (status unchanged, or EXIT_USAGE after a write error). */
int output_finish(cli_output *out, int status);

/* ---- formats (contract §3) ---- */

enum { SIZE_TEXT_MAX = 64, TIME_TEXT_MAX = 96, GROUPED_MAX = 32 };

/* "<n> bytes" or "<x.yz> <unit> (<n> bytes)", round half up (§3.3). */
void format_size(uint64_t bytes, char out[SIZE_TEXT_MAX]);
/* "[Y years ][D days ][H hr ][M min ]S.sss sec" (§3.4 long format). */
void format_time_long(double seconds, char out[TIME_TEXT_MAX]);
/* "HH:MM:S.sss" (§3.4 short format). */
void format_time_short(double seconds, char out[TIME_TEXT_MAX]);
/* Digits grouped in threes by a space: "1 234 567" (§5.6). */
void format_grouped(uint64_t value, char out[GROUPED_MAX]);
/* A digest as hex (upper case unless lower) or Base64, NUL-terminated.
 * out must hold 2 * len + 1 bytes (or HC_BASE64_LEN(len) + 1). */
void format_digest(const uint8_t *digest, size_t len, bool base64, bool lower, char *out);
/* Bytes needed by format_digest for a digest of len bytes. */
size_t format_digest_size(size_t len);

/* ---- options shared by the modes ---- */

typedef enum number_syntax { NUMBER_OK, NUMBER_NOT_A_NUMBER, NUMBER_OUT_OF_RANGE } number_syntax;

/* A signed 64-bit decimal: optional sign, digits only; surrounding ASCII
 * white space is allowed when trim is set. */
number_syntax parse_signed64(const char *text, bool trim, int64_t *value);

/* Numeric options of §2.5 (limit, offset, min, max): trimmed, signed 64-bit
 * decimal, non-negative; `bits` is 64 or 32. On error prints the contract's
 * message and returns false. */
bool parse_count_option(cli_output *out, const cli_args *args, cli_option_id id, int bits, int64_t *value);

/* BLAKE3's --length/--key/--derive-key into params; prints the error and
 * returns false on bad values. */
bool parse_hash_params(cli_output *out, const cli_args *args, hc_params *params);

/* -T/--threads for file and dir modes: 1..4096, default: all CPUs; more
 * than the CPUs is capped to them (a note on stderr). */
bool parse_threads_option(cli_output *out, const cli_args *args, unsigned *threads);

/* The long name of an option, for messages. */
const char *option_long_name(cli_option_id id);

/* ---- modes ---- */

typedef struct cli_mode {
    const char *name;
    const char *description;
    const cli_option_spec *options;
    size_t option_count;
    /* Runs the mode; returns the exit status. algs holds one row unless the
     * mode takes lists. */
    int (*run)(const cli_algs *algs, const cli_args *args, cli_output *out);
    bool lists;      /* takes a comma list or `all` (§10.2) */
    bool inputs;     /* -s may repeat and bare words are inputs too (§10.1) */
    /* triples: a command ("ALG" stands for the algorithm word), the same
     * command in cmd's words where the first would fail there (drive
     * letters, double quotes; NULL: the first works in cmd too) and what it
     * does; NULL-terminated. Help prints the system's, the man page the
     * POSIX one. */
    const char *const *examples;
} cli_mode;

/* A mode's .options and .option_count, from its array of option rows. */
#define CLI_MODE_OPTIONS(rows) .options = (rows), .option_count = sizeof(rows) / sizeof((rows)[0])

extern const cli_mode cli_mode_string;
extern const cli_mode cli_mode_hash;
extern const cli_mode cli_mode_file;
extern const cli_mode cli_mode_dir;
extern const cli_mode cli_mode_check;

/* Every mode, in the order help lists them; the parser, the help, the man
 * page and the shell completions all read this one list. */
extern const cli_mode *const cli_modes[];
extern const size_t cli_mode_count;

/* A command that stands where an algorithm name would: hc <name> [...].
 * Its option table is `mode` (whose run hook is unused); run gets the
 * words after the name. */
typedef struct cli_command {
    cli_mode mode;
    const char *usage;  /* what follows "hc <name>" in its usage line */
    /* The words after the command's name; NULL: the mode runs alone, with
     * no algorithm word (cli_run_mode_alone). */
    int (*run)(int argc, char **argv, cli_output *out);
} cli_command;

extern const cli_command cli_command_bench;
/* hc check -s SUMS: the lists name their algorithms (§10.4). */
extern const cli_command cli_command_check;
/* hc merge LIST...: dir --part lists in one run's order (§10.10). */
extern const cli_command cli_command_merge;

/* Every such command (help, man page and completions read it too). */
extern const cli_command *const cli_commands[];
extern const size_t cli_command_count;

/* The whole command line: parse, dispatch, run; returns the exit status. */
int cli_run(int argc, char **argv, cli_output *out);
/* The words after the mode: help when there are none, else parse and run
 * the mode; returns the exit status. */
int cli_run_mode(cli_output *out, const cli_algs *algs, const cli_mode *mode, int argc, char **argv);
/* The same for a command without an algorithm word (hc check, hc merge). */
int cli_run_mode_alone(cli_output *out, const cli_mode *mode, int argc, char **argv);
/* HC_SIMD=portable|sse41|avx2|avx512 caps the SIMD level. */
void cli_check_simd_variable(void);

/* Help printers (contract §1.5). */
void help_top(cli_output *out);
void help_algorithm(cli_output *out, const cli_algs *algs);
void help_mode(cli_output *out, const cli_algs *algs, const cli_mode *mode);
void help_command(cli_output *out, const cli_command *command);
/* The two banner lines (help and "must be positive" errors). */
void print_banner(cli_output *out, bool leading_blank);

/* Is the option offered by this mode for this algorithm? A command's
 * options (alg NULL) are offered when they need no algorithm flag. */
bool option_offered(const cli_option_spec *spec, const hc_algorithm *alg);
/* The same for an algorithm word: offered when every row offers it (§10.2);
 * algs NULL or without rows: as for a command. */
bool option_offered_all(const cli_option_spec *spec, const cli_algs *algs);

/* The algorithm word: one name, a comma list or `all`. On error prints the
 * parser-style message and returns false. A single unknown name gets the
 * contract's `unrecognized command` (§1.3, §9). */
bool cli_algs_parse(cli_output *out, const char *word, cli_algs *algs);
/* A list of one row. */
void cli_algs_single(cli_algs *algs, const hc_algorithm *alg);

/* The flag set by SIGINT (Ctrl+C) or SIGTERM once cli_catch_interrupt() was
 * called: long runs stop, print what they have (contract §10.7) and return
 * EXIT_INTERRUPTED; a second signal ends the process at once. Modes that
 * never call it keep the default action, so Ctrl+C simply ends them. A
 * lock-free atomic rather than a volatile sig_atomic_t, because worker
 * threads read it while the handler may run on another thread (C11
 * 7.14.1.1 allows lock-free atomics in handlers). SIGUSR1 sets
 * cli_status_requested: the progress display prints a status line. */
extern atomic_int cli_interrupted;
extern atomic_int cli_status_requested;
/* Helper threads (progress, counting) start with plat_thread_start: they
 * never take these signals, so that they reach the main thread, whose
 * waits are the ones to interrupt. */
void cli_catch_interrupt(void);
/* cli_interrupted as a cancelled() callback (hc_file_events, line_input). */
bool cli_interrupt_requested(void *unused);

#endif
