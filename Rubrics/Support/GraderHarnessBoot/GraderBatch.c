// The batch server: one sandboxed process runs many tests, each in a process of its own forked before `main`, so
// a test pays for a fork instead of a sandbox, a program load and XCTest's start (docs/performance.md).
//
// Before the first fork the server makes what XCTest makes in every test process at its start (a DateFormatter:
// GraderTestSupport's BatchWarmUp.swift), so each test process finds Foundation's and ICU's caches ready; it
// refuses to serve if that left a second thread.
//
// What each test process gets is what a test process of its own would get (docs/grading.md, "Batches"):
// - its own request only: the server reads one request at a time, once the test before has ended and nothing of
//   it runs (the grader sends the next request only when it has the last one's outcome), and the forked process
//   wipes that request (and whatever else the server read or kept) before any Swift code runs; the server is not
//   dumpable, so no test process may read its memory;
// - a fresh start: after each test every process it left is killed and reaped (the server is the init of the
//   sandbox's own PID namespace), the batch folder is emptied, the folders the grader lists (/tmp, /dev, the
//   hidden homes) are put back as they were and the System V IPC objects it made are removed;
// - its own outcome: how the process ended (exit status, signal, or killed at the time limit), its duration, its
//   record, its output up to the limit and, where asked, the coverage profile it wrote in the batch folder (so no
//   folder a test can write outlives the test). The server writes it on its standard output once the test has
//   ended and nothing of it runs, under a status token no test process ever held, and wipes it before it reads
//   the next request. A test without an outcome (the server died or was killed) is run again on its own.
// While a test runs, the server writes `idle` once if the test's process used almost no processor time for a
// while (it waits out a timeout): the grader may start another lane then (TestBatches).
//
// Standard input, one line per test, tab-separated, each sent once the last one's outcome is in:
//   <pass token, 32 hex digits, or -> <Class/method, or -> <arguments, separated by 0x1f> <status token>
//   <1 for a coverage profile, or -> <NAME=value variables set in the test's process, separated by 0x1f, or ->
//   <milliseconds the test may take, or - for GRADER_BATCH_TIMEOUT_MS>
// (The variables are set before `main`, for what the test reads while it runs: the hidden and the own tests of
// one lane differ only in such variables and their time limits.) The end of the input ends the server.
// Environment: GRADER_BATCH_FOLDER (the batch's writable folder), GRADER_BATCH_TIMEOUT_MS,
// GRADER_BATCH_OUTPUT_LIMIT (bytes of each stream kept), GRADER_BATCH_CLEAN (colon-separated folders restored).
// Standard output, for each test: a line `<status token> exit|signal|timeout <value> <milliseconds> <truncated>
// <record bytes> <stdout bytes> <stderr bytes> <profile bytes>`, then those bytes as hex digits and a line end;
// or `<status token> none` for a test the server could not run (the grader runs it on its own); and `idle` lines.
#include "GraderBatch.h"

#if defined(__linux__)

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <link.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

// The Swift runtime's hook for the arguments `CommandLine.arguments` returns (weak: absent, the server refuses),
// and the coverage runtime's for where a process writes its profile (absent when the build has no coverage).
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((weak));
extern void __llvm_profile_set_filename(const char *name) __attribute__((weak));
// What the server does once so that no test process does it again (GraderTestSupport's BatchWarmUp.swift).
extern void grader_batch_warm_up(void);

enum {
    GRADER_BATCH_FIELDS = 7,
    GRADER_BATCH_MAX_INPUT = 64 << 10,  // one request line
    GRADER_BATCH_MAX_ARGUMENTS = 16,
    GRADER_BATCH_MAX_TEST = 1024,  // the harness's bound on `Class/method`
    GRADER_BATCH_MAX_RECORD = (256 << 10) + 1,
    GRADER_BATCH_MAX_PROFILE = (8 << 20) + 1,  // a profile holds the binary's counters: about 0.1 MiB for movie-client
    // A test is idle when, after its first GRADER_IDLE_AFTER_MS, it used under a tenth of the processor between two
    // looks GRADER_IDLE_LOOK_MS apart (it waits out a timeout, or a reply that never comes).
    GRADER_IDLE_LOOK_MS = 50,
    GRADER_IDLE_AFTER_MS = 150,
};
/// Exit status of a server that will not serve (no PID namespace of its own, unreadable input): the grader runs
/// every test on its own.
enum { GRADER_BATCH_REFUSED = 86 };

struct grader_batch_bytes {
    char *bytes;
    size_t count;
    int truncated;
};

struct grader_batch_test {
    char *fields[GRADER_BATCH_FIELDS];  // pass token, test, arguments, status token, profile wanted, variables,
                                        // time limit
    int ran;
    int timed_out;
    int status;
    long long milliseconds;
    struct grader_batch_bytes record, out, err, profile;
};

