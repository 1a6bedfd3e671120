/* BLAKE3 kernels that compress LANES independent inputs at once, one per
 * vector lane: vector i holds state word i (or message word i) of every
 * input, so the rounds of spec §2.1 run unchanged on whole vectors and
 * need no shuffles between the column and the diagonal steps. The cost is
 * a transpose of each message block on the way in and of the results on
 * the way out.
 *
 * A template, not a normal header: blake3_sse41.c, blake3_avx2.c and
 * blake3_avx512.c include it (the AVX-512 file once per width) after
 * defining
 *   LANES            4, 8 or 16
 *   VEC              the vector type of LANES 32-bit words
 *   FN(name)         a unique name for this instantiation
 *   V_ADD, V_XOR     32-bit lane-wise add and xor
 *   V_R16, V_R12, V_R8, V_R7   lane-wise rotations right
 *   V_SET1(x)        broadcast a uint32_t
 *   V_ZERO()         all zero
 *   V_LOADU(p), V_STOREU(p, v) unaligned full-vector load and store
 *   V_UNPACKLO32/HI32/LO64/HI64  unpacks within each 128-bit lane
 * and it undefines them all at the end. The file defines B3_SIMD_LEVEL
 * once, for all its inclusions. Only the ISA's own file includes
 * it, so only that file's compiler flags apply. */

#if !defined(LANES) || !defined(VEC) || !defined(FN)
#error "define LANES, VEC and FN before including blake3_lanes.h"
#endif
/* Each entry point notes its file's level (B3_SIMD_LEVEL, kept across
 * inclusions) in hc_simd_ran for the tests. */
#ifndef B3_SIMD_LEVEL
#error "define B3_SIMD_LEVEL (the file's hc_simd_level) before including blake3_lanes.h"
#endif

/* Transpose each 4x4 block of 32-bit words held in 128-bit lane L of
 * r[0..3]: afterwards r[k], lane L, holds word 4L+k of rows 0..3. */
B3_INLINE void FN(transpose4)(VEC *r)
{
    VEC t0 = V_UNPACKLO32(r[0], r[1]);   /* r0w0 r1w0 r0w1 r1w1 */
    VEC t1 = V_UNPACKHI32(r[0], r[1]);   /* r0w2 r1w2 r0w3 r1w3 */
    VEC t2 = V_UNPACKLO32(r[2], r[3]);
    VEC t3 = V_UNPACKHI32(r[2], r[3]);
    r[0] = V_UNPACKLO64(t0, t2);         /* r0w0 r1w0 r2w0 r3w0 */
    r[1] = V_UNPACKHI64(t0, t2);
    r[2] = V_UNPACKLO64(t1, t3);
    r[3] = V_UNPACKHI64(t1, t3);
}

/* r[i] holds LANES words of row i; afterwards r[j] holds word j of every
 * row (lane i = row i). */
B3_INLINE void FN(transpose)(VEC r[LANES])
{
    for (int g = 0; g < LANES; g += 4)
        FN(transpose4)(r + g);
#if LANES == 8
    /* r[k] holds rows 0-3 (low 128 bits: word k, high: word 4+k), r[4+k]
     * the same for rows 4-7: pair the halves up. */
    for (int k = 0; k < 4; k++) {
        VEC a = r[k], b = r[4 + k];
        r[k] = _mm256_permute2x128_si256(a, b, 0x20);
        r[4 + k] = _mm256_permute2x128_si256(a, b, 0x31);
    }
#elif LANES == 16
    /* r[4g+k], 128-bit lane L, holds word 4L+k of rows 4g..4g+3: a 4x4
     * transpose of 128-bit lanes across r[k], r[4+k], r[8+k], r[12+k]. */
    for (int k = 0; k < 4; k++) {
        VEC p0 = _mm512_shuffle_i32x4(r[k], r[4 + k], 0x44);       /* a0.L0 a0.L1 a1.L0 a1.L1 */
        VEC p1 = _mm512_shuffle_i32x4(r[k], r[4 + k], 0xEE);       /* a0.L2 a0.L3 a1.L2 a1.L3 */
        VEC p2 = _mm512_shuffle_i32x4(r[8 + k], r[12 + k], 0x44);  /* a2.L0 a2.L1 a3.L0 a3.L1 */
        VEC p3 = _mm512_shuffle_i32x4(r[8 + k], r[12 + k], 0xEE);
        r[k] = _mm512_shuffle_i32x4(p0, p2, 0x88);                 /* a0.L0 a1.L0 a2.L0 a3.L0 */
        r[4 + k] = _mm512_shuffle_i32x4(p0, p2, 0xDD);
        r[8 + k] = _mm512_shuffle_i32x4(p1, p3, 0x88);
        r[12 + k] = _mm512_shuffle_i32x4(p1, p3, 0xDD);
    }
#endif
}

