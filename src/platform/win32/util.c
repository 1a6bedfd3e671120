/* UTF-8 <-> UTF-16 at the boundary, errno from Windows' error codes, and
 * the identity of an open file (win32.h). */
#include "win32.h"

#include <errno.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>

int plat_win32_errno(DWORD error)
{
    int e;
    switch (error) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_NET_NAME:
    case ERROR_INVALID_NAME: /* '*', '?', '<'...: no file can have that name */
        e = ENOENT;
        break;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
    case ERROR_PRIVILEGE_NOT_HELD:
        e = EACCES;
        break;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
        e = EEXIST;
        break;
    case ERROR_DIRECTORY:
        e = ENOTDIR;
        break;
    case ERROR_FILENAME_EXCED_RANGE:
        e = ENAMETOOLONG;
        break;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
        e = ENOMEM;
        break;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
        e = ENOSPC;
        break;
    case ERROR_INVALID_HANDLE:
        e = EBADF;
        break;
    case ERROR_BROKEN_PIPE:
    case ERROR_NO_DATA:
    case ERROR_PIPE_NOT_CONNECTED: /* what Wine answers for a reader gone */
        e = EPIPE;
        break;
    case ERROR_NOT_SUPPORTED:
    case ERROR_INVALID_FUNCTION:
        e = ENOTSUP;
        break;
    case ERROR_CANT_RESOLVE_FILENAME:
        e = ELOOP;
        break;
    case ERROR_NO_UNICODE_TRANSLATION:
        e = EILSEQ;
        break;
    default:
        e = EIO;
        break;
    }
    errno = e;
    return e;
}

wchar_t *plat_win32_wide_path(const char *path)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, NULL, 0);
    if (n <= 0) {
        errno = EILSEQ;
        return NULL;
    }
    wchar_t *wide = malloc((size_t)n * sizeof(wchar_t));
    if (wide == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, wide, n);
    for (wchar_t *c = wide; *c; c++)
        if (*c == L'/')
            *c = L'\\';
    if (n - 1 < MAX_PATH - 12 || wcsncmp(wide, L"\\\\?\\", 4) == 0)
        return wide;
    /* Long: the full path behind \\?\ (or \\?\UNC\ for \\server\share),
     * which the W calls take up to 32767 characters. */
    DWORD full_len = GetFullPathNameW(wide, 0, NULL, NULL);
    wchar_t *full = full_len ? malloc((size_t)full_len * sizeof(wchar_t)) : NULL;
    wchar_t *long_path = full ? malloc(((size_t)full_len + 8) * sizeof(wchar_t)) : NULL;
    if (long_path == NULL || GetFullPathNameW(wide, full_len, full, NULL) == 0) {
        free(full);
        free(long_path);
        free(wide);
        errno = ENOMEM;
        return NULL;
    }
    if (full[0] == L'\\' && full[1] == L'\\') {
        wcscpy(long_path, L"\\\\?\\UNC");
        wcscat(long_path, full + 1); /* \server\share\... keeps one backslash */
    } else {
        wcscpy(long_path, L"\\\\?\\");
        wcscat(long_path, full);
    }
    free(full);
    free(wide);
    return long_path;
}

bool plat_win32_utf8(const wchar_t *wide, char *out, size_t size)
{
    int n = WideCharToMultiByte(CP_UTF8, 0, wide, -1, out, size > INT_MAX ? INT_MAX : (int)size, NULL, NULL);
    return n > 0;
}

HANDLE plat_win32_handle(plat_file file)
{
    intptr_t h = _get_osfhandle(file);
    if (h == -1 || h == -2) {
        errno = EBADF;
        return INVALID_HANDLE_VALUE;
    }
    return (HANDLE)h;
}

/* What a handle opened without the right to read attributes still tells
 * (Wine's standard input redirected from a file, `hc sha256 file < x`):
 * its kind and size. Its identity is unknown: a value of its own, which no
 * other file's volume serial number takes. */
static int standard_info(HANDLE handle, plat_file_info *info)
{
    FILE_STANDARD_INFO standard;
    if (!GetFileInformationByHandleEx(handle, FileStandardInfo, &standard, sizeof(standard))) {
        plat_win32_errno(GetLastError());
        return -1;
    }
    info->kind = standard.Directory ? PLAT_KIND_DIRECTORY : PLAT_KIND_REGULAR;
    info->size = standard.Directory ? 0 : (uint64_t)standard.EndOfFile.QuadPart;
    info->device = UINT64_MAX;
    info->inode = (uint64_t)(uintptr_t)handle;
    info->mode = 0444;
    return 0;
}

int plat_win32_info(HANDLE handle, plat_file_info *info)
{
    memset(info, 0, sizeof(*info));
    DWORD type = GetFileType(handle);
    if (type == FILE_TYPE_PIPE || type == FILE_TYPE_CHAR) {
        info->kind = type == FILE_TYPE_PIPE ? PLAT_KIND_FIFO : PLAT_KIND_CHAR;
        info->mode = 0666;
        return 0;
    }
    BY_HANDLE_FILE_INFORMATION bh;
    if (!GetFileInformationByHandle(handle, &bh))
        return standard_info(handle, info);
    if (bh.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) {
        FILE_ATTRIBUTE_TAG_INFO tag;
        info->kind = GetFileInformationByHandleEx(handle, FileAttributeTagInfo, &tag, sizeof(tag)) &&
                             tag.ReparseTag == IO_REPARSE_TAG_SYMLINK
                         ? PLAT_KIND_LINK
                     : (bh.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) ? PLAT_KIND_DIRECTORY
                                                                         : PLAT_KIND_REGULAR;
    } else {
        info->kind = (bh.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) ? PLAT_KIND_DIRECTORY : PLAT_KIND_REGULAR;
    }
    info->size = info->kind == PLAT_KIND_REGULAR ? (uint64_t)bh.nFileSizeHigh << 32 | bh.nFileSizeLow : 0;
    info->device = bh.dwVolumeSerialNumber;
    info->inode = (uint64_t)bh.nFileIndexHigh << 32 | bh.nFileIndexLow;
    info->mode = (bh.dwFileAttributes & FILE_ATTRIBUTE_READONLY) ? 0444 : 0666;
    return 0;
}
