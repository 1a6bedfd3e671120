/* The MD5 brute-force kernel in AVX-512: sixteen 32-bit lanes, vprold and vpternlogd.
 * The family's code: mb_md.h. */
#include "vec_avx512.h"

#define MD_INTERLEAVE 3 /* vectors in flight */
#include "mb_md.h"

MD_FAMILY(md5, true)

MB_ENTRY(hc_mb_md5_avx512, md5_dispatch)
