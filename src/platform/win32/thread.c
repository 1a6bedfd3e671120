/* Threads (platform.h): winpthreads (MinGW's posix thread model). Ctrl+C
 * reaches a console handler on a thread of its own (signal.c), so there
 * is no signal mask to set. */
#include "win32.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

struct plat_thread {
    pthread_t id;
};

int plat_thread_start(plat_thread **thread, void *(*body)(void *arg), void *arg)
{
    plat_thread *t = malloc(sizeof(*t));
    *thread = NULL;
    if (t == NULL) {
        errno = ENOMEM;
        return -1;
    }
    int error = pthread_create(&t->id, NULL, body, arg);
    if (error != 0) {
        free(t);
        errno = error;
        return -1;
    }
    *thread = t;
    return 0;
}

void plat_thread_join(plat_thread *thread)
{
    pthread_join(thread->id, NULL);
    free(thread);
}

uintptr_t plat_thread_id(void)
{
    return (uintptr_t)GetCurrentThreadId();
}
