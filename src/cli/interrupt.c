/* Ctrl+C for long runs: a flag the modes poll (design guide §6: the one
 * signal flag). */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "cli.h"

atomic_int cli_interrupted;

static void on_interrupt(int signal_number)
{
    (void)signal_number;
    int saved_errno = errno;
    atomic_store(&cli_interrupted, 1);
    errno = saved_errno;
}

void cli_catch_interrupt(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    /* kill, timeouts and service managers ask with SIGTERM: the same stop */
    sigaction(SIGTERM, &action, NULL);
}

