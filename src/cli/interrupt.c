/* Ctrl+C, SIGTERM and SIGUSR1 for long runs: flags the modes and the
 * progress display poll (design guide §6: the one signal flag, and the one
 * status request). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "cli.h"
#include "progress.h"

atomic_int cli_interrupted;
atomic_int cli_status_requested;

static void on_interrupt(int signal_number)
{
    int saved_errno = errno;
    if (atomic_exchange(&cli_interrupted, 1)) {
        /* A second one: the run did not stop soon enough for the user (a
         * call that cannot be interrupted, say). Die of it, as without a
         * handler, leaving no half-drawn line behind. */
        progress_erase_for_signal();
        struct sigaction fallback;
        memset(&fallback, 0, sizeof(fallback));
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(signal_number, &fallback, NULL);
        raise(signal_number); /* delivered when this handler returns */
    }
    errno = saved_errno;
}

bool cli_interrupt_requested(void *unused)
{
    (void)unused;
    return atomic_load_explicit(&cli_interrupted, memory_order_relaxed) != 0;
}

static void on_status_request(int signal_number)
{
    (void)signal_number;
    atomic_store(&cli_status_requested, 1);
}

static void catch_signal(int signal_number, void (*handler)(int))
{
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    /* stdio's writes must not fail with EINTR; the loops that wait (the
     * engine, the readers, poll) look at the flag themselves */
    action.sa_flags = SA_RESTART;
    sigaction(signal_number, &action, NULL);
}

void cli_catch_interrupt(void)
{
    /* A SIGINT ignored from the start is a shell's way of keeping a
     * background job (`hc ... &` in a script) out of the terminal's Ctrl+C:
     * leave it so (GNU coding standards, "Signal Handling"). */
    struct sigaction current;
    if (sigaction(SIGINT, NULL, &current) != 0 || current.sa_handler != SIG_IGN)
        catch_signal(SIGINT, on_interrupt);
    /* kill, timeouts and service managers ask with SIGTERM: the same stop */
    catch_signal(SIGTERM, on_interrupt);
    /* dd's and hashcat's way to ask a running job where it is */
    catch_signal(SIGUSR1, on_status_request);
}

int cli_thread_start(pthread_t *thread, void *(*body)(void *), void *arg)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int error = pthread_create(thread, NULL, body, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return error;
}
