/* The MD4 (and NTLM) brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_md4.h. */
#include "vec_avx2.h"

#define MD_INTERLEAVE 2 /* vectors in flight */
#include "mb_md4.h"

size_t hc_mb_md4_avx2(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                      unsigned *count)
{
    return md4_dispatch(args, u, end, hits, cap, count);
}
