/* Reading a file range ahead into the cache (platform.h): Windows has no
 * copy-free way, so the bytes are read into a buffer of the stream's own,
 * with the file's own handle (the cache manager's read-ahead follows a
 * handle's sequential reads). */
#include "win32.h"
#include "../common/common.h"

#include <errno.h>
#include <stdlib.h>

struct plat_stream {
    plat_file file;
    void *buffer;
    size_t buffer_len;
};

plat_stream *plat_stream_open(plat_file file, uint64_t offset, uint64_t len)
{
    (void)offset;
    (void)len;
    plat_stream *s = calloc(1, sizeof(*s));
    if (s)
        s->file = file;
    return s;
}

ptrdiff_t plat_stream_read(plat_stream *s, uint64_t offset, size_t len)
{
    if (plat_reserve_buffer(&s->buffer, &s->buffer_len, len) != 0)
        return -1;
    return plat_pread(s->file, s->buffer, len, offset);
}

void plat_stream_close(plat_stream *s)
{
    if (s == NULL)
        return;
    free(s->buffer);
    free(s);
}
