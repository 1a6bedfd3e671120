/* What the multi-buffer kernels of every instruction set share: constants of
 * the standards and the per-call scalar precomputation. Internal to
 * src/lib/crack. */
#ifndef HC_CRACK_MB_COMMON_H
#define HC_CRACK_MB_COMMON_H

#include <stdint.h>

#include "multibuffer.h"

/* RFC 1321 §3.4: T[i] = floor(2^32 * |sin(i + 1)|), the word used at step i,
 * and the rotation of step i. */
extern const uint32_t hc_md5_t[64];
extern const uint8_t hc_md5_word[64];
extern const uint8_t hc_md5_rot[64];
/* RFC 1320 §3.4: word order and rotations of MD4's three rounds. */
extern const uint8_t hc_md4_word[48];
extern const uint8_t hc_md4_rot[48];
/* FIPS 180-4 §4.2.2: SHA-224/256 round constants; §5.3.2/§5.3.3 initial values. */
extern const uint32_t hc_sha256_k[64];
extern const uint32_t hc_sha256_iv[8];
extern const uint32_t hc_sha224_iv[8];
/* FIPS 180-4 §4.2.3: SHA-384/512 round constants; §5.3.4/§5.3.5 initial values. */
extern const uint64_t hc_sha512_k[80];
extern const uint64_t hc_sha512_iv[8];
extern const uint64_t hc_sha384_iv[8];

/* The last step that reads message word j: MD5 reads it last in round 4 at
 * step 48 + p with (7p mod 16) = j (RFC 1321 §3.4), so p = 7j mod 16 since
 * 7 * 7 = 49 = 1 (mod 16). MD4 reads it last in round 3, whose word order is
 * the 4-bit bit reversal of the position (RFC 1320 §3.4). Both are written as
 * arithmetic so that kernels specialised on j fold them at compile time. */
static inline unsigned hc_md5_last_use(unsigned j)
{
    return 48 + ((7 * j) & 15);
}

static inline unsigned hc_md4_last_use(unsigned j)
{
    return 32 + (((j & 1) << 3) | ((j & 2) << 1) | ((j & 4) >> 1) | ((j & 8) >> 3));
}

static inline uint32_t hc_rol32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> ((32 - n) & 31));
}

/* Per call of an MD5 kernel: km[i] = T[i] + w[word(i)] with the varying
 * bits zero (they are added per lane), the chaining values Q[first-4 ..
 * first-1] after the steps that read no varying word, and the value of
 * Q[last-3] that the target implies, found by running steps 63 .. last+1
 * backwards from the digest (none of them reads a varying word). */
void hc_md5_prepare(const hc_mb_args *args, unsigned first, unsigned last, uint32_t km[64], uint32_t q_first[4],
                    uint32_t *expected);
/* The same for MD4 (48 steps; km[i] = round constant + w[word(i)]). */
void hc_md4_prepare(const hc_mb_args *args, unsigned first, unsigned last, uint32_t km[48], uint32_t q_first[4],
                    uint32_t *expected);
/* SHA-1: the value of T[75], the word computed at step 75 that ends up as
 * digest word 4 (FIPS 180-4 §6.1.2: e after step 79 is ROTL^30(T[75])). */
uint32_t hc_sha1_expected(const hc_mb_args *args);
/* SHA-256: e after step 60 (becomes h, digest word 7); SHA-224, whose
 * digest stops at word 6: a after step 60 (becomes d, word 3). */
uint32_t hc_sha256_expected(const hc_mb_args *args);
/* SHA-512: e after step 76 (becomes h, word 7); SHA-384 (words 0..5): a
 * after step 76 (becomes d, word 3). */
uint64_t hc_sha512_expected(const hc_mb_args *args);

static inline uint64_t hc_rol64(uint64_t x, unsigned n)
{
    return (x << n) | (x >> ((64 - n) & 63));
}

#endif