// The bytes read from standard input (one request, and whatever follows it if the grader ever sent more), the
// length of the request's line, and the request being served.
static char grader_batch_input[GRADER_BATCH_MAX_INPUT + 1];
static size_t grader_batch_input_used, grader_batch_line_length;
static struct grader_batch_test grader_batch_current;
static char grader_batch_folder[4096];

// What a test process keeps of its request once the rest is wiped.
static char grader_child_record[4200];
static char grader_child_arguments[8192];
static char grader_child_profile[4200];
// Where a test writes the coverage profile its request asks for, in the batch folder (emptied after each test).
static const char grader_profile_name[] = "profile.profraw";
static char grader_child_variables[8192];
static char *grader_child_argv[GRADER_BATCH_MAX_ARGUMENTS + 2];

// The folders put back after each test, and what was in them at the start.
// An entry of the snapshot: its path and what `lstat` said of it (its mode, owner and times are put back too: a
// red team passed a mark from test to test in the access time of /tmp).
struct grader_entry {
    char *path;
    struct stat info;
};
static struct grader_entry *grader_snapshot;
static size_t grader_snapshot_count, grader_snapshot_capacity;

static void grader_batch_refuse(const char *why) {
    dprintf(2, "grader batch: %s\n", why);
    _exit(GRADER_BATCH_REFUSED);
}

static long grader_batch_number(const char *name, long fallback) {
    const char *text = getenv(name);
    if (!text || !*text) return fallback;
    char *end = NULL;
    long value = strtol(text, &end, 10);
    return (end && *end == 0 && value >= 0) ? value : fallback;
}

static long long grader_batch_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/// A request's time limit in milliseconds: digits only, at most a day; -1 when it is not one.
static long grader_batch_milliseconds(const char *text) {
    if (!*text || strlen(text) > 8 || strspn(text, "0123456789") != strlen(text)) return -1;
    long value = strtol(text, NULL, 10);
    return value <= 86400000L ? value : -1;
}

/// Whether a request's variables are `-` or NAME=value pairs, each with a name.
static int grader_batch_variables_valid(const char *text) {
    if (strcmp(text, "-") == 0) return 1;
    for (const char *pair = text;;) {
        const char *end = strchr(pair, '\x1f');
        const char *equals = strchr(pair, '=');
        if (!equals || equals == pair || (end && equals > end)) return 0;
        if (!end) return 1;
        pair = end + 1;
    }
}

/// The threads of this process (the entries of /proc/self/task), or -1 when it cannot be read.
static int grader_batch_threads(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int count = 0;
    for (struct dirent *entry = readdir(tasks); entry; entry = readdir(tasks)) count += entry->d_name[0] != '.';
    closedir(tasks);
    return count;
}

/// Reads the next request into `test` (its fields point into the input buffer); 0 at the end of the input.
static int grader_batch_next(struct grader_batch_test *test) {
    char *end;
    while (!(end = memchr(grader_batch_input, '\n', grader_batch_input_used))) {
        size_t room = GRADER_BATCH_MAX_INPUT - grader_batch_input_used;
        if (room == 0) grader_batch_refuse("a request too long");
        ssize_t count = read(0, grader_batch_input + grader_batch_input_used, room);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) grader_batch_refuse("cannot read the requests");
        if (count == 0) {
            if (grader_batch_input_used > 0) grader_batch_refuse("a request without its line end");
            return 0;
        }
        grader_batch_input_used += (size_t)count;
    }
    *end = 0;
    grader_batch_line_length = (size_t)(end - grader_batch_input) + 1;
    if (strlen(grader_batch_input) + 1 != grader_batch_line_length) grader_batch_refuse("a malformed request");
    memset(test, 0, sizeof *test);
    char *field = grader_batch_input;
    for (int index = 0; index < GRADER_BATCH_FIELDS; index++) {
        if (!field) grader_batch_refuse("a request with too few fields");
        test->fields[index] = field;
        char *tab = strchr(field, '\t');
        if (tab) *tab = 0;
        field = tab ? tab + 1 : NULL;
    }
    if (field) grader_batch_refuse("a request with too many fields");
    int signed_test = strcmp(test->fields[0], "-") != 0;
    if ((signed_test && strlen(test->fields[0]) != 32) || strlen(test->fields[3]) != 32
        || strlen(test->fields[1]) >= GRADER_BATCH_MAX_TEST
        || strlen(test->fields[2]) >= sizeof grader_child_arguments
        || (strcmp(test->fields[4], "-") != 0 && strcmp(test->fields[4], "1") != 0)
        || strlen(test->fields[5]) >= sizeof grader_child_variables
        || !grader_batch_variables_valid(test->fields[5])
        || (strcmp(test->fields[6], "-") != 0 && grader_batch_milliseconds(test->fields[6]) < 0)) {
        grader_batch_refuse("a malformed request");
    }
    return 1;
}

