/* The MD5 brute-force kernel in portable C: four lanes of GCC vector code
 * (SSE2 on x86-64, NEON on AArch64).
 * The family's code: mb_md.h. */
#include "vec_portable.h"

#define MD_INTERLEAVE 2 /* vectors in flight */
#include "mb_md.h"

MD_FAMILY(md5, true)

MB_ENTRY(hc_mb_md5_portable, md5_dispatch)

MB_FILTER_KEY_ENTRY(hc_mb_md5_filter_key, md5_filter_key)
