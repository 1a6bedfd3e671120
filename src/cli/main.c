/* hc: the entry point. */
#include "cli.h"
#include "platform.h"

int main(int argc, char **argv)
{
    /* UTF-8, whatever the system passed (Windows: UTF-16) */
    argv = plat_main_arguments(argc, argv);
    /* A closed pipe shows up as EPIPE from write, handled in output; past
     * the file size limit a write fails with EFBIG, handled like a full
     * disk (the -o file is then removed or restored), instead of killing
     * hc half way through. */
    plat_ignore_write_signals();
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
