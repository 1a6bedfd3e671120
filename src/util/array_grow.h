/* Arrays that grow as they fill: a helper any layer may use (it calls no
 * OS function beyond the C library's realloc and hashes nothing). */
#ifndef HC_UTIL_ARRAY_GROW_H
#define HC_UTIL_ARRAY_GROW_H

#include <stdint.h>
#include <stdlib.h>

/* The array `items` (of *cap elements of elem_size bytes) reallocated to
 * hold at least need elements: first elements when it has none yet,
 * doubled until they are enough (an array not yet allocated gets first
 * elements even when need is 0). Returns the array, moved or not, with
 * *cap updated; NULL when memory runs out or the size would overflow, and
 * then `items` and *cap are as they were. */
static inline void *hc_array_grow(void *items, size_t *cap, size_t need, size_t elem_size, size_t first)
{
    if (items != NULL && need <= *cap)
        return items;
    size_t grown = *cap ? *cap : first;
    while (grown < need) {
        if (grown > SIZE_MAX / 2)
            return NULL;
        grown *= 2;
    }
    if (grown > SIZE_MAX / elem_size)
        return NULL;
    void *moved = realloc(items, grown * elem_size);
    if (moved != NULL)
        *cap = grown;
    return moved;
}

#endif
