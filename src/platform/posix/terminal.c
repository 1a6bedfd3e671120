/* Terminals, waiting for input, and the wake-up (platform.h). */
#include "posix.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

bool plat_is_terminal(plat_file file)
{
    return isatty(file) == 1;
}

unsigned plat_terminal_columns(plat_file file)
{
#ifdef TIOCGWINSZ
    struct winsize size;
    if (ioctl(file, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return size.ws_col;
#else
    (void)file;
#endif
    return 0;
}

bool plat_terminal_echoes(plat_file file)
{
    struct termios mode;
    return tcgetattr(file, &mode) == 0 && (mode.c_lflag & ECHO);
}

bool plat_terminal_foreground(plat_file file)
{
    return tcgetpgrp(file) == getpgrp();
}

int plat_wait_readable(plat_file file, int timeout_ms)
{
    struct pollfd ready = {.fd = file, .events = POLLIN};
    return poll(&ready, 1, timeout_ms);
}

/* A pipe: a byte in its write end wakes the poll on its read end, and
 * stays there (never read), so the wake-up is sticky. */
struct plat_wakeup {
    int pipe[2];
};

plat_wakeup *plat_wakeup_create(void)
{
    plat_wakeup *w = malloc(sizeof(*w));
    if (w == NULL)
        return NULL;
    if (pipe(w->pipe) != 0) {
        int saved = errno;
        free(w);
        errno = saved;
        return NULL;
    }
    fcntl(w->pipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(w->pipe[1], F_SETFD, FD_CLOEXEC);
    return w;
}

void plat_wakeup_signal(plat_wakeup *w)
{
    char stop = 1;
    while (write(w->pipe[1], &stop, 1) < 0 && errno == EINTR)
        continue;
}

plat_wait_result plat_wakeup_wait(plat_wakeup *w, plat_file input, int timeout_ms)
{
    struct pollfd fds[2] = {{.fd = w->pipe[0], .events = POLLIN}, {.fd = input, .events = POLLIN}};
    nfds_t count = input != PLAT_FILE_INVALID ? 2 : 1;
    int ready = poll(fds, count, timeout_ms);
    if (ready <= 0)
        return PLAT_WAIT_TIMEOUT;
    if (fds[0].revents)
        return PLAT_WAIT_WOKEN;
    if (count == 2 && fds[1].revents)
        return (fds[1].revents & POLLNVAL) ? PLAT_WAIT_INVALID : PLAT_WAIT_INPUT;
    return PLAT_WAIT_TIMEOUT;
}

void plat_wakeup_destroy(plat_wakeup *w)
{
    if (w == NULL)
        return;
    close(w->pipe[0]);
    close(w->pipe[1]);
    free(w);
}
