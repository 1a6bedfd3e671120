/* HAVAL's passes and tailoring (see haval.c for the source), written once
 * for any word type: haval.c uses uint32_t, the brute-force kernels
 * (src/lib/crack) a vector of 32-bit lanes, one candidate per lane. The
 * includer defines HV_T (the word type; +, ^, &, |, ~, >>, << and masks must
 * act lane-wise, as on GCC vector types; rotate.h rotates either). */
#ifndef HC_ALGOS_HAVAL_ROUNDS_H
#define HC_ALGOS_HAVAL_ROUNDS_H

#include <stdint.h>

#include "rotate.h"

#if !defined(HV_T)
#error "define HV_T before including haval_rounds.h"
#endif

/* The Boolean functions F1..F5 (x6, ..., x0) of the paper.  The paper gives them
 * as sums of products over GF(2); these are the same polynomials with
 * common factors taken out, e.g. F1 = x1x4 + x2x5 + x3x6 + x0x1 + x0
 *                                   = x1(x0 + x4) + x2x5 + x3x6 + x0. */
#define HAVAL_F1(x6, x5, x4, x3, x2, x1, x0) (((x1) & ((x0) ^ (x4))) ^ ((x2) & (x5)) ^ ((x3) & (x6)) ^ (x0))
#define HAVAL_F2(x6, x5, x4, x3, x2, x1, x0)                                          \
    (((x2) & (((x1) & ~(x3)) ^ ((x4) & (x5)) ^ (x6) ^ (x0))) ^ ((x4) & ((x1) ^ (x5))) ^ \
     ((x3) & (x5)) ^ (x0))
#define HAVAL_F3(x6, x5, x4, x3, x2, x1, x0) \
    (((x3) & (((x1) & (x2)) ^ (x6) ^ (x0))) ^ ((x1) & (x4)) ^ ((x2) & (x5)) ^ (x0))
#define HAVAL_F4(x6, x5, x4, x3, x2, x1, x0)                                                        \
    (((x4) & (((x5) & ~(x2)) ^ ((x3) & ~(x6)) ^ (x1) ^ (x6) ^ (x0))) ^ ((x3) & (((x1) & (x2)) ^ (x5) ^ (x6))) ^ \
     ((x2) & (x6)) ^ (x0))
#define HAVAL_F5(x6, x5, x4, x3, x2, x1, x0) \
    (((x0) & (((x1) & (x2) & (x3)) ^ ~(x5))) ^ ((x1) & (x4)) ^ ((x2) & (x5)) ^ ((x3) & (x6)))

/* Pass j of an n-pass HAVAL applies Fj to its inputs permuted by phi_{n,j}
 * (the paper's table of permutations): phi_{3,1} = (x1 x0 x3 x5 x6 x2 x4) means x6 is replaced by
 * x1, x5 by x0, and so on. */
#define HAVAL_PHI_3_1(F, x6, x5, x4, x3, x2, x1, x0) F(x1, x0, x3, x5, x6, x2, x4)
#define HAVAL_PHI_3_2(F, x6, x5, x4, x3, x2, x1, x0) F(x4, x2, x1, x0, x5, x3, x6)
#define HAVAL_PHI_3_3(F, x6, x5, x4, x3, x2, x1, x0) F(x6, x1, x2, x3, x4, x5, x0)
#define HAVAL_PHI_4_1(F, x6, x5, x4, x3, x2, x1, x0) F(x2, x6, x1, x4, x5, x3, x0)
#define HAVAL_PHI_4_2(F, x6, x5, x4, x3, x2, x1, x0) F(x3, x5, x2, x0, x1, x6, x4)
#define HAVAL_PHI_4_3(F, x6, x5, x4, x3, x2, x1, x0) F(x1, x4, x3, x6, x0, x2, x5)
#define HAVAL_PHI_4_4(F, x6, x5, x4, x3, x2, x1, x0) F(x6, x4, x0, x5, x2, x1, x3)
#define HAVAL_PHI_5_1(F, x6, x5, x4, x3, x2, x1, x0) F(x3, x4, x1, x0, x5, x2, x6)
#define HAVAL_PHI_5_2(F, x6, x5, x4, x3, x2, x1, x0) F(x6, x2, x1, x0, x3, x4, x5)
#define HAVAL_PHI_5_3(F, x6, x5, x4, x3, x2, x1, x0) F(x2, x6, x0, x4, x3, x1, x5)
#define HAVAL_PHI_5_4(F, x6, x5, x4, x3, x2, x1, x0) F(x1, x5, x3, x2, x0, x4, x6)
#define HAVAL_PHI_5_5(F, x6, x5, x4, x3, x2, x1, x0) F(x2, x5, x0, x6, x4, x3, x1)

