/* --part K/N (contract §5, §10.10): one of N parts of a job. Hash mode
 * takes the K-th of N equal slices of its keyspace (the engine's
 * hc_crack_job_set_part); dir mode the files whose path relative to -s falls
 * in part K by hc_walk_set_part's rule (<hc/file.h>): the same on every machine, so N
 * runs over one tree hash disjoint sets of files that together are the
 * whole tree. */
#ifndef HC_CLI_PART_H
#define HC_CLI_PART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* --part's value: whole numbers, 1 <= K <= N; both 0 when the option is
 * absent. false, with "hc: invalid --part value ..." on stderr, when
 * malformed. */
bool parse_part_option(const cli_args *args, uint64_t *part, uint64_t *parts);

/* --skip N and --limit N (hash mode): the window of the candidates the
 * run tries, inside its part (hc_crack_job_set_window); 0 when absent.
 * false, with "hc: invalid --skip value ..." on stderr, for anything but
 * a whole number (--limit: 1 or more). */
bool parse_window_options(const cli_args *args, uint64_t *skip, uint64_t *limit);

/* The decimal digits p..end (no sign, no white space, at least one) as a
 * whole number; false when malformed or above UINT64_MAX. */
bool parse_whole_number(const char *p, const char *end, uint64_t *value);

#endif
