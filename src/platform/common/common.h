/* What every family of the platform layer shares (never included above
 * the layer): code that does not depend on the OS beyond what each family
 * hands it through the plat_os_* hooks below, which posix/ and win32/
 * each define. */
#ifndef HC_PLATFORM_COMMON_H
#define HC_PLATFORM_COMMON_H

#include <pthread.h>

#include "platform.h"

/* Creates a thread running body(arg) (pthreads on both families; MinGW's
 * winpthreads on Windows) that never takes the interrupt signals where
 * the OS has them. 0, or the error number. */
int plat_os_thread_create(pthread_t *id, void *(*body)(void *arg), void *arg);

/* The CPUs this process may run on; 0 when the OS does not say. */
unsigned plat_os_cpu_count(void);

/* The CPU's name into out (size >= 1, out[0] already '\0'); out left
 * empty when the OS does not say. */
void plat_os_cpu_model(char *out, size_t size);

/* Makes *buffer (of *capacity bytes) hold at least len bytes, dropping
 * what it held. 0, or -1 with errno ENOMEM (the buffer then empty). */
int plat_reserve_buffer(void **buffer, size_t *capacity, size_t len);

/* plat_pread_cached where no read stops at the cache's edge: -1 with
 * errno ENOTSUP, whatever is asked. */
ptrdiff_t plat_read_not_supported(plat_file file, void *buffer, size_t len, uint64_t offset);

#endif
