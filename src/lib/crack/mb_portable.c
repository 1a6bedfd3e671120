/* Multi-buffer kernels in portable C: GCC/Clang vector extensions of four
 * 32-bit lanes, which compile to SSE2 on x86-64, NEON on AArch64, and plain
 * scalar code elsewhere. The reference for the other instruction sets. */
#include <stdint.h>
#include <string.h>

typedef uint32_t hc_v4 __attribute__((vector_size(16)));

static inline hc_v4 v4_set1(uint32_t x)
{
    hc_v4 v = {x, x, x, x};
    return v;
}

static inline hc_v4 v4_load(const uint32_t *p)
{
    hc_v4 v;
    memcpy(&v, p, sizeof(v));
    return v;
}

static inline unsigned v4_eq(hc_v4 a, hc_v4 b)
{
    unsigned mask = 0;
    for (int i = 0; i < 4; i++)
        mask |= (unsigned)(a[i] == b[i]) << i;
    return mask;
}

#define MB_ISA portable
#define V hc_v4
#define VG hc_v4
#define VL 4
#define MB_NI_MD 2
#define MB_NI_SHA 1
#define V_SET1(x) v4_set1(x)
#define V_LOAD(p) v4_load(p)
#define V_ADD(a, b) ((a) + (b))
#define V_XOR(a, b) ((a) ^ (b))
#define V_ROL(a, n) (((a) << (n)) | ((a) >> (32 - (n))))
#define V_ROR(a, n) (((a) >> (n)) | ((a) << (32 - (n))))
#define V_SHR(a, n) ((a) >> (n))
#define V_SEL(c, x, y) ((y) ^ ((c) & ((x) ^ (y))))
#define V_MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define V_XOR3(x, y, z) ((x) ^ (y) ^ (z))
#define V_MD5I(b, c, d) ((c) ^ ((b) | ~(d)))
#define V_EQ(a, b) v4_eq(a, b)

#include <stdint.h>

#include "mb_kernels.inc"
