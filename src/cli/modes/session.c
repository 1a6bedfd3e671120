/* Hash mode's sessions: see session.h. */
#include "session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "part.h"
#include "hc/encode.h"
#include "hc/file.h"

/* The state file: this line, the search's lines, "position: N", "end". */
#define SESSION_MAGIC "hc session 1\n"
#define SESSION_DEFAULT_NAME "hc"
enum {
    SESSION_NAME_MAX = 64,
    STATE_MAX = 1 << 20  /* a larger file is no state of hc's */
};

/* A name is a file name on every system: letters, digits, '.', '_', '-',
 * not starting with a dot. */
static bool valid_name(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || len > SESSION_NAME_MAX || name[0] == '.')
        return false;
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
              c == '-'))
            return false;
    }
    return true;
}

static char *join(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = malloc(la + lb + lc + 1);
    if (s != NULL) {
        memcpy(s, a, la);
        memcpy(s + la, b, lb);
        memcpy(s + la + lb, c, lc + 1);
    }
    return s;
}

/* Makes each missing folder of dir, the last one for its owner only. */
static bool make_folders(char *dir)
{
    for (char *p = dir + 1; *p; p++) {
        if (!plat_is_separator(*p))
            continue;
        char kept = *p;
        *p = '\0';
        int made = plat_make_dir(dir);
        *p = kept;
        if (made != 0 && errno != EEXIST)
            return false;
    }
    return plat_make_dir(dir) == 0 || errno == EEXIST;
}

/* The folder of the state files, made if missing; NULL after a message. */
static char *session_folder(void)
{
    const char *env = getenv(SESSION_DIR_ENV);
    char *dir;
    if (env != NULL && env[0] != '\0') {
        dir = strdup(env);
    } else {
        char *state = plat_user_state_dir();
        if (state == NULL) {
            fprintf(stderr, "hc: --session: no folder for the session's state (set HOME or %s)\n", SESSION_DIR_ENV);
            return NULL;
        }
        dir = join(state, "/hc/", "sessions");
        free(state);
    }
    if (dir == NULL) {
        cli_out_of_memory();
        return NULL;
    }
    if (!make_folders(dir)) {
        fprintf(stderr, "hc: --session: %s: %s\n", dir, strerror(errno));
        free(dir);
        return NULL;
    }
    return dir;
}

/* The whole file (at most STATE_MAX bytes) in memory the caller frees,
 * NUL-terminated, its length in *size; NULL with errno (EFBIG: larger). */
static char *read_state(const char *path, size_t *size)
{
    plat_file f = plat_open(path, PLAT_OPEN_READ);
    if (f == PLAT_FILE_INVALID)
        return NULL;
    char *text = malloc(STATE_MAX + 1);
    size_t len = 0;
    ptrdiff_t got = 0;
    while (text != NULL && len <= STATE_MAX && (got = plat_read(f, text + len, STATE_MAX + 1 - len)) > 0)
        len += (size_t)got;
    int error = text == NULL ? ENOMEM : got < 0 ? errno : len > STATE_MAX ? EFBIG : 0;
    plat_close(f);
    if (error != 0) {
        free(text);
        errno = error;
        return NULL;
    }
    text[len] = '\0';
    *size = len;
    return text;
}

/* The position line of a state file's text: the line before its last,
 * "end"; NULL when the text does not end so. */
static const char *position_line(const char *text, size_t len)
{
    static const char end[] = "\nend\n", key[] = "position: ";
    const size_t end_len = sizeof(end) - 1, key_len = sizeof(key) - 1;
    if (len < end_len || memcmp(text + len - end_len, end, end_len) != 0)
        return NULL;
    const char *line = text + len - end_len;
    while (line > text && line[-1] != '\n')
        line--;
    return strncmp(line, key, key_len) == 0 ? line : NULL;
}

/* The saved position of a state file's text for this identity; false
 * after a message: a file that is no hc state (corrupt, truncated,
 * another program's), or another search's. */
