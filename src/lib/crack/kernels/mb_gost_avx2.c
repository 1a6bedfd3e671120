/* The GOST R 34.11-94 brute-force kernel with AVX2: eight 32-bit lanes. The
 * family's code: mb_gost.h.
 *
 * vpshufb looks a byte's low four bits up in a 16-byte table, the same
 * table for every byte of a 128-bit half, while GOST's boxes differ by the
 * nibble's place: so each of the four byte places j takes both its nibbles
 * through its own two boxes (two vpshufb and an OR, for all bytes), and
 * three byte blends keep, in each byte, the result of its own place. No
 * gathers and no memory look-ups: 23 operations per round for 8 lanes.
 * P's byte transpose is vpshufb of each source word and ORs. */
#include "vec_avx2.h"

#define GOST_TARGET
#define GOST_ROUNDS __attribute__((noinline))

typedef struct gost_consts {
    __m256i low_boxes[4], high_boxes[4]; /* place j: K(2j+1)(x), K(2j+2)(x) << 4, in both halves */
    __m256i nibbles;                     /* 0x0F in every byte */
    __m256i place[4];                    /* place[j]: 0x80 in the bytes at place j of a lane */
    __m256i p_pick[4][4];                /* P: byte b of each lane to byte i, others zero */
} gost_consts;

/* rol11(S(x)): the round function after the key addition. */
static inline __attribute__((always_inline)) V gost_f(const gost_consts *c, V v)
{
    __m256i x = (__m256i)v;
    __m256i lo = _mm256_and_si256(x, c->nibbles), hi = _mm256_and_si256(_mm256_srli_epi32(x, 4), c->nibbles);
    __m256i s = _mm256_setzero_si256();
    for (unsigned j = 0; j < 4; j++) {
        __m256i r = _mm256_or_si256(_mm256_shuffle_epi8(c->low_boxes[j], lo), _mm256_shuffle_epi8(c->high_boxes[j], hi));
        s = j == 0 ? r : _mm256_blendv_epi8(s, r, c->place[j]);
    }
    return (V)_mm256_or_si256(_mm256_slli_epi32(s, 11), _mm256_srli_epi32(s, 21));
}

/* P of w (eight words) into key[8]: key word 4c + b, byte i = byte b of
 * word 2i + c. */
static inline __attribute__((always_inline)) void gost_p(const gost_consts *c, const V w[8], V key[8])
{
    for (unsigned half = 0; half < 2; half++)
        for (unsigned b = 0; b < 4; b++) {
            __m256i k = _mm256_shuffle_epi8((__m256i)w[half], c->p_pick[b][0]);
            for (unsigned i = 1; i < 4; i++)
                k = _mm256_or_si256(k, _mm256_shuffle_epi8((__m256i)w[2 * i + half], c->p_pick[b][i]));
            key[4 * half + b] = (V)k;
        }
}

static inline void gost_consts_init(gost_consts *c);

#include "mb_gost.h"

static inline void gost_consts_init(gost_consts *c)
{
    uint8_t bytes[32];
    for (unsigned j = 0; j < 4; j++) {
        for (unsigned x = 0; x < 32; x++)
            bytes[x] = gost_sbox[2 * j][x % 16];
        c->low_boxes[j] = _mm256_loadu_si256((const __m256i *)(const void *)bytes);
        for (unsigned x = 0; x < 32; x++)
            bytes[x] = (uint8_t)(gost_sbox[2 * j + 1][x % 16] << 4);
        c->high_boxes[j] = _mm256_loadu_si256((const __m256i *)(const void *)bytes);
        for (unsigned x = 0; x < 32; x++)
            bytes[x] = x % 4 == j ? 0x80 : 0;
        c->place[j] = _mm256_loadu_si256((const __m256i *)(const void *)bytes);
    }
    /* vpshufb indices (within a 128-bit half): byte i of each lane takes
     * byte b of the same lane; 0x80 zeroes the others */
    for (unsigned b = 0; b < 4; b++)
        for (unsigned i = 0; i < 4; i++) {
            for (unsigned x = 0; x < 32; x++)
                bytes[x] = x % 4 == i ? (uint8_t)((x % 16) - i + b) : 0x80;
            c->p_pick[b][i] = _mm256_loadu_si256((const __m256i *)(const void *)bytes);
        }
    c->nibbles = _mm256_set1_epi8(0x0F);
}

GOST_ENTRY(hc_mb_gost_avx2)
