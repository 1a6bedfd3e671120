/* Files (platform.h) through CreateFileW and positioned ReadFile/WriteFile;
 * the plat_file is a CRT descriptor wrapping the HANDLE (_open_osfhandle),
 * so that 0, 1 and 2 are the standard streams as everywhere. */
#include "win32.h"
#include "../common/common.h"

#include <winternl.h>

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>

/* Opens path with CreateFileW: shared for reading, writing and deletion as
 * POSIX files are; directories too (BACKUP_SEMANTICS) so that their
 * identity can be read. */
static HANDLE open_handle(const char *path, DWORD access, DWORD disposition, DWORD flags)
{
    wchar_t *wide = plat_win32_wide_path(path);
    if (wide == NULL)
        return INVALID_HANDLE_VALUE;
    HANDLE h = CreateFileW(wide, access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL, disposition,
                           flags | FILE_FLAG_BACKUP_SEMANTICS, NULL);
    if (h == INVALID_HANDLE_VALUE)
        plat_win32_errno(GetLastError());
    free(wide);
    return h;
}

plat_file plat_open(const char *path, unsigned flags)
{
    bool write = flags & PLAT_OPEN_WRITE;
    bool append = write && (flags & PLAT_OPEN_APPEND);
    DWORD disposition = (flags & PLAT_OPEN_CREATE_NEW) ? CREATE_NEW : append ? OPEN_ALWAYS : OPEN_EXISTING;
    DWORD extra = (flags & PLAT_OPEN_NOFOLLOW) ? FILE_FLAG_OPEN_REPARSE_POINT : 0;
    /* append access without write access: the system puts every write at
     * the end, as O_APPEND does */
    DWORD access = append ? FILE_APPEND_DATA | SYNCHRONIZE : write ? GENERIC_WRITE : GENERIC_READ;
    HANDLE h = open_handle(path, access, disposition, extra);
    if (h == INVALID_HANDLE_VALUE)
        return PLAT_FILE_INVALID;
    if (flags & PLAT_OPEN_NOFOLLOW) {
        plat_file_info info;
        if (plat_win32_info(h, &info) == 0 && info.kind == PLAT_KIND_LINK) {
            CloseHandle(h);
            errno = ELOOP;
            return PLAT_FILE_INVALID;
        }
    }
    int fd = _open_osfhandle((intptr_t)h, (write ? _O_WRONLY : _O_RDONLY) | _O_BINARY | _O_NOINHERIT);
    if (fd < 0) {
        CloseHandle(h);
        errno = EMFILE;
        return PLAT_FILE_INVALID;
    }
    return fd;
}

int plat_close(plat_file file)
{
    return _close(file);
}

/* The native calls under ReadFile and WriteFile (documented for drivers as
 * ZwReadFile/ZwWriteFile; winternl.h does not declare them). */
NTSTATUS NTAPI NtReadFile(HANDLE file, HANDLE event, PVOID apc, PVOID apc_context, PIO_STATUS_BLOCK status,
                          PVOID buffer, ULONG length, PLARGE_INTEGER offset, PULONG key);
NTSTATUS NTAPI NtWriteFile(HANDLE file, HANDLE event, PVOID apc, PVOID apc_context, PIO_STATUS_BLOCK status,
                           PVOID buffer, ULONG length, PLARGE_INTEGER offset, PULONG key);

#define STATUS_END_OF_FILE_CODE ((NTSTATUS)0xC0000011L)
#define STATUS_PIPE_BROKEN_CODE ((NTSTATUS)0xC000014BL)

/* One transfer at the file's position (ReadFile/WriteFile: pipes, consoles,
 * appends) or at offset. A positioned one goes to NtReadFile/NtWriteFile
 * with the offset and no event: what ReadFile does with an OVERLAPPED on a
 * synchronous handle, less its event and completion bookkeeping, which
 * under Wine is a round trip to its server per call (2 MiB units of a warm
 * file: 10 GB/s through ReadFile, 17 GB/s this way; bench/windows_speed.sh).
 * Never more than a DWORD's worth at once. */