/// Wipes the request being served, whatever was read with it, and the outcome kept of it (a test process does
/// before any Swift code runs).
static void grader_batch_wipe(void) {
    struct grader_batch_test *test = &grader_batch_current;
    struct grader_batch_bytes *kept[] = {&test->record, &test->out, &test->err, &test->profile};
    for (int part = 0; part < 4; part++) {
        if (kept[part]->bytes) explicit_bzero(kept[part]->bytes, kept[part]->count);
    }
    explicit_bzero(grader_batch_input, sizeof grader_batch_input);
    explicit_bzero(test, sizeof *test);
}

/// Once a test's outcome is out: its outcome and its request are wiped, and the input moves past the request.
static void grader_batch_forget(void) {
    struct grader_batch_test *test = &grader_batch_current;
    struct grader_batch_bytes *kept[] = {&test->record, &test->out, &test->err, &test->profile};
    for (int part = 0; part < 4; part++) {
        if (!kept[part]->bytes) continue;
        explicit_bzero(kept[part]->bytes, kept[part]->count);
        free(kept[part]->bytes);
    }
    size_t consumed = grader_batch_line_length;
    memmove(grader_batch_input, grader_batch_input + consumed, grader_batch_input_used - consumed);
    grader_batch_input_used -= consumed;
    explicit_bzero(grader_batch_input + grader_batch_input_used, sizeof grader_batch_input - grader_batch_input_used);
    explicit_bzero(test, sizeof *test);
}

// --- The Swift runtime's cached thread id ------------------------------------------------------------------
//
// The Swift runtime's locks and one-time initializers keep their owner's thread id, which each thread caches in
// a thread-local variable (`swift::threading_impl::linux::ulock_get_tid()::tid`). A forked process inherits the
// main thread's cache, holding the server's id, and a lock its main thread takes can then never be handed on:
// a test that initializes a global on two threads at once hangs. The forked process clears that cache (it is
// read again from the kernel on first use). The variable's place in libswiftCore's thread-local block is read
// from the library's symbol table; without it the server refuses and every test runs on its own.

static const char grader_tid_symbol[] = "_ZZN5swift14threading_impl5linux13ulock_get_tidEvE3tid";

// The modules with a copy of the variable (libswiftCore, libswift_Concurrency, …) and its offset in each.
enum { GRADER_TID_MODULES = 16 };
static char grader_tid_modules[GRADER_TID_MODULES][512];
static long grader_tid_offsets[GRADER_TID_MODULES];
static int grader_tid_count, grader_tid_in_core;

/// Whether `start` + `length` stays within `size` without wrapping.
static int grader_within(unsigned long long start, unsigned long long length, unsigned long long size) {
    return start <= size && length <= size - start;
}

/// The offset of `grader_tid_symbol` in the thread-local block of the ELF file at `path`, or -1.
static long grader_tid_offset_in(const char *path) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    struct stat info;
    long found = -1;
    if (fstat(descriptor, &info) == 0 && (size_t)info.st_size > sizeof(Elf64_Ehdr)) {
        size_t size = (size_t)info.st_size;
        const unsigned char *file = mmap(NULL, size, PROT_READ, MAP_PRIVATE, descriptor, 0);
        if (file != MAP_FAILED) {
            const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
            int valid = memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 && header->e_ident[EI_CLASS] == ELFCLASS64
                && header->e_shentsize == sizeof(Elf64_Shdr)
                && grader_within(header->e_shoff, (unsigned long long)header->e_shnum * sizeof(Elf64_Shdr), size);
            const Elf64_Shdr *sections = valid ? (const Elf64_Shdr *)(file + header->e_shoff) : NULL;
            for (int index = 0; valid && index < header->e_shnum && found < 0; index++) {
                const Elf64_Shdr *table = &sections[index];
                if (table->sh_type != SHT_SYMTAB || table->sh_link >= header->e_shnum) continue;
                const Elf64_Shdr *strings = &sections[table->sh_link];
                if (strings->sh_type != SHT_STRTAB || !grader_within(table->sh_offset, table->sh_size, size)
                    || !grader_within(strings->sh_offset, strings->sh_size, size)) {
                    continue;
                }
                const Elf64_Sym *symbols = (const Elf64_Sym *)(file + table->sh_offset);
                size_t count = table->sh_size / sizeof(Elf64_Sym);
                for (size_t symbol = 0; symbol < count; symbol++) {
                    if (ELF64_ST_TYPE(symbols[symbol].st_info) != STT_TLS) continue;
                    if (symbols[symbol].st_name >= strings->sh_size) continue;
                    const char *name = (const char *)(file + strings->sh_offset + symbols[symbol].st_name);
                    size_t room = strings->sh_size - symbols[symbol].st_name;
                    if (strnlen(name, room) == room || strcmp(name, grader_tid_symbol) != 0) continue;
                    if (symbols[symbol].st_size == sizeof(pid_t)) found = (long)symbols[symbol].st_value;
                    break;
                }
            }
            munmap((void *)file, size);
        }
    }
    close(descriptor);
    return found;
}

