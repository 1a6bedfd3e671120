/* Close names, for "did you mean" suggestions; the article a name takes. */
#ifndef HC_CLI_NAMES_H
#define HC_CLI_NAMES_H

#include "hc/algorithm.h"

/* Edit distance (insertions, deletions, substitutions, adjacent swaps),
 * ignoring ASCII case; capped at 32 for long words. */
unsigned cli_name_distance(const char *a, const char *b);

/* The algorithm whose name is closest to name within edit distance
 * max_distance (the first by name of equally close ones), or NULL. */
const hc_algorithm *cli_algorithm_suggest(const char *name, unsigned max_distance);

/* "a" or "an" before an algorithm's name, by how it is said: words (sha1,
 * snefru, gost) by their first letter, names read letter by letter (md5,
 * ntlm: "em-dee", "en-tee") by the sound of that letter's name. */
const char *cli_article(const char *name);

#endif
