/* The machine and the clocks (platform.h). */
#include "win32.h"
#include "../common/common.h"

#include <stdio.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* The CPUs of the process's affinity mask (one processor group: what a
 * process's threads run on unless they ask for more). */
unsigned plat_os_cpu_count(void)
{
    DWORD_PTR process, system;
    if (GetProcessAffinityMask(GetCurrentProcess(), &process, &system) && process != 0)
        return (unsigned)__builtin_popcountll((unsigned long long)process);
    return (unsigned)GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
}

/* The CPU's brand string, from the CPU itself. */
void plat_os_cpu_model(char *out, size_t size)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned words[12];
    if (__get_cpuid_max(0x80000000u, NULL) < 0x80000004u)
        return;
    for (unsigned i = 0; i < 3; i++)
        __get_cpuid(0x80000002u + i, &words[4 * i], &words[4 * i + 1], &words[4 * i + 2], &words[4 * i + 3]);
    char brand[49];
    memcpy(brand, words, 48);
    brand[48] = '\0';
    const char *start = brand + strspn(brand, " ");
    size_t len = strlen(start);
    while (len > 0 && start[len - 1] == ' ')
        len--;
    snprintf(out, size, "%.*s", (int)len, start);
#endif
}

static bool memory_status(MEMORYSTATUSEX *status)
{
    status->dwLength = sizeof(*status);
    return GlobalMemoryStatusEx(status);
}

unsigned long plat_process_id(void)
{
    return (unsigned long)GetCurrentProcessId();
}

uint64_t plat_memory_total(void)
{
    MEMORYSTATUSEX status;
    return memory_status(&status) ? status.ullTotalPhys : 0;
}

uint64_t plat_memory_available(void)
{
    MEMORYSTATUSEX status;
    return memory_status(&status) ? status.ullAvailPhys : 0;
}

/* Windows keeps no load average. */
bool plat_load_average(double load[3])
{
    (void)load;
    return false;
}

/* A plat_file is a descriptor of the C runtime, whose table (msvcrt)
 * holds 2048; there is no per-process limit of the OS's to raise. */
bool plat_raise_open_files(uint64_t want, uint64_t *limit)
{
    (void)want;
    *limit = 2048;
    return true;
}

/* 100-nanosecond units of a FILETIME pair (kernel + user). */
static double cpu_seconds(const FILETIME *kernel, const FILETIME *user)
{
    uint64_t k = (uint64_t)kernel->dwHighDateTime << 32 | kernel->dwLowDateTime;
    uint64_t u = (uint64_t)user->dwHighDateTime << 32 | user->dwLowDateTime;
    return (double)(k + u) * 1e-7;
}

double plat_clock_seconds(plat_clock clock)
{
    FILETIME created, exited, kernel, user;
    switch (clock) {
    case PLAT_CLOCK_THREAD_CPU:
        return GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user) ? cpu_seconds(&kernel, &user)
                                                                                      : 0;
    case PLAT_CLOCK_PROCESS_CPU:
        return GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user)
                   ? cpu_seconds(&kernel, &user)
                   : 0;
    case PLAT_CLOCK_MONOTONIC:
    case PLAT_CLOCK_THREAD_WORK:
        break;
    }
    LARGE_INTEGER now, frequency;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&frequency);
    return (double)now.QuadPart / (double)frequency.QuadPart;
}

/* Sleep counts milliseconds: a shorter pause rounds up to one. */
void plat_sleep_microseconds(unsigned long microseconds)
{
    Sleep((DWORD)((microseconds + 999) / 1000));
}

void *plat_aligned_alloc(size_t alignment, size_t size)
{
    return _aligned_malloc(size, alignment);
}

void plat_aligned_free(void *block)
{
    _aligned_free(block);
}

char *plat_strndup(const char *s, size_t n)
{
    size_t len = 0;
    while (len < n && s[len] != '\0')
        len++;
    char *copy = malloc(len + 1);
    if (copy != NULL) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}
