/* The GOST R 34.11-94 brute-force kernel with AVX-512 VBMI: sixteen 32-bit
 * lanes. The family's code: mb_gost.h.
 *
 * The S-box layer, eight 4-bit boxes on the nibbles of (N' + k), is two
 * byte permutes (vpermb) over all sixteen lanes: the low nibble of byte j of
 * a lane goes through box 2j, the high one through box 2j + 1, so the index
 * of a byte's low-nibble look-up is the nibble with j in bits 4-5 (one
 * vpternlogd puts it there), in a 64-byte table of the four even boxes; the
 * high nibble likewise, shifted down first, in a table of the odd boxes'
 * outputs shifted up. No gathers and no memory look-ups. P's byte transpose
 * is two rounds of vpermt2b. Compiled with the AVX-512 flags (CMake, by
 * file name); VBMI is asked for per function and checked at run time
 * (hc_kernel_layout, kernel.h). */
#include "vec_avx512.h"

#define GOST_TARGET __attribute__((target("avx512vbmi")))
#define GOST_ROUNDS inline __attribute__((always_inline))

typedef struct gost_consts {
    __m512i low_boxes, high_boxes; /* byte 16j + x: K(2j+1)(x), K(2j+2)(x) << 4 */
    __m512i nibbles, positions;    /* 0x0F in every byte; byte j of a lane: j << 4 */
    __m512i pair_low, pair_high;   /* P's first round: bytes 0, 1 resp. 2, 3 of two words, interleaved */
    __m512i half_low, half_high;   /* its second round: the low resp. high 16 bits of two words */
} gost_consts;

static inline GOST_TARGET void gost_consts_init(gost_consts *c);

/* rol11(S(x)): the round function after the key addition. */
static inline __attribute__((always_inline)) GOST_TARGET V gost_f(const gost_consts *c, V v)
{
    __m512i x = (__m512i)v;
    /* (x & 0x0F..) | positions: vpternlogd A & B | C */
    __m512i lo = _mm512_ternarylogic_epi32(x, c->nibbles, c->positions, 0xEA);
    __m512i hi = _mm512_ternarylogic_epi32(_mm512_srli_epi32(x, 4), c->nibbles, c->positions, 0xEA);
    __m512i s = _mm512_or_si512(_mm512_permutexvar_epi8(lo, c->low_boxes), _mm512_permutexvar_epi8(hi, c->high_boxes));
    return (V)_mm512_rol_epi32(s, 11);
}

/* P of w (eight words) into key[8]: key word 4c + b, byte i = byte b of
 * word 2i + c. */
static inline __attribute__((always_inline)) GOST_TARGET void gost_p(const gost_consts *c, const V w[8], V key[8])
{
    for (unsigned half = 0; half < 2; half++) {
        /* words half, half + 2 (bytes of i = 0, 1) and half + 4, half + 6 (i = 2, 3) */
        __m512i w0 = (__m512i)w[half], w2 = (__m512i)w[half + 2], w4 = (__m512i)w[half + 4], w6 = (__m512i)w[half + 6];
        __m512i a01 = _mm512_permutex2var_epi8(w0, c->pair_low, w2);
        __m512i a23 = _mm512_permutex2var_epi8(w0, c->pair_high, w2);
        __m512i b01 = _mm512_permutex2var_epi8(w4, c->pair_low, w6);
        __m512i b23 = _mm512_permutex2var_epi8(w4, c->pair_high, w6);
        key[4 * half + 0] = (V)_mm512_permutex2var_epi8(a01, c->half_low, b01);
        key[4 * half + 1] = (V)_mm512_permutex2var_epi8(a01, c->half_high, b01);
        key[4 * half + 2] = (V)_mm512_permutex2var_epi8(a23, c->half_low, b23);
        key[4 * half + 3] = (V)_mm512_permutex2var_epi8(a23, c->half_high, b23);
    }
}

#include "mb_gost.h"

static inline GOST_TARGET void gost_consts_init(gost_consts *c)
{
    uint8_t low_boxes[64], high_boxes[64], pair_low[64], pair_high[64], half_low[64], half_high[64];
    for (unsigned j = 0; j < 4; j++)
        for (unsigned x = 0; x < 16; x++) {
            low_boxes[16 * j + x] = gost_sbox[2 * j][x];
            high_boxes[16 * j + x] = (uint8_t)(gost_sbox[2 * j + 1][x] << 4);
        }
    /* vpermt2b indices: 0-63 the first source's bytes, 64-127 the second's */
    for (unsigned lane = 0; lane < 16; lane++) {
        const uint8_t at = (uint8_t)(4 * lane);
        const uint8_t p_lo[4] = {at, at + 64, at + 1, at + 65}, p_hi[4] = {at + 2, at + 66, at + 3, at + 67};
        const uint8_t h_lo[4] = {at, at + 1, at + 64, at + 65}, h_hi[4] = {at + 2, at + 3, at + 66, at + 67};
        for (unsigned b = 0; b < 4; b++) {
            pair_low[at + b] = p_lo[b];
            pair_high[at + b] = p_hi[b];
            half_low[at + b] = h_lo[b];
            half_high[at + b] = h_hi[b];
        }
    }
    c->low_boxes = _mm512_loadu_si512(low_boxes);
    c->high_boxes = _mm512_loadu_si512(high_boxes);
    c->nibbles = _mm512_set1_epi8(0x0F);
    c->positions = _mm512_set1_epi32(0x30201000);
    c->pair_low = _mm512_loadu_si512(pair_low);
    c->pair_high = _mm512_loadu_si512(pair_high);
    c->half_low = _mm512_loadu_si512(half_low);
    c->half_high = _mm512_loadu_si512(half_high);
}

GOST_ENTRY(hc_mb_gost_avx512)
