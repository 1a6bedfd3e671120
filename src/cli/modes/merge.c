/* hc merge LIST...: the lists of `dir --part K/N` runs (contract §10.10)
 * as one run over the whole tree prints them. Every line is kept as it is;
 * the lines are put in dir mode's walk order by the path each names (each
 * directory's files before its sub-directories, both sorted byte-wise by
 * name, depth first: walk.h), which a plain `sort` cannot reproduce (it
 * would mix a directory's files with its sub-directories' contents and
 * compare escaped names, not the names). Lines naming the same path keep
 * their order (a list of several algorithms prints one line per row).
 * Formats: hc's default lines, gnu, bsd and json (the error objects of
 * failed files included), in any mix.
 *
 * It merges nothing that is not one whole run: every part's header and
 * end lines (part_list.h) must be there, the parts 1..N each once, all of
 * one N, source, algorithms, format and options, and each part's lines
 * those its end line counted. Each problem is said with the list it is
 * in; then nothing is printed (exit 1), or with --force the lines are
 * merged all the same. The header and end lines themselves are never
 * printed: a whole set merges into one run's list byte for byte. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"
#include "args.h"
#include "cli.h"
#include "line_input.h"
#include "part_list.h"
#include "sumfile.h"

static const cli_option_spec merge_options[] = {
    {OPT_SOURCE, 's', "source", "<list>", "a list written by a dir --part run ('-': standard input); bare words too", 0},
    {OPT_FORCE, 0, "force", NULL,
     "merge even lists that are not one whole run's parts (missing, repeated, foreign, cut short, edited): each "
     "problem a warning", 0},
};

/* One line of the lists: its bytes (with the newline) and the path it names. */
typedef struct merge_line {
    char *text;
    size_t len;
    char *path;
    size_t path_len;
    size_t order;    /* position in the input: ties keep it */
} merge_line;

/* One part read: the list it is in and its header. */
typedef struct merge_part {
    const char *list;
    char *header_line; /* a copy: the header's spans point into it */
    part_header header;
} merge_part;

typedef struct merge_run {
    merge_line *lines;
    size_t count, cap;
    merge_part *parts;
    size_t part_count, part_cap;
    bool force; /* --force: problems are warnings */
    size_t problems;
} merge_run;

/* Where the reading of one list stands. */
typedef struct list_reading {
    const char *name;
    bool in_part; /* after a header, before its end line */
    bool seen_header;
    bool outside_said; /* a line outside any part was reported */
    hc_hasher digest;  /* of the open part's bytes, header included */
    bool digest_open;
    uint64_t lines; /* the open part's lines after its header */
} list_reading;

