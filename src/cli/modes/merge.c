/* hc merge LIST...: the lists of `dir --part K/N` runs (contract §10.10)
 * as one run over the whole tree prints them. Every line is kept as it is;
 * the lines are put in dir mode's walk order by the path each names (each
 * directory's files before its sub-directories, both sorted byte-wise by
 * name, depth first: walk.h), which a plain `sort` cannot reproduce (it
 * would mix a directory's files with its sub-directories' contents and
 * compare escaped names, not the names). Lines naming the same path keep
 * their order (a list of several algorithms prints one line per row).
 * Formats: hc's default lines, gnu, bsd and json (the error objects of
 * failed files included), in any mix. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"
#include "args.h"
#include "cli.h"
#include "line_input.h"
#include "sumfile.h"

static const cli_option_spec merge_options[] = {
    {OPT_SOURCE, 's', "source", "<list>", "a list written by a dir --part run ('-': standard input); bare words too", 0},
};

/* One line of the lists: its bytes (with the newline) and the path it names. */
typedef struct merge_line {
    char *text;
    size_t len;
    char *path;
    size_t path_len;
    size_t order;    /* position in the input: ties keep it */
} merge_line;

typedef struct merge_run {
    merge_line *lines;
    size_t count, cap;
} merge_run;

/* ---- the path a line names ---- */

/* hc's JSON error object ({"path":"...","error":"..."}) is no checksum
 * line; its path is read as check reads a JSON line's. */
static bool json_error_path(const char *line, size_t len, sum_reading *r)
{
    static const char *const keys[] = {"{\"path\":\"", "{\"path_bytes_b64\":\""};
    for (size_t k = 0; k < 2; k++) {
        size_t key_len = strlen(keys[k]);
        if (len <= key_len || memcmp(line, keys[k], key_len) != 0)
            continue;
        size_t end = key_len;
        while (end < len && line[end] != '"')
            end += line[end] == '\\' ? 2 : 1;
        if (end >= len)
            return false;
        memset(r, 0, sizeof(*r));
        r->syntax = SUM_JSON;
        r->name = (sum_span){line + key_len, end - key_len};
        r->coding = k == 0 ? NAME_JSON : NAME_BASE64;
        return true;
    }
    return false;
}

/* The reading of a line: of the syntax the list's first line had when the
 * line can be read so (a checksum line can often be read more than one
 * way), else its most likely one. */
static bool read_line_path(const char *line, size_t len, int *syntax, char *path, size_t cap, size_t *path_len)
{
    sum_reading readings[SUM_READINGS_MAX], json;
    size_t count = 0;
    if (len > 0 && line[len - 1] == '\n')
        len--;
    const sum_reading *chosen = NULL;
    if (sum_line_parse(line, len, false, readings, &count) == SUM_LINE_ENTRY) {
        for (size_t i = 0; i < count; i++) {
            /* SFV names no directory: no list of a tree */
            const sum_reading *r = &readings[i];
            if (r->syntax == SUM_SFV || !sum_digest_plausible(r->digest))
                continue;
            if (chosen == NULL || (int)r->syntax == *syntax)
                chosen = r;
            if ((int)r->syntax == *syntax)
                break;
        }
    }
    if (chosen == NULL && json_error_path(line, len, &json)) {
        chosen = &json;
    }
    if (chosen == NULL || !sum_name_decode(chosen, path, cap, path_len))
        return false;
    if (*syntax < 0)
        *syntax = (int)chosen->syntax;
    return true;
}

/* ---- walk order ---- */

/* The next '/'-separated component of path[at, len): its end. */
static size_t component_end(const char *path, size_t len, size_t at)
{
    const char *slash = memchr(path + at, '/', len - at);
    return slash ? (size_t)(slash - path) : len;
}

/* Dir mode's order of two printed paths of one tree: at the first
 * component where they differ, a file (the path's last component) comes
 * before a directory; otherwise the names compare byte-wise, a name before
 * any longer name it begins. */
static int compare_paths(const char *a, size_t a_len, const char *b, size_t b_len)
{
    size_t i = 0, j = 0;
    for (;;) {
        size_t a_end = component_end(a, a_len, i), b_end = component_end(b, b_len, j);
        bool a_file = a_end == a_len, b_file = b_end == b_len;
        size_t n = a_end - i, m = b_end - j;
        int c = memcmp(a + i, b + j, n < m ? n : m);
        bool same = c == 0 && n == m;
        if (!same || a_file || b_file) {
            if (a_file != b_file)
                return a_file ? -1 : 1;
            if (c != 0)
                return c;
            return n < m ? -1 : n > m ? 1 : 0;
        }
        i = a_end + 1;
        j = b_end + 1;
    }
}