/* The 16 message words of the block at `offset` of every lane's input,
 * transposed. */
B3_INLINE void FN(load_msg)(const uint8_t *const lane[LANES], size_t offset, VEC m[16])
{
    for (int g = 0; g < 16; g += LANES) {
        VEC r[LANES];
        for (int i = 0; i < LANES; i++)
            r[i] = V_LOADU(lane[i] + offset + 4 * g);
        FN(transpose)(r);
        for (int j = 0; j < LANES; j++)
            m[g + j] = r[j];
    }
}

/* Rows 0..count-1 of the words w[0..nwords-1] transposed back (row i =
 * lane i) to out + i * stride: chaining values (8 words) or output blocks
 * (16). With 16 lanes and 8 words the upper half is zero and not stored. */
B3_INLINE void FN(store_rows)(const VEC *w, int nwords, size_t count, uint8_t *out, size_t stride)
{
    for (int g = 0; g < nwords; g += LANES) {
        VEC r[LANES];
        for (int j = 0; j < LANES; j++)
            r[j] = g + j < nwords ? w[g + j] : V_ZERO();
        FN(transpose)(r);
        for (size_t i = 0; i < count; i++) {
#if LANES == 16
            if (nwords - g < LANES) {
                _mm256_storeu_si256((__m256i *)(void *)(out + i * stride + 4 * g), _mm512_castsi512_si256(r[i]));
                continue;
            }
#endif
            V_STOREU(out + i * stride + 4 * g, r[i]);
        }
    }
}

/* The prefetches of compress_block, spread over the rounds: up to
 * per_round lines after each, `total` in all. The empty asm makes the
 * address depend on the round's result (`anchor`), so that the compiler
 * cannot hoist them all back to the start of the block, where GCC puts
 * independent prefetches. */
#define L_PREFETCH(per_round, total, anchor)                                \
    for (int q = 0; q < (per_round) && fetched < (total); q++, fetched++) { \
        if (q == 0)                                                         \
            __asm__("" : "+r"(prefetch) : "v"(anchor));                     \
        _mm_prefetch((const char *)(prefetch + fetched * B3_BLOCK_LEN), _MM_HINT_T1); \
    }

#define L_ROUND(...)                                                      \
    B3_ROUND(V_ADD, V_XOR, V_R16, V_R12, V_R8, V_R7, v, m, __VA_ARGS__); \
    L_PREFETCH(3, LANES, v[0])

/* The state after the 7 rounds for chaining values h, message m, the
 * per-lane counters and one block length and flags (spec §2.1); when
 * prefetching (a compile-time constant), the LANES lines at `prefetch`
 * are asked for along the way. */
B3_INLINE void FN(init_state)(VEC v[16], const VEC h[8], VEC ctr_lo, VEC ctr_hi, uint32_t block_len,
                              uint32_t flags)
{
    for (int i = 0; i < 8; i++)
        v[i] = h[i];
    v[8] = V_SET1(B3_IV0);
    v[9] = V_SET1(B3_IV1);
    v[10] = V_SET1(B3_IV2);
    v[11] = V_SET1(B3_IV3);
    v[12] = ctr_lo;
    v[13] = ctr_hi;
    v[14] = V_SET1(block_len);
    v[15] = V_SET1(flags);
}

B3_INLINE void FN(rounds)(VEC v[16], const VEC h[8], const VEC m[16], VEC ctr_lo, VEC ctr_hi,
                              uint32_t block_len, uint32_t flags, bool prefetching, const uint8_t *prefetch)
{
    int fetched = prefetching ? 0 : LANES;
    FN(init_state)(v, h, ctr_lo, ctr_hi, block_len, flags);
    B3_SCHEDULE(L_ROUND)
}

#undef L_ROUND

/* Lane i gets the 64-bit counter base + i * step, split in two words. */
B3_INLINE void FN(counters)(uint64_t base, unsigned step, VEC *lo, VEC *hi)
{
    uint32_t l[LANES], h[LANES];
    for (int i = 0; i < LANES; i++) {
        uint64_t c = base + (uint64_t)i * step;
        l[i] = (uint32_t)c;
        h[i] = (uint32_t)(c >> 32);
    }
    *lo = V_LOADU(l);
    *hi = V_LOADU(h);
}

