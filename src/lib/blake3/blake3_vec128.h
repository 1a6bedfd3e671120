/* The vector operations blake3_lanes.h needs, on 128-bit vectors (4 lanes).
 * No include guard: included before each 4-lane instantiation, after FN is
 * defined. A file with native rotates (AVX-512VL) defines V_R16..V_R7
 * first; otherwise 16 and 8 are byte shuffles (pshufb) and 12 and 7 two
 * shifts and an or. */
#define LANES 4
#define VEC __m128i
#define V_ADD(a, b) _mm_add_epi32(a, b)
#define V_XOR(a, b) _mm_xor_si128(a, b)
#ifndef V_R16
#define V_R16(x) _mm_shuffle_epi8(x, _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))
#define V_R12(x) _mm_or_si128(_mm_srli_epi32(x, 12), _mm_slli_epi32(x, 20))
#define V_R8(x) _mm_shuffle_epi8(x, _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))
#define V_R7(x) _mm_or_si128(_mm_srli_epi32(x, 7), _mm_slli_epi32(x, 25))
#endif
#define V_SET1(x) _mm_set1_epi32((int)(x))
#define V_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define V_UNPACKLO32 _mm_unpacklo_epi32
#define V_UNPACKHI32 _mm_unpackhi_epi32
#define V_UNPACKLO64 _mm_unpacklo_epi64
#define V_UNPACKHI64 _mm_unpackhi_epi64