static bool parse_state(const session *s, const char *text, size_t len, uint64_t *position)
{
    const size_t magic = strlen(SESSION_MAGIC), id_len = strlen(s->identity);
    const char *p = text + magic;
    /* a NUL byte: no text of hc's */
    const bool framed = strlen(text) == len && strncmp(text, SESSION_MAGIC, magic) == 0;
    const char *tail = framed ? position_line(text, len) : NULL;
    const char *digits = tail ? tail + strlen("position: ") : NULL;
    if (tail == NULL || tail < p || !parse_whole_number(digits, text + len - strlen("\nend\n"), position)) {
        fprintf(stderr, "hc: --restore: %s is not an hc session state (corrupt or foreign): refused\n", s->path);
        return false;
    }
    if ((size_t)(tail - p) != id_len || memcmp(p, s->identity, id_len) != 0) {
        fprintf(stderr,
                "hc: --restore: session '%s' was saved by another search (the digests, the keyspace options or the "
                "files' contents differ): refused; give the options it was started with\n",
                s->path);
        return false;
    }
    return true;
}

/* --restore: the saved position; false after a message. */
static bool restore(session *s, uint64_t *skip)
{
    size_t len;
    char *text = read_state(s->path, &len);
    if (text == NULL) {
        if (errno == ENOENT)
            fprintf(stderr, "hc: --restore: no saved session at %s\n", s->path);
        else
            fprintf(stderr, "hc: --restore: %s: %s\n", s->path,
                    errno == EFBIG ? "too large for a session state: refused" : strerror(errno));
        return false;
    }
    uint64_t position;
    bool ok = parse_state(s, text, len, &position);
    free(text);
    if (ok)
        *skip = position;
    return ok;
}

bool session_open(session *s, const cli_args *args, const char *identity, uint64_t *skip)
{
    memset(s, 0, sizeof(*s));
    s->saved = UINT64_MAX;
    if (!args->present[OPT_SESSION] && !args->present[OPT_RESTORE])
        return true;
    const char *name = args->present[OPT_SESSION] ? args->value[OPT_SESSION] : SESSION_DEFAULT_NAME;
    if (!valid_name(name)) {
        fprintf(stderr,
                "hc: invalid --session name '%s': 1 to %d letters, digits, '.', '_' or '-', not starting with '.'\n",
                name, SESSION_NAME_MAX);
        return false;
    }
    char *dir = session_folder();
    if (dir == NULL)
        return false;
    char file[SESSION_NAME_MAX + 16];
    snprintf(file, sizeof(file), "%s.session", name);
    s->path = join(dir, "/", file);
    free(dir);
    s->temporary = s->path ? join(s->path, ".tmp", "") : NULL;
    s->identity = strdup(identity);
    if (!s->path || !s->temporary || !s->identity || plat_mutex_init(&s->lock) != 0) {
        cli_out_of_memory();
        session_close(s);
        return false;
    }
    s->locking = true;
    plat_file_info info;
    bool ok = true;
    if (args->present[OPT_RESTORE]) {
        ok = restore(s, skip);
    } else if (plat_path_info(s->path, &info) == 0) {
        fprintf(stderr, "hc: --session: session '%s' is saved at %s: continue it with --restore, or remove the file\n",
                name, s->path);
        ok = false;
    }
    s->start = *skip;
    if (!ok)
        session_close(s);
    return ok;
}

/* "file PATH: BLAKE3 HEX" for a wordlist or rule file: a list edited
 * since the save is another search. Standard input cannot be told. */
static bool append_file(text_buffer *t, hc_file_hasher *hasher, const char *path)
{
    text_append_str(t, "file ");
    /* one line whatever the name holds */
    for (const char *c = path; *c; c++)
        text_printf(t, (unsigned char)*c < 0x20 || *c == '\\' ? "\\x%02x" : "%c", (unsigned char)*c);
    text_append_str(t, ": ");
    if (strcmp(path, "-") == 0) {
        text_append_str(t, "standard input\n");
        return true;
    }
    uint8_t digest[32];
    char hex[65];
    hc_status status = hc_file_hash_path(hasher, path, NULL, digest, NULL);
    if (status != HC_OK && status != HC_ERR_RANGE) {
        fprintf(stderr, "hc: %s: %s\n", path, status == HC_ERR_IO ? strerror(errno) : hc_status_text(status));
        return false;
    }
    if (status == HC_ERR_RANGE) /* an empty file */
        memset(digest, 0, sizeof(digest));
    hc_hex_encode(digest, sizeof(digest), hex, true);
    text_printf(t, "%s\n", hex);
    return true;
}

