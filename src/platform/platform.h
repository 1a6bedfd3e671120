/* The platform layer: the only code of hc that calls the operating system
 * (design guide §1). Everything above it (the library's file engine and
 * walk, the command line's modes and output) calls these functions, so a
 * port replaces src/platform/<os>/ and nothing else (docs/platform.md).
 *
 * This header is OS-neutral: standard C types only. Implementations:
 * src/platform/posix/ (Linux, macOS, the BSDs: what is Linux-only has a
 * fallback) and src/platform/win32/.
 *
 * Conventions
 *  - Errors are <errno.h> values. A function that can fail returns -1 (or
 *    NULL, or PLAT_FILE_INVALID) and sets errno, as POSIX calls do; the
 *    win32 layer translates GetLastError() into the nearest errno value
 *    (ERROR_FILE_NOT_FOUND -> ENOENT, ERROR_ACCESS_DENIED -> EACCES,
 *    ERROR_HANDLE_EOF -> 0 bytes, ...). EINTR is returned only where a
 *    function says so: the callers' loops look at the interrupt flag then.
 *  - Byte counts are size_t in, ptrdiff_t out (-1: error); file offsets and
 *    sizes are uint64_t.
 *  - Threads start, join and synchronise through here (plat_thread,
 *    plat_mutex, plat_cond): a new thread must not take the interrupt
 *    signals, and Windows' own locks are far cheaper than winpthreads'
 *    (under Wine a wake-up through winpthreads costs a round trip to the
 *    server). pthread_once stays as it is (winpthreads serves it on
 *    Windows): it runs once a process.
 *  - Every function is thread-safe unless it says otherwise. */
#ifndef HC_PLATFORM_H
#define HC_PLATFORM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* printf-style format checking for hc's own printf-like functions. The
 * Windows build uses MinGW's C99 printf (__USE_MINGW_ANSI_STDIO: %zu,
 * %lld), which GCC knows as gnu_printf there; elsewhere it is printf. */
#if defined(__MINGW32__)
#define PLAT_PRINTF(fmt_arg, first_arg) __attribute__((format(gnu_printf, fmt_arg, first_arg)))
#else
#define PLAT_PRINTF(fmt_arg, first_arg) __attribute__((format(printf, fmt_arg, first_arg)))
#endif

/* The separator hc puts between a directory and a name it walks into:
 * '\\' on Windows, '/' elsewhere. plat_is_separator accepts either on
 * Windows, where both separate. */
#if defined(_WIN32)
#define PLAT_PATH_SEPARATOR '\\'
#else
#define PLAT_PATH_SEPARATOR '/'
#endif
/* The shell users type hc into: cmd or PowerShell on Windows (1), which
 * quote with double quotes and leave wildcards to the program, a POSIX
 * shell elsewhere (0), which quotes with single ones. Hints and the help
 * speak its words. */
#if defined(_WIN32)
#define PLAT_CMD_SHELL 1
#else
#define PLAT_CMD_SHELL 0
#endif
#define PLAT_SHELL_QUOTE (PLAT_CMD_SHELL ? '"' : '\'')

static inline bool plat_is_separator(char c)
{
    return c == '/' || c == PLAT_PATH_SEPARATOR;
}

/* ---- files -------------------------------------------------------------- */

/* An open file: a descriptor of the C runtime. POSIX: the file descriptor;
 * Windows: a CRT descriptor (_open_osfhandle) whose HANDLE the layer takes
 * back with _get_osfhandle. 0, 1 and 2 are standard input, output and
 * error everywhere. */
typedef int plat_file;
#define PLAT_FILE_INVALID ((plat_file)-1)
#define PLAT_STDIN ((plat_file)0)
#define PLAT_STDOUT ((plat_file)1)
#define PLAT_STDERR ((plat_file)2)

/* How to open. Every file is opened close-on-exec (not inherited by child
 * processes) and never becomes the controlling terminal. */