static int grader_find_tid_offsets(struct dl_phdr_info *info, size_t size, void *unused) {
    (void)size, (void)unused;
    int has_tls = 0;
    for (int index = 0; index < info->dlpi_phnum; index++) has_tls |= info->dlpi_phdr[index].p_type == PT_TLS;
    const char *name = info->dlpi_name;
    if (!has_tls || !name || name[0] != '/' || strlen(name) >= sizeof grader_tid_modules[0]) return 0;
    if (grader_tid_count == GRADER_TID_MODULES) return 0;
    long offset = grader_tid_offset_in(name);
    if (offset < 0) return 0;
    snprintf(grader_tid_modules[grader_tid_count], sizeof grader_tid_modules[0], "%s", name);
    grader_tid_offsets[grader_tid_count++] = offset;
    const char *slash = strrchr(name, '/');
    if (slash && strncmp(slash + 1, "libswiftCore.so", 15) == 0) grader_tid_in_core = 1;
    return 0;
}

static int grader_clear_tid(struct dl_phdr_info *info, size_t size, void *server) {
    (void)size;
    if (!info->dlpi_name || !info->dlpi_tls_data) return 0;
    for (int index = 0; index < grader_tid_count; index++) {
        if (strcmp(info->dlpi_name, grader_tid_modules[index]) != 0) continue;
        pid_t *cached = (pid_t *)((char *)info->dlpi_tls_data + grader_tid_offsets[index]);
        if (*cached == *(pid_t *)server) *cached = 0;
    }
    return 0;
}

// --- Putting the folders back ------------------------------------------------------------------------------

static int grader_snapshot_add(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)type, (void)walk;
    if (grader_snapshot_count == grader_snapshot_capacity) {
        size_t capacity = grader_snapshot_capacity ? grader_snapshot_capacity * 2 : 256;
        struct grader_entry *grown = realloc(grader_snapshot, capacity * sizeof *grown);
        if (!grown) return 1;
        grader_snapshot = grown;
        grader_snapshot_capacity = capacity;
    }
    // The contents of a file that was there are not put back: the lane starts without any.
    if (S_ISREG(info->st_mode)) grader_batch_refuse("a file in a folder to restore");
    struct grader_entry *entry = &grader_snapshot[grader_snapshot_count];
    entry->path = strdup(path);
    if (!entry->path) return 1;
    entry->info = *info;
    grader_snapshot_count++;
    return 0;
}

static int grader_snapshot_compare(const void *left, const void *right) {
    return strcmp(((const struct grader_entry *)left)->path, ((const struct grader_entry *)right)->path);
}

/// The snapshot's entry for `path`, or NULL.
static const struct grader_entry *grader_snapshot_find(const char *path) {
    struct grader_entry key = {(char *)path, {0}};
    return bsearch(&key, grader_snapshot, grader_snapshot_count, sizeof *grader_snapshot, grader_snapshot_compare);
}

/// Whether `path` has an extended attribute a test without capabilities can set as the owner (the `user.`
/// namespace and POSIX ACLs); with `removing`, removes each.
static int grader_user_attributes(const char *path, int removing) {
    char names[8192];
    ssize_t length = llistxattr(path, names, sizeof names);
    if (length < 0) return errno == E2BIG || errno == ERANGE;
    int found = 0;
    for (ssize_t at = 0; at < length; at += (ssize_t)strlen(names + at) + 1) {
        if (strncmp(names + at, "user.", 5) != 0 && strncmp(names + at, "system.posix_acl_", 17) != 0) continue;
        found = 1;
        if (removing) lremovexattr(path, names + at);
    }
    explicit_bzero(names, sizeof names);
    return found;
}

/// Whether `info` (of an entry now) shows what the snapshot recorded: the type, mode, owner and times.
static int grader_same_metadata(const struct stat *info, const struct stat *was) {
    return info->st_mode == was->st_mode && info->st_uid == was->st_uid && info->st_gid == was->st_gid
        && info->st_size == was->st_size
        && info->st_mtim.tv_sec == was->st_mtim.tv_sec && info->st_mtim.tv_nsec == was->st_mtim.tv_nsec
        && info->st_atim.tv_sec == was->st_atim.tv_sec && info->st_atim.tv_nsec == was->st_atim.tv_nsec;
}

/// Removes what the snapshot does not have; puts back the mode, owner and times of what it has, and removes the
/// extended attributes a test gave it. Visited children first, so a folder's times are set once its entries
/// are gone.
static int grader_restore_one(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)info, (void)type, (void)walk;
    const struct grader_entry *entry = grader_snapshot_find(path);
    if (!entry) {
        remove(path);
        return 0;
    }
    const struct stat *was = &entry->info;
    grader_user_attributes(path, 1);
    if (!S_ISLNK(was->st_mode)) chmod(path, was->st_mode & 07777);
    lchown(path, was->st_uid, was->st_gid);
    struct timespec times[2] = {was->st_atim, was->st_mtim};
    utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW);
    return 0;
}