/* A reason not to merge: an error, or with --force a warning. */
PLAT_PRINTF(2, 3) static void problem(merge_run *run, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(run->force ? "hc: warning: " : "hc: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    run->problems++;
}

/* ---- the path a line names ---- */

/* The end of the JSON string that starts at line[at] (its closing
 * quote), or len when it does not end on the line. */
static size_t json_string_end(const char *line, size_t len, size_t at)
{
    while (at < len && line[at] != '"')
        at += line[at] == '\\' ? 2 : 1;
    return at < len ? at : len;
}

/* hc's JSON error object ({"path":"...","error":"..."}) is no checksum
 * line; its path is read as check reads a JSON line's. A name that is not
 * UTF-8 has its bytes in "path_bytes_b64" right after "path" (whose text
 * shows U+FFFD for them): the bytes decide the order, as in the walk. */
static bool json_error_path(const char *line, size_t len, sum_reading *r)
{
    static const char path_key[] = "{\"path\":\"", bytes_key[] = ",\"path_bytes_b64\":\"";
    const size_t path_len = sizeof(path_key) - 1, bytes_len = sizeof(bytes_key) - 1;
    if (len <= path_len || memcmp(line, path_key, path_len) != 0)
        return false;
    size_t start = path_len, end = json_string_end(line, len, start);
    if (end >= len)
        return false;
    memset(r, 0, sizeof(*r));
    r->syntax = SUM_JSON;
    r->coding = NAME_JSON;
    if (len - (end + 1) > bytes_len && memcmp(line + end + 1, bytes_key, bytes_len) == 0) {
        start = end + 1 + bytes_len;
        end = json_string_end(line, len, start);
        if (end >= len)
            return false;
        r->coding = NAME_BASE64;
    }
    r->name = (sum_span){line + start, end - start};
    return true;
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

/* ---- the parts' header and end lines ---- */

static const merge_part *open_part_of(const merge_run *run)
{
    return &run->parts[run->part_count - 1];
}

/* The line as dir wrote it, its line feed included (the reader drops it;
 * only a list's last line can lack one, and a part's end line follows
 * every line it counts). */
static void digest_line(list_reading *list, const char *text, size_t len)
{
    hc_hasher_update(&list->digest, text, len);
    hc_hasher_update(&list->digest, "\n", 1);
}

/* At a header or the list's end: a part still open lost its end line. */
static void close_part(merge_run *run, list_reading *list)
{
    if (!list->in_part)
        return;
    const part_header *h = &open_part_of(run)->header;
    problem(run,
            "%s: part %llu/%llu has no end line: its run was interrupted, or the list was cut short",
            list->name, (unsigned long long)h->part, (unsigned long long)h->parts);
    list->in_part = false;
}

/* A header line: a part begins (its copy kept for the checks of the set).
 * false when memory ran out. */
static bool begin_part(merge_run *run, list_reading *list, const char *text, size_t len)
{
    close_part(run, list);
    merge_part *parts = hc_array_grow(run->parts, &run->part_cap, run->part_count + 1, sizeof(*parts), 16);
    if (parts == NULL)
        return false;
    run->parts = parts;
    merge_part *part = &run->parts[run->part_count];
    part_end unused;
    if ((part->header_line = malloc(len)) == NULL)
        return false;
    memcpy(part->header_line, text, len);
    part->list = list->name;
    part_line_read(part->header_line, len, &part->header, &unused);
    run->part_count++;
    if (!list->digest_open && !(list->digest_open = part_digest_open(&list->digest)))
        return false;
    hc_hasher_reset(&list->digest);
    digest_line(list, text, len);
    list->lines = 0;
    list->in_part = list->seen_header = true;
    return true;
}

/* An end line: the part's lines must be those it counted. */
static void end_part(merge_run *run, list_reading *list, const part_end *end, uint64_t line_no)
{
    if (!list->in_part) {
        problem(run, "%s: line %llu: an end line without its part's header line", list->name,
                (unsigned long long)line_no);
        return;
    }
    list->in_part = false;
    const part_header *h = &open_part_of(run)->header;
    char hex[2 * 32 + 1];
    part_digest_hex(&list->digest, hex);
    if (end->lines != list->lines)
        problem(run,
                "%s: part %llu/%llu holds %llu lines, its end line says %llu: lines were cut out or added",
                list->name, (unsigned long long)h->part, (unsigned long long)h->parts, (unsigned long long)list->lines,
                (unsigned long long)end->lines);
    else if (strcmp(hex, end->sha256) != 0)
        problem(run,
                "%s: part %llu/%llu: its lines are not those its end line was written for (edited)",
                list->name, (unsigned long long)h->part, (unsigned long long)h->parts);
}

/* A line of files: part of the open part's count, or said to lie outside
 * every part. */
static void count_entry(merge_run *run, list_reading *list, const char *text, size_t len, uint64_t line_no)
{
    if (list->in_part) {
        digest_line(list, text, len);
        list->lines++;
    } else if (!list->outside_said) {
        list->outside_said = true;
        if (list->seen_header)
            problem(run, "%s: line %llu: a line after its part's end line", list->name, (unsigned long long)line_no);
        else
            problem(run,
                    "%s: not the list of a dir --part run (no hc-part header line before line %llu)",
                    list->name, (unsigned long long)line_no);
    }
}

/* One line of a list: a header or end line taken as such, any other line
 * kept for the merge. Returns an exit status. */
static int take_line(merge_run *run, list_reading *list, const char *text, size_t len, uint64_t line_no, char *path,
                     size_t path_cap, int *syntax)
{
    part_header header;
    part_end end;
    switch (part_line_read(text, len, &header, &end)) {
    case PART_LINE_HEADER:
        return begin_part(run, list, text, len) ? EXIT_OK : EXIT_USAGE;
    case PART_LINE_END:
        end_part(run, list, &end, line_no);
        return EXIT_OK;
    case PART_LINE_MALFORMED:
        problem(run,
                "%s: line %llu: an hc-part line that does not read as a header or end line",
                list->name, (unsigned long long)line_no);
        return EXIT_OK;
    case PART_LINE_ENTRY:
        break;
    }
    count_entry(run, list, text, len, line_no);
    size_t path_len;
    if (!read_line_path(text, len, syntax, path, path_cap, &path_len)) {
        fprintf(stderr, "hc: %s: line %llu: no file name in this line\n", list->name, (unsigned long long)line_no);
        return EXIT_MISMATCH;
    }
    return add_line(run, text, len, path, path_len) ? EXIT_OK : EXIT_USAGE;
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
    list_reading list = {.name = name};
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
        if (len > 0)
            status = take_line(run, &list, text, len, in.line_no, path, path_cap, &syntax);
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
    if (status == EXIT_OK) {
        close_part(run, &list);
        if (!list.seen_header && !list.outside_said)
            problem(run, "%s: not the list of a dir --part run (no hc-part header line)", name);
    }
    if (status == EXIT_USAGE)
        cli_out_of_memory();
    if (list.digest_open)
        hc_hasher_close(&list.digest);
    free(path);
    line_input_close(&in);
    return status;
}

/* ---- the set of parts ---- */

static bool same_field(const part_header *a, const part_header *b, part_field f)
{
    if (f == PART_FIELD_PARTS)
        return a->parts == b->parts;
    /* an absent field (the *_bytes_b64 ones) has no text to compare */
    return a->field[f].len == b->field[f].len &&
           (a->field[f].len == 0 || memcmp(a->field[f].p, b->field[f].p, a->field[f].len) == 0);
}

/* Every part is of the first one's run: the same N, source, algorithms,
 * format and options. true for those of the first one's N. */
static bool of_one_run(merge_run *run, const merge_part *part)
{
    const merge_part *first = &run->parts[0];
    for (part_field f = 0; f < PART_FIELD_COUNT; f++) {
        if (!same_field(&first->header, &part->header, f)) {
            problem(run, "%s: part %llu/%llu is not of the same %s as %s's part %llu/%llu", part->list,
                    (unsigned long long)part->header.part, (unsigned long long)part->header.parts, part_field_word(f),
                    first->list, (unsigned long long)first->header.part, (unsigned long long)first->header.parts);
            break;
        }
    }
    return part->header.parts == first->header.parts;
}

/* By K; one K given twice: in the order given (the pointers are into
 * run->parts, which holds the parts in that order). */
static int compare_part_numbers(const void *x, const void *y)
{
    const merge_part *a = *(const merge_part *const *)x, *b = *(const merge_part *const *)y;
    if (a->header.part != b->header.part)
        return a->header.part < b->header.part ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* The missing parts: how many, the first few named. */
enum { MISSING_NAMED = 8 };
typedef struct missing_parts {
    char named[MISSING_NAMED * 24];
    size_t named_len;
    uint64_t count, named_count;
} missing_parts;

static void note_gap(missing_parts *m, uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k <= to && m->named_count < MISSING_NAMED; k++) {
        int n = snprintf(m->named + m->named_len, sizeof(m->named) - m->named_len, "%s%llu", m->named_count ? ", " : "",
                         (unsigned long long)k);
        m->named_len += (size_t)n;
        m->named_count++;
    }
    m->count += to - from + 1;
}

/* The parts 1..N that none of the sorted ones is. */
static void say_missing(merge_run *run, merge_part *const *sorted, size_t count, uint64_t parts)
{
    missing_parts m = {.count = 0};
    uint64_t seen = 0; /* the highest part seen so far */
    for (size_t i = 0; i < count; i++) {
        uint64_t k = sorted[i]->header.part;
        if (k > seen + 1)
            note_gap(&m, seen + 1, k - 1);
        if (k > seen)
            seen = k;
    }
    if (seen < parts)
        note_gap(&m, seen + 1, parts);
    if (m.count > 0)
        problem(run, "%llu of the %llu parts %s missing: %s%s", (unsigned long long)m.count, (unsigned long long)parts,
                m.count == 1 ? "is" : "are", m.named, m.count > m.named_count ? ", ..." : "");
}

/* The set's own checks, once every list is read. false when memory ran
 * out. */
static bool check_set(merge_run *run)
{
    if (run->part_count == 0)
        return true;
    merge_part **sorted = malloc(run->part_count * sizeof(*sorted));
    if (sorted == NULL)
        return false;
    size_t count = 0;
    for (size_t i = 0; i < run->part_count; i++)
        if (i == 0 || of_one_run(run, &run->parts[i]))
            sorted[count++] = &run->parts[i];
    qsort(sorted, count, sizeof(*sorted), compare_part_numbers);
    for (size_t i = 1; i < count; i++)
        if (sorted[i]->header.part == sorted[i - 1]->header.part)
            problem(run, "%s: part %llu/%llu is given twice (also in %s)", sorted[i]->list,
                    (unsigned long long)sorted[i]->header.part, (unsigned long long)sorted[i]->header.parts,
                    sorted[i - 1]->list);
    say_missing(run, sorted, count, run->parts[0].header.parts);
    free(sorted);
    return true;
}

static void free_run(merge_run *run)
{
    for (size_t i = 0; i < run->count; i++) {
        free(run->lines[i].text);
        free(run->lines[i].path);
    }
    free(run->lines);
    for (size_t i = 0; i < run->part_count; i++)
        free(run->parts[i].header_line);
    free(run->parts);
}

static int run_merge(const cli_algs *algs, const cli_args *args, cli_output *out)
{
    (void)algs;
    if (args->input_count == 0) {
        print_usage_error("merge needs the lists to merge");
        return EXIT_USAGE;
    }
    merge_run run = {.force = args->present[OPT_FORCE]};
    int status = EXIT_OK;
    for (size_t i = 0; i < args->input_count && status == EXIT_OK; i++)
        status = read_list(&run, args->inputs[i]);
    if (status == EXIT_OK && !check_set(&run)) {
        cli_out_of_memory();
        status = EXIT_USAGE;
    }
    if (status == EXIT_OK && run.problems > 0 && !run.force) {
        fputs("hc: nothing merged: the lists are not every part of one whole run (--force merges them all the same)\n",
              stderr);
        status = EXIT_MISMATCH;
    }
    if (status == EXIT_OK) {
        qsort(run.lines, run.count, sizeof(*run.lines), compare_lines);
        for (size_t i = 0; i < run.count && !out->write_failed; i++)
            output_bytes(out, run.lines[i].text, run.lines[i].len);
    }
    free_run(&run);
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
