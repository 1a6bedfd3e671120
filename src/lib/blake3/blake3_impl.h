/* BLAKE3 internals shared by the tree code (blake3.c) and the compression
 * backends (portable, SSE4.1, AVX2, AVX-512).
 *
 * Section numbers refer to the specification: J. O'Connor, J.-P. Aumasson,
 * S. Neves, Z. Wilcox-O'Hearn, "BLAKE3: one function, fast everywhere",
 * version 20200109 ("spec" below). */
#ifndef HC_BLAKE3_IMPL_H
#define HC_BLAKE3_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* GCC's reassociation would turn the (a + m) + b of B3_G4 back into
 * (b + m) + a; every file that compresses includes this header first. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-reassoc")
#endif

#define B3_BLOCK_LEN 64     /* spec §2.1: the compression function takes 64-byte blocks */
#define B3_CHUNK_LEN 1024   /* spec §2.3: the input is split into chunks of 16 blocks */
#define B3_OUT_LEN 32       /* chaining values and the default output */
#define B3_MAX_DEPTH 54     /* 2^54 chunks of 2^10 bytes = the 2^64-byte input limit (spec §2.1) */

/* Domain-separation flags, spec §2.1 (table 3); the mode flags are explained in §2.2. */
enum {
    B3_CHUNK_START = 1u << 0,
    B3_CHUNK_END = 1u << 1,
    B3_PARENT = 1u << 2,
    B3_ROOT = 1u << 3,
    B3_KEYED_HASH = 1u << 4,
    B3_DERIVE_KEY_CONTEXT = 1u << 5,
    B3_DERIVE_KEY_MATERIAL = 1u << 6
};

/* The IV, spec §2.1: the same constants as SHA-256's initial hash value
 * (FIPS 180-4 §5.3.3). Macros, not an array, so every translation unit (and
 * every SIMD width) sees compile-time constants without an unused copy. */
#define B3_IV0 0x6A09E667u
#define B3_IV1 0xBB67AE85u
#define B3_IV2 0x3C6EF372u
#define B3_IV3 0xA54FF53Au
#define B3_IV4 0x510E527Fu
#define B3_IV5 0x9B05688Cu
#define B3_IV6 0x1F83D9ABu
#define B3_IV7 0x5BE0CD19u
#define B3_IV_INIT {B3_IV0, B3_IV1, B3_IV2, B3_IV3, B3_IV4, B3_IV5, B3_IV6, B3_IV7}

/* The message word order of each of the 7 rounds, spec §2.1: round r uses
 * the message permuted r times by
 *     sigma = 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8.
 * Written out (an X-macro: X is invoked once per round) so that every
 * backend indexes its message words with constants and keeps them in
 * registers; tests/unit/test_blake3.c checks the rows against sigma. */
#define B3_SCHEDULE(X)                                       \
    X(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)  \
    X(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8)  \
    X(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1)  \
    X(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6)  \
    X(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4)  \
    X(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7)  \
    X(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13)

/* Four G functions (spec §2.1) side by side, step by step, so that the four
 * independent dependency chains interleave. ADD, XOR and the right
 * rotations by 16, 12, 8, 7 are supplied by the backend: plain uint32_t
 * arithmetic, or one vector operation on all lanes at once.
 * a + b + m is written (a + m) + b: b is the value computed last, so only
 * one add waits for it; compilers keep the order given (GCC 12 otherwise
 * adds b + m first, one more cycle on the critical path of every step:
 * 0.47 instead of 0.40 cycles/byte with AVX-512). */
#define B3_G4(ADD, XOR, R16, R12, R8, R7, v, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, \
              a3, b3, c3, d3, x0, y0, x1, y1, x2, y2, x3, y3)                                \
    do {                                                                                     \
        v[a0] = ADD(ADD(v[a0], x0), v[b0]);                                                  \
        v[a1] = ADD(ADD(v[a1], x1), v[b1]);                                                  \
        v[a2] = ADD(ADD(v[a2], x2), v[b2]);                                                  \
        v[a3] = ADD(ADD(v[a3], x3), v[b3]);                                                  \
        v[d0] = R16(XOR(v[d0], v[a0]));                                                      \
        v[d1] = R16(XOR(v[d1], v[a1]));                                                      \
        v[d2] = R16(XOR(v[d2], v[a2]));                                                      \
        v[d3] = R16(XOR(v[d3], v[a3]));                                                      \
        v[c0] = ADD(v[c0], v[d0]);                                                           \
        v[c1] = ADD(v[c1], v[d1]);                                                           \
        v[c2] = ADD(v[c2], v[d2]);                                                           \
        v[c3] = ADD(v[c3], v[d3]);                                                           \
        v[b0] = R12(XOR(v[b0], v[c0]));                                                      \
        v[b1] = R12(XOR(v[b1], v[c1]));                                                      \
        v[b2] = R12(XOR(v[b2], v[c2]));                                                      \
        v[b3] = R12(XOR(v[b3], v[c3]));                                                      \
        v[a0] = ADD(ADD(v[a0], y0), v[b0]);                                                  \
        v[a1] = ADD(ADD(v[a1], y1), v[b1]);                                                  \
        v[a2] = ADD(ADD(v[a2], y2), v[b2]);                                                  \
        v[a3] = ADD(ADD(v[a3], y3), v[b3]);                                                  \
        v[d0] = R8(XOR(v[d0], v[a0]));                                                       \
        v[d1] = R8(XOR(v[d1], v[a1]));                                                       \
        v[d2] = R8(XOR(v[d2], v[a2]));                                                       \
        v[d3] = R8(XOR(v[d3], v[a3]));                                                       \
        v[c0] = ADD(v[c0], v[d0]);                                                           \
        v[c1] = ADD(v[c1], v[d1]);                                                           \
        v[c2] = ADD(v[c2], v[d2]);                                                           \
        v[c3] = ADD(v[c3], v[d3]);                                                           \
        v[b0] = R7(XOR(v[b0], v[c0]));                                                       \
        v[b1] = R7(XOR(v[b1], v[c1]));                                                       \
        v[b2] = R7(XOR(v[b2], v[c2]));                                                       \
        v[b3] = R7(XOR(v[b3], v[c3]));                                                       \
    } while (0)

