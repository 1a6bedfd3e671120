/* A test seam of the brute-force engine: which path hashed the candidates
 * of a run, and a way to force a path. Internal to libhc;
 * tests/unit/test_crack.c uses it to prove that every row's kernel is wired
 * (its candidates go through the kernel, and faster than one at a time),
 * and calibrate.c to time each path. */
#ifndef HC_CRACK_ENGINE_PROBE_H
#define HC_CRACK_ENGINE_PROBE_H

#include "crack/job.h"
#include "hc/cpu.h"

typedef struct hc_crack_probe {
    bool generic_only;            /* in: never use the row's kernel */
    /* in: the highest entry point at or below the active level, measured
     * or not (HC_KERNEL_ANY_ENTRY): the tests of every level */
    bool any_entry;
    /* in: a calibration's measurement: the entry point of exactly
     * `measured_level` (unless generic_only), and job->progress brought up
     * to date before every call of job->cancelled */
    bool measuring;
    hc_simd_level measured_level;
    hc_simd_level kernel_level;   /* out: the level of the kernel's entry point, when it ran */
    count128 kernel_candidates;   /* out: candidates hashed by the kernel */
    /* out: of those, many targets' candidates compared in filter mode,
     * and of these, the ones with the family's keys (kernel.h's
     * filter_key), not first words */
    count128 filtered_candidates, keyed_candidates;
    count128 generic_candidates;  /* out: candidates hashed one at a time */
    /* out: lanes the kernel reported (its early-rejection word matched),
     * each then checked with the ordinary hasher: a forged target whose
     * compared word is a candidate's shows here, never as found */
    count128 kernel_reports;
} hc_crack_probe;

/* hc_crack_run, reporting into probe (which may be NULL). */
hc_status hc_crack_run_probed(const hc_crack_job *job, hc_crack_result *result, hc_crack_probe *probe);

/* ---- the calibration (calibrate.c) ---- */

/* The paths a calibration times, as indices: a kernel's level, or this. */
enum { HC_CRACK_PATH_GENERIC = HC_SIMD_LEVEL_COUNT, HC_CRACK_PATH_COUNT };

/* The path a search of job's row takes with the SIMD level capped at cap:
 * HC_CRACK_PATH_GENERIC, or the level of a kernel's own entry point.
 * Measured on a slice of job's keyspace (NULL: a standard one) the first
 * time a row and cap are asked for, then remembered for the process. */
unsigned hc_crack_choose(const hc_algorithm *alg, hc_simd_level cap, const hc_crack_job *job);

/* Tests: forget every choice made so far, and make the calibration see
 * `path` `factor` times slower than it measures (1: as measured). */
void hc_crack_calibration_forget(void);
void hc_crack_calibration_handicap(unsigned path, double factor);

#endif