static int grader_remove_one(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)info, (void)type;
    if (walk->level > 0) remove(path);
    return 0;
}

/// Each colon-separated folder of GRADER_BATCH_CLEAN, walked without leaving its file system (the batch's own
/// folder and the test binary's are other mounts inside them).
typedef int (*grader_visit)(const char *, const struct stat *, int, struct FTW *);

static void grader_batch_each_clean_root(grader_visit visit, int flags) {
    const char *list = getenv("GRADER_BATCH_CLEAN");
    if (!list) return;
    char roots[8192];
    if (strlen(list) >= sizeof roots) grader_batch_refuse("too many folders to restore");
    snprintf(roots, sizeof roots, "%s", list);
    char *rest = roots;
    // Each folder once, however it is spelled ("/tmp/" is "/tmp"): a second walk would read a folder after the
    // first put its times back.
    const char *walked[64];
    int count = 0;
    for (char *root = strsep(&rest, ":"); root; root = strsep(&rest, ":")) {
        size_t length = strlen(root);
        while (length > 1 && root[length - 1] == '/') root[--length] = 0;
        int seen = 0;
        for (int index = 0; index < count; index++) seen |= strcmp(walked[index], root) == 0;
        if (root[0] != '/' || seen || count == 64) continue;
        walked[count++] = root;
        nftw(root, visit, 32, flags | FTW_PHYS | FTW_MOUNT);
    }
}

/// Removes every System V IPC object listed in `table` (/proc/sysvipc/shm, sem or msg) of the sandbox's own IPC
/// namespace. The lane's namespace starts empty, so whatever is there a test made; no test process is left to
/// hold a segment attached, so each goes at once. (POSIX message queues cannot be made at all: every test
/// process runs with RLIMIT_MSGQUEUE 0, ResourceLimits.)
static void grader_remove_ipc(const char *table, int (*remove_id)(int)) {
    FILE *file = fopen(table, "r");
    if (!file) return;
    char line[1024];
    int header = 1;
    while (fgets(line, sizeof line, file)) {
        int whole = strchr(line, '\n') != NULL;
        long key;
        int id;
        if (!header && sscanf(line, "%ld %d", &key, &id) == 2) remove_id(id);
        header = 0;
        // The rest of a line longer than the buffer is not a line of its own.
        while (!whole && fgets(line, sizeof line, file)) whole = strchr(line, '\n') != NULL;
    }
    fclose(file);
}

/// Whether `table` still lists an object after its header line.
static int grader_ipc_left(const char *table) {
    FILE *file = fopen(table, "r");
    if (!file) return 0;
    char line[1024];
    int lines = 0;
    while (fgets(line, sizeof line, file)) lines += strchr(line, '\n') != NULL;
    fclose(file);
    return lines > 1;
}

/// Set by the checks after a restore: something is there that the server did not find at the start.
static int grader_leftover;

static int grader_check_one(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)walk;
    const struct grader_entry *entry = type == FTW_DNR || type == FTW_NS ? NULL : grader_snapshot_find(path);
    if (!entry || !grader_same_metadata(info, &entry->info) || grader_user_attributes(path, 0)) {
        grader_leftover = 1;
        return 1;
    }
    return 0;
}

static int grader_check_empty(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)path, (void)info;
    if (walk->level > 0 || type == FTW_DNR || type == FTW_NS) {
        grader_leftover = 1;
        return 1;
    }
    return 0;
}

static int grader_remove_shm(int id) { return shmctl(id, IPC_RMID, NULL); }
static int grader_remove_sem(int id) { return semctl(id, 0, IPC_RMID); }
static int grader_remove_msg(int id) { return msgctl(id, IPC_RMID, NULL); }

