/* The release of the library, as the build system names it. */
#include "hc/hc.h"

const char *hc_version(void)
{
    return HC_VERSION;
}
