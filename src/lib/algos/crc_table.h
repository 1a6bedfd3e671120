/* The byte-wise table of a reflected CRC-32 (RFC 1952 §8; CRC-32C: RFC 3720
 * B.4) and the register arithmetic on it, for the brute-force engine's CRC
 * scan (crack/engine_kernel.c), which makes one per job from the row's polynomial
 * (hc_algorithm.crc_poly). The CRC rows' own code has its tables generated
 * (crc_own.h). */
#ifndef HC_ALGOS_CRC_TABLE_H
#define HC_ALGOS_CRC_TABLE_H

#include <stddef.h>
#include <stdint.h>

/* table[b] = the register after the byte b from a zero register. */
static inline void hc_crc_table_make(uint32_t table[256], uint32_t poly)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t r = i;
        for (int k = 0; k < 8; k++)
            r = (r >> 1) ^ (poly & (0u - (r & 1)));
        table[i] = r;
    }
}

/* The register after the bytes (not inverted: callers start from
 * 0xFFFFFFFF and invert at the end where the algorithm says so). */
static inline uint32_t hc_crc_table_run(const uint32_t table[256], uint32_t reg, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        reg = table[(reg ^ p[i]) & 0xFF] ^ (reg >> 8);
    return reg;
}

#endif