/* The order in which each pass reads the 32 words of the block (the
 * paper's table of word orders). */
static const uint8_t haval_word_order[5][32] = {
    {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
     16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31},
    {5,  14, 26, 18, 11, 28, 7,  16, 0,  23, 20, 22, 1,  10, 4,  8,
     30, 3,  21, 9,  17, 24, 29, 6,  19, 12, 15, 13, 2,  25, 31, 27},
    {19, 9,  4,  20, 28, 17, 8,  22, 29, 14, 25, 12, 24, 30, 16, 26,
     31, 15, 7,  3,  1,  0,  18, 27, 13, 6,  21, 10, 23, 11, 5,  2},
    {24, 4,  0,  14, 2,  7,  28, 23, 26, 6,  30, 20, 18, 25, 19, 3,
     22, 11, 31, 21, 8,  27, 12, 9,  1,  29, 5,  15, 17, 10, 16, 13},
    {27, 3,  21, 26, 17, 11, 20, 29, 19, 0,  12, 7,  13, 8,  31, 10,
     5,  9,  14, 30, 18, 6,  28, 24, 2,  23, 16, 22, 4,  1,  25, 15},
};

/* The words added in passes 2..5 (the paper's constants): the 32-bit words of the fraction
 * of pi that follow the eight of the initial state, in order.  Pass 1 adds
 * none. */
static const uint32_t haval_constants[5][32] = {
    {0},
    {
        0x452821E6u, 0x38D01377u, 0xBE5466CFu, 0x34E90C6Cu, 0xC0AC29B7u, 0xC97C50DDu, 0x3F84D5B5u, 0xB5470917u,
        0x9216D5D9u, 0x8979FB1Bu, 0xD1310BA6u, 0x98DFB5ACu, 0x2FFD72DBu, 0xD01ADFB7u, 0xB8E1AFEDu, 0x6A267E96u,
        0xBA7C9045u, 0xF12C7F99u, 0x24A19947u, 0xB3916CF7u, 0x0801F2E2u, 0x858EFC16u, 0x636920D8u, 0x71574E69u,
        0xA458FEA3u, 0xF4933D7Eu, 0x0D95748Fu, 0x728EB658u, 0x718BCD58u, 0x82154AEEu, 0x7B54A41Du, 0xC25A59B5u,
    },
    {
        0x9C30D539u, 0x2AF26013u, 0xC5D1B023u, 0x286085F0u, 0xCA417918u, 0xB8DB38EFu, 0x8E79DCB0u, 0x603A180Eu,
        0x6C9E0E8Bu, 0xB01E8A3Eu, 0xD71577C1u, 0xBD314B27u, 0x78AF2FDAu, 0x55605C60u, 0xE65525F3u, 0xAA55AB94u,
        0x57489862u, 0x63E81440u, 0x55CA396Au, 0x2AAB10B6u, 0xB4CC5C34u, 0x1141E8CEu, 0xA15486AFu, 0x7C72E993u,
        0xB3EE1411u, 0x636FBC2Au, 0x2BA9C55Du, 0x741831F6u, 0xCE5C3E16u, 0x9B87931Eu, 0xAFD6BA33u, 0x6C24CF5Cu,
    },
    {
        0x7A325381u, 0x28958677u, 0x3B8F4898u, 0x6B4BB9AFu, 0xC4BFE81Bu, 0x66282193u, 0x61D809CCu, 0xFB21A991u,
        0x487CAC60u, 0x5DEC8032u, 0xEF845D5Du, 0xE98575B1u, 0xDC262302u, 0xEB651B88u, 0x23893E81u, 0xD396ACC5u,
        0x0F6D6FF3u, 0x83F44239u, 0x2E0B4482u, 0xA4842004u, 0x69C8F04Au, 0x9E1F9B5Eu, 0x21C66842u, 0xF6E96C9Au,
        0x670C9C61u, 0xABD388F0u, 0x6A51A0D2u, 0xD8542F68u, 0x960FA728u, 0xAB5133A3u, 0x6EEF0B6Cu, 0x137A3BE4u,
    },
    {
        0xBA3BF050u, 0x7EFB2A98u, 0xA1F1651Du, 0x39AF0176u, 0x66CA593Eu, 0x82430E88u, 0x8CEE8619u, 0x456F9FB4u,
        0x7D84A5C3u, 0x3B8B5EBEu, 0xE06F75D8u, 0x85C12073u, 0x401A449Fu, 0x56C16AA6u, 0x4ED3AA62u, 0x363F7706u,
        0x1BFEDF72u, 0x429B023Du, 0x37D0D724u, 0xD00A1248u, 0xDB0FEAD3u, 0x49F1C09Bu, 0x075372C9u, 0x80991B7Bu,
        0x25D479D8u, 0xF6E8DEF7u, 0xE3FE501Au, 0xB6794C3Bu, 0x976CE0BDu, 0x04C006BAu, 0xC1A94FB6u, 0x409F60C4u,
    },
};

