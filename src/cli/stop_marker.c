/* The stop marker of hash mode: see stop_marker.h. */
#include "stop_marker.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the OS calls (to move into the platform layer) ---- */

static bool path_exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Writes text to a new file at path (exclusive create). 0 or an errno. */
static int write_new_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
        return errno;
    size_t len = strlen(text);
    int error = 0;
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = n < 0 ? errno : EIO;
            break;
        }
        text += n;
        len -= (size_t)n;
    }
    if (close(fd) != 0 && error == 0)
        error = errno;
    return error;
}

/* A name beside path unique to this process on this host. */
static char *temporary_name(const char *path)
{
    char host[256] = "";
    if (gethostname(host, sizeof(host) - 1) != 0)
        host[0] = '\0';
    host[sizeof(host) - 1] = '\0';
    for (char *c = host; *c; c++)
        if (*c == '/')
            *c = '_';
    size_t size = strlen(path) + strlen(host) + 48;
    char *name = malloc(size);
    if (name != NULL)
        snprintf(name, size, "%s.%s.%ld.hc-tmp", path, host, (long)getpid());
    return name;
}

/* link(2) never replaces an existing name: 0, or an errno (EEXIST when
 * the marker is there already). */
static int link_name(const char *from, const char *to)
{
    return link(from, to) == 0 ? 0 : errno;
}

static void remove_name(const char *path)
{
    unlink(path);
}

/* ---- the marker ---- */

void stop_marker_init(stop_marker *m, const char *path)
{
    m->path = path;
    atomic_init(&m->seen, false);
    m->next_look = 0;
}

bool stop_marker_look(stop_marker *m)
{
    if (m->path != NULL && !atomic_load(&m->seen) && path_exists(m->path))
        atomic_store(&m->seen, true);
    return atomic_load(&m->seen);
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
    return m != NULL && m->path != NULL && atomic_load_explicit(&m->seen, memory_order_relaxed);
}

bool stop_marker_create(const stop_marker *m, const char *text)
{
    if (m->path == NULL)
        return true;
    int error = ENOMEM;
    char *temporary = temporary_name(m->path);
    if (temporary != NULL) {
        error = write_new_file(temporary, text);
        if (error == 0) {
            error = link_name(temporary, m->path);
            remove_name(temporary);
        } else if (error == EEXIST) {
            error = EIO; /* a stale temporary name of a process with our pid */
        }
        free(temporary);
    }
    /* no hard links here (some network and FAT filesystems), or the
     * directory refused the temporary name: create the marker itself */
    if (error != 0 && error != EEXIST)
        error = write_new_file(m->path, text);
    if (error == 0 || error == EEXIST)
        return true;
    fprintf(stderr, "hc: %s: cannot create the stop marker: %s\n", m->path, strerror(error));
    return false;
}

void stop_marker_report(const stop_marker *m)
{
    fprintf(stderr, "hc: stopped: %s appeared\n", m->path);
}
