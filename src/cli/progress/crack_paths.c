/* The calibration's verdict in words (crack_paths.h). */
#include "crack_paths.h"

#include <stdio.h>

#include "hc/cpu.h"

const char *crack_path_name(const hc_crack_calibration *c, size_t i, char *out, size_t size)
{
    if (c->paths[i].kernel)
        snprintf(out, size, "%s kernel", hc_simd_name(c->paths[i].level));
    else
        snprintf(out, size, "%s", c->sha_extensions ? "sha-ni one at a time" : "one at a time");
    return out;
}

/* "130.2 M/s", "812.5 k/s". */
static const char *rate_text(double per_second, char *out, size_t size)
{
    if (per_second >= 1e6)
        snprintf(out, size, "%.1f M/s", per_second / 1e6);
    else
        snprintf(out, size, "%.1f k/s", per_second / 1e3);
    return out;
}

void crack_paths_line(const hc_algorithm *alg, const hc_crack_calibration *c, char *out, size_t size)
{
    if (c->count < 2) {
        snprintf(out, size, "%s: one at a time (no kernel at this SIMD level)", hc_algorithm_name(alg));
        return;
    }
    char first[32], next[32], first_rate[32], next_rate[32];
    snprintf(out, size, "%s: %s %s, %.2fx the next (%s, %s)", hc_algorithm_name(alg),
             crack_path_name(c, 0, first, sizeof(first)), rate_text(c->paths[0].per_second, first_rate, sizeof(first_rate)),
             c->paths[0].per_second / c->paths[1].per_second, crack_path_name(c, 1, next, sizeof(next)),
             rate_text(c->paths[1].per_second, next_rate, sizeof(next_rate)));
}
