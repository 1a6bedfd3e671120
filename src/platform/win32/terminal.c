/* The console and waiting for input (platform.h). A console handle is one
 * GetConsoleMode accepts; pipes are polled with PeekNamedPipe, as Windows
 * cannot wait on an anonymous pipe. */
#include "win32.h"

#include <errno.h>
#include <stdlib.h>

bool plat_is_terminal(plat_file file)
{
    HANDLE h = plat_win32_handle(file);
    DWORD mode;
    return h != INVALID_HANDLE_VALUE && GetConsoleMode(h, &mode);
}

unsigned plat_terminal_columns(plat_file file)
{
    HANDLE h = plat_win32_handle(file);
    CONSOLE_SCREEN_BUFFER_INFO info;
    if (h == INVALID_HANDLE_VALUE || !GetConsoleScreenBufferInfo(h, &info))
        return 0;
    int columns = info.srWindow.Right - info.srWindow.Left + 1;
    return columns > 0 ? (unsigned)columns : 0;
}

/* The console's input echoes what is typed (line input). */
bool plat_terminal_echoes(plat_file file)
{
    if (!plat_is_terminal(file))
        return false;
    DWORD mode;
    HANDLE input = GetStdHandle(STD_INPUT_HANDLE);
    return input != INVALID_HANDLE_VALUE && GetConsoleMode(input, &mode) && (mode & ENABLE_ECHO_INPUT);
}

/* No job control: always in the foreground. */
bool plat_terminal_foreground(plat_file file)
{
    (void)file;
    return true;
}

/* 1 ready, 0 not yet, -1 with errno: one look, no waiting. */
static int ready_now(HANDLE h)
{
    switch (GetFileType(h)) {
    case FILE_TYPE_PIPE: {
        DWORD available = 0;
        if (!PeekNamedPipe(h, NULL, 0, NULL, &available, NULL))
            return GetLastError() == ERROR_BROKEN_PIPE ? 1 : (plat_win32_errno(GetLastError()), -1);
        return available > 0;
    }
    case FILE_TYPE_CHAR: {
        DWORD mode;
        if (GetConsoleMode(h, &mode))
            return WaitForSingleObject(h, 0) == WAIT_OBJECT_0;
        return 1;
    }
    default:
        return 1; /* files and devices are always ready */
    }
}

/* Polls in slices of up to 10 ms (pipes cannot be waited on). */
static int wait_ready(HANDLE h, HANDLE event, int timeout_ms)
{
    DWORD start = GetTickCount();
    for (;;) {
        if (event && WaitForSingleObject(event, 0) == WAIT_OBJECT_0)
            return 2;
        int ready = h ? ready_now(h) : 0;
        if (ready != 0)
            return ready;
        DWORD spent = GetTickCount() - start;
        if (timeout_ms >= 0 && spent >= (DWORD)timeout_ms)
            return 0;
        DWORD slice = timeout_ms < 0 ? 10 : (DWORD)timeout_ms - spent;
        if (slice > 10)
            slice = 10;
        if (event)
            WaitForSingleObject(event, slice);
        else
            Sleep(slice);
    }
}

int plat_wait_readable(plat_file file, int timeout_ms)
{
    HANDLE h = plat_win32_handle(file);
    return h == INVALID_HANDLE_VALUE ? -1 : wait_ready(h, NULL, timeout_ms);
}

/* Windows opens pipes for synchronous writes (PLAT_OPEN_NONBLOCK does not
 * apply to them): a write waits for room itself, so there is never a
 * reason to wait first. */
int plat_wait_writable(plat_file file, int timeout_ms)
{
    (void)timeout_ms;
    return plat_win32_handle(file) == INVALID_HANDLE_VALUE ? -1 : 1;
}

struct plat_wakeup {
    HANDLE event; /* manual reset: once signalled it stays so */
};

plat_wakeup *plat_wakeup_create(void)
{
    plat_wakeup *w = malloc(sizeof(*w));
    if (w == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    w->event = CreateEventW(NULL, TRUE, FALSE, NULL);
    if (w->event == NULL) {
        plat_win32_errno(GetLastError());
        free(w);
        return NULL;
    }
    return w;
}

void plat_wakeup_signal(plat_wakeup *w)
{
    SetEvent(w->event);
}

plat_wait_result plat_wakeup_wait(plat_wakeup *w, plat_file input, int timeout_ms)
{
    HANDLE h = NULL;
    if (input != PLAT_FILE_INVALID) {
        h = plat_win32_handle(input);
        if (h == INVALID_HANDLE_VALUE)
            return PLAT_WAIT_INVALID;
    }
    switch (wait_ready(h, w->event, timeout_ms)) {
    case 2:
        return PLAT_WAIT_WOKEN;
    case 1:
        return PLAT_WAIT_INPUT;
    case 0:
        return PLAT_WAIT_TIMEOUT;
    default:
        return PLAT_WAIT_INVALID;
    }
}

void plat_wakeup_destroy(plat_wakeup *w)
{
    if (w == NULL)
        return;
    CloseHandle(w->event);
    free(w);
}
