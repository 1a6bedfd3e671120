/* The machine and the clocks (platform.h). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT (Linux) */
#include "posix.h"
#include "../common/common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#endif
#ifdef __APPLE__
#include <sys/sysctl.h>
#endif

unsigned plat_os_cpu_count(void)
{
#ifdef __linux__
    /* the CPUs this process may use (taskset, cgroups' cpusets) */
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0)
            return (unsigned)n;
    }
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 0;
}

void plat_os_cpu_model(char *out, size_t size)
{
#ifdef __APPLE__
    size_t len = size;
    if (sysctlbyname("machdep.cpu.brand_string", out, &len, NULL, 0) != 0)
        out[0] = '\0';
    out[size - 1] = '\0';
#else
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof(line), f)) {
        if (strncmp(line, "model name", 10) == 0) {
            const char *colon = strchr(line, ':');
            if (colon) {
                colon += strspn(colon + 1, " \t") + 1;
                snprintf(out, size, "%.*s", (int)strcspn(colon, "\n"), colon);
            }
            break;
        }
    }
    fclose(f);
#endif
}

unsigned long plat_process_id(void)
{
    return (unsigned long)getpid();
}

uint64_t plat_memory_total(void)
{
#ifdef _SC_PHYS_PAGES
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page_size > 0 ? (uint64_t)pages * (uint64_t)page_size : 0;
#else
    return 0;
#endif
}

/* Linux: MemAvailable of /proc/meminfo; elsewhere all of physical memory. */
uint64_t plat_memory_available(void)
{
    uint64_t total = plat_memory_total();
    FILE *f = fopen("/proc/meminfo", "r");
    if (f == NULL)
        return total;
    char line[256];
    unsigned long long kib = 0;
    bool found = false;
    while (!found && fgets(line, sizeof(line), f))
        found = sscanf(line, "MemAvailable: %llu kB", &kib) == 1;
    fclose(f);
    return found ? (uint64_t)kib * 1024 : total;
}

bool plat_load_average(double load[3])
{
    return getloadavg(load, 3) == 3;
}

bool plat_raise_open_files(uint64_t want, uint64_t *limit)
{
    struct rlimit current;
    if (getrlimit(RLIMIT_NOFILE, &current) != 0)
        return false;
    rlim_t target = current.rlim_max < want ? current.rlim_max : (rlim_t)want;
    if (current.rlim_cur < target) {
        rlim_t old = current.rlim_cur;
        current.rlim_cur = target;
        if (setrlimit(RLIMIT_NOFILE, &current) != 0)
            current.rlim_cur = old;
    }
    *limit = (uint64_t)current.rlim_cur;
    return true;
}

double plat_clock_seconds(plat_clock clock)
{
    clockid_t id = clock == PLAT_CLOCK_THREAD_CPU || clock == PLAT_CLOCK_THREAD_WORK ? CLOCK_THREAD_CPUTIME_ID
                   : clock == PLAT_CLOCK_PROCESS_CPU ? CLOCK_PROCESS_CPUTIME_ID
                                                     : CLOCK_MONOTONIC;
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void plat_sleep_microseconds(unsigned long microseconds)
{
    struct timespec pause = {(time_t)(microseconds / 1000000), (long)(microseconds % 1000000) * 1000};
    nanosleep(&pause, NULL);
}

void *plat_aligned_alloc(size_t alignment, size_t size)
{
    return aligned_alloc(alignment, size);
}

void plat_aligned_free(void *block)
{
    free(block);
}

ptrdiff_t plat_expand_wildcards(const char *word, char ***names)
{
    (void)word; /* the shell has expanded what was meant to be */
    *names = NULL;
    return 0;
}

char *plat_strndup(const char *s, size_t n)
{
    return strndup(s, n);
}
