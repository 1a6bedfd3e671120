/* Threads (platform.h): pthreads, the interrupt signals blocked in every
 * thread started here. */
#include "posix.h"
#include "../common/common.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

/* The new thread inherits the mask in force when it is created. */
int plat_os_thread_create(pthread_t *id, void *(*body)(void *arg), void *arg)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int error = pthread_create(id, NULL, body, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return error;
}

/* The address of a thread-local object: distinct for every live thread. */
uintptr_t plat_thread_id(void)
{
    static _Thread_local char marker;
    return (uintptr_t)&marker;
}

void plat_run_once(plat_once *once, void (*fn)(void))
{
    pthread_once(once, fn);
}

/* A pthread call's result as platform.h's: 0, or -1 with errno set. */
static int call_result(int error)
{
    errno = error;
    return error == 0 ? 0 : -1;
}

int plat_mutex_init(plat_mutex *mutex)
{
    return call_result(pthread_mutex_init(mutex, NULL));
}

void plat_mutex_destroy(plat_mutex *mutex)
{
    pthread_mutex_destroy(mutex);
}

void plat_mutex_lock(plat_mutex *mutex)
{
    pthread_mutex_lock(mutex);
}

void plat_mutex_unlock(plat_mutex *mutex)
{
    pthread_mutex_unlock(mutex);
}

int plat_cond_init(plat_cond *cond)
{
    return call_result(pthread_cond_init(cond, NULL));
}

void plat_cond_destroy(plat_cond *cond)
{
    pthread_cond_destroy(cond);
}

void plat_cond_wait(plat_cond *cond, plat_mutex *mutex)
{
    pthread_cond_wait(cond, mutex);
}

void plat_cond_signal(plat_cond *cond)
{
    pthread_cond_signal(cond);
}

void plat_cond_broadcast(plat_cond *cond)
{
    pthread_cond_broadcast(cond);
}
