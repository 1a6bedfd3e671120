/* Reading a file range ahead into the page cache (platform.h). */
#define _GNU_SOURCE
#include "posix.h"
#include "../common/common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/sendfile.h>
#endif

struct plat_stream {
    int file;      /* what is read: own, or the caller's file */
    int own;       /* an open file of our own on it, or -1 */
    int sink;      /* /dev/null for sendfile, or -1: then pread */
    void *buffer;  /* pread's, made on first use */
    size_t buffer_len;
};

plat_stream *plat_stream_open(plat_file file, uint64_t offset, uint64_t len)
{
    plat_stream *s = calloc(1, sizeof(*s));
    if (s == NULL)
        return NULL;
    s->file = file;
    s->own = -1;
    s->sink = -1;
#ifdef __linux__
    /* sendfile to /dev/null reads through the page cache like read(2),
     * read-ahead and all, without copying a byte (1 GiB cold: 0.03 s of
     * system time, against 0.2-0.4 s for cat) */
    s->sink = open("/dev/null", O_WRONLY | O_CLOEXEC);
    /* Its own open file, so its own read-ahead state: reads at other
     * places of the file would otherwise reset the window it builds (the
     * kernel keeps one per open file). Elsewhere /dev/fd/N gives the same
     * open file again, which would be no better. */
    char own_path[64];
    snprintf(own_path, sizeof(own_path), "/proc/self/fd/%d", file);
    s->own = open(own_path, O_RDONLY | O_CLOEXEC);
    if (s->own >= 0) {
        s->file = s->own;
        plat_advise(s->own, offset, len, PLAT_ADVICE_SEQUENTIAL);
    }
#else
    (void)offset;
    (void)len;
#endif
    return s;
}

ptrdiff_t plat_stream_read(plat_stream *s, uint64_t offset, size_t len)
{
#ifdef __linux__
    if (s->sink >= 0) {
        off_t at = (off_t)offset;
        ssize_t got = sendfile(s->sink, s->file, &at, len);
        if (got >= 0 || errno == EINTR)
            return got;
        /* refused (a file system without it): read instead */
        close(s->sink);
        s->sink = -1;
    }
#endif
    if (plat_reserve_buffer(&s->buffer, &s->buffer_len, len) != 0)
        return -1;
    return pread(s->file, s->buffer, len, (off_t)offset);
}

void plat_stream_close(plat_stream *s)
{
    if (s == NULL)
        return;
    if (s->sink >= 0)
        close(s->sink);
    if (s->own >= 0)
        close(s->own);
    free(s->buffer);
    free(s);
}