/* The initial fingerprint: the first eight words of the fraction of pi. */
static const uint32_t haval_initial[8] = {
    0x243F6A88u, 0x85A308D3u, 0x13198A2Eu, 0x03707344u, 0xA4093822u, 0x299F31D0u, 0x082EFA98u, 0xEC4E6C89u,
};

/* One step of a pass: T7 := (F(phi(T6..T0)) >>> 7) + (T7 >>> 11) + W + K.  The
 * registers then shift down by one; as in the RIPEMD code this is done by
 * renaming, and eight steps bring every name back to its place. */
#define HAVAL_STEP(PHI, F, pass, j, x7, x6, x5, x4, x3, x2, x1, x0)                              \
    x7 = HC_ROTR32(PHI(F, x6, x5, x4, x3, x2, x1, x0), 7) + HC_ROTR32(x7, 11) +                   \
         w[haval_word_order[pass][j]] + haval_constants[pass][j]
#define HAVAL_STEP8(PHI, F, pass, j)                                        \
    HAVAL_STEP(PHI, F, pass, j, t7, t6, t5, t4, t3, t2, t1, t0);            \
    HAVAL_STEP(PHI, F, pass, j + 1, t6, t5, t4, t3, t2, t1, t0, t7);        \
    HAVAL_STEP(PHI, F, pass, j + 2, t5, t4, t3, t2, t1, t0, t7, t6);        \
    HAVAL_STEP(PHI, F, pass, j + 3, t4, t3, t2, t1, t0, t7, t6, t5);        \
    HAVAL_STEP(PHI, F, pass, j + 4, t3, t2, t1, t0, t7, t6, t5, t4);        \
    HAVAL_STEP(PHI, F, pass, j + 5, t2, t1, t0, t7, t6, t5, t4, t3);        \
    HAVAL_STEP(PHI, F, pass, j + 6, t1, t0, t7, t6, t5, t4, t3, t2);        \
    HAVAL_STEP(PHI, F, pass, j + 7, t0, t7, t6, t5, t4, t3, t2, t1)
/* pass counts from 0 here: pass 0 is the paper's pass 1 */
#define HAVAL_PASS(PHI, F, pass)           \
    do {                                   \
        HAVAL_STEP8(PHI, F, pass, 0);      \
        HAVAL_STEP8(PHI, F, pass, 8);      \
        HAVAL_STEP8(PHI, F, pass, 16);     \
        HAVAL_STEP8(PHI, F, pass, 24);     \
    } while (0)

/* The passes of the compression function H over the 32 words of a block,
 * for a constant pass count (each caller passes a literal, so the switch
 * folds away after inlining): t[] holds the registers, in and out; the
 * caller adds the old fingerprint. */
static inline void haval_passes(HV_T t[8], const HV_T w[32], unsigned passes)
{
    HV_T t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
    switch (passes) {
    case 3:
        HAVAL_PASS(HAVAL_PHI_3_1, HAVAL_F1, 0);
        HAVAL_PASS(HAVAL_PHI_3_2, HAVAL_F2, 1);
        HAVAL_PASS(HAVAL_PHI_3_3, HAVAL_F3, 2);
        break;
    case 4:
        HAVAL_PASS(HAVAL_PHI_4_1, HAVAL_F1, 0);
        HAVAL_PASS(HAVAL_PHI_4_2, HAVAL_F2, 1);
        HAVAL_PASS(HAVAL_PHI_4_3, HAVAL_F3, 2);
        HAVAL_PASS(HAVAL_PHI_4_4, HAVAL_F4, 3);
        break;
    default:
        HAVAL_PASS(HAVAL_PHI_5_1, HAVAL_F1, 0);
        HAVAL_PASS(HAVAL_PHI_5_2, HAVAL_F2, 1);
        HAVAL_PASS(HAVAL_PHI_5_3, HAVAL_F3, 2);
        HAVAL_PASS(HAVAL_PHI_5_4, HAVAL_F4, 3);
        HAVAL_PASS(HAVAL_PHI_5_5, HAVAL_F5, 4);
        break;
    }
    t[0] = t0;
    t[1] = t1;
    t[2] = t2;
    t[3] = t3;
    t[4] = t4;
    t[5] = t5;
    t[6] = t6;
    t[7] = t7;
}

