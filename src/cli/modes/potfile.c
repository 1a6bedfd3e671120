/* Hash mode's potfile (potfile.h). */
#include "potfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line_input.h"
#include "plain_text.h"
#include "platform.h"

static const char DEFAULT_FOLDER[] = "hc", DEFAULT_NAME[] = "hc.potfile";

/* Makes the folders of path that are missing (mkdir -p); a failure shows
 * when the potfile is written. */
static void make_folders(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (!plat_is_separator(*p))
            continue;
        const char saved = *p;
        *p = '\0';
        plat_make_dir(path);
        *p = saved;
    }
    plat_make_dir(path);
}

/* <data>/hc/hc.potfile, its folders made as needed. */
static char *default_path(void)
{
    char *data = plat_user_data_dir();
    if (data == NULL)
        return NULL;
    const size_t n = strlen(data) + sizeof(DEFAULT_FOLDER) + sizeof(DEFAULT_NAME) + 2;
    char *path = malloc(n);
    if (path != NULL) {
        snprintf(path, n, "%s/%s", data, DEFAULT_FOLDER);
        make_folders(path);
        snprintf(path, n, "%s/%s/%s", data, DEFAULT_FOLDER, DEFAULT_NAME);
    }
    free(data);
    return path;
}

bool potfile_init(potfile *pot, const cli_args *args, const hc_algorithm *alg)
{
    *pot = (potfile){.alg = alg, .fd = -1};
    /* -p measures a crack: an answer from the potfile would measure nothing */
    if (args->present[OPT_POTFILE_DISABLE] || args->present[OPT_PERFORMANCE])
        return true;
    pot->path = args->present[OPT_POTFILE_PATH] ? strdup(args->value[OPT_POTFILE_PATH]) : default_path();
    if (pot->path == NULL) {
        if (args->present[OPT_POTFILE_PATH])
            cli_out_of_memory();
        else
            fprintf(stderr, "hc: no folder for the potfile (HOME is not set): give --potfile-path or "
                            "--potfile-disable\n");
        return false;
    }
    return true;
}

void potfile_close(potfile *pot)
{
    if (pot->fd >= 0)
        plat_close(pot->fd);
    free(pot->path);
    *pot = (potfile){.fd = -1};
}

bool plain_matches_digest(const hc_algorithm *alg, const uint8_t *digest, const uint8_t *plain, size_t len)
{
    const bool wide = hc_algorithm_flags(alg) & HC_ALG_TEXT_UTF16LE;
    uint8_t *units = wide ? malloc(2 * len + 1) : NULL;
    hc_hasher hasher;
    if ((wide && units == NULL) || hc_hasher_open(&hasher, alg, NULL) != HC_OK) {
        free(units);
        return false;
    }
    for (size_t i = 0; units && i < len; i++) {
        units[2 * i] = plain[i];
        units[2 * i + 1] = 0;
    }
    uint8_t made[HC_MAX_DIGEST_LEN];
    hc_hasher_oneshot(&hasher, wide ? units : plain, wide ? 2 * len : len, made);
    hc_hasher_close(&hasher);
    free(units);
    return memcmp(made, digest, hc_algorithm_digest_len(alg)) == 0;
}

/* The digests asked for, sorted for bsearch: each padded to the longest
 * digest, so one memcmp orders them. */
typedef struct wanted {
    uint8_t digest[HC_MAX_DIGEST_LEN];
    size_t index;
} wanted;

static int wanted_order(const void *a, const void *b)
{
    const wanted *x = a, *y = b;
    int c = memcmp(x->digest, y->digest, sizeof(x->digest));
    return c != 0 ? c : (x->index > y->index) - (x->index < y->index);
}

static int wanted_digest_order(const void *key, const void *entry)
{
    return memcmp(key, ((const wanted *)entry)->digest, HC_MAX_DIGEST_LEN);
}

typedef struct lookup {
    const potfile *pot;
    wanted *list;
    size_t count;
    uint8_t *answered;   /* per list entry */
    uint8_t *plain;      /* a line's decoded plain */
    potfile_found_fn *fn;
    void *arg;
} lookup;

/* One potfile line: the entries of its digest answered, when its plain
 * hashes to it. */