enum {
    PLAT_OPEN_READ = 0,            /* read only (the default) */
    PLAT_OPEN_WRITE = 1u << 0,     /* write only, not truncated, not appending */
    PLAT_OPEN_CREATE_NEW = 1u << 1, /* with WRITE: create it, failing with EEXIST when
                                      the name exists (a dangling symlink too);
                                      permissions 0666 less the umask */
    /* Opening does not wait: a FIFO without a writer opens at once (reads
     * then report no data until one comes: use plat_wait_readable), and
     * reads of the file may fail with EAGAIN (plat_set_blocking). Windows:
     * no effect on files (a pipe is opened without waiting for its
     * server). */
    PLAT_OPEN_NONBLOCK = 1u << 2,
    /* The last component must not be a symbolic link: ELOOP if it is
     * (intermediate components are followed). */
    PLAT_OPEN_NOFOLLOW = 1u << 3,
    /* With WRITE: every write goes to the file's end, whatever another
     * process appended meanwhile; the file is created (0666 less the
     * umask) when the name is free. */
    PLAT_OPEN_APPEND = 1u << 4,
};

plat_file plat_open(const char *path, unsigned flags);
/* 0, or -1: the file is closed either way, but a deferred write error
 * (NFS) shows here. */
int plat_close(plat_file file);

/* read(2)-like: bytes read (0 at the end, or for a non-blocking pipe with
 * no writer), -1 with errno (EINTR, EAGAIN for a non-blocking one). The
 * POSIX layer calls the C library's read/pread/pwrite/write, so that
 * LD_PRELOAD shims (tests/fault/readfail.c) see every read hc makes. */
ptrdiff_t plat_read(plat_file file, void *buffer, size_t len);
ptrdiff_t plat_pread(plat_file file, void *buffer, size_t len, uint64_t offset);
ptrdiff_t plat_write(plat_file file, const void *data, size_t len);
ptrdiff_t plat_pwrite(plat_file file, const void *data, size_t len, uint64_t offset);

/* Reads [offset, offset + len) only as far as the OS has it cached, never
 * waiting for a device: the bytes read (fewer than len when it stopped at
 * a page not cached; 0 at the end of the file), or -1 with errno EAGAIN
 * (the first page is not cached), ENOTSUP (the OS cannot read this way:
 * the caller stops asking; Linux before 4.14, macOS, Windows), or another
 * read error. A stop does not prove the page missing (Linux also stops at
 * a read-ahead mark): plat_page_cached tells. */
ptrdiff_t plat_pread_cached(plat_file file, void *buffer, size_t len, uint64_t offset);

/* Is the page holding file offset `offset` in the OS's cache? false when
 * it is not, or when that cannot be told. */
bool plat_page_cached(plat_file file, uint64_t offset);

/* Sets the size (ftruncate). 0 or -1. */
int plat_truncate(plat_file file, uint64_t size);

/* Reserves disk space for [0, len) without changing the size or the
 * bytes, so that a full disk shows before a rewrite changes anything.
 * -1 only when the file system refused for want of space or quota
 * (errno ENOSPC, EDQUOT or EFBIG); 0 when reserved, and also when this
 * file system or OS cannot reserve (the write then goes without). */
int plat_reserve(plat_file file, uint64_t len);

/* Turns off the non-blocking mode of PLAT_OPEN_NONBLOCK (a regular file
 * that refused a read with EAGAIN). 0 or -1. */
int plat_set_blocking(plat_file file);

typedef enum plat_file_kind {
    PLAT_KIND_REGULAR,
    PLAT_KIND_DIRECTORY,
    PLAT_KIND_FIFO,      /* also a Windows pipe */
    PLAT_KIND_CHAR,      /* terminals, /dev/null; the Windows console */
    PLAT_KIND_BLOCK,
    PLAT_KIND_LINK,      /* only from the lstat-like calls */
    PLAT_KIND_SOCKET,
    PLAT_KIND_OTHER
} plat_file_kind;

