/* Progress and status lines on narrow terminals: whole fields dropped,
 * least useful first, never one cut (progress.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "progress.h"

enum { MAX_TOKENS = 24 };

typedef struct token {
    const char *p;
    size_t len;
    bool in_parens;  /* "(39%)" after its amount: shown as " (39%)" there, as "39%" alone */
    int rank;        /* dropped in increasing rank, the last of equals first */
    bool kept;
} token;

static bool starts(const token *t, const char *text)
{
    size_t n = strlen(text);
    return t->len >= n && memcmp(t->p, text, n) == 0;
}

static bool ends(const token *t, const char *text)
{
    size_t n = strlen(text);
    return t->len >= n && memcmp(t->p + t->len - n, text, n) == 0;
}

static int rank_of(const token *t, bool has_percent)
{
    if (starts(t, "elapsed "))
        return 0;
    if (ends(t, "/s"))
        return 1;
    if (starts(t, "length "))
        return 2;
    if (t->in_parens)
        return 7;                 /* the percentage */
    if (ends(t, " files") || ends(t, " candidates"))
        return 4;
    if (starts(t, "ETA "))
        return 5;
    if (starts(t, "found "))
        return 6;
    return has_percent ? 3 : 8;   /* an amount: its percentage says more */
}

/* Splits "a, b (c), d" into a, b, (c), d. */
static size_t split(const char *text, token *tokens)
{
    size_t count = 0;
    const char *p = text;
    while (*p && count + 2 <= MAX_TOKENS) {
        const char *comma = strstr(p, ", ");
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        token t = {.p = p, .len = len};
        /* "1.6 GiB of 4.0 GiB (39%)": the parenthesized end is its own */
        const char *open = len > 2 && p[len - 1] == ')' ? memchr(p, '(', len) : NULL;
        if (open && open > p + 1 && open[-1] == ' ') {
            t.len = (size_t)(open - 1 - p);
            tokens[count++] = t;
            tokens[count++] = (token){.p = open + 1, .len = (size_t)(p + len - 1 - (open + 1)), .in_parens = true};
        } else {
            tokens[count++] = t;
        }
        p += len;
        if (*p)
            p += 2;
    }
    return count;
}

/* The line from prefix and the kept tokens, or its length when out is NULL. */
static size_t join(const char *prefix, const token *tokens, size_t count, char *out, size_t size)
{
    size_t n = 0;
    char piece[256];
    bool any = false;
    for (size_t i = 0; i <= count; i++) {
        int len;
        if (i == 0) {
            len = snprintf(piece, sizeof(piece), "%s", prefix);
        } else if (!tokens[i - 1].kept) {
            continue;
        } else {
            const token *t = &tokens[i - 1];
            bool after_amount = t->in_parens && i >= 2 && tokens[i - 2].kept;
            const char *sep = !any ? "" : after_amount ? " " : ", ";
            len = t->in_parens && after_amount
                      ? snprintf(piece, sizeof(piece), "%s(%.*s)", sep, (int)t->len, t->p)
                      : snprintf(piece, sizeof(piece), "%s%.*s", sep, (int)t->len, t->p);
            any = true;
        }
        if (len < 0)
            continue;
        if (out && n + (size_t)len < size)
            memcpy(out + n, piece, (size_t)len + 1);
        n += (size_t)len;
    }
    return n;
}

void progress_fit_line(char *line, size_t width)
{
    if (strlen(line) <= width)
        return;
    /* "hc: " or "hc: status: " stays: it says whose line this is */
    const char *prefix_end = strncmp(line, "hc: status: ", 12) == 0 ? line + 12
                             : strncmp(line, "hc: ", 4) == 0       ? line + 4
                                                                   : line;
    char prefix[16];
    snprintf(prefix, sizeof(prefix), "%.*s", (int)(prefix_end - line), line);
    char text[512];
    snprintf(text, sizeof(text), "%s", prefix_end);
    token tokens[MAX_TOKENS];
    size_t count = split(text, tokens);
    bool has_percent = false;
    for (size_t i = 0; i < count; i++)
        has_percent |= tokens[i].in_parens;
    for (size_t i = 0; i < count; i++) {
        tokens[i].rank = rank_of(&tokens[i], has_percent);
        tokens[i].kept = true;
    }
    size_t kept = count;
    while (kept > 0 && join(prefix, tokens, count, NULL, 0) > width) {
        size_t drop = count;
        for (size_t i = 0; i < count; i++)
            if (tokens[i].kept && (drop == count || tokens[i].rank <= tokens[drop].rank))
                drop = i;
        tokens[drop].kept = false;
        kept--;
    }
    char fitted[512];
    size_t n = kept ? join(prefix, tokens, count, fitted, sizeof(fitted)) : 0;
    /* not even one field fits: nothing rather than a cut one */
    if (kept == 0 || n > width)
        line[0] = '\0';
    else
        memcpy(line, fitted, n + 1);
}
