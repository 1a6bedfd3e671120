/* Rotates of unsigned 32- and 64-bit words, one set for all of libhc: the
 * same macro serves a scalar and a GCC vector of such words (the portable
 * kernels' lanes, crack/kernels/vec_portable.h and vec_avx2.h), so the
 * round headers shared by a hasher and its kernel (haval_rounds.h,
 * ripemd_lines.h, blake2_g.h) need no rotate of their own. n must be in
 * 1..bits-1; compilers make one rotate instruction of each where the CPU
 * has one. */
#ifndef HC_ROTATE_H
#define HC_ROTATE_H

#define HC_ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define HC_ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define HC_ROTL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))
#define HC_ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

#endif