typedef struct plat_file_info {
    plat_file_kind kind;
    uint64_t size;      /* bytes of a regular file; 0 or meaningless for the rest */
    /* Identity: two infos with equal device and inode are the same file
     * (Windows: the volume serial number and the file index). */
    uint64_t device;
    uint64_t inode;
    unsigned mode;      /* permission bits (07777); Windows: 0444 or 0666 */
} plat_file_info;

/* The same file: equal identities (device and inode, or their Windows
 * equivalents). */
static inline bool plat_same_file(const plat_file_info *a, const plat_file_info *b)
{
    return a->device == b->device && a->inode == b->inode;
}

/* fstat, stat (follows symlinks), lstat (does not). 0 or -1. */
int plat_file_info_of(plat_file file, plat_file_info *info);
int plat_path_info(const char *path, plat_file_info *info);
int plat_link_info(const char *path, plat_file_info *info);

/* Removes a name. 0 or -1. */
int plat_unlink(const char *path);
/* The folder for this user's data (malloc'ed, no trailing separator):
 * $XDG_DATA_HOME, else $HOME/.local/share; %LOCALAPPDATA% on Windows.
 * NULL when the environment names none (or out of memory). */
char *plat_user_data_dir(void);

/* Whether path is longer than the system opens by its name (POSIX:
 * PATH_MAX bytes with the NUL; Windows: 32767 UTF-16 units, made absolute
 * behind \\?\): a walk reaches such files one folder at a time, a list
 * naming one cannot be checked. */
bool plat_path_too_long(const char *path);

/* Gives the file named from the name to instead, which must not exist:
 * -1 with errno EEXIST when it does (a file, a directory, a dangling
 * symbolic link), and nothing changes; it never replaces a name. Both in
 * one directory (or one file system). Where the OS cannot move without
 * replacing in one step (POSIX other than Linux, and Linux file systems
 * without RENAME_NOREPLACE) it links the file under `to` and then removes
 * `from`: `to` still appears complete and at once. 0 or -1. */
int plat_rename_new(const char *from, const char *to);

/* Gives the file named from the name `to`, replacing a file there in one
 * step: a reader finds the old file or the new one, never a mix or none
 * (a state file rewritten as a search goes on). Both in one directory.
 * 0 or -1. */
int plat_rename_replace(const char *from, const char *to);

/* Creates a folder, for its owner only where the OS has modes. 0, or -1
 * with errno (EEXIST when the name is taken). */
int plat_make_dir(const char *path);

/* The per-user folder for programs' state, in memory the caller frees:
 * $XDG_STATE_HOME, else $HOME/.local/state (POSIX); %LOCALAPPDATA%
 * (Windows). NULL when the environment names none. The folder need not
 * exist yet. */
char *plat_user_state_dir(void);

/* Whether a file could be written at path, asked without opening or
 * creating anything: 0 when it may (an existing file hc may write, or a
 * new name in a folder that takes one; also when it cannot be told, such
 * as through a dangling symbolic link), -1 with errno when it surely
 * cannot (EISDIR, ENOENT or ENOTDIR for a missing folder, EACCES, EROFS).
 * A write may still fail later (a full disk). */
int plat_check_writable(const char *path);

/* The target of the symbolic link at path, as stored (relative targets
 * stay relative), in memory the caller frees; NULL with errno EINVAL when
 * path is not a symbolic link, or another error. */
char *plat_read_link(const char *path);

typedef enum plat_advice {
    PLAT_ADVICE_NORMAL,
    PLAT_ADVICE_SEQUENTIAL, /* read in order: the OS reads further ahead */
    PLAT_ADVICE_RANDOM      /* no read-ahead for this open file */
} plat_advice;

/* Advice on how [offset, offset + len) of an open file will be read; it
 * belongs to the open file (other processes sharing it see it too). A
 * hint: nothing happens where the OS has no such advice. */
void plat_advise(plat_file file, uint64_t offset, uint64_t len, plat_advice advice);

/* ---- reading ahead a file range, without copying it -------------------- */

