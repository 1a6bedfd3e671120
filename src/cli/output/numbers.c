/* Number, size, time and digest formats of the contract (§3). */
#include "cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hc/encode.h"

/* 100 * n for n near 2^64 needs 71 bits. */
__extension__ typedef unsigned __int128 uint128;

void format_size(uint64_t bytes, char out[SIZE_TEXT_MAX])
{
    static const char *const units[] = {"Kb", "Mb", "Gb", "Tb", "Pb", "Eb"};
    if (bytes < 1024) {
        snprintf(out, SIZE_TEXT_MAX, "%llu bytes", (unsigned long long)bytes);
        return;
    }
    /* The unit is the largest k with 1024^k <= n, chosen before rounding,
     * so 1048575 bytes reads "1024.00 Kb". */
    unsigned k = 0;
    while (k < 6 && (bytes >> (10 * (k + 1))) > 0)
        k++;
    /* Two decimals, round half up, exactly: n / 1024^k is a binary fraction. */
    uint128 scale = (uint128)1 << (10 * k);
    uint128 hundredths = ((uint128)bytes * 100 + scale / 2) / scale;
    snprintf(out, SIZE_TEXT_MAX, "%llu.%02llu %s (%llu bytes)", (unsigned long long)(hundredths / 100),
             (unsigned long long)(hundredths % 100), units[k - 1], (unsigned long long)bytes);
}

/* Whole milliseconds, with negative and non-finite values as 0 and huge
 * values clamped to 2^63 seconds (§3.4). */
static void split_seconds(double seconds, uint64_t *whole, unsigned *millis)
{
    const double limit = 9223372036854775808.0; /* 2^63 */
    if (!(seconds > 0) || isnan(seconds)) {
        *whole = 0;
        *millis = 0;
        return;
    }
    if (seconds >= limit) {
        *whole = (uint64_t)1 << 63;
        *millis = 0;
        return;
    }
    double w = floor(seconds);
    double ms = round((seconds - w) * 1000.0);
    uint64_t whole_seconds = (uint64_t)w;
    if (ms >= 1000.0) {
        whole_seconds++;
        ms = 0;
    }
    *whole = whole_seconds;
    *millis = (unsigned)ms;
}

void format_time_long(double seconds, char out[TIME_TEXT_MAX])
{
    uint64_t total;
    unsigned millis;
    split_seconds(seconds, &total, &millis);
    const uint64_t year = 31536000, day = 86400;
    uint64_t years = total / year;
    uint64_t rest = total % year;
    if (years > 4294967295u)
        years = 4294967295u;
    uint64_t days = rest / day;
    rest %= day;
    uint64_t hours = rest / 3600;
    rest %= 3600;
    uint64_t minutes = rest / 60;
    uint64_t secs = rest % 60;

    size_t used = 0;
    out[0] = '\0';
    /* Leading zero components are left out; once one is printed, every
     * smaller one is printed too, zero or not. */
    bool started = false;
    if (years > 0) {
        used += (size_t)snprintf(out + used, TIME_TEXT_MAX - used, "%llu years ", (unsigned long long)years);
        started = true;
    }
    if (started || days > 0) {
        used += (size_t)snprintf(out + used, TIME_TEXT_MAX - used, "%llu days ", (unsigned long long)days);
        started = true;
    }
    if (started || hours > 0) {
        used += (size_t)snprintf(out + used, TIME_TEXT_MAX - used, "%llu hr ", (unsigned long long)hours);
        started = true;
    }
    if (started || minutes > 0)
        used += (size_t)snprintf(out + used, TIME_TEXT_MAX - used, "%llu min ", (unsigned long long)minutes);
    snprintf(out + used, TIME_TEXT_MAX - used, "%llu.%03u sec", (unsigned long long)secs, millis);
}

void format_time_short(double seconds, char out[TIME_TEXT_MAX])
{
    uint64_t total;
    unsigned millis;
    split_seconds(seconds, &total, &millis);
    unsigned hours = (unsigned)(total / 3600 % 24);
    unsigned minutes = (unsigned)(total / 60 % 60);
    unsigned secs = (unsigned)(total % 60);
    snprintf(out, TIME_TEXT_MAX, "%02u:%02u:%u.%03u", hours, minutes, secs, millis);
}

void format_grouped(uint64_t value, char out[GROUPED_MAX])
{
    char digits[24];
    int n = snprintf(digits, sizeof(digits), "%llu", (unsigned long long)value);
    size_t o = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            out[o++] = ' ';
        out[o++] = digits[i];
    }
    out[o] = '\0';
}

size_t format_digest_size(size_t len)
{
    size_t hex = 2 * len + 1, b64 = HC_BASE64_LEN(len) + 1;
    return hex > b64 ? hex : b64;
}

void format_digest(const uint8_t *digest, size_t len, bool base64, bool lower, char *out)
{
    if (base64)
        hc_base64_encode(digest, len, out);
    else
        hc_hex_encode(digest, len, out, lower);
}
