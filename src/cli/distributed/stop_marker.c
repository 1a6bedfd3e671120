/* The stop marker of hash mode: see stop_marker.h. */
#include "stop_marker.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "platform.h"

/* What a path holds, as far as this search is concerned. */
typedef enum marker_kind {
    MARKER_ABSENT,       /* nothing (or it vanished while looked at) */
    MARKER_THIS_SEARCH,  /* this search's marker: another part found the answer */
    MARKER_OTHER_SEARCH, /* hc's marker of another search (a leftover, or a search sharing the path) */
    MARKER_NOT_A_MARKER, /* a file hc did not make, a directory, or one that cannot be read */
} marker_kind;

/* A marker's lines after its identity are two short ones; more than this
 * much beyond the identity is no marker of this search anyway. */
enum { MARKER_TAIL_MAX = 64 * 1024 };

static const char FOUND_BY[] = "found by ";

/* Reads up to size bytes of an open file; the bytes read, or -1. */
static ptrdiff_t read_some(plat_file file, char *buffer, size_t size)
{
    size_t got = 0;
    while (got < size) {
        ptrdiff_t n = plat_read(file, buffer + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ptrdiff_t)got;
}

/* Another search's marker in words: its lines up to "found by ...",
 * joined by "; " (cut at the buffer's end). */
static void describe_other(const char *text, size_t len, char *what, size_t size)
{
    const char *p = text + strlen(STOP_MARKER_MAGIC), *end = text + len;
    size_t used = (size_t)snprintf(what, size, "the stop marker of another search (");
    while (p < end && used + 1 < size) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t line = nl ? (size_t)(nl - p) : (size_t)(end - p);
        bool last = line >= sizeof(FOUND_BY) - 1 && memcmp(p, FOUND_BY, sizeof(FOUND_BY) - 1) == 0;
        used += (size_t)snprintf(what + used, size - used, "%.*s%s", (int)line, p, last || !nl ? ")" : "; ");
        if (last || !nl)
            break;
        p = nl + 1;
    }
    if (used >= size && size > 4)
        memcpy(what + size - 5, "...)", 5);
}

/* Sorts what the bytes of a marker file say. */
static marker_kind classify_text(const stop_marker *m, const char *text, size_t len, char *what, size_t size)
{
    const size_t id_len = strlen(m->identity), magic_len = strlen(STOP_MARKER_MAGIC);
    if (len >= id_len + sizeof(FOUND_BY) - 1 && memcmp(text, m->identity, id_len) == 0 &&
        memcmp(text + id_len, FOUND_BY, sizeof(FOUND_BY) - 1) == 0)
        return MARKER_THIS_SEARCH;
    if (len >= magic_len && memcmp(text, STOP_MARKER_MAGIC, magic_len) == 0) {
        describe_other(text, len, what, size);
        return MARKER_OTHER_SEARCH;
    }
    snprintf(what, size, "a file that is not an hc stop marker");
    return MARKER_NOT_A_MARKER;
}

/* What is at path now; what (of size bytes) says it in words for the
 * kinds other than ABSENT and THIS_SEARCH. */
static marker_kind classify(const stop_marker *m, const char *path, char *what, size_t size)
{
    plat_file_info info;
    if (plat_link_info(path, &info) != 0) {
        if (errno == ENOENT)
            return MARKER_ABSENT;
        snprintf(what, size, "a name that cannot be examined (%s)", strerror(errno));
        return MARKER_NOT_A_MARKER;
    }
    /* markers are regular files; a FIFO would block the open */
    if (info.kind != PLAT_KIND_REGULAR) {
        snprintf(what, size, "%s, not an hc stop marker",
                 info.kind == PLAT_KIND_DIRECTORY ? "a directory"
                 : info.kind == PLAT_KIND_LINK    ? "a symbolic link"
                                                  : "a special file");
        return MARKER_NOT_A_MARKER;
    }
    plat_file file = plat_open(path, PLAT_OPEN_READ | PLAT_OPEN_NOFOLLOW | PLAT_OPEN_NONBLOCK);
    if (file == PLAT_FILE_INVALID) {
        if (errno == ENOENT)
            return MARKER_ABSENT;
        snprintf(what, size, "a file that cannot be read (%s)", strerror(errno));
        return MARKER_NOT_A_MARKER;
    }
    size_t cap = strlen(m->identity) + MARKER_TAIL_MAX;
    char *text = malloc(cap);
    ptrdiff_t n = text ? read_some(file, text, cap) : -1;
    int error = text ? errno : ENOMEM;
    plat_close(file);
    marker_kind kind = MARKER_NOT_A_MARKER;
    if (n < 0)
        snprintf(what, size, "a file that cannot be read (%s)", strerror(error));
    else
        kind = classify_text(m, text, (size_t)n, what, size);
    free(text);
    return kind;
}