/* One round, spec §2.1: G on the four columns, then on the four diagonals. */
#define B3_ROUND(ADD, XOR, R16, R12, R8, R7, v, m, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9,   \
                 s10, s11, s12, s13, s14, s15)                                               \
    B3_G4(ADD, XOR, R16, R12, R8, R7, v, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, \
          m[s0], m[s1], m[s2], m[s3], m[s4], m[s5], m[s6], m[s7]);                           \
    B3_G4(ADD, XOR, R16, R12, R8, R7, v, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14, \
          m[s8], m[s9], m[s10], m[s11], m[s12], m[s13], m[s14], m[s15])

/* Helpers of the compression loops must be inlined: their vector arrays
 * only become registers once they are part of the caller. */
#define B3_INLINE static inline __attribute__((always_inline))

/* ---- backends ------------------------------------------------------------ */

/* Hash `count` independent inputs of `blocks` whole blocks each: input i
 * starts at in + i * stride; its chunk counter is counter + i when
 * `increment` (chunks), else counter (parents, counter 0). The first block
 * gets flags | flags_start, the last flags | flags_end. Chaining value i
 * goes to out + 32 * i. Chunks: stride 1024, blocks 16, CHUNK_START/END;
 * parents: stride 64 (pairs of CVs), blocks 1, PARENT in flags. */
typedef void b3_hash_fn(const uint8_t *in, size_t stride, size_t count, size_t blocks,
                        const uint32_t key[8], uint64_t counter, bool increment, uint8_t flags,
                        uint8_t flags_start, uint8_t flags_end, uint8_t *out);

/* Root output blocks counter .. counter + count - 1 (spec §2.5) of the node
 * (cv, block, block_len, flags), 64 bytes each, to out. */
typedef void b3_xof_fn(const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                       uint64_t counter, uint8_t flags, uint8_t *out, size_t count);

/* A SIMD kernel: up to `lanes` inputs (hash) or output blocks (xof) in one
 * call, which costs about the same however many lanes are used: the rounds
 * are one long dependency chain, so on Zen 4 a call is latency-bound near
 * 400 cycles per block at every width, against about 250 for one block in
 * scalar code. A leftover of at least pad_from inputs therefore goes to
 * the narrowest kernel that takes it all, fewer to the scalar code. */
typedef struct b3_kernel {
    unsigned lanes;
    unsigned pad_from;
    b3_hash_fn *hash;
    b3_xof_fn *xof;
} b3_kernel;

/* Kernels of each SIMD file, widest first, ended by an entry with lanes 0.
 * Only called when hc_simd_active() reaches the file's level. */
extern const b3_kernel hc_b3_kernels_sse41[];
extern const b3_kernel hc_b3_kernels_avx2[];
extern const b3_kernel hc_b3_kernels_avx512[];

/* ---- portable code (blake3_portable.c) ---------------------------------- */

/* The compression function, spec §2.1: cv <- first 8 words of the output. */
void hc_b3_compress_in_place(uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                             uint64_t counter, uint8_t flags);
/* All 16 output words, spec §2.5: the extended output of a root node. */
void hc_b3_compress_xof(const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                        uint64_t counter, uint8_t flags, uint8_t out[64]);

b3_hash_fn hc_b3_hash_portable;
b3_xof_fn hc_b3_xof_portable;

/* Run `kernels` (widest first) over as many inputs as they take, and the
 * portable code over the rest. */
void hc_b3_hash_with(const b3_kernel *kernels, const uint8_t *in, size_t stride, size_t count,
                     size_t blocks, const uint32_t key[8], uint64_t counter, bool increment,
                     uint8_t flags, uint8_t flags_start, uint8_t flags_end, uint8_t *out);
void hc_b3_xof_with(const b3_kernel *kernels, const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN],
                    uint8_t block_len, uint64_t counter, uint8_t flags, uint8_t *out, size_t count);

static inline uint32_t b3_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void b3_store32(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

#endif
