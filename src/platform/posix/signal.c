/* Interrupts (platform.h): SIGINT and SIGTERM set a flag, a second one
 * kills; SIGUSR1 asks for a status line. */
#include "posix.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

/* Set before the handlers are installed, read by them. */
static atomic_int *interrupt_flag;
static atomic_int *status_flag;
static void (*dying_words)(void);
/* When the first stop request came (CLOCK_MONOTONIC nanoseconds); only
 * the handler, on the main thread, writes it. */
static volatile sig_atomic_t first_request_seen;
static long long first_request_ns;

/* clock_gettime is async-signal-safe (POSIX.1-2008, signal-safety(7)). */
static long long monotonic_ns(void)
{
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
        return 0;
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* Signals within PLAT_INTERRUPT_ECHO_MS of the first are its echo, not a
 * second request (platform.h). */
static bool is_echo_of_first(long long now_ns)
{
    return first_request_seen && now_ns - first_request_ns < PLAT_INTERRUPT_ECHO_MS * 1000000LL;
}

static void on_interrupt(int signal_number)
{
    int saved_errno = errno;
    long long now_ns = monotonic_ns();
    if (!atomic_exchange(interrupt_flag, 1)) {
        first_request_ns = now_ns;
        first_request_seen = 1;
    } else if (!is_echo_of_first(now_ns)) {
        /* A second one: the run did not stop soon enough for the user (a
         * call that cannot be interrupted, say). Die of it, as without a
         * handler, leaving no half-drawn line behind. */
        if (dying_words)
            dying_words();
        struct sigaction fallback;
        memset(&fallback, 0, sizeof(fallback));
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(signal_number, &fallback, NULL);
        raise(signal_number); /* delivered when this handler returns */
    }
    errno = saved_errno;
}

static void on_status_request(int signal_number)
{
    (void)signal_number;
    atomic_store(status_flag, 1);
}

static void catch_signal(int signal_number, void (*handler)(int))
{
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    /* stdio's writes must not fail with EINTR; the loops that wait look at
     * the flag themselves */
    action.sa_flags = SA_RESTART;
    sigaction(signal_number, &action, NULL);
}

void plat_catch_interrupts(atomic_int *interrupted, atomic_int *status_requested, void (*last_words)(void))
{
    interrupt_flag = interrupted;
    status_flag = status_requested;
    dying_words = last_words;
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

void plat_ignore_write_signals(void)
{
    signal(SIGPIPE, SIG_IGN);
#ifdef SIGXFSZ
    signal(SIGXFSZ, SIG_IGN);
#endif
}

int plat_stream_write_errno(int crt_errno)
{
    return crt_errno;
}

char **plat_main_arguments(int argc, char **argv)
{
    (void)argc;
    return argv;
}
