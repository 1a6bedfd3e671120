/* Threads (platform.h): winpthreads (MinGW's posix thread model). Ctrl+C
 * reaches a console handler on a thread of its own (signal.c), so there
 * is no signal mask to set. */
#include "win32.h"
#include "../common/common.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

int plat_os_thread_create(pthread_t *id, void *(*body)(void *arg), void *arg)
{
    return pthread_create(id, NULL, body, arg);
}

uintptr_t plat_thread_id(void)
{
    return (uintptr_t)GetCurrentThreadId();
}

/* ---- locks: Windows' own (platform.h says why not winpthreads') ---------- */

_Static_assert(sizeof(plat_once) == sizeof(INIT_ONCE), "plat_once holds an INIT_ONCE");

typedef struct once_call {
    void (*fn)(void);
} once_call;

static BOOL CALLBACK run_once_call(PINIT_ONCE once, PVOID call, PVOID *context)
{
    (void)once;
    (void)context;
    ((once_call *)call)->fn();
    return TRUE;
}

void plat_run_once(plat_once *once, void (*fn)(void))
{
    /* the function travels in a struct: a function pointer is no PVOID */
    once_call call = {fn};
    InitOnceExecuteOnce((PINIT_ONCE)once, run_once_call, &call, NULL);
}

_Static_assert(sizeof(plat_mutex) == sizeof(SRWLOCK), "plat_mutex holds an SRWLOCK");
_Static_assert(sizeof(plat_cond) == sizeof(CONDITION_VARIABLE), "plat_cond holds a CONDITION_VARIABLE");

int plat_mutex_init(plat_mutex *mutex)
{
    InitializeSRWLock((PSRWLOCK)mutex);
    return 0;
}

void plat_mutex_destroy(plat_mutex *mutex)
{
    (void)mutex;
}

void plat_mutex_lock(plat_mutex *mutex)
{
    AcquireSRWLockExclusive((PSRWLOCK)mutex);
}

void plat_mutex_unlock(plat_mutex *mutex)
{
    ReleaseSRWLockExclusive((PSRWLOCK)mutex);
}

int plat_cond_init(plat_cond *cond)
{
    InitializeConditionVariable((PCONDITION_VARIABLE)cond);
    return 0;
}

void plat_cond_destroy(plat_cond *cond)
{
    (void)cond;
}

void plat_cond_wait(plat_cond *cond, plat_mutex *mutex)
{
    SleepConditionVariableSRW((PCONDITION_VARIABLE)cond, (PSRWLOCK)mutex, INFINITE, 0);
}

void plat_cond_signal(plat_cond *cond)
{
    WakeConditionVariable((PCONDITION_VARIABLE)cond);
}

void plat_cond_broadcast(plat_cond *cond)
{
    WakeAllConditionVariable((PCONDITION_VARIABLE)cond);
}