/* Brings a file's bytes into the OS cache in order, as `cat` would, so
 * that the OS's read-ahead keeps the device busy for whoever reads them
 * next. Its own open file where the OS allows (Linux: /proc/self/fd; so
 * its read-ahead state is its own), otherwise the file itself; without
 * copying where the OS allows (Linux: sendfile to /dev/null), otherwise
 * read into a buffer of its own. One thread uses a stream at a time. */
typedef struct plat_stream plat_stream;

/* NULL only when out of memory. [offset, offset + len) is the range that
 * will be streamed (advised sequential). */
plat_stream *plat_stream_open(plat_file file, uint64_t offset, uint64_t len);
/* Brings in up to len bytes at offset: the bytes done (0 at the end of
 * the file), or -1 with errno (EINTR: try again). */
ptrdiff_t plat_stream_read(plat_stream *stream, uint64_t offset, size_t len);
void plat_stream_close(plat_stream *stream);

/* ---- mapping ------------------------------------------------------------- */

/* Memory pages; mapping offsets are multiples of plat_map_granularity()
 * (POSIX: the page size; Windows: the allocation granularity, 64 KiB). */
size_t plat_page_size(void);
size_t plat_map_granularity(void);

/* Maps [offset, offset + len) of a file read-only, shared with the OS's
 * cache: the address, or NULL with errno (the file cannot be mapped: a
 * pipe, a file system that does not map, no address space). A page past
 * the end of the file cannot be read (see plat_guarded_call). */
void *plat_map(plat_file file, uint64_t offset, size_t len);
/* Unmaps what plat_map returned (the whole of it). */
void plat_unmap(void *address, size_t len);

typedef enum plat_memory_hint {
    /* Heap memory: back it with large pages where possible. */
    PLAT_HINT_HUGEPAGE,
    /* A mapping: drop its pages from this process (they stay in the OS's
     * cache); the address range stays mapped and reads fault them in
     * again. */
    PLAT_HINT_DONTNEED,
    /* A mapping: fault every page in now, in one call (Linux 5.14
     * MADV_POPULATE_READ). -1 with errno EFAULT when a page cannot be read
     * (past the end of a file that shrank, an I/O error). */
    PLAT_HINT_POPULATE
} plat_memory_hint;

/* Memory aligned to `alignment` (a power of two; size a multiple of it),
 * freed with plat_aligned_free: Windows' C runtime has no aligned_alloc,
 * and its aligned blocks need their own free. NULL when out of memory. */
void *plat_aligned_alloc(size_t alignment, size_t size);
/* strndup: a copy of at most n bytes of s, NUL-terminated (POSIX 2008;
 * Windows' C runtime lacks it). NULL when out of memory. */
char *plat_strndup(const char *s, size_t n);
void plat_aligned_free(void *block);

/* Page-aligned memory. 0, or -1 with errno: ENOTSUP when this OS (or this
 * kernel) has no such hint; the memory is usable either way. */
int plat_memory_advise(void *address, size_t len, plat_memory_hint hint);

typedef enum plat_residency {
    PLAT_RESIDENT,
    PLAT_NOT_RESIDENT,
    PLAT_RESIDENCY_UNKNOWN
} plat_residency;

/* Is the page holding this address of a mapping in memory (for a file
 * mapping: in the OS's cache)? */
plat_residency plat_map_residency(const void *address);

/* Runs fn(arg) and returns true with fn's return in *result, or returns
 * false when fn touched a page of [base, base + len) (a mapping) that
 * could not be read (POSIX: SIGBUS; Windows: EXCEPTION_IN_PAGE_ERROR):
 * the file shrank under the mapping, or the device failed. fn is then
 * abandoned where it was: it must hold no lock and own no memory it has
 * not handed to arg, and read no mapping but the range's. A fault on
 * another thread is not caught: the process dies of it as it would
 * without the guard. (Windows also leaves a fault outside the range
 * alone; POSIX takes any SIGBUS of the guarded thread for the range's,
 * because not every system reports the faulting address exactly.)
 * Guards do not nest on one thread. */
