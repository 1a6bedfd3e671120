/* The CLI's number, size and time formats (contract §3.3, §3.4, §5.6, §2.5). */
#include "testutil.h"

#include "cli.h"

static void check_size(uint64_t bytes, const char *expected)
{
    char text[SIZE_TEXT_MAX];
    format_size(bytes, text);
    CHECK_MSG(strcmp(text, expected) == 0, "size %llu: '%s', expected '%s'", (unsigned long long)bytes, text, expected);
}

static void check_long(double seconds, const char *expected)
{
    char text[TIME_TEXT_MAX];
    format_time_long(seconds, text);
    CHECK_MSG(strcmp(text, expected) == 0, "long time %g: '%s', expected '%s'", seconds, text, expected);
}

static void check_short(double seconds, const char *expected)
{
    char text[TIME_TEXT_MAX];
    format_time_short(seconds, text);
    CHECK_MSG(strcmp(text, expected) == 0, "short time %g: '%s', expected '%s'", seconds, text, expected);
}

static void check_grouped(uint64_t value, const char *expected)
{
    char text[GROUPED_MAX];
    format_grouped(value, text);
    CHECK_MSG(strcmp(text, expected) == 0, "grouped %llu: '%s'", (unsigned long long)value, text);
}

static void check_number(const char *text, bool trim, number_syntax syntax, int64_t value)
{
    int64_t got = 12345;
    number_syntax result = parse_signed64(text, trim, &got);
    CHECK_MSG(result == syntax, "parse '%s': syntax %d, expected %d", text, result, syntax);
    if (syntax == NUMBER_OK)
        CHECK_MSG(got == value, "parse '%s': %lld", text, (long long)got);
}

int main(void)
{
    /* §3.3, every example of the contract */
    check_size(0, "0 bytes");
    check_size(1, "1 bytes");
    check_size(3, "3 bytes");
    check_size(1023, "1023 bytes");
    check_size(1024, "1.00 Kb (1024 bytes)");
    check_size(2058, "2.01 Kb (2058 bytes)");
    check_size(1572864, "1.50 Mb (1572864 bytes)");
    check_size(2097153, "2.00 Mb (2097153 bytes)");
    check_size(23523125604ull, "21.91 Gb (23523125604 bytes)");
    check_size(1048575, "1024.00 Kb (1048575 bytes)");
    check_size(UINT64_MAX, "16.00 Eb (18446744073709551615 bytes)");
    check_size(1152, "1.13 Kb (1152 bytes)"); /* round half up, not to even */
    check_size(1664, "1.63 Kb (1664 bytes)");
    check_size(1ull << 40, "1.00 Tb (1099511627776 bytes)");
    check_size(1ull << 50, "1.00 Pb (1125899906842624 bytes)");
    check_size(1ull << 60, "1.00 Eb (1152921504606846976 bytes)");

    /* §3.4 long format table */
    check_long(0.0004, "0.000 sec");
    check_long(3.5, "3.500 sec");
    check_long(125, "2 min 5.000 sec");
    check_long(7000, "1 hr 56 min 40.000 sec");
    check_long(3605, "1 hr 0 min 5.000 sec");
    check_long(500001, "5 days 18 hr 53 min 21.000 sec");
    check_long(50000001, "1 years 213 days 16 hr 53 min 21.000 sec");
    check_long(-1, "0.000 sec");
    check_long(0.0 / 0.0, "0.000 sec");
    check_long(1e300, "4294967295 years 195 days 15 hr 30 min 8.000 sec");
    check_long(59.9996, "1 min 0.000 sec");

    check_short(0, "00:00:0.000");
    check_short(65.25, "00:01:5.250");
    check_short(0.001, "00:00:0.001");
    check_short(3600 * 25 + 61.5, "01:01:1.500");

    check_grouped(0, "0");
    check_grouped(999, "999");
    check_grouped(7878, "7 878");
    check_grouped(1234567, "1 234 567");
    check_grouped(839299365868340224ull, "839 299 365 868 340 224");
    check_grouped(9223372036854775808ull, "9 223 372 036 854 775 808");

    /* §2.5 */
    check_number("10", true, NUMBER_OK, 10);
    check_number(" \t+10 \n", true, NUMBER_OK, 10);
    check_number(" 10", false, NUMBER_NOT_A_NUMBER, 0);
    check_number("-10", true, NUMBER_OK, -10);
    check_number("10abc", true, NUMBER_NOT_A_NUMBER, 0);
    check_number("a", true, NUMBER_NOT_A_NUMBER, 0);
    check_number("", true, NUMBER_NOT_A_NUMBER, 0);
    check_number("-", true, NUMBER_NOT_A_NUMBER, 0);
    check_number("1_000", true, NUMBER_NOT_A_NUMBER, 0);
    check_number("9223372036854775807", true, NUMBER_OK, INT64_MAX);
    check_number("-9223372036854775808", true, NUMBER_OK, INT64_MIN);
    check_number("9223372036854775808", true, NUMBER_OUT_OF_RANGE, 0);
    check_number("18446744073709551615", true, NUMBER_OUT_OF_RANGE, 0);
    check_number("-10223372036854775808", true, NUMBER_OUT_OF_RANGE, 0);
    check_number("99999999999999999999999999", true, NUMBER_OUT_OF_RANGE, 0);
    return test_report("formats");
}