/* One block of every input into the chaining values h (spec §2.1: the
 * first 8 words of the output), and a prefetch of the next call's inputs:
 * they follow these ones (chunks of a subtree, pairs of CVs), so with
 * LANES lines per block they have all been asked for by the end of the
 * call. Input from DRAM or the page cache then runs nearly as fast as
 * input from L2 (16 lanes: 0.66 -> 0.52 cycles/byte, against 0.42 from
 * L2); the per-lane streams alone defeat the hardware prefetchers. A
 * prefetch past the end of the input is harmless: it never faults.
 * The prefetches are spread over the rounds (L_PREFETCH), not issued
 * together: a burst of 16 misses to DRAM fills the L1's miss buffers and
 * then the next block's own loads wait behind them. 1 GiB page-cached,
 * 16 lanes, one thread: 0.241 s against 0.273 (0.86 of b3sum's time
 * against 0.97), all threads 0.126 s against 0.138; 8 lanes 4% faster;
 * 4 lanes the same (medians of 10 and 6 interleaved runs, chrt). */
B3_INLINE void FN(compress_block)(VEC h[8], const VEC m[16], VEC ctr_lo, VEC ctr_hi, uint32_t flags,
                                  const uint8_t *next)
{
    VEC v[16];
    FN(rounds)(v, h, m, ctr_lo, ctr_hi, B3_BLOCK_LEN, flags, true, next);
    for (int i = 0; i < 8; i++)
        h[i] = V_XOR(v[i], v[i + 8]);
}

/* b3_hash_fn for 1..LANES inputs. Lanes past `count` hash the last input
 * again (so they only read memory that is there) and are not stored: a few
 * inputs in one call still cost about what a full call costs. */
static void FN(hash)(const uint8_t *in, size_t stride, size_t count, size_t blocks, const uint32_t key[8],
                     uint64_t counter, bool increment, uint8_t flags, uint8_t flags_start,
                     uint8_t flags_end, uint8_t *out)
{
    hc_simd_note(B3_SIMD_LEVEL);
    const uint8_t *lane[LANES];
    for (size_t i = 0; i < LANES; i++)
        lane[i] = in + (i < count ? i : count - 1) * stride;
    VEC h[8], m[16], ctr_lo, ctr_hi;
    for (int i = 0; i < 8; i++)
        h[i] = V_SET1(key[i]);
    FN(counters)(counter, increment ? 1 : 0, &ctr_lo, &ctr_hi);
    const uint8_t *next = in + LANES * stride;
    uint32_t block_flags = flags | flags_start;
    FN(load_msg)(lane, 0, m);
    /* Each block's message is loaded and transposed before the previous
     * block is compressed, so that the out-of-order core overlaps those
     * shuffles with the rounds (GCC 12: SSE4.1 2.49 -> 2.11, AVX2 1.17 ->
     * 1.12 cycles/byte). The last block loads itself again rather than
     * branch: a separate last iteration measured slower. */
    for (size_t b = 0; b < blocks; b++) {
        VEC next_m[16];
        FN(load_msg)(lane, (b + 1 < blocks ? b + 1 : b) * B3_BLOCK_LEN, next_m);
        if (b + 1 == blocks)
            block_flags |= flags_end;
        FN(compress_block)(h, m, ctr_lo, ctr_hi, block_flags, next + b * LANES * B3_BLOCK_LEN);
        for (int i = 0; i < 16; i++)
            m[i] = next_m[i];
        block_flags = flags;
    }
    /* Back to one 32-byte chaining value per input. */
    FN(store_rows)(h, 8, count, out, B3_OUT_LEN);
}

#if LANES == 16
/* Two groups of 16 inputs hashed side by side, for CPUs whose vector
 * operations take two cycles (Zen 5: vpaddd, vpxord and vprord on zmm or
 * ymm registers, 2.0 cycles each in a chain). One group's rounds are one
 * long dependency chain, 12 operations per half round, so one block of 16
 * lanes waits ~340 cycles on latency while the four vector pipes stay
 * mostly idle; a second, independent group fills them. The two states take
 * all 32 registers: the messages are stored transposed and read back as
 * memory operands. */
#define PAIR_LANES (2 * LANES)

#define L_HALF_PAIR(ia0, ib0, ic0, id0, ia1, ib1, ic1, id1, ia2, ib2, ic2, id2, ia3, ib3, ic3, id3, x0, y0, x1, \
                    y1, x2, y2, x3, y3)                                                                    \
    B3_G4(V_ADD, V_XOR, V_R16, V_R12, V_R8, V_R7, va, ia0, ib0, ic0, id0, ia1, ib1, ic1, id1, ia2, ib2, ic2, id2, \
          ia3, ib3, ic3, id3, ma[x0], ma[y0], ma[x1], ma[y1], ma[x2], ma[y2], ma[x3], ma[y3]);             \
    B3_G4(V_ADD, V_XOR, V_R16, V_R12, V_R8, V_R7, vb, ia0, ib0, ic0, id0, ia1, ib1, ic1, id1, ia2, ib2, ic2, id2, \
          ia3, ib3, ic3, id3, mb[x0], mb[y0], mb[x1], mb[y1], mb[x2], mb[y2], mb[x3], mb[y3])