/// Empties the batch folder, puts the listed folders back as they were when the server started and removes the
/// System V IPC objects a test made; returns whether all of that is so afterwards. The walk runs in a short-lived
/// process of its own, so the names a test created never reach the server's memory, which every later test
/// process starts from. What a test can make that cannot be removed (a folder it made unreadable, with something
/// in it) fails the restore: the next test gets no outcome here and runs on its own.
static int grader_batch_restore(void) {
    pid_t cleaner = fork();
    if (cleaner == 0) {
        nftw(grader_batch_folder, grader_remove_one, 32, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
        grader_batch_each_clean_root(grader_restore_one, FTW_DEPTH);
        grader_remove_ipc("/proc/sysvipc/shm", grader_remove_shm);
        grader_remove_ipc("/proc/sysvipc/sem", grader_remove_sem);
        grader_remove_ipc("/proc/sysvipc/msg", grader_remove_msg);
        nftw(grader_batch_folder, grader_check_empty, 32, FTW_PHYS | FTW_MOUNT);
        grader_batch_each_clean_root(grader_check_one, 0);
        if (grader_ipc_left("/proc/sysvipc/shm") || grader_ipc_left("/proc/sysvipc/sem")
            || grader_ipc_left("/proc/sysvipc/msg")) {
            grader_leftover = 1;
        }
        _exit(grader_leftover ? 1 : 0);
    }
    if (cleaner < 0) return 0;
    int status = 0;
    while (waitpid(cleaner, &status, 0) < 0) {
        if (errno != EINTR) return 0;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// --- Ending every process a test left ----------------------------------------------------------------------

/// Kills every process in the sandbox but the server, its init, and reaps them all (orphans come to the init), so
/// nothing of one test runs into the next.
static void grader_batch_end_everything(void) {
    for (;;) {
        kill(-1, SIGKILL);
        int status;
        pid_t ended = waitpid(-1, &status, 0);
        if (ended < 0 && errno == EINTR) continue;
        if (ended < 0) break;
    }
}

// --- One test ----------------------------------------------------------------------------------------------

static void grader_batch_keep(struct grader_batch_bytes *kept, const char *bytes, size_t count, size_t limit) {
    if (!kept->bytes) kept->bytes = malloc(limit ? limit : 1);
    if (!kept->bytes) {
        kept->truncated = 1;
        return;
    }
    size_t room = limit - kept->count;
    size_t taken = count < room ? count : room;
    memcpy(kept->bytes + kept->count, bytes, taken);
    kept->count += taken;
    if (taken < count) kept->truncated = 1;
}

/// Reads what is there (at most 64 KiB a call, so writers that keep a pipe full never hold the server past a
/// deadline); closes the descriptor at its end. The buffer is wiped: later test processes start from this memory.
static void grader_batch_drain(int *descriptor, struct grader_batch_bytes *kept, size_t limit) {
    char buffer[16384];
    for (int round = 0; round < 4 && *descriptor >= 0; round++) {
        ssize_t count = read(*descriptor, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        if (count <= 0) {
            close(*descriptor);
            *descriptor = -1;
            break;
        }
        grader_batch_keep(kept, buffer, (size_t)count, limit);
    }
    explicit_bzero(buffer, sizeof buffer);
}

/// The regular file `name` in the batch folder, read without blocking or following a link, into `kept`: at most
/// `limit` bytes (one past what the grader takes).
static void grader_batch_read_file(const char *name, struct grader_batch_bytes *kept, size_t limit) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", grader_batch_folder, name);
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (descriptor < 0) return;
    struct stat info;
    if (fstat(descriptor, &info) == 0 && S_ISREG(info.st_mode)) {
        while (descriptor >= 0 && kept->count < limit) grader_batch_drain(&descriptor, kept, limit);
    }
    if (descriptor >= 0) close(descriptor);
}

/// The record the test left (the candidate's own tests leave none) and the coverage profile asked of it.
static void grader_batch_read_record(struct grader_batch_test *test) {
    if (strcmp(test->fields[0], "-") != 0) {
        grader_batch_read_file("record.jsonl", &test->record, GRADER_BATCH_MAX_RECORD);
    }
    if (strcmp(test->fields[4], "-") != 0) {
        grader_batch_read_file(grader_profile_name, &test->profile, GRADER_BATCH_MAX_PROFILE);
    }
}

static void grader_batch_child(struct grader_batch_test *test, const int out[2], const int err[2], char *program) {
    // Nothing of the server survives into the test: standard streams to the test's own pipes, the server's ends
    // closed, the other requests and outcomes wiped before any Swift code runs. Descriptors the libraries opened
    // while loading stay, as they do in a process of its own (closing them hangs URLSession).
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null >= 0) dup2(null, 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    int opened[] = {null, out[0], out[1], err[0], err[1]};
    for (int index = 0; index < 5; index++) {
        if (opened[index] > 2) close(opened[index]);
    }
    snprintf(grader_child_record, sizeof grader_child_record, "%s/record.jsonl", grader_batch_folder);
    // A hidden test's request goes to the harness (which keeps only its own copy) before every request is wiped.
    int signed_test = strcmp(test->fields[0], "-") != 0;
    if (signed_test && !grader_harness_take(grader_child_record, test->fields[0], test->fields[1])) {
        _exit(GRADER_BATCH_REFUSED);
    }
    snprintf(grader_child_arguments, sizeof grader_child_arguments, "%s", test->fields[2]);
    int profiled = strcmp(test->fields[4], "-") != 0;
    snprintf(grader_child_profile, sizeof grader_child_profile, "%s/%s", grader_batch_folder, grader_profile_name);
    snprintf(grader_child_variables, sizeof grader_child_variables, "%s", test->fields[5]);
    grader_batch_wipe();
    if (strcmp(grader_child_variables, "-") != 0) {
        char *rest = grader_child_variables;
        for (char *pair = strsep(&rest, "\x1f"); pair; pair = strsep(&rest, "\x1f")) {
            char *equals = strchr(pair, '=');
            *equals = 0;
            if (setenv(pair, equals + 1, 1) != 0) _exit(GRADER_BATCH_REFUSED);
        }
    }
    pid_t server = getppid();
    dl_iterate_phdr(grader_clear_tid, &server);
    char run[4200];
    snprintf(run, sizeof run, "%s/run", grader_batch_folder);
    if (chdir(run) != 0) _exit(GRADER_BATCH_REFUSED);
    if (profiled && __llvm_profile_set_filename) __llvm_profile_set_filename(grader_child_profile);
    // A test process of its own is dumpable; so is this one (the server, which holds the secrets, is not).
    prctl(PR_SET_DUMPABLE, 1);
    int count = 0;
    grader_child_argv[count++] = program;
    char *rest = grader_child_arguments;
    for (char *word = strsep(&rest, "\x1f"); word && count <= GRADER_BATCH_MAX_ARGUMENTS;) {
        if (*word) grader_child_argv[count++] = word;
        word = strsep(&rest, "\x1f");
    }
    grader_child_argv[count] = NULL;
    _swift_stdlib_overrideUnsafeArgvArgc(grader_child_argv, count);
}

static int grader_batch_prepare(void) {
    char path[4200];
    snprintf(path, sizeof path, "%s/run", grader_batch_folder);
    if (mkdir(path, 0700) != 0) return 0;
    snprintf(path, sizeof path, "%s/record.jsonl", grader_batch_folder);
    int record = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (record < 0) return 0;
    close(record);
    return 1;
}

/// A descriptor that becomes readable when process `pid` ends (close-on-exec), or -1.
static int grader_batch_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

/// Writes on the server's standard output; a grader that stopped reading ends the server.
static void grader_batch_write(const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(1, bytes, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) _exit(GRADER_BATCH_REFUSED);
        bytes += written;
        count -= (size_t)written;
    }
}

/// Runs `test`; returns only in the test's own process (which then goes on to `main`).
static void grader_batch_run(struct grader_batch_test *test, long timeout, size_t limit, char *program) {
    if (!grader_batch_restore() || !grader_batch_prepare()) return;  // no outcome: the grader runs it on its own
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) return;
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]), close(out[1]);
        return;
    }
    long long start = grader_batch_now_ms();
    pid_t child = fork();
    if (child == 0) {
        grader_batch_child(test, out, err, program);
        return;
    }
    close(out[1]), close(err[1]);
    if (child < 0) {
        close(out[0]), close(err[0]);
        return;
    }
    int streams[2] = {out[0], err[0]};
    struct grader_batch_bytes *kept[2] = {&test->out, &test->err};
    for (int stream = 0; stream < 2; stream++) fcntl(streams[stream], F_SETFL, O_NONBLOCK);
    // Readable once the test process has ended, so the server wakes for that instead of looking every 2 ms (and
    // sleeping 1 ms between looks once its streams are closed); -1 where the kernel has no pidfd_open.
    int exited = grader_batch_pidfd(child);
    int status = 0, ended = 0;
    // The test's processor time, looked at every GRADER_IDLE_LOOK_MS until it is found idle (once a test).
    clockid_t cpu;
    int watching = clock_getcpuclockid(child, &cpu) == 0;
    long long used = 0, looked = start;
    while (!ended) {
        long long now = grader_batch_now_ms();
        long long left = start + timeout - now;
        if (left <= 0) {
            test->timed_out = 1;
            break;
        }
        if (watching && now - looked >= GRADER_IDLE_LOOK_MS) {
            struct timespec spent;
            if (clock_gettime(cpu, &spent) != 0) {
                watching = 0;
            } else {
                long long total = (long long)spent.tv_sec * 1000 + spent.tv_nsec / 1000000;
                if (now - start >= GRADER_IDLE_AFTER_MS && total - used <= (now - looked) / 10) {
                    grader_batch_write("idle\n", 5);
                    watching = 0;
                }
                used = total;
                looked = now;
            }
        }
        if (watching && left > GRADER_IDLE_LOOK_MS) left = GRADER_IDLE_LOOK_MS;
        struct pollfd watched[3];
        nfds_t count = 0;
        for (int stream = 0; stream < 2; stream++) {
            if (streams[stream] >= 0) watched[count++] = (struct pollfd){streams[stream], POLLIN, 0};
        }
        // With the pidfd, until something happens; without, a look every 2 ms.
        long long most = exited >= 0 ? 60000 : 2;
        if (exited >= 0) watched[count++] = (struct pollfd){exited, POLLIN, 0};
        if (count > 0) {
            poll(watched, count, left < most ? (int)left : (int)most);
            for (int stream = 0; stream < 2; stream++) grader_batch_drain(&streams[stream], kept[stream], limit);
        } else {
            struct timespec pause = {0, 1000000};
            nanosleep(&pause, NULL);
        }
        if (waitpid(child, &status, WNOHANG) == child) ended = 1;
    }
    if (exited >= 0) close(exited);
    test->milliseconds = grader_batch_now_ms() - start;
    grader_batch_end_everything();
    for (int stream = 0; stream < 2; stream++) {
        if (streams[stream] < 0) continue;
        fcntl(streams[stream], F_SETFL, 0);
        while (streams[stream] >= 0) grader_batch_drain(&streams[stream], kept[stream], limit);
    }
    grader_batch_read_record(test);
    test->status = status;
    test->ran = 1;
}

