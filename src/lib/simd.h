/* The SIMD levels of a row's own code, written once, and the dispatch
 * from them. Private to libhc (and the tests and benchmarks that reach
 * into it).
 *
 * A family with SIMD code lists its levels once, as an X-macro with one
 * X(LEVEL, ...) per level it has code for (keccak.h, blake3_row.h). The same
 * list builds the family's dispatch table (level -> code) and, through
 * HC_SIMD_MASK_OF, the row's .simd_levels; the dispatcher then takes the
 * level from the row (hc_row_simd), the very call hc_algorithm_simd
 * reports. A level in the row without code is therefore impossible to
 * write, and test_simd_levels proves with hc_simd_ran that the level
 * reported is the code that ran. */
#ifndef HC_SIMD_H
#define HC_SIMD_H

#include "hc/algorithm.h"
#include "hc/cpu.h"

/* AVX-512 VBMI (byte permutes; the MD2 brute-force kernel), on top of the
 * AVX-512 level; GFNI (affine maps and products over GF(2^8); brute-force
 * kernels), with the AVX-512 level. Which kernels run is the library's
 * business (the calibration reports the outcome), so these stay inside. */
bool hc_cpu_has_avx512_vbmi(void);
bool hc_cpu_has_gfni(void);

/* The bit of one level in a set of levels. */
#define HC_SIMD_BIT(level) (1u << HC_SIMD_##level)
#define HC_SIMD_LIST_BIT_(level, ...) | HC_SIMD_BIT(level)
/* The set of levels of a family's X-macro list. */
#define HC_SIMD_MASK_OF(list) (0u list(HC_SIMD_LIST_BIT_))

/* The highest level in `levels` not above `ceiling`; portable when none. */
hc_simd_level hc_simd_pick(unsigned levels, hc_simd_level ceiling);

/* The levels at which this CPU has the carry-less multiply of the CRC
 * rows' folding code (bits, as HC_SIMD_BIT): portable always. */
unsigned hc_simd_clmul_levels(void);

/* The row's .simd_levels this CPU can run: for the CRC rows, only those
 * with a carry-less multiply (an AVX-512 CPU without VPCLMULQDQ folds with
 * the SSE4.1 level's PCLMULQDQ). */
unsigned hc_row_levels(const hc_algorithm *alg);

/* The level the row's own update() runs at now: the highest of
 * hc_row_levels not above hc_simd_active(). Dispatchers call this; so does
 * hc_algorithm_simd. */
hc_simd_level hc_row_simd(const hc_algorithm *alg);

/* Never use a level above `level` from now on, in this process (tests and
 * benchmarks run every backend with it). Programs linking libhc use the
 * HC_SIMD environment variable instead (cpu.c). */
void hc_simd_limit(hc_simd_level level);

/* The levels whose SIMD code ran on this thread, as bits: every SIMD entry
 * point (BLAKE3's lane kernels, Keccak's absorb) adds its own level. Tests
 * clear it, hash, and read it back; one OR per call of a kernel that hashes
 * kilobytes costs nothing measurable. */
extern _Thread_local unsigned hc_simd_ran;

static inline void hc_simd_note(hc_simd_level level)
{
    hc_simd_ran |= 1u << level;
}

#endif