bool plat_guarded_call(const void *base, size_t len, int (*fn)(void *arg), void *arg, int *result);

/* ---- directories ----------------------------------------------------------- */

/* An open directory: its entries, and the base for names opened in it
 * (so paths of any depth work). Each holds one descriptor (Windows: one
 * handle); one thread reads entries at a time, while any thread may open
 * or stat names in it. */
typedef struct plat_dir plat_dir;

typedef struct plat_dir_entry {
    const char *name;     /* valid until the next call on the directory */
    /* As lstat says: a symlink is PLAT_KIND_LINK; OTHER when it vanished
     * meanwhile. */
    plat_file_kind kind;
} plat_dir_entry;

/* NULL with errno (ENOTDIR when it is not a directory). */
plat_dir *plat_dir_open(const char *path);
/* The sub-directory `name` of parent, never through a symbolic link
 * (ELOOP, or ENOTDIR: a directory swapped for a symlink since it was
 * listed is not followed); ".." is the parent directory. */
plat_dir *plat_dir_open_at(plat_dir *parent, const char *name);
/* The next entry but "." and "..", in the order the OS gives: 1, 0 at the
 * end, -1 with errno on a read error. */
int plat_dir_next(plat_dir *dir, plat_dir_entry *entry);
/* The directory's own identity (device, inode): to check that a directory
 * reopened by another way is the same one. 0 or -1. */
int plat_dir_info(plat_dir *dir, plat_file_info *info);
/* lstat of a name in dir. 0 or -1. */
int plat_stat_at(plat_dir *dir, const char *name, plat_file_info *info);
/* Opens a name in dir (flags as plat_open). */
plat_file plat_open_at(plat_dir *dir, const char *name, unsigned flags);
void plat_dir_close(plat_dir *dir);

/* ---- threads ------------------------------------------------------------- */

typedef struct plat_thread plat_thread;

/* Starts body(arg) on a new thread that never takes the interrupt signals
 * (plat_catch_interrupts): they reach the main thread, whose waits are the
 * ones to cut short. 0, or -1 with errno (EAGAIN: no more threads). */
int plat_thread_start(plat_thread **thread, void *(*body)(void *arg), void *arg);
/* Waits for the thread to end and frees it. */
void plat_thread_join(plat_thread *thread);
/* A number that tells the calling thread from every other live thread. */
uintptr_t plat_thread_id(void);

/* A lock and a condition variable, initialised by plat_mutex_init and
 * plat_cond_init (or PLAT_MUTEX_INIT, for a static lock) and never copied:
 * POSIX: pthread's; Windows: an SRWLOCK and a CONDITION_VARIABLE, which
 * need no destruction (the destroy calls are there for POSIX). Waits may
 * wake spuriously: wait in a loop on the condition. */
#if defined(_WIN32)
typedef struct plat_mutex {
    void *opaque; /* an SRWLOCK: one pointer, 0 when free */
} plat_mutex;
typedef struct plat_cond {
    void *opaque; /* a CONDITION_VARIABLE: one pointer, 0 at rest */
} plat_cond;
#define PLAT_MUTEX_INIT {NULL}
#else
#include <pthread.h>
typedef pthread_mutex_t plat_mutex;
typedef pthread_cond_t plat_cond;
#define PLAT_MUTEX_INIT PTHREAD_MUTEX_INITIALIZER
#endif
/* A one-time initialisation (a library's global set-up): plat_run_once
 * runs fn exactly once however many threads call it, and every caller
 * returns after fn has. Static, initialised with PLAT_ONCE_INIT. */
#if defined(_WIN32)
typedef struct plat_once {
    void *opaque; /* an INIT_ONCE: one pointer */
} plat_once;
#define PLAT_ONCE_INIT {NULL}
#else
typedef pthread_once_t plat_once;
#define PLAT_ONCE_INIT PTHREAD_ONCE_INIT
#endif
void plat_run_once(plat_once *once, void (*fn)(void));