/* Bits [low, low + width) of x, moved down to bit 0. */
#define HAVAL_BITS(x, low, width) (((x) >> (low)) & ((1u << (width)) - 1))

/* Tailoring: for outputs shorter than 256 bits, the words beyond the
 * output are cut into pieces and added into the words kept, following the
 * paper's tables piece by piece; D0 is state[0]. */
static inline void haval_tailor(HV_T d[8], unsigned digest_len)
{
    HV_T piece;
    switch (digest_len) {
    case 16:
        /* D0..D3 each take one byte of each of D7, D6, D5, D4. */
        piece = (d[7] & 0x000000FFu) | (d[6] & 0xFF000000u) | (d[5] & 0x00FF0000u) | (d[4] & 0x0000FF00u);
        d[0] += HC_ROTR32(piece, 8);
        piece = (d[7] & 0x0000FF00u) | (d[6] & 0x000000FFu) | (d[5] & 0xFF000000u) | (d[4] & 0x00FF0000u);
        d[1] += HC_ROTR32(piece, 16);
        piece = (d[7] & 0x00FF0000u) | (d[6] & 0x0000FF00u) | (d[5] & 0x000000FFu) | (d[4] & 0xFF000000u);
        d[2] += HC_ROTR32(piece, 24);
        piece = (d[7] & 0xFF000000u) | (d[6] & 0x00FF0000u) | (d[5] & 0x0000FF00u) | (d[4] & 0x000000FFu);
        d[3] += piece;
        break;
    case 20:
        /* D7, D6, D5 are cut at bits 6, 12, 19, 25 into 6- and 7-bit
         * pieces; each kept word takes one piece of each, lined up by a
         * rotation or shift. */
        piece = (d[7] & 0x0000003Fu) | (d[6] & 0xFE000000u) | (d[5] & 0x01F80000u);
        d[0] += HC_ROTR32(piece, 19);
        piece = (d[7] & 0x00000FC0u) | (d[6] & 0x0000003Fu) | (d[5] & 0xFE000000u);
        d[1] += HC_ROTR32(piece, 25);
        piece = (d[7] & 0x0007F000u) | (d[6] & 0x00000FC0u) | (d[5] & 0x0000003Fu);
        d[2] += piece;
        piece = (d[7] & 0x01F80000u) | (d[6] & 0x0007F000u) | (d[5] & 0x00000FC0u);
        d[3] += piece >> 6;
        piece = (d[7] & 0xFE000000u) | (d[6] & 0x01F80000u) | (d[5] & 0x0007F000u);
        d[4] += piece >> 12;
        break;
    case 24:
        /* D7 and D6 are cut at bits 5, 10, 16, 21, 26 into 5- and 6-bit
         * pieces, two per kept word. */
        piece = (d[7] & 0x0000001Fu) | (d[6] & 0xFC000000u);
        d[0] += HC_ROTR32(piece, 26);
        piece = (d[7] & 0x000003E0u) | (d[6] & 0x0000001Fu);
        d[1] += piece;
        piece = (d[7] & 0x0000FC00u) | (d[6] & 0x000003E0u);
        d[2] += piece >> 5;
        piece = (d[7] & 0x001F0000u) | (d[6] & 0x0000FC00u);
        d[3] += piece >> 10;
        piece = (d[7] & 0x03E00000u) | (d[6] & 0x001F0000u);
        d[4] += piece >> 16;
        piece = (d[7] & 0xFC000000u) | (d[6] & 0x03E00000u);
        d[5] += piece >> 21;
        break;
    case 28:
        /* D7 alone is cut into 4/5-bit pieces. */
        d[0] += HAVAL_BITS(d[7], 27, 5);
        d[1] += HAVAL_BITS(d[7], 22, 5);
        d[2] += HAVAL_BITS(d[7], 18, 4);
        d[3] += HAVAL_BITS(d[7], 13, 5);
        d[4] += HAVAL_BITS(d[7], 9, 4);
        d[5] += HAVAL_BITS(d[7], 4, 5);
        d[6] += HAVAL_BITS(d[7], 0, 4);
        break;
    default:
        break;
    }
}

#endif
