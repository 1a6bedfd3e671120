/* The stop marker of hash mode: see stop_marker.h. */
#include "stop_marker.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "platform.h"

static bool path_exists(const char *path)
{
    plat_file_info info;
    return plat_link_info(path, &info) == 0;
}

/* Creates path, which must not exist yet (EEXIST when it does), holding
 * text. 0 or an errno. */
static int write_new_file(const char *path, const char *text)
{
    plat_file file = plat_open(path, PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW | PLAT_OPEN_NOFOLLOW);
    if (file == PLAT_FILE_INVALID)
        return errno;
    size_t len = strlen(text);
    int error = 0;
    while (len > 0) {
        ptrdiff_t n = plat_write(file, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = n < 0 ? errno : EIO;
            break;
        }
        text += n;
        len -= (size_t)n;
    }
    if (plat_close(file) != 0 && error == 0)
        error = errno;
    return error;
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
    int error = write_new_file(m->path, text);
    /* EEXIST: another part found an answer too, or the user's own file is
     * there; either way it stays as it is */
    if (error == 0 || error == EEXIST)
        return true;
    fprintf(stderr, "hc: %s: cannot create the stop marker: %s\n", m->path, strerror(error));
    return false;
}

void stop_marker_report(const stop_marker *m)
{
    fprintf(stderr, "hc: stopped: %s appeared\n", m->path);
}