#define L_ROUND_PAIR(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15)                     \
    L_HALF_PAIR(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, s0, s1, s2, s3, s4, s5, s6, s7);            \
    L_HALF_PAIR(0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14, s8, s9, s10, s11, s12, s13, s14, s15);       \
    L_PREFETCH(5, PAIR_LANES, va[0])

/* b3_hash_fn for 1..2 * LANES inputs (see hash: lanes past count repeat
 * the last input and are not stored). */
static void FN(hash_pair)(const uint8_t *in, size_t stride, size_t count, size_t blocks, const uint32_t key[8],
                          uint64_t counter, bool increment, uint8_t flags, uint8_t flags_start, uint8_t flags_end,
                          uint8_t *out)
{
    hc_simd_note(B3_SIMD_LEVEL);
    const uint8_t *lane_a[LANES], *lane_b[LANES];
    for (size_t i = 0; i < LANES; i++) {
        lane_a[i] = in + (i < count ? i : count - 1) * stride;
        lane_b[i] = in + (LANES + i < count ? LANES + i : count - 1) * stride;
    }
    VEC ha[8], hb[8], ctr_lo_a, ctr_hi_a, ctr_lo_b, ctr_hi_b;
    for (int i = 0; i < 8; i++)
        ha[i] = hb[i] = V_SET1(key[i]);
    FN(counters)(counter, increment ? 1 : 0, &ctr_lo_a, &ctr_hi_a);
    FN(counters)(counter + (increment ? LANES : 0), increment ? 1 : 0, &ctr_lo_b, &ctr_hi_b);
    const uint8_t *next = in + PAIR_LANES * stride;
    for (size_t b = 0; b < blocks; b++) {
        VEC ma[16], mb[16], va[16], vb[16];
        FN(load_msg)(lane_a, b * B3_BLOCK_LEN, ma);
        FN(load_msg)(lane_b, b * B3_BLOCK_LEN, mb);
        uint32_t block_flags = flags | (b == 0 ? flags_start : 0) | (b + 1 == blocks ? flags_end : 0);
        FN(init_state)(va, ha, ctr_lo_a, ctr_hi_a, B3_BLOCK_LEN, block_flags);
        FN(init_state)(vb, hb, ctr_lo_b, ctr_hi_b, B3_BLOCK_LEN, block_flags);
        const uint8_t *prefetch = next + b * PAIR_LANES * B3_BLOCK_LEN;
        int fetched = 0;
        B3_SCHEDULE(L_ROUND_PAIR)
        for (int i = 0; i < 8; i++) {
            ha[i] = V_XOR(va[i], va[i + 8]);
            hb[i] = V_XOR(vb[i], vb[i + 8]);
        }
    }
    FN(store_rows)(ha, 8, count < LANES ? count : LANES, out, B3_OUT_LEN);
    if (count > LANES)
        FN(store_rows)(hb, 8, count - LANES, out + LANES * B3_OUT_LEN, B3_OUT_LEN);
}

#undef L_ROUND_PAIR
#undef L_HALF_PAIR
#undef PAIR_LANES
#endif
#undef L_PREFETCH

/* b3_xof_fn for 1..LANES output blocks: the same root node with
 * consecutive counters (spec §2.5), so the message is a broadcast. */
static void FN(xof)(const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                    uint64_t counter, uint8_t flags, uint8_t *out, size_t count)
{
    hc_simd_note(B3_SIMD_LEVEL);
    VEC h[8], m[16], v[16], ctr_lo, ctr_hi;
    for (int i = 0; i < 8; i++)
        h[i] = V_SET1(cv[i]);
    for (int i = 0; i < 16; i++)
        m[i] = V_SET1(b3_load32(block + 4 * i));
    FN(counters)(counter, 1, &ctr_lo, &ctr_hi);
    FN(rounds)(v, h, m, ctr_lo, ctr_hi, block_len, flags, false, NULL);
    /* Spec §2.5: words 8..15 of the output are the upper state xored with
     * the input chaining value. */
    for (int i = 0; i < 8; i++) {
        VEC lo = V_XOR(v[i], v[8 + i]);
        VEC hi = V_XOR(v[8 + i], h[i]);
        v[i] = lo;
        v[8 + i] = hi;
    }
    FN(store_rows)(v, 16, count, out, 64);
}

#undef LANES
#undef VEC
#undef FN
#undef V_ADD
#undef V_XOR
#undef V_R16
#undef V_R12
#undef V_R8
#undef V_R7
#undef V_SET1
#undef V_ZERO
#undef V_LOADU
#undef V_STOREU
#undef V_UNPACKLO32
#undef V_UNPACKHI32
#undef V_UNPACKLO64
#undef V_UNPACKHI64
