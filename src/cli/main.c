/* hc: the entry point. */
#include <signal.h>

#include "cli.h"

int main(int argc, char **argv)
{
    /* A closed pipe shows up as EPIPE from write, handled in output. */
    signal(SIGPIPE, SIG_IGN);
    cli_apply_simd_limit();

    cli_output out;
    output_init(&out, stdout);
    int status = cli_run(argc, argv, &out);
    status = output_finish(&out, status);
    output_free(&out);
    return status;
}