/* ---- the marker ---- */

void stop_marker_init(stop_marker *m, const char *path, const char *identity)
{
    m->path = path;
    m->identity = identity;
    atomic_init(&m->seen, false);
    atomic_init(&m->taken, false);
    m->what[0] = '\0';
    m->next_look = 0;
}

/* path with a suffix: malloc'ed, NULL without memory. */
static char *beside(const char *path, const char *suffix, unsigned long a, unsigned b)
{
    size_t size = strlen(path) + strlen(suffix) + 48;
    char *name = malloc(size);
    if (name != NULL)
        snprintf(name, size, "%s%s%lu-%u", path, suffix, a, b);
    return name;
}

enum removal { REMOVED, CHANGED, FAILED };

/* --replace-stop-file: takes another search's marker away. It is moved
 * aside first (one step, so that a marker of this search made meanwhile
 * is never the one removed) and looked at again there: only if it still
 * is another search's is it removed; otherwise it goes back (CHANGED: the
 * caller looks again). */
static enum removal remove_other(const stop_marker *m)
{
    char *aside = beside(m->path, ".hc-stale-", plat_process_id(), 0);
    if (aside == NULL) {
        cli_out_of_memory();
        return FAILED;
    }
    enum removal result = CHANGED;
    char what[sizeof(m->what)];
    if (plat_rename_new(m->path, aside) != 0) {
        if (errno != ENOENT) { /* ENOENT: another part took it away first */
            fprintf(stderr, "hc: %s: cannot remove the stop marker of another search: %s\n", m->path,
                    strerror(errno));
            result = FAILED;
        }
    } else if (classify(m, aside, what, sizeof(what)) == MARKER_OTHER_SEARCH) {
        plat_unlink(aside);
        fprintf(stderr, "hc: %s: removed %s\n", m->path, what);
        result = REMOVED;
    } else if (plat_rename_new(aside, m->path) != 0) {
        fprintf(stderr, "hc: %s: a file that appeared there is now %s and cannot go back: %s\n", m->path, aside,
                strerror(errno));
        result = FAILED;
    }
    free(aside);
    return result;
}

bool stop_marker_start(stop_marker *m, bool replace)
{
    if (m->path == NULL)
        return true;
    /* a few rounds: with --replace-stop-file, parts starting together
     * move the same leftover at once */
    for (int round = 0; round < 3; round++) {
        switch (classify(m, m->path, m->what, sizeof(m->what))) {
        case MARKER_ABSENT:
            return true;
        case MARKER_THIS_SEARCH:
            /* a part that starts after the find stops at once */
            atomic_store(&m->seen, true);
            return true;
        case MARKER_OTHER_SEARCH:
            if (!replace) {
                fprintf(stderr,
                        "hc: %s: %s is there; remove it, or give --replace-stop-file to have it removed\n",
                        m->path, m->what);
                return false;
            }
            enum removal removal = remove_other(m);
            if (removal != CHANGED)
                return removal == REMOVED;
            break;
        case MARKER_NOT_A_MARKER:
            fprintf(stderr, "hc: %s: %s is there; --stop-file names a file hc creates: remove it or name another\n",
                    m->path, m->what);
            return false;
        }
    }
    fprintf(stderr, "hc: %s: the stop marker keeps changing; start again\n", m->path);
    return false;
}

