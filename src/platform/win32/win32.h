/* What the Windows files of the platform layer share (never included
 * above the layer): names between UTF-8 (everything above the layer) and
 * UTF-16 (every W call), errno from GetLastError, and the HANDLE behind a
 * plat_file (a CRT descriptor, platform.h). */
#ifndef HC_PLATFORM_WIN32_H
#define HC_PLATFORM_WIN32_H

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include "platform.h"

/* A UTF-8 path as a UTF-16 one the W calls take, in memory the caller
 * frees: `\\?\`-prefixed when it is long (over MAX_PATH, which the
 * prefix lifts), `/` turned into `\`. NULL with errno (EILSEQ: not UTF-8;
 * ENOMEM). */
wchar_t *plat_win32_wide_path(const char *path);
/* UTF-16 to UTF-8 into out (size bytes); false when it does not fit. */
bool plat_win32_utf8(const wchar_t *wide, char *out, size_t size);
/* errno for GetLastError()'s code; also sets errno. */
int plat_win32_errno(DWORD error);
/* The HANDLE of a plat_file, INVALID_HANDLE_VALUE (errno EBADF) when none. */
HANDLE plat_win32_handle(plat_file file);
/* An info from an open handle. 0 or -1. */
int plat_win32_info(HANDLE handle, plat_file_info *info);

#endif
