/* Progress and status lines on narrow terminals (src/cli/progress/fit_line.c):
 * whole fields dropped, least useful first, down to 20 columns; never a
 * field cut short. */
#include "testutil.h"

#include "progress.h"

static void check_fit(const char *line, size_t width, const char *want)
{
    char buf[512];
    snprintf(buf, sizeof(buf), "%s", line);
    progress_fit_line(buf, width);
    CHECK_MSG(strcmp(buf, want) == 0, "%zu columns: '%s' gave '%s', not '%s'", width, line, buf, want);
    CHECK_MSG(strlen(buf) <= width, "%zu columns: '%s' is longer", width, buf);
}

static void test_file_lines(void)
{
    const char *line = "hc: 1.6 GiB of 4.0 GiB (39%), 405.5 MiB/s, ETA 0:00:06";
    check_fit(line, 80, line);
    check_fit(line, 55, line);
    check_fit(line, 53, "hc: 1.6 GiB of 4.0 GiB (39%), ETA 0:00:06");
    check_fit(line, 37, "hc: 39%, ETA 0:00:06");
    check_fit(line, 17, "hc: 39%");
    check_fit(line, 6, "");
    const char *files = "hc: 3 of 40 files, 1.6 GiB of 4.0 GiB (39%), 405.5 MiB/s, ETA 0:00:06";
    check_fit(files, 60, "hc: 3 of 40 files, 1.6 GiB of 4.0 GiB (39%), ETA 0:00:06");
    check_fit(files, 40, "hc: 3 of 40 files, 39%, ETA 0:00:06");
    check_fit(files, 20, "hc: 39%, ETA 0:00:06");
    /* no totals: the amount is all there is */
    check_fit("hc: 12 files, 1.6 GiB, 405.5 MiB/s", 26, "hc: 12 files, 1.6 GiB");
    check_fit("hc: 12 files, 1.6 GiB, 405.5 MiB/s", 17, "hc: 1.6 GiB");
}

static void test_status_and_crack_lines(void)
{
    const char *status = "hc: status: 1.6 GiB of 4.0 GiB (39%), 405.5 MiB/s, elapsed 0:00:04, ETA 0:00:06";
    check_fit(status, 60, "hc: status: 1.6 GiB of 4.0 GiB (39%), ETA 0:00:06");
    const char *crack = "hc: 1.2 G of 3.5 G (34.1%), length 6, 45.0 M/s, ETA 0:00:51, found 0/1";
    check_fit(crack, 50, "hc: 1.2 G of 3.5 G (34.1%), ETA 0:00:51, found 0/1");
    /* the count found outlives the ETA */
    check_fit(crack, 35, "hc: 34.1%, ETA 0:00:51, found 0/1");
    check_fit(crack, 30, "hc: 34.1%, found 0/1");
    check_fit(crack, 17, "hc: 34.1%");
}

int main(void)
{
    test_file_lines();
    test_status_and_crack_lines();
    return test_report("fit_line");
}