static void take_pot_line(lookup *l, const char *text, size_t len)
{
    const char *colon = memchr(text, ':', len);
    wanted key = {{0}, 0};
    /* the hash text may hold a ':' itself (CRC32's salt): try each */
    while (colon != NULL && !hash_text_parse(l->pot->alg, text, (size_t)(colon - text), key.digest))
        colon = memchr(colon + 1, ':', len - (size_t)(colon + 1 - text));
    if (colon == NULL)
        return;
    const wanted *hit = bsearch(key.digest, l->list, l->count, sizeof(wanted), wanted_digest_order);
    if (hit == NULL)
        return;
    /* bsearch finds any of the equal entries: go to the first */
    size_t at = (size_t)(hit - l->list);
    while (at > 0 && memcmp(l->list[at - 1].digest, key.digest, HC_MAX_DIGEST_LEN) == 0)
        at--;
    if (l->answered[at])
        return;
    const uint8_t *field = (const uint8_t *)colon + 1;
    size_t field_len = len - (size_t)(colon + 1 - text), plain_len = field_len;
    const uint8_t *plain = field;
    if (plain_hex_decode(field, field_len, l->plain, &plain_len))
        plain = l->plain;
    if (!plain_matches_digest(l->pot->alg, key.digest, plain, plain_len))
        return;
    for (; at < l->count && memcmp(l->list[at].digest, key.digest, HC_MAX_DIGEST_LEN) == 0; at++) {
        l->answered[at] = 1;
        l->fn(l->arg, l->list[at].index, plain, plain_len);
    }
}

/* Reads the potfile's lines into l; false after a message. */
static bool read_pot(lookup *l)
{
    /* A device or a pipe (/dev/null keeps found plains nowhere): nothing
     * to look up, and its end may never come (/dev/zero, /dev/full). */
    plat_file_info info;
    if (plat_path_info(l->pot->path, &info) == 0 && info.kind != PLAT_KIND_REGULAR &&
        info.kind != PLAT_KIND_DIRECTORY)
        return true;
    line_input in;
    if (!line_input_open(&in, l->pot->path, cli_interrupt_requested, NULL)) {
        if (errno == ENOENT)
            return true; /* nothing found yet */
        fprintf(stderr, "hc: cannot open the potfile %s: %s\n", l->pot->path, strerror(errno));
        return false;
    }
    line_input_skip_long_lines(&in);
    bool ok = true;
    for (;;) {
        const char *text;
        size_t len;
        line_input_status st = line_input_next(&in, &text, &len, true);
        if (st == LINE_INPUT_OK) {
            take_pot_line(l, text, len);
            continue;
        }
        if (st == LINE_INPUT_TOO_LONG)
            continue;
        if (st == LINE_INPUT_ERROR) {
            fprintf(stderr, "hc: cannot read the potfile %s: %s\n", l->pot->path, strerror(in.error));
            ok = false;
        }
        if (st == LINE_INPUT_CANCELLED)
            ok = false;
        break;
    }
    line_input_close(&in);
    return ok;
}

bool potfile_lookup(const potfile *pot, const uint8_t *digests, size_t count, potfile_found_fn *fn, void *arg)
{
    if (pot->path == NULL || count == 0)
        return true;
    const size_t dl = hc_algorithm_digest_len(pot->alg);
    lookup l = {pot, calloc(count, sizeof(wanted)), count, calloc(count, 1), malloc(LINE_INPUT_MAX / 2 + 1), fn, arg};
    bool ok = l.list && l.answered && l.plain;
    if (!ok) {
        cli_out_of_memory();
    } else {
        for (size_t i = 0; i < count; i++) {
            memcpy(l.list[i].digest, digests + i * dl, dl);
            l.list[i].index = i;
        }
        qsort(l.list, count, sizeof(wanted), wanted_order);
        ok = read_pot(&l);
    }
    free(l.list);
    free(l.answered);
    free(l.plain);
    return ok;
}

/* Opens the potfile for appends; when it does not end with a newline (a
 * line cut by a crash), writes one first. */
static bool open_for_appends(potfile *pot)
{
    pot->fd = plat_open(pot->path, PLAT_OPEN_WRITE | PLAT_OPEN_APPEND);
    if (pot->fd < 0)
        return false;
    plat_file_info info;
    if (plat_path_info(pot->path, &info) != 0 || info.size == 0)
        return true;
    plat_file reader = plat_open(pot->path, PLAT_OPEN_READ);
    char last = '\n';
    bool read = reader >= 0 && plat_pread(reader, &last, 1, info.size - 1) == 1;
    if (reader >= 0)
        plat_close(reader);
    return !read || last == '\n' || plat_write(pot->fd, "\n", 1) == 1;
}

bool potfile_add(potfile *pot, const uint8_t *digest, const uint8_t *plain, size_t len)
{
    if (pot->path == NULL || pot->failed)
        return !pot->failed;
    char *line = malloc(HASH_TEXT_MAX + PLAIN_TEXT_SIZE(len) + 1);
    bool ok = line != NULL && (pot->fd >= 0 || open_for_appends(pot));
    size_t n = 0;
    if (ok) {
        n = hash_text(pot->alg, digest, line);
        line[n++] = ':';
        n += plain_encode(plain, len, line + n);
        line[n++] = '\n';
    }
    return found_line_write(pot->fd, line, n, ok, "the potfile", pot->path, &pot->failed);
}
