/* The MD4 (and NTLM) brute-force kernel in portable C: four lanes of GCC
 * vector code (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_md4.h. */
#include "vec_portable.h"

#define MD_INTERLEAVE 2 /* vectors in flight */
#include "mb_md4.h"

size_t hc_mb_md4_portable(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count)
{
    return md4_dispatch(args, u, end, hits, cap, count);
}

bool hc_mb_md4_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    return md4_filter_key(args, target, key);
}
