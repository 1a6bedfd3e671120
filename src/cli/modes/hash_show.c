/* Hash mode's --show and --left (hash_show.h). */
#include "hash_show.h"

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "array_grow.h"
#include "formats.h"
#include "hash_targets.h"
#include "plain_text.h"

/* The targets listed: their digests in list order and, with --username,
 * each line's user; the potfile's plain of each (NULL: none). */
typedef struct show_list {
    const hc_algorithm *alg;
    uint8_t *digests;
    char **users;
    size_t count, cap;
    uint8_t **plains;
    size_t *plain_lens;
    bool no_memory;     /* a plain could not be kept */
} show_list;

/* hash_line_fn of --username lists: every line is kept. */
static bool keep_line(void *arg, const hash_line *line)
{
    show_list *l = arg;
    const size_t dl = hc_algorithm_digest_len(l->alg);
    size_t digests_cap = l->cap, users_cap = l->cap;
    uint8_t *digests = hc_array_grow(l->digests, &digests_cap, l->count + 1, dl, 256);
    if (digests)
        l->digests = digests;
    char **users = hc_array_grow(l->users, &users_cap, l->count + 1, sizeof(char *), 256);
    if (users)
        l->users = users;
    char *user = digests && users ? malloc(line->user_len + 1) : NULL;
    if (user == NULL) {
        cli_out_of_memory();
        return false;
    }
    l->cap = digests_cap;
    memcpy(user, line->user, line->user_len);
    user[line->user_len] = '\0';
    memcpy(l->digests + l->count * dl, line->digest, dl);
    l->users[l->count++] = user;
    return true;
}

static void keep_plain(void *arg, size_t i, const uint8_t *plain, size_t len)
{
    show_list *l = arg;
    if ((l->plains[i] = malloc(len + 1)) == NULL) {
        l->no_memory = true;
        return;
    }
    memcpy(l->plains[i], plain, len);
    l->plain_lens[i] = len;
}

/* Reads the list: 0, or the exit status to end with. */
static int read_list(const cli_args *args, const hash_list_syntax *syntax, show_list *l, size_t *bad_lines)
{
    cli_catch_interrupt();
    bool interrupted = false;
    if (syntax->usernames) {
        if (!hash_list_each(syntax, args->value[OPT_HASHES], keep_line, l, bad_lines, &interrupted))
            return interrupted ? EXIT_INTERRUPTED : EXIT_USAGE;
        return EXIT_OK;
    }
    hash_targets targets;
    if (!hash_targets_read(&targets, syntax, args->value[OPT_HASHES]))
        return targets.interrupted ? EXIT_INTERRUPTED : EXIT_USAGE;
    /* the list's digests, once each: the targets' */
    l->digests = targets.digests;
    l->count = targets.count;
    *bad_lines = targets.bad_lines;
    free(targets.lines);
    return EXIT_OK;
}

/* One line of the listing. */
static void print_entry(cli_output *out, const show_list *l, size_t i, bool show)
{
    text_buffer t;
    text_init(&t);
    if (l->users != NULL && l->users[i][0] != '\0')
        text_printf(&t, "%s:", l->users[i]);
    char hash[HASH_TEXT_MAX];
    text_append(&t, hash, hash_text(l->alg, l->digests + i * hc_algorithm_digest_len(l->alg), hash));
    char *plain = show ? malloc(PLAIN_TEXT_SIZE(l->plain_lens[i])) : NULL;
    if (show && plain == NULL)
        t.no_memory = true;
    if (plain != NULL) {
        text_append(&t, ":", 1);
        text_append(&t, plain, plain_encode(l->plains[i], l->plain_lens[i], plain));
    }
    free(plain);
    text_output_line(&t, out);
    text_free(&t);
}

int hash_show_run(const cli_args *args, const hc_algorithm *alg, const potfile *pot, cli_output *out)
{
    if (!args->present[OPT_HASHES] || args->present[OPT_SHOW] == args->present[OPT_LEFT]) {
        print_parse_error(out, args->present[OPT_HASHES] ? "--show and --left exclude each other"
                                                         : "--show and --left list the targets of --hashes: give one");
        return EXIT_USAGE;
    }
    if (pot->path == NULL) {
        print_parse_error(out, "--show and --left read the potfile: leave out --potfile-disable");
        return EXIT_USAGE;
    }
    const hash_list_syntax syntax = {alg, args->present[OPT_BASE64], args->present[OPT_USERNAME]};
    show_list l = {.alg = alg};
    size_t bad_lines = 0;
    int status = read_list(args, &syntax, &l, &bad_lines);
    if (status == EXIT_OK && l.count > 0) {
        l.plains = calloc(l.count, sizeof(*l.plains));
        l.plain_lens = calloc(l.count, sizeof(*l.plain_lens));
        if (l.plains == NULL || l.plain_lens == NULL) {
            cli_out_of_memory();
            status = EXIT_USAGE;
        } else if (!potfile_lookup(pot, l.digests, l.count, keep_plain, &l)) {
            status = atomic_load(&cli_interrupted) ? EXIT_INTERRUPTED : EXIT_USAGE;
        } else if (l.no_memory) {
            cli_out_of_memory();
            status = EXIT_USAGE;
        }
    }
    const bool show = args->present[OPT_SHOW];
    for (size_t i = 0; status == EXIT_OK && i < l.count; i++)
        if ((l.plains[i] != NULL) == show)
            print_entry(out, &l, i, show);
    if (status == EXIT_OK && bad_lines > 0)
        status = EXIT_MISMATCH;
    for (size_t i = 0; i < l.count; i++) {
        if (l.users)
            free(l.users[i]);
        if (l.plains)
            free(l.plains[i]);
    }
    free(l.users);
    free(l.plains);
    free(l.plain_lens);
    free(l.digests);
    return status;
}
