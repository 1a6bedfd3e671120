/* Interrupts (platform.h): Ctrl+C, Ctrl+Break and closing the console
 * window reach a console control handler, which Windows runs on a thread
 * of its own. The first sets the flag (the run stops and hc exits 130 as
 * on POSIX); a second one runs the last words and lets Windows end the
 * process. Windows has no status request (SIGUSR1). */
#include "win32.h"

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <shellapi.h>
#include <stdlib.h>

static atomic_int *interrupt_flag;
static void (*dying_words)(void);
/* When the first request came (GetTickCount64 milliseconds). */
static atomic_ullong first_request_ms;

static BOOL WINAPI on_console_event(DWORD event)
{
    if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT && event != CTRL_CLOSE_EVENT)
        return FALSE;
    /* each event runs on a thread of its own: the first stamp wins */
    unsigned long long now = GetTickCount64(), unset = 0;
    atomic_compare_exchange_strong(&first_request_ms, &unset, now);
    if (atomic_exchange(interrupt_flag, 1) && now - atomic_load(&first_request_ms) >= PLAT_INTERRUPT_ECHO_MS) {
        /* a second request, not the echo of the first (platform.h) */
        if (dying_words)
            dying_words();
        return FALSE; /* the default handler: ExitProcess */
    }
    if (event == CTRL_CLOSE_EVENT) {
        /* the process ends when this returns: give the run a moment */
        Sleep(2000);
    }
    return TRUE;
}

void plat_catch_interrupts(atomic_int *interrupted, atomic_int *status_requested, void (*last_words)(void))
{
    (void)status_requested;
    interrupt_flag = interrupted;
    dying_words = last_words;
    /* A process started with Ctrl+C ignored (CREATE_NEW_PROCESS_GROUP, or
     * SetConsoleCtrlHandler(NULL, TRUE) inherited) still gets Ctrl+Break
     * and the close event here; Ctrl+C stays ignored, as on POSIX. */
    SetConsoleCtrlHandler(on_console_event, TRUE);
}

/* No SIGPIPE or SIGXFSZ: a write to a closed pipe fails
 * (plat_stream_write_errno). */
void plat_ignore_write_signals(void)
{
}

int plat_stream_write_errno(int crt_errno)
{
    /* the C runtime keeps the system's code of its last failed call */
    const int saved = errno;
    const bool reader_gone = plat_win32_errno((DWORD)_doserrno) == EPIPE;
    errno = saved;
    return reader_gone ? EPIPE : crt_errno;
}

char **plat_main_arguments(int argc, char **argv)
{
    /* hc's output is UTF-8 (names in any script): the console shows it so */
    SetConsoleOutputCP(CP_UTF8);
    SetConsoleCP(CP_UTF8);
    /* one line end everywhere: `hc ... > list` holds the bytes -o writes */
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    int count = 0;
    wchar_t **wide = CommandLineToArgvW(GetCommandLineW(), &count);
    if (wide == NULL || count != argc)
        return argv; /* what the C runtime made of it, rather than nothing */
    char **utf8 = calloc((size_t)count + 1, sizeof(*utf8));
    for (int i = 0; utf8 != NULL && i < count; i++) {
        int size = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, NULL, 0, NULL, NULL);
        if (size <= 0 || (utf8[i] = malloc((size_t)size)) == NULL ||
            WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, utf8[i], size, NULL, NULL) != size) {
            LocalFree(wide);
            return argv;
        }
    }
    LocalFree(wide);
    return utf8 != NULL ? utf8 : argv;
}
