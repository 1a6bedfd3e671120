/* hc: the entry point. */
#include <signal.h>

#include "cli.h"

int main(int argc, char **argv)
{
    /* A closed pipe shows up as EPIPE from write, handled in output. */
    signal(SIGPIPE, SIG_IGN);
    /* Past RLIMIT_FSIZE a write fails with EFBIG, handled like a full disk
     * (the -o file is then removed or restored), instead of killing hc
     * half way through. */
    signal(SIGXFSZ, SIG_IGN);
    cli_check_simd_variable();

    cli_output out;
    output_init(&out, stdout);
    int status = cli_run(argc, argv, &out);
    status = output_finish(&out, status);
    /* After everything stdout gets (contract §10.7). */
    if (status == EXIT_INTERRUPTED)
        fputs("hc: interrupted\n", stderr);
    output_free(&out);
    return status;
}