char *session_identity(const cli_args *args, const char *marker_identity, uint64_t part, uint64_t skip,
                       uint64_t limit)
{
    text_buffer t;
    text_init(&t);
    text_append_str(&t, marker_identity);
    text_printf(&t, "part: %llu\nskip: %llu\nlimit: %llu\n", (unsigned long long)part, (unsigned long long)skip,
                (unsigned long long)limit);
    bool ok = true;
    if (args->present[OPT_WORDLIST]) {
        const hc_algorithm *blake3 = hc_algorithm_find("blake3");
        hc_file_hasher *hasher = NULL;
        if (hc_file_hasher_create(&hasher, &blake3, 1, NULL, 0, NULL) != HC_OK) {
            cli_out_of_memory();
            ok = false;
        }
        ok = ok && append_file(&t, hasher, args->value[OPT_WORDLIST]);
        for (size_t i = 0; ok && i < args->rule_file_count; i++)
            ok = append_file(&t, hasher, args->rule_files[i]);
        hc_file_hasher_free(hasher);
    }
    if (ok && t.no_memory)
        cli_out_of_memory();
    char *lines = ok && !t.no_memory ? strdup(text_str(&t)) : NULL;
    text_free(&t);
    return lines;
}

/* Writes the state at position: a new file renamed over the old one, so
 * that a stop at any moment leaves the old position or the new one. */
static bool write_state(session *s, uint64_t position)
{
    text_buffer t;
    text_init(&t);
    text_printf(&t, "%s%sposition: %llu\nend\n", SESSION_MAGIC, s->identity, (unsigned long long)position);
    if (t.no_memory) {
        text_free(&t);
        errno = ENOMEM;
        return false;
    }
    plat_unlink(s->temporary);
    plat_file f = plat_open(s->temporary, PLAT_OPEN_WRITE | PLAT_OPEN_CREATE_NEW);
    bool ok = f != PLAT_FILE_INVALID;
    const char *data = text_str(&t);
    for (size_t done = 0; ok && done < t.len;) {
        ptrdiff_t wrote = plat_write(f, data + done, t.len - done);
        ok = wrote > 0;
        done += ok ? (size_t)wrote : 0;
    }
    int error = errno;
    if (f != PLAT_FILE_INVALID && plat_close(f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && plat_rename_replace(s->temporary, s->path) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok)
        plat_unlink(s->temporary);
    text_free(&t);
    errno = error;
    return ok;
}

void session_checkpoint(session *s, uint64_t settled, bool force)
{
    if (s->path == NULL)
        return;
    plat_mutex_lock(&s->lock);
    const double now = cli_monotonic_seconds();
    const uint64_t position = settled > UINT64_MAX - s->start ? UINT64_MAX : s->start + settled;
    /* the first move past the start is saved at once: a run stopped
     * early keeps it too */
    const bool first = s->saved == UINT64_MAX || s->saved == s->start;
    if ((force || first || now - s->saved_at >= SESSION_INTERVAL) && position != s->saved) {
        s->saved_at = now;
        if (write_state(s, position)) {
            s->saved = position;
        } else if (!s->complained) {
            /* said once: a full disk must not flood the screen */
            fprintf(stderr, "hc: --session: cannot save %s: %s\n", s->path, strerror(errno));
            s->complained = true;
        }
    }
    plat_mutex_unlock(&s->lock);
}

void session_finish(session *s)
{
    if (s->path != NULL && plat_unlink(s->path) != 0 && errno != ENOENT)
        fprintf(stderr, "hc: --session: cannot remove %s: %s\n", s->path, strerror(errno));
}

void session_close(session *s)
{
    if (s->locking)
        plat_mutex_destroy(&s->lock);
    free(s->path);
    free(s->temporary);
    free(s->identity);
    memset(s, 0, sizeof(*s));
}