static ptrdiff_t transfer(plat_file file, void *buffer, size_t len, const uint64_t *offset, bool write)
{
    HANDLE h = plat_win32_handle(file);
    if (h == INVALID_HANDLE_VALUE)
        return -1;
    DWORD want = len > 0x40000000u ? 0x40000000u : (DWORD)len, done = 0;
    if (offset) {
        IO_STATUS_BLOCK io;
        LARGE_INTEGER at;
        at.QuadPart = (LONGLONG)*offset;
        io.Information = 0;
        NTSTATUS status = write ? NtWriteFile(h, NULL, NULL, NULL, &io, buffer, want, &at, NULL)
                                : NtReadFile(h, NULL, NULL, NULL, &io, buffer, want, &at, NULL);
        if (status == STATUS_PENDING) { /* a handle opened for overlapped I/O: its object signals the end */
            WaitForSingleObject(h, INFINITE);
            status = io.Status;
        }
        if (status >= 0)
            return (ptrdiff_t)io.Information;
        if (!write && (status == STATUS_END_OF_FILE_CODE || status == STATUS_PIPE_BROKEN_CODE))
            return 0;
        plat_win32_errno(RtlNtStatusToDosError(status));
        return -1;
    }
    BOOL ok = write ? WriteFile(h, buffer, want, &done, NULL) : ReadFile(h, buffer, want, &done, NULL);
    if (!ok) {
        DWORD error = GetLastError();
        /* the end of a file or of a pipe whose writer is gone */
        if (!write && (error == ERROR_HANDLE_EOF || error == ERROR_BROKEN_PIPE))
            return 0;
        plat_win32_errno(error);
        return -1;
    }
    return (ptrdiff_t)done;
}

ptrdiff_t plat_read(plat_file file, void *buffer, size_t len)
{
    return transfer(file, buffer, len, NULL, false);
}

ptrdiff_t plat_pread(plat_file file, void *buffer, size_t len, uint64_t offset)
{
    return transfer(file, buffer, len, &offset, false);
}

ptrdiff_t plat_write(plat_file file, const void *data, size_t len)
{
    return transfer(file, (void *)data, len, NULL, true);
}

ptrdiff_t plat_pwrite(plat_file file, const void *data, size_t len, uint64_t offset)
{
    return transfer(file, (void *)data, len, &offset, true);
}

/* Windows has no read that stops at the cache's edge. */
ptrdiff_t plat_pread_cached(plat_file file, void *buffer, size_t len, uint64_t offset)
{
    return plat_read_not_supported(file, buffer, len, offset);
}

/* Nor a way to ask the cache about a page. */
bool plat_page_cached(plat_file file, uint64_t offset)
{
    (void)file;
    (void)offset;
    return false;
}

int plat_truncate(plat_file file, uint64_t size)
{
    HANDLE h = plat_win32_handle(file);
    FILE_END_OF_FILE_INFO end = {.EndOfFile.QuadPart = (LONGLONG)size};
    if (h == INVALID_HANDLE_VALUE)
        return -1;
    if (!SetFileInformationByHandle(h, FileEndOfFileInfo, &end, sizeof(end))) {
        plat_win32_errno(GetLastError());
        return -1;
    }
    return 0;
}

/* Windows reserves nothing without changing the size (the allocation
 * size of FILE_ALLOCATION_INFO is given back on close): nothing here. */
int plat_reserve(plat_file file, uint64_t len)
{
    (void)file;
    (void)len;
    return 0;
}

int plat_set_blocking(plat_file file)
{
    (void)file;
    return 0;
}

int plat_file_info_of(plat_file file, plat_file_info *info)
{
    HANDLE h = plat_win32_handle(file);
    return h == INVALID_HANDLE_VALUE ? -1 : plat_win32_info(h, info);
}

/* stat and lstat: the file opened for its attributes only. */
static int info_by_path(const char *path, plat_file_info *info, DWORD flags)
{
    HANDLE h = open_handle(path, FILE_READ_ATTRIBUTES, OPEN_EXISTING, flags);
    if (h == INVALID_HANDLE_VALUE)
        return -1;
    int result = plat_win32_info(h, info);
    CloseHandle(h);
    return result;
}

int plat_path_info(const char *path, plat_file_info *info)
{
    return info_by_path(path, info, 0);
}

int plat_link_info(const char *path, plat_file_info *info)
{
    return info_by_path(path, info, FILE_FLAG_OPEN_REPARSE_POINT);
}

int plat_make_dir(const char *path)
{
    wchar_t *wide = plat_win32_wide_path(path);
    if (wide == NULL)
        return -1;
    BOOL ok = CreateDirectoryW(wide, NULL);
    if (!ok)
        plat_win32_errno(GetLastError());
    free(wide);
    return ok ? 0 : -1;
}

/* %LOCALAPPDATA% in UTF-8 (malloc'ed), NULL when unset: the folder of both
 * a user's data and a program's state on Windows. */
static char *local_app_data(void)
{
    const wchar_t *local = _wgetenv(L"LOCALAPPDATA");
    if (local == NULL || local[0] == L'\0')
        return NULL;
    /* UTF-8 takes at most 3 bytes per UTF-16 unit */
    size_t size = 3 * wcslen(local) + 1;
    char *dir = malloc(size);
    if (dir != NULL && !plat_win32_utf8(local, dir, size)) {
        free(dir);
        dir = NULL;
    }
    return dir;
}

