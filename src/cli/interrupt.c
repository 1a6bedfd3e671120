/* Ctrl+C, SIGTERM and SIGUSR1 for long runs: flags the modes and the
 * progress display look at (design guide §6: the one signal flag, and the one
 * status request). The platform layer catches them (platform.h). */
#include "cli.h"
#include "platform.h"
#include "progress.h"

atomic_int cli_interrupted;
atomic_int cli_status_requested;

bool cli_interrupt_requested(void *unused)
{
    (void)unused;
    return atomic_load_explicit(&cli_interrupted, memory_order_relaxed) != 0;
}

void cli_catch_interrupt(void)
{
    /* a second Ctrl+C kills: no half-drawn progress line is left behind */
    plat_catch_interrupts(&cli_interrupted, &cli_status_requested, progress_erase_for_signal);
}