/// `count` bytes as hex digits (the grader reads the server's output as text).
static void grader_batch_write_hex(const char *bytes, size_t count) {
    static const char digits[] = "0123456789abcdef";
    char buffer[8192];
    size_t used = 0;
    for (size_t index = 0; index < count; index++) {
        unsigned char byte = (unsigned char)bytes[index];
        buffer[used++] = digits[byte >> 4];
        buffer[used++] = digits[byte & 15];
        if (used == sizeof buffer) {
            grader_batch_write(buffer, used);
            used = 0;
        }
    }
    grader_batch_write(buffer, used);
    // The next test process starts from this memory: nothing of this test's outcome may be left in it.
    explicit_bzero(buffer, sizeof buffer);
}

static void grader_batch_report(struct grader_batch_test *test) {
    char line[512];
    const char *kind = test->timed_out ? "timeout" : (WIFSIGNALED(test->status) ? "signal" : "exit");
    int value = test->timed_out ? 0 : (WIFSIGNALED(test->status) ? WTERMSIG(test->status) : WEXITSTATUS(test->status));
    int length = snprintf(
        line, sizeof line, "%s %s %d %lld %d %zu %zu %zu %zu\n", test->fields[3], kind, value, test->milliseconds,
        test->out.truncated || test->err.truncated, test->record.count, test->out.count, test->err.count,
        test->profile.count);
    grader_batch_write(line, (size_t)length);
    explicit_bzero(line, sizeof line);
    grader_batch_write_hex(test->record.bytes, test->record.count);
    grader_batch_write_hex(test->out.bytes, test->out.count);
    grader_batch_write_hex(test->err.bytes, test->err.count);
    grader_batch_write_hex(test->profile.bytes, test->profile.count);
    grader_batch_write("\n", 1);
}