/* 0, or -1 with errno (ENOMEM, EAGAIN): POSIX only, Windows cannot fail. */
int plat_mutex_init(plat_mutex *mutex);
void plat_mutex_destroy(plat_mutex *mutex);
void plat_mutex_lock(plat_mutex *mutex);
void plat_mutex_unlock(plat_mutex *mutex);
int plat_cond_init(plat_cond *cond);
void plat_cond_destroy(plat_cond *cond);
/* Releases mutex (held by the caller), waits for a signal, takes it back. */
void plat_cond_wait(plat_cond *cond, plat_mutex *mutex);
void plat_cond_signal(plat_cond *cond);
void plat_cond_broadcast(plat_cond *cond);

/* ---- the machine ----------------------------------------------------------- */

/* CPUs this process may run on (its affinity mask where the OS has one),
 * at least 1. */
unsigned plat_cpu_count(void);
/* This process's id (for names of its own temporary files). */
unsigned long plat_process_id(void);
/* The CPU's model name ("AMD EPYC 9B45"), or "" when unknown. */
void plat_cpu_model(char *out, size_t size);
/* Physical memory in bytes, and what could be filled now without swapping
 * (Linux: MemAvailable; elsewhere the total). 0 when unknown. */
uint64_t plat_memory_total(void);
uint64_t plat_memory_available(void);
/* The 1, 5 and 15 minute load averages; false when the OS has none. */
bool plat_load_average(double load[3]);
/* Raises this process's limit on open files to `want`, or as far as
 * allowed; *limit is the limit now. false when it cannot be known. */
bool plat_raise_open_files(uint64_t want, uint64_t *limit);

/* ---- clocks -------------------------------------------------------------- */

typedef enum plat_clock {
    PLAT_CLOCK_MONOTONIC,   /* durations and deadlines */
    PLAT_CLOCK_THREAD_CPU,  /* CPU time of the calling thread */
    PLAT_CLOCK_PROCESS_CPU, /* CPU time of every thread of the process */
    /* What a short piece of work (a millisecond) cost the calling thread,
     * read often: its CPU time where the OS counts that finely and cheaply
     * (POSIX), else the monotonic clock (Windows, whose thread times
     * advance by scheduler ticks of 15.6 ms, and cost a round trip to the
     * server under Wine: 56 us a call). */
    PLAT_CLOCK_THREAD_WORK
} plat_clock;

double plat_clock_seconds(plat_clock clock);
void plat_sleep_microseconds(unsigned long microseconds);

/* ---- interrupts ------------------------------------------------------------ */

/* Requests that arrive within this many milliseconds of the first are
 * one request: `timeout` and service managers signal the child and then
 * its whole process group, so one stop reaches hc twice within
 * microseconds. A person's second Ctrl+C comes later. */
#define PLAT_INTERRUPT_ECHO_MS 500

/* Ctrl+C and termination requests (SIGINT, SIGTERM; Windows: CTRL_C_EVENT,
 * CTRL_BREAK_EVENT, CTRL_CLOSE_EVENT) set *interrupted to 1. A second one,
 * PLAT_INTERRUPT_ECHO_MS or more after the first,
 * means the run did not stop soon enough: last_words() runs (it must be
 * async-signal-safe: erase a line with one write) and the process dies of
 * the signal as it would without a handler. A status request (SIGUSR1;
 * Windows has none) sets *status_requested to 1. A SIGINT ignored from the
 * start (a shell's background job) stays ignored. System calls restart
 * after these signals; waits that must end (plat_wait_readable,
 * plat_wakeup_wait) return within their timeout and the caller looks at
 * the flag. May be called again (the same flags). */
void plat_catch_interrupts(atomic_int *interrupted, atomic_int *status_requested, void (*last_words)(void));

/* A write to a closed pipe fails with EPIPE, and one past the file size
 * limit with EFBIG, instead of killing the process (SIGPIPE, SIGXFSZ
 * ignored). */
