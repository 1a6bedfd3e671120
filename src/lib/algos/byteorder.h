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

/* The load and the store of one width: the host's bytes, swapped on a
 * big-endian host. */
#ifdef HC_BIG_ENDIAN
#define HC_LE_SWAP(bits, v) __builtin_bswap##bits(v)
#else
#define HC_LE_SWAP(bits, v) (v)
#endif

#define HC_LE_WORD(bits)                                              \
    static inline uint##bits##_t hc_load##bits##_le(const uint8_t *p) \
    {                                                                 \
        uint##bits##_t v;                                             \
        memcpy(&v, p, sizeof(v));                                     \
        return HC_LE_SWAP(bits, v);                                   \
    }                                                                 \
    static inline void hc_store##bits##_le(uint8_t *p, uint##bits##_t v) \
    {                                                                 \
        v = HC_LE_SWAP(bits, v);                                      \
        memcpy(p, &v, sizeof(v));                                     \
    }

HC_LE_WORD(32)
HC_LE_WORD(64)

#endif
