/* The vector operations blake3_lanes.h needs, on 256-bit vectors (8 lanes,
 * AVX2). No include guard: included before each 8-lane instantiation, after
 * FN is defined. A file with native rotates (AVX-512VL) defines
 * V_R16..V_R7 first; otherwise byte shuffles for 16 and 8, shifts for 12
 * and 7. */
#define LANES 8
#define VEC __m256i
#define V_ADD(a, b) _mm256_add_epi32(a, b)
#define V_XOR(a, b) _mm256_xor_si256(a, b)
#ifndef V_R16
#define V_R16(x)                                                                                   \
    _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, \
                                            2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))
#define V_R12(x) _mm256_or_si256(_mm256_srli_epi32(x, 12), _mm256_slli_epi32(x, 20))
#define V_R8(x)                                                                                    \
    _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, \
                                            1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))
#define V_R7(x) _mm256_or_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25))
#endif
#define V_SET1(x) _mm256_set1_epi32((int)(x))
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_UNPACKLO32 _mm256_unpacklo_epi32
#define V_UNPACKHI32 _mm256_unpackhi_epi32
#define V_UNPACKLO64 _mm256_unpacklo_epi64
#define V_UNPACKHI64 _mm256_unpackhi_epi64