void plat_ignore_write_signals(void);

/* What a failed write through a C stream (fwrite, fflush) means, given the
 * errno it left: a closed pipe reads as EPIPE on every system. POSIX sets
 * EPIPE itself; Microsoft's C runtime reports a pipe whose reader has gone
 * (ERROR_NO_DATA, ERROR_BROKEN_PIPE, ERROR_PIPE_NOT_CONNECTED) as EINVAL,
 * so the win32 layer looks at the system's own code behind it. */
int plat_stream_write_errno(int crt_errno);

/* The program's arguments as UTF-8, whatever the system passed: POSIX
 * systems pass bytes, which are returned as they are; Windows passes
 * UTF-16, which the ANSI argv of main has already lost, so the win32 layer
 * reads the wide command line again, and also sets the console to UTF-8
 * both ways and standard output and error to binary mode (lines end in LF
 * on a pipe or in a file, as in -o files and on POSIX, not in the C
 * runtime's CRLF). Call once, first thing in main; the strings live as
 * long as the process. */
char **plat_main_arguments(int argc, char **argv);

/* The files a word with wildcards names, where the program must expand
 * them itself: POSIX shells expand '*' and '?' before the program starts
 * (and both are ordinary characters of a name there), so this returns 0;
 * Windows' cmd and PowerShell pass `*.iso` as typed, and no Windows name
 * holds '*' or '?'. For a word that names files (an operand, never an
 * option's value, which may be a mask or an include pattern): the names
 * matching the wildcards of its last component (files and folders, not .
 * and ..), each with the word's folder part in front, sorted by name, in
 * *names (NULL-terminated; the caller frees each and the array). Returns
 * how many; 0 (*names NULL) when the word has no wildcard or one before its
 * last separator, or nothing matches; -1 with errno. */
ptrdiff_t plat_expand_wildcards(const char *word, char ***names);

/* ---- terminals and waiting ---------------------------------------------------- */

bool plat_is_terminal(plat_file file);
/* The terminal's width in columns; 0 when not a terminal or unknown. */
unsigned plat_terminal_columns(plat_file file);
/* Does the terminal echo what is typed (so that an Enter moved the
 * cursor)? false when not a terminal. */
bool plat_terminal_echoes(plat_file file);
/* Is this process in the terminal's foreground (reading it will not stop
 * the process, SIGTTIN)? true on systems without job control. */
bool plat_terminal_foreground(plat_file file);

/* Waits until the file has data to read, its end, or an error to report
 * (a pipe, FIFO, terminal or socket; a regular file or a device is always
 * ready): 1 ready, 0 after timeout_ms (0: do not wait), -1 with errno
 * (EINTR: a signal came). */
int plat_wait_readable(plat_file file, int timeout_ms);
/* The same for room to write (a full pipe or FIFO opened non-blocking). */
int plat_wait_writable(plat_file file, int timeout_ms);

/* A wake-up: one thread waits on it (with a timeout, and optionally for
 * input on a file as well), others wake it. Once signalled it stays so. */
typedef struct plat_wakeup plat_wakeup;

typedef enum plat_wait_result {
    PLAT_WAIT_TIMEOUT,  /* also: a signal cut the wait short */
    PLAT_WAIT_WOKEN,    /* plat_wakeup_signal was called (it wins over input) */
    PLAT_WAIT_INPUT,    /* the file has data, its end, or an error to read */
    PLAT_WAIT_INVALID   /* the file is not open: stop watching it */
} plat_wait_result;

/* NULL with errno. */
plat_wakeup *plat_wakeup_create(void);
void plat_wakeup_signal(plat_wakeup *wakeup);
/* Waits up to timeout_ms for the wake-up or, unless input is
 * PLAT_FILE_INVALID, for input on that file. */
plat_wait_result plat_wakeup_wait(plat_wakeup *wakeup, plat_file input, int timeout_ms);
void plat_wakeup_destroy(plat_wakeup *wakeup);

#endif
