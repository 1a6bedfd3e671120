/* A row's brute-force paths as the library measured them
 * (hc_crack_calibration), in words, for hc bench and hc --version. */
#ifndef HC_CLI_CRACK_PATHS_H
#define HC_CLI_CRACK_PATHS_H

#include <stddef.h>

#include "hc/crack.h"

/* "<level> kernel", "one at a time", "sha-ni one at a time". */
const char *crack_path_name(const hc_crack_calibration *c, size_t i, char *out, size_t size);

/* "sha1: avx512 kernel 130.2 M/s, 2.10x the next (sha-ni one at a time,
 * 62.0 M/s)", or "<row>: one at a time (no kernel at this SIMD level)". */
void crack_paths_line(const hc_algorithm *alg, const hc_crack_calibration *c, char *out, size_t size);

#endif
