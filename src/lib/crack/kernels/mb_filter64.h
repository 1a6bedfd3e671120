/* Filter mode (kernel.h) for the kernels on 64-bit lanes (AVX-512 only):
 * the filter's keys are 32 bits, so the half of each compared 64-bit word
 * that is the key is packed, two vectors of eight lanes into one of
 * sixteen, and goes through mb_common.h's bitmap and table as the 32-bit
 * families' words do. Included after vec_avx512.h and mb_common.h. */
#ifndef HC_CRACK_MB_FILTER64_H
#define HC_CRACK_MB_FILTER64_H

/* The low (shift 0) or high (shift 32) halves of a's eight lanes, then of
 * b's: lane i of the result is lane u + i when a holds u.. and b u + 8.. */
MB_INLINE V mb_halves64(V64 a, V64 b, unsigned shift)
{
    const __m512i pick = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    return (V)_mm512_permutex2var_epi32((__m512i)(a >> shift), pick, (__m512i)(b >> shift));
}

/* MB_REPORT_WORDS for 64-bit words[0..ni) (VL64 lanes each, from u): the
 * lanes equal to want (one target), or in filter mode (filter not NULL)
 * those whose half
 * `shift` (0: bits 0-31, 32: bits 32-63) is one of the filter's keys. An
 * odd last vector is paired with itself and only its lanes kept. */
#define MB_REPORT_WORDS64(words, ni, want, shift, filter, u, end, hits, count)                         \
    do {                                                                                               \
        if ((filter) != NULL) {                                                                        \
            enum { np_ = ((ni) + 1) / 2 };                                                             \
            V keys_[np_];                                                                              \
            unsigned kmasks_[np_];                                                                     \
            for (int p_ = 0; p_ < np_; p_++) {                                                         \
                const bool pair_ = 2 * p_ + 1 < (ni);                                                  \
                keys_[p_] = mb_halves64((words)[2 * p_], (words)[pair_ ? 2 * p_ + 1 : 2 * p_], shift); \
                kmasks_[p_] = mb_filter_mask(keys_[p_], (filter)) & (pair_ ? 0xFFFFu : 0xFFu);         \
            }                                                                                          \
            MB_FILTER_REPORT(keys_, kmasks_, np_, VL, (filter), u, end, hits, count);                  \
        } else {                                                                                       \
            unsigned wmasks_[ni];                                                                      \
            for (int kw_ = 0; kw_ < (ni); kw_++)                                                       \
                wmasks_[kw_] = V64_EQ((words)[kw_], want);                                             \
            MB_REPORT(wmasks_, ni, VL64, u, end, hits, count);                                         \
        }                                                                                              \
    } while (0)

#endif
