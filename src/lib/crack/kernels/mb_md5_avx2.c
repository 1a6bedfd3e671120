/* The MD5 brute-force kernel in AVX2: eight 32-bit lanes.
 * The family's code: mb_md.h. */
#include "vec_avx2.h"

#define MD_INTERLEAVE 2 /* vectors in flight */
#include "mb_md.h"

MD_FAMILY(md5, true)

MB_ENTRY(hc_mb_md5_avx2, md5_dispatch)
