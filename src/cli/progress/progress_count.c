/* Counting the work ahead for the progress line (progress_count.h). */
#include "progress_count.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "platform.h"

struct progress_count {
    plat_thread *thread;
    atomic_bool stop;
    progress *display;
    progress_count_body *body;
    void *arg;
    void (*release)(void *arg);
};

static void *count_main(void *self)
{
    progress_count *count = self;
    uint64_t files = 0, bytes = 0;
    /* stopped, or not counted whole: no totals rather than wrong ones */
    if (count->body(count, count->arg, &files, &bytes) && !atomic_load(&count->stop))
        progress_set_totals(count->display, files, bytes);
    return NULL;
}

progress_count *progress_count_start(progress *display, progress_count_body *body, void *arg,
                                     void (*release)(void *arg))
{
    progress_count *count = progress_live(display) ? calloc(1, sizeof(*count)) : NULL;
    if (count != NULL) {
        *count = (progress_count){.display = display, .body = body, .arg = arg, .release = release};
        atomic_init(&count->stop, false);
        if (plat_thread_start(&count->thread, count_main, count) == 0)
            return count;
        free(count);
    }
    if (release)
        release(arg);
    return NULL;
}

bool progress_count_stopped(void *count)
{
    progress_count *c = count;
    return atomic_load_explicit(&c->stop, memory_order_relaxed);
}

void progress_count_stop(progress_count *count)
{
    if (count == NULL)
        return;
    atomic_store(&count->stop, true);
    plat_thread_join(count->thread);
    if (count->release)
        count->release(count->arg);
    free(count);
}