void grader_batch_serve(int argc, char **argv) {
    (void)argc;
    // Killing "every other process" is only safe in a PID namespace of the sandbox's own, and only complete when
    // this server is its init (bubblewrap's --as-pid-1): no process of a test can outlive it, signal it or trace
    // it (it is not dumpable), and every orphan comes to it.
    if (getpid() != 1) grader_batch_refuse("not the init of its own PID namespace");
    if (!_swift_stdlib_overrideUnsafeArgvArgc) grader_batch_refuse("the Swift runtime cannot take a test's arguments");
    const char *folder = getenv("GRADER_BATCH_FOLDER");
    if (!folder || folder[0] != '/' || strlen(folder) >= sizeof grader_batch_folder - 32) {
        grader_batch_refuse("no batch folder");
    }
    snprintf(grader_batch_folder, sizeof grader_batch_folder, "%s", folder);
    if (prctl(PR_SET_DUMPABLE, 0) != 0) grader_batch_refuse("cannot protect the server");
    dl_iterate_phdr(grader_find_tid_offsets, NULL);
    if (!grader_tid_in_core) grader_batch_refuse("cannot find the Swift runtime's cached thread id");
    grader_batch_warm_up();
    // A test process is forked from this one thread: a thread the warm-up left would be missing from every test
    // process, holding whatever lock it held at the fork.
    if (grader_batch_threads() != 1) grader_batch_refuse("the warm-up left a thread running");
    grader_batch_each_clean_root(grader_snapshot_add, 0);
    if (grader_snapshot_count > 0) {
        qsort(grader_snapshot, grader_snapshot_count, sizeof *grader_snapshot, grader_snapshot_compare);
    }
    long timeout = grader_batch_number("GRADER_BATCH_TIMEOUT_MS", 10000);
    size_t limit = (size_t)grader_batch_number("GRADER_BATCH_OUTPUT_LIMIT", 64 << 10);
    pid_t server = getpid();
    struct grader_batch_test *test = &grader_batch_current;
    while (grader_batch_next(test)) {
        long allowed = strcmp(test->fields[6], "-") != 0 ? grader_batch_milliseconds(test->fields[6]) : timeout;
        grader_batch_run(test, allowed, limit, argv[0]);
        if (getpid() != server) return;  // the test's own process: on to main
        // Nothing of the test runs now: its outcome goes out under its status token, then is wiped.
        if (test->ran) {
            grader_batch_report(test);
        } else {
            grader_batch_write(test->fields[3], strlen(test->fields[3]));
            grader_batch_write(" none\n", 6);
        }
        grader_batch_forget();
    }
    (void)grader_batch_restore();
    _exit(0);
}

#else

#include <stdio.h>
#include <unistd.h>

void grader_batch_serve(int argc, char **argv) {
    (void)argc, (void)argv;
    dprintf(2, "grader batch: only on Linux\n");
    _exit(86);
}

#endif
