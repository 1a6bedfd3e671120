/* Mapping files, memory hints, residency, and surviving a page that
 * cannot be read (platform.h). */
#define _GNU_SOURCE /* MADV_HUGEPAGE, MADV_POPULATE_READ (Linux) */
#include "posix.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

size_t plat_page_size(void)
{
    static atomic_size_t cached;
    size_t page = atomic_load_explicit(&cached, memory_order_relaxed);
    if (page == 0) {
        long n = sysconf(_SC_PAGESIZE);
        page = n > 0 ? (size_t)n : 4096;
        atomic_store_explicit(&cached, page, memory_order_relaxed);
    }
    return page;
}

size_t plat_map_granularity(void)
{
    return plat_page_size();
}

void *plat_map(plat_file file, uint64_t offset, size_t len)
{
    void *map = mmap(NULL, len, PROT_READ, MAP_SHARED, file, (off_t)offset);
    return map == MAP_FAILED ? NULL : map;
}

void plat_unmap(void *address, size_t len)
{
    munmap(address, len);
}

int plat_memory_advise(void *address, size_t len, plat_memory_hint hint)
{
    int advice = -1;
    switch (hint) {
    case PLAT_HINT_HUGEPAGE:
#ifdef MADV_HUGEPAGE
        advice = MADV_HUGEPAGE;
#endif
        break;
    case PLAT_HINT_DONTNEED:
#ifdef MADV_DONTNEED
        advice = MADV_DONTNEED;
#endif
        break;
    case PLAT_HINT_POPULATE:
        /* Linux 5.14; an older kernel says EINVAL */
#ifdef MADV_POPULATE_READ
        advice = MADV_POPULATE_READ;
#endif
        break;
    }
    if (advice < 0) {
        errno = ENOTSUP;
        return -1;
    }
    if (madvise(address, len, advice) == 0)
        return 0;
    if (errno == EINVAL && hint == PLAT_HINT_POPULATE)
        errno = ENOTSUP;
    return -1;
}

plat_residency plat_map_residency(const void *address)
{
#ifdef HC_HAVE_MINCORE
    uintptr_t page = plat_page_size();
    void *first = (void *)((uintptr_t)address / page * page);
    unsigned char resident = 1;
    if (mincore(first, 1, (void *)&resident) != 0)
        return PLAT_RESIDENCY_UNKNOWN;
    return (resident & 1) ? PLAT_RESIDENT : PLAT_NOT_RESIDENT;
#else
    (void)address;
    return PLAT_RESIDENCY_UNKNOWN;
#endif
}

/* ---- the guard: SIGBUS inside a guarded range jumps back ---------------- */

typedef struct bus_guard {
    sigjmp_buf env;
} bus_guard;

static _Thread_local bus_guard *volatile current_guard;
static struct sigaction previous_sigbus;
static pthread_once_t sigbus_once = PTHREAD_ONCE_INIT;

static void on_sigbus(int signal_number, siginfo_t *info, void *context)
{
    (void)context;
    bus_guard *guard = current_guard;
    /* A fault (si_code > 0) on a thread inside a guarded call is the
     * range's: the guarded function reads that range and its own memory
     * only. The address is not required to lie in the range, because not
     * every system reports it exactly: s390 gives the page at best, and
     * qemu-user's s390x emulation (the cross tests) a scrambled value. */
    if (guard != NULL && info->si_code > 0)
        siglongjmp(guard->env, 1);
    /* Not ours: the previous disposition takes it, when the faulting
     * instruction runs again (or at once, for a SIGBUS sent by kill). */
    sigaction(SIGBUS, &previous_sigbus, NULL);
    if (info->si_code <= 0)
        raise(signal_number);
}

static void install_sigbus_handler(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_sigbus);
}

bool plat_guarded_call(const void *base, size_t len, int (*fn)(void *arg), void *arg, int *result)
{
    pthread_once(&sigbus_once, install_sigbus_handler);
    bus_guard guard;
    (void)base; /* see on_sigbus: the fault's address is not relied on */
    (void)len;
    /* The signal mask is saved and restored: SIGBUS is blocked while its
     * handler runs, and leaving that by siglongjmp must unblock it (one
     * system call per call). */
    if (sigsetjmp(guard.env, 1) != 0) {
        current_guard = NULL;
        return false;
    }
    current_guard = &guard;
    int value = fn(arg);
    current_guard = NULL;
    *result = value;
    return true;
}
