/* Wildcards in a word naming files (platform.h: plat_expand_wildcards):
 * cmd and PowerShell leave them to the program, so `hc sha256 *.iso`
 * would otherwise look for a file named `*.iso`. FindFirstFileExW
 * matches the last component; the folder part is kept as typed. */
#include "win32.h"

#include "array_grow.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct name_list {
    char **names;
    size_t count, cap;
} name_list;

static bool add_name(name_list *list, const char *folder, size_t folder_len, const char *name)
{
    char **names = hc_array_grow(list->names, &list->cap, list->count + 2, sizeof(*names), 16);
    if (names == NULL)
        return false;
    list->names = names;
    size_t len = strlen(name);
    char *joined = malloc(folder_len + len + 1);
    if (joined == NULL)
        return false;
    memcpy(joined, folder, folder_len);
    memcpy(joined + folder_len, name, len + 1);
    list->names[list->count++] = joined;
    list->names[list->count] = NULL;
    return true;
}

static void free_names(name_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->names[i]);
    free(list->names);
    memset(list, 0, sizeof(*list));
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The folder part of word: everything up to its last separator, or a
 * drive's `C:` (C:*.txt is in the drive's current folder). */
static size_t folder_length(const char *word)
{
    size_t len = 0;
    for (size_t i = 0; word[i]; i++)
        if (plat_is_separator(word[i]) || (i == 1 && word[i] == ':'))
            len = i + 1;
    return len;
}

ptrdiff_t plat_expand_wildcards(const char *word, char ***names)
{
    *names = NULL;
    const char *wild = strpbrk(word, "*?");
    const size_t folder_len = folder_length(word);
    /* a wildcard in a folder part is not expanded: the word stays as typed */
    if (wild == NULL || (size_t)(wild - word) < folder_len)
        return 0;
    wchar_t *pattern = plat_win32_wide_path(word);
    if (pattern == NULL)
        return -1;
    WIN32_FIND_DATAW found;
    HANDLE find = FindFirstFileExW(pattern, FindExInfoBasic, &found, FindExSearchNameMatch, NULL, 0);
    free(pattern);
    if (find == INVALID_HANDLE_VALUE) {
        DWORD error = GetLastError();
        if (error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND)
            return 0; /* nothing matches: the word stays, and its error is "no such file" */
        plat_win32_errno(error);
        return -1;
    }
    name_list list = {0};
    bool ok = true;
    do {
        const wchar_t *name = found.cFileName;
        if (name[0] == L'.' && (name[1] == L'\0' || (name[1] == L'.' && name[2] == L'\0')))
            continue;
        char utf8[MAX_PATH * 4];
        ok = plat_win32_utf8(name, utf8, sizeof(utf8)) && add_name(&list, word, folder_len, utf8);
    } while (ok && FindNextFileW(find, &found));
    DWORD error = ok ? GetLastError() : ERROR_NOT_ENOUGH_MEMORY;
    FindClose(find);
    if (error != ERROR_NO_MORE_FILES) {
        free_names(&list);
        plat_win32_errno(error);
        return -1;
    }
    if (list.count > 1)
        qsort(list.names, list.count, sizeof(*list.names), by_name);
    *names = list.names;
    return (ptrdiff_t)list.count;
}
