/* The MD4 (and NTLM) brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_md.h. */
#include "vec_avx2.h"

#define MD_INTERLEAVE 2 /* vectors in flight */
#include "mb_md.h"

MD_FAMILY(md4, false)

MB_ENTRY(hc_mb_md4_avx2, md4_dispatch)