static int compare_lines(const void *x, const void *y)
{
    const merge_line *a = x, *b = y;
    int c = compare_paths(a->path, a->path_len, b->path, b->path_len);
    if (c != 0)
        return c;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* ---- reading the lists ---- */

static bool add_line(merge_run *run, const char *text, size_t len, const char *path, size_t path_len)
{
    merge_line *lines = hc_array_grow(run->lines, &run->cap, run->count + 1, sizeof(*lines), 1024);
    if (lines == NULL)
        return false;
    run->lines = lines;
    merge_line *l = &run->lines[run->count];
    l->path = malloc(path_len + 1);
    l->text = malloc(len + 1);
    if (l->path == NULL || l->text == NULL) {
        free(l->path);
        free(l->text);
        return false;
    }
    memcpy(l->text, text, len);
    l->len = len;
    if (len == 0 || text[len - 1] != '\n')
        l->text[l->len++] = '\n'; /* a list's last line without its newline */
    memcpy(l->path, path, path_len);
    l->path_len = path_len;
    l->order = run->count++;
    return true;
}

/* Reads one list through the line reader of every list hc reads (bounded
 * lines, Ctrl+C heard while a pipe is silent). Returns an exit status. */
static int read_list(merge_run *run, const char *name)
{
    line_input in;
    if (!line_input_open(&in, name, cli_interrupt_requested, NULL)) {
        if (errno == ENOMEM) {
            cli_out_of_memory();
            return EXIT_USAGE;
        }
        fprintf(stderr, "hc: %s: %s\n", name, strerror(errno));
        return EXIT_MISMATCH;
    }
    char *path = NULL;
    size_t path_cap = 0;
    int syntax = -1, status = EXIT_OK;
    const char *text;
    size_t len;
    line_input_status got = LINE_INPUT_OK;
    while (status == EXIT_OK && (got = line_input_next(&in, &text, &len, true)) == LINE_INPUT_OK) {
        if (path_cap < len + 1) {
            free(path);
            path_cap = len + 1;
            if ((path = malloc(path_cap)) == NULL) {
                status = EXIT_USAGE;
                break;
            }
        }
        size_t path_len;
        if (len == 0)
            continue;
        if (!read_line_path(text, len, &syntax, path, path_cap, &path_len)) {
            fprintf(stderr, "hc: %s: line %llu: no file name in this line\n", name, (unsigned long long)in.line_no);
            status = EXIT_MISMATCH;
        } else if (!add_line(run, text, len, path, path_len)) {
            status = EXIT_USAGE;
        }
    }
    if (status == EXIT_OK && got == LINE_INPUT_CANCELLED)
        status = EXIT_INTERRUPTED;
    else if (status == EXIT_OK && got == LINE_INPUT_TOO_LONG) {
        fprintf(stderr, "hc: %s: line %llu is longer than %s\n", name, (unsigned long long)in.line_no,
                LINE_INPUT_MAX_TEXT);
        status = EXIT_MISMATCH;
    } else if (status == EXIT_OK && got == LINE_INPUT_ERROR) {
        fprintf(stderr, "hc: %s: %s\n", name, strerror(in.error));
        status = EXIT_MISMATCH;
    }
    if (status == EXIT_USAGE)
        cli_out_of_memory();
    free(path);
    line_input_close(&in);
    return status;
}

static int run_merge(const cli_algs *algs, const cli_args *args, cli_output *out)
{
    (void)algs;
    if (args->input_count == 0) {
        print_parse_error(out, "merge needs the lists to merge");
        return EXIT_USAGE;
    }
    merge_run run = {0};
    int status = EXIT_OK;
    for (size_t i = 0; i < args->input_count && status == EXIT_OK; i++)
        status = read_list(&run, args->inputs[i]);
    if (status == EXIT_OK) {
        qsort(run.lines, run.count, sizeof(*run.lines), compare_lines);
        for (size_t i = 0; i < run.count && !out->write_failed; i++)
            output_bytes(out, run.lines[i].text, run.lines[i].len);
    }
    for (size_t i = 0; i < run.count; i++) {
        free(run.lines[i].text);
        free(run.lines[i].path);
    }
    free(run.lines);
    return status;
}

/* hc merge LIST...: the mode runs alone (no .run of its own). */
const cli_command cli_command_merge = {
    .mode =
        {
            .name = "merge", .description = "merge the lists of dir --part runs into one run's order",
            CLI_MODE_OPTIONS(merge_options),
            .run = run_merge, .lists = true, .inputs = true,
        },
    .usage = "[LIST...]",
};
