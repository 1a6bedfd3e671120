/* The platform layer's shared code (common.h): thread handles, buffers,
 * the machine's description. */
#include "common.h"

#include <errno.h>
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
    int error = plat_os_thread_create(&t->id, body, arg);
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

int plat_reserve_buffer(void **buffer, size_t *capacity, size_t len)
{
    if (*capacity >= len)
        return 0;
    free(*buffer);
    *capacity = 0;
    if ((*buffer = malloc(len)) == NULL) {
        errno = ENOMEM;
        return -1;
    }
    *capacity = len;
    return 0;
}

ptrdiff_t plat_read_not_supported(plat_file file, void *buffer, size_t len, uint64_t offset)
{
    (void)file;
    (void)buffer;
    (void)len;
    (void)offset;
    errno = ENOTSUP;
    return -1;
}

unsigned plat_cpu_count(void)
{
    unsigned n = plat_os_cpu_count();
    return n > 0 ? n : 1;
}

void plat_cpu_model(char *out, size_t size)
{
    if (size == 0)
        return;
    out[0] = '\0';
    plat_os_cpu_model(out, size);
}
