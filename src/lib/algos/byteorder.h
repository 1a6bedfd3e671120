/* Little-endian loads and stores of 32- and 64-bit words, whatever the host
 * byte order. Keccak (FIPS 202 §B.1) and BLAKE2 (RFC 7693 §2.4) both read
 * message bytes as little-endian words. memcpy keeps unaligned input legal;
 * compilers turn it into one load or store. */
#ifndef HC_ALGOS_BYTEORDER_H
#define HC_ALGOS_BYTEORDER_H

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HC_BIG_ENDIAN 1
#endif

static inline uint64_t hc_load64_le(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof(v));
#ifdef HC_BIG_ENDIAN
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline uint32_t hc_load32_le(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof(v));
#ifdef HC_BIG_ENDIAN
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline void hc_store64_le(uint8_t *p, uint64_t v)
{
#ifdef HC_BIG_ENDIAN
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, sizeof(v));
}

static inline void hc_store32_le(uint8_t *p, uint32_t v)
{
#ifdef HC_BIG_ENDIAN
    v = __builtin_bswap32(v);
#endif
    memcpy(p, &v, sizeof(v));
}

#endif
