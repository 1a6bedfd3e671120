/* Mapping files, memory hints and surviving a page that cannot be read
 * (platform.h): file mappings through CreateFileMappingW and MapViewOfFile;
 * a page that cannot be read raises EXCEPTION_IN_PAGE_ERROR, which a
 * vectored handler turns into a jump back to plat_guarded_call. */
#include "win32.h"

#include <errno.h>
#include <stdatomic.h>

static void system_info(SYSTEM_INFO *si)
{
    GetSystemInfo(si);
}

size_t plat_page_size(void)
{
    SYSTEM_INFO si;
    system_info(&si);
    return si.dwPageSize;
}

size_t plat_map_granularity(void)
{
    SYSTEM_INFO si;
    system_info(&si);
    return si.dwAllocationGranularity;
}

void *plat_map(plat_file file, uint64_t offset, size_t len)
{
    HANDLE h = plat_win32_handle(file);
    if (h == INVALID_HANDLE_VALUE)
        return NULL;
    HANDLE mapping = CreateFileMappingW(h, NULL, PAGE_READONLY, 0, 0, NULL);
    if (mapping == NULL) {
        plat_win32_errno(GetLastError());
        return NULL;
    }
    void *view = MapViewOfFile(mapping, FILE_MAP_READ, (DWORD)(offset >> 32), (DWORD)offset, len);
    if (view == NULL)
        plat_win32_errno(GetLastError());
    CloseHandle(mapping); /* the view keeps the mapping alive */
    return view;
}

void plat_unmap(void *address, size_t len)
{
    (void)len;
    UnmapViewOfFile(address);
}

/* Large pages need a privilege, dropping a view's pages and faulting a
 * whole range in have no call that fits: none of the hints. */
int plat_memory_advise(void *address, size_t len, plat_memory_hint hint)
{
    (void)address;
    (void)len;
    (void)hint;
    errno = ENOTSUP;
    return -1;
}

plat_residency plat_map_residency(const void *address)
{
    (void)address;
    return PLAT_RESIDENCY_UNKNOWN;
}

/* ---- the guard ------------------------------------------------------------ */

typedef struct guard {
    const char *base;
    size_t len;
    void *jump[5]; /* __builtin_setjmp's buffer */
} guard;

static _Thread_local guard *active_guard;
static atomic_int handler_added;

/* Runs on the faulting thread with the stack intact: back to the guard. */
static void guard_escape(void)
{
    __builtin_longjmp(active_guard->jump, 1);
}

static LONG CALLBACK on_exception(EXCEPTION_POINTERS *e)
{
    guard *g = active_guard;
    const EXCEPTION_RECORD *r = e->ExceptionRecord;
    if (g == NULL || r->ExceptionCode != EXCEPTION_IN_PAGE_ERROR || r->NumberParameters < 2)
        return EXCEPTION_CONTINUE_SEARCH;
    const char *at = (const char *)r->ExceptionInformation[1];
    if (at < g->base || at >= g->base + g->len)
        return EXCEPTION_CONTINUE_SEARCH;
    /* Resume in guard_escape as if called there (16-byte aligned stack less
     * a return address). */
    e->ContextRecord->Rsp = ((e->ContextRecord->Rsp - 256) & ~(DWORD64)15) - 8;
    e->ContextRecord->Rip = (DWORD64)(uintptr_t)guard_escape;
    return EXCEPTION_CONTINUE_EXECUTION;
}

bool plat_guarded_call(const void *base, size_t len, int (*fn)(void *arg), void *arg, int *result)
{
    if (!atomic_exchange(&handler_added, 1))
        AddVectoredExceptionHandler(1, on_exception);
    guard g = {.base = base, .len = len};
    active_guard = &g;
    if (__builtin_setjmp(g.jump) != 0) {
        active_guard = NULL;
        return false;
    }
    *result = fn(arg);
    active_guard = NULL;
    return true;
}
