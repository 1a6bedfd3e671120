/* A test seam of the brute-force engine: which path hashed the candidates
 * of a run, and a way to force the one-at-a-time path. Internal to libhc;
 * tests/unit/test_crack.c uses it to prove that every row's kernel is wired
 * (its candidates go through the kernel, and faster than one at a time). */
#ifndef HC_CRACK_ENGINE_PROBE_H
#define HC_CRACK_ENGINE_PROBE_H

#include "hc/cpu.h"
#include "hc/crack.h"

typedef struct hc_crack_probe {
    bool generic_only;            /* in: never use the row's kernel */
    bool any_entry;               /* in: use an entry point the generic path outruns too (HC_KERNEL_ANY_ENTRY) */
    hc_simd_level kernel_level;   /* out: the level of the kernel's entry point, when it ran */
    hc_count kernel_candidates;   /* out: candidates hashed by the kernel */
    /* out: of those, many targets' candidates compared in filter mode,
     * and of these, the ones with the family's keys (kernel.h's
     * filter_key), not first words */
    hc_count filtered_candidates, keyed_candidates;
    hc_count generic_candidates;  /* out: candidates hashed one at a time */
    /* out: lanes the kernel reported (its early-rejection word matched),
     * each then checked with the ordinary hasher: a forged target whose
     * compared word is a candidate's shows here, never as found */
    hc_count kernel_reports;
} hc_crack_probe;

/* hc_crack_run, reporting into probe (which may be NULL). */
hc_status hc_crack_run_probed(const hc_crack_job *job, hc_crack_result *result, hc_crack_probe *probe);

#endif