char *plat_user_data_dir(void)
{
    return local_app_data();
}

int plat_unlink(const char *path)
{
    wchar_t *wide = plat_win32_wide_path(path);
    if (wide == NULL)
        return -1;
    BOOL ok = DeleteFileW(wide);
    if (!ok)
        plat_win32_errno(GetLastError());
    free(wide);
    return ok ? 0 : -1;
}

/* MoveFileExW without MOVEFILE_REPLACE_EXISTING never replaces:
 * ERROR_ALREADY_EXISTS (EEXIST) when `to` exists. */
int plat_rename_new(const char *from, const char *to)
{
    wchar_t *wide_from = plat_win32_wide_path(from);
    wchar_t *wide_to = wide_from ? plat_win32_wide_path(to) : NULL;
    BOOL ok = wide_to != NULL && MoveFileExW(wide_from, wide_to, 0);
    if (!ok && wide_to != NULL)
        plat_win32_errno(GetLastError());
    free(wide_from);
    free(wide_to);
    return ok ? 0 : -1;
}

int plat_rename_replace(const char *from, const char *to)
{
    wchar_t *wide_from = plat_win32_wide_path(from);
    wchar_t *wide_to = wide_from ? plat_win32_wide_path(to) : NULL;
    BOOL ok = wide_to != NULL && MoveFileExW(wide_from, wide_to, MOVEFILE_REPLACE_EXISTING);
    if (!ok && wide_to != NULL)
        plat_win32_errno(GetLastError());
    free(wide_from);
    free(wide_to);
    return ok ? 0 : -1;
}

char *plat_user_state_dir(void)
{
    return local_app_data();
}

/* The target of a symbolic link: the path it resolves to (Windows keeps
 * a print name and a substitute name; the resolved path is the one every
 * program can use). EINVAL when path is not a symbolic link. */
bool plat_path_too_long(const char *path)
{
    /* the name as the W calls get it: the limit is on that */
    wchar_t *wide = plat_win32_wide_path(path);
    bool too_long = wide != NULL && wcslen(wide) >= 32767;
    free(wide);
    return too_long;
}

int plat_check_writable(const char *path)
{
    wchar_t *wide = plat_win32_wide_path(path);
    if (wide == NULL)
        return -1;
    DWORD attributes = GetFileAttributesW(wide);
    DWORD error = attributes == INVALID_FILE_ATTRIBUTES ? GetLastError() : ERROR_SUCCESS;
    free(wide);
    if (attributes != INVALID_FILE_ATTRIBUTES) {
        errno = attributes & FILE_ATTRIBUTE_DIRECTORY ? EISDIR : EACCES;
        return attributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_READONLY) ? -1 : 0;
    }
    /* not found with its folder there: a new file (a missing folder is
     * ERROR_PATH_NOT_FOUND) */
    if (error == ERROR_FILE_NOT_FOUND)
        return 0;
    plat_win32_errno(error);
    return -1;
}

char *plat_read_link(const char *path)
{
    plat_file_info info;
    if (plat_link_info(path, &info) != 0)
        return NULL;
    if (info.kind != PLAT_KIND_LINK) {
        errno = EINVAL;
        return NULL;
    }
    HANDLE h = open_handle(path, FILE_READ_ATTRIBUTES, OPEN_EXISTING, 0);
    if (h == INVALID_HANDLE_VALUE)
        return NULL;
    wchar_t wide[32768];
    DWORD n = GetFinalPathNameByHandleW(h, wide, sizeof(wide) / sizeof(wide[0]), FILE_NAME_NORMALIZED);
    CloseHandle(h);
    if (n == 0 || n >= sizeof(wide) / sizeof(wide[0])) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    const wchar_t *shown = wcsncmp(wide, L"\\\\?\\", 4) == 0 && wide[5] == L':' ? wide + 4 : wide;
    char *target = malloc(3 * (size_t)n + 1);
    if (target == NULL || !plat_win32_utf8(shown, target, 3 * (size_t)n + 1)) {
        free(target);
        errno = ENOMEM;
        return NULL;
    }
    return target;
}

/* No per-range advice on Windows (FILE_FLAG_SEQUENTIAL_SCAN is chosen at
 * open): a hint, so nothing. */
void plat_advise(plat_file file, uint64_t offset, uint64_t len, plat_advice advice)
{
    (void)file;
    (void)offset;
    (void)len;
    (void)advice;
}