bool stop_marker_look(stop_marker *m)
{
    if (m->path == NULL || stop_marker_seen(m))
        return stop_marker_seen(m);
    switch (classify(m, m->path, m->what, sizeof(m->what))) {
    case MARKER_ABSENT:
        break;
    case MARKER_THIS_SEARCH:
        atomic_store(&m->seen, true);
        break;
    default:
        /* this search's find could no longer be marked there, and the
         * other parts would take this file for it: the search cannot go
         * on as one of several parts */
        atomic_store(&m->taken, true);
        break;
    }
    return stop_marker_seen(m);
}

void stop_marker_tick(stop_marker *m, double now)
{
    if (m->path == NULL || now < m->next_look)
        return;
    m->next_look = now + STOP_MARKER_INTERVAL;
    stop_marker_look(m);
}

bool stop_marker_seen(const stop_marker *m)
{
    return m != NULL && m->path != NULL &&
           (atomic_load_explicit(&m->seen, memory_order_relaxed) ||
            atomic_load_explicit(&m->taken, memory_order_relaxed));
}

int stop_marker_status(const stop_marker *m)
{
    return atomic_load(&m->taken) ? EXIT_USAGE : EXIT_STOPPED;
}

/* Creates a new file beside path holding text: its name (malloc'ed), or
 * NULL with errno. */
static char *write_beside(const char *path, const char *text, size_t len)
{
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        char *name = beside(path, ".hc-tmp-", plat_process_id(), attempt);
        if (name == NULL) {
            errno = ENOMEM;
            return NULL;
        }
        plat_file file = plat_open(name, PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW | PLAT_OPEN_NOFOLLOW);
        if (file == PLAT_FILE_INVALID) {
            int error = errno;
            free(name);
            if (error == EEXIST)
                continue; /* a leftover of an earlier process of this id */
            errno = error;
            return NULL;
        }
        int error = 0;
        while (len > 0 && error == 0) {
            ptrdiff_t n = plat_write(file, text, len);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                error = n < 0 ? errno : EIO;
            else
                text += n, len -= (size_t)n;
        }
        if (plat_close(file) != 0 && error == 0)
            error = errno;
        if (error == 0)
            return name;
        plat_unlink(name);
        free(name);
        errno = error;
        return NULL;
    }
    errno = EEXIST;
    return NULL;
}

/* The marker's bytes: identity, found_by, answer (malloc'ed). */
static char *marker_text(const stop_marker *m, const char *found_by, const char *answer, size_t answer_len,
                         size_t *len)
{
    size_t id_len = strlen(m->identity), by_len = strlen(found_by);
    char *text = malloc(id_len + by_len + answer_len + 3);
    if (text == NULL)
        return NULL;
    memcpy(text, m->identity, id_len);
    memcpy(text + id_len, found_by, by_len);
    text[id_len + by_len] = '\n';
    memcpy(text + id_len + by_len + 1, answer, answer_len);
    text[id_len + by_len + 1 + answer_len] = '\n';
    *len = id_len + by_len + answer_len + 2;
    return text;
}

bool stop_marker_create(const stop_marker *m, const char *found_by, const char *answer, size_t answer_len)
{
    if (m->path == NULL)
        return true;
    size_t len;
    char *text = marker_text(m, found_by, answer, answer_len, &len);
    char *temporary = text ? write_beside(m->path, text, len) : NULL;
    int error = text ? errno : ENOMEM;
    free(text);
    if (temporary != NULL) {
        error = plat_rename_new(temporary, m->path) == 0 ? 0 : errno;
        if (error != 0)
            plat_unlink(temporary);
        free(temporary);
    }
    if (error == 0)
        return true;
    char what[sizeof(m->what)] = "a file that was removed at once";
    if (error == EEXIST) {
        /* another part found it too and won the race: nothing to say */
        if (classify(m, m->path, what, sizeof(what)) == MARKER_THIS_SEARCH)
            return true;
        fprintf(stderr, "hc: %s: cannot create the stop marker: %s is there\n", m->path, what);
        return false;
    }
    fprintf(stderr, "hc: %s: cannot create the stop marker: %s\n", m->path, strerror(error));
    return false;
}

void stop_marker_report(const stop_marker *m)
{
    if (atomic_load(&m->taken))
        fprintf(stderr, "hc: stopped: %s appeared, and it is %s, not this search's\n", m->path, m->what);
    else
        fprintf(stderr, "hc: stopped: %s appeared\n", m->path);
}
