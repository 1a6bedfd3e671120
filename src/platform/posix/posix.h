/* What the POSIX files of the platform layer share (never included above
 * the layer). */
#ifndef HC_PLATFORM_POSIX_H
#define HC_PLATFORM_POSIX_H

#include <sys/stat.h>

#include "platform.h"

/* mincore(2): not in POSIX, but in every system this layer targets but
 * the rare ones; without it residency is unknown. */
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || \
    defined(__OpenBSD__) || defined(__DragonFly__)
#define HC_HAVE_MINCORE 1
#endif

/* The kind of file a stat mode describes. */
plat_file_kind plat_posix_kind(mode_t mode);
/* An info from a stat. */
void plat_posix_info(const struct stat *st, plat_file_info *info);
/* open(2) flags for plat_open's. */
int plat_posix_open_flags(unsigned flags);

#endif
