// Test processes may start threads but no process (docs/grading.md, "No processes from tests").
//
// A test that forks in a loop fills the machine's process table (32 768 entries by default, shared by every
// program on the machine) long before its time limit ends it: the grader and the other submissions' tests,
// which run beside it, could not start anything. The limit on processes per user does not hold for root, which
// graders in containers often are, so each test process installs a seccomp filter before any Swift code runs:
// - `fork`, `vfork` and a `clone` without CLONE_THREAD fail with EPERM (`fork()`, `posix_spawn`, `Process.run`);
// - `clone3` fails with ENOSYS (its flags are out of a filter's reach), so the C library starts threads with
//   `clone`, as it does on kernels before 5.3;
// - `ptrace` and `process_vm_writev` fail with EPERM: no test process makes another (the sandbox's init, which
//   has no filter) fork for it;
// - a system call of another ABI (32-bit `int 0x80`, x32) fails with EPERM: the filter knows one ABI's numbers.
// Threads stay bounded by the address-space limit the grader sets on every test process.
//
// This module declares nothing public: a candidate's test target links it (so the filter holds even when no hidden
// target is left to bring the harness in) but has nothing to import from it.
#if defined(__linux__)

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define GRADER_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define GRADER_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#ifndef __NR_clone3
#define __NR_clone3 435
#endif

#define GRADER_DENY(error) BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((error) & SECCOMP_RET_DATA))
#define GRADER_ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

__attribute__((visibility("hidden"))) int grader_forbid_processes(void) {
#if defined(GRADER_AUDIT_ARCH)
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, GRADER_AUDIT_ARCH, 1, 0),
        GRADER_DENY(EPERM),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),  // the x32 ABI's numbers
        GRADER_DENY(EPERM),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fork, 0, 1),
        GRADER_DENY(EPERM),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_vfork, 0, 1),
        GRADER_DENY(EPERM),
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1),
        GRADER_DENY(ENOSYS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, 0, 1),
        GRADER_DENY(EPERM),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_writev, 0, 1),
        GRADER_DENY(EPERM),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 1, 0),
        GRADER_ALLOW,
        // clone's flags are its first argument; CLONE_THREAD lies in the low word on both ABIs.
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1),
        GRADER_ALLOW,
        GRADER_DENY(EPERM),
    };
    struct sock_fprog program = {.len = sizeof filter / sizeof filter[0], .filter = filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return 0;
    // Every thread of the process, should a library have started one before this runs.
    if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program) == 0) return 1;
    return syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) == 0;
#else
    return 0;
#endif
}

/// Whether `envp` holds `entry` exactly ("NAME=value"). The environment the loader passed, compared here: a
/// candidate's `@_cdecl("getenv")` or `strcmp` would replace the C library's for the whole binary.
static int grader_environment_has(char **envp, const char *entry) {
    for (char **variable = envp; variable && *variable; variable++) {
        const char *a = *variable, *b = entry;
        while (*a && *a == *b) a++, b++;
        if (*a == 0 && *b == 0) return 1;
    }
    return 0;
}

// Before the harness's constructor (102; priorities up to 100 are the implementation's) and any Swift code:
// every process the grader starts from the test binary (GRADER_NO_PROCESSES=1) but a batch server, whose test
// processes install the filter as they start (GraderBatch.c). Other programs that link this file (the kit's own
// tests) are left alone.
__attribute__((constructor(101))) static void grader_process_guard(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    if (grader_environment_has(envp, "GRADER_RESULT_CHANNEL=batch")) return;
    if (grader_environment_has(envp, "GRADER_NO_PROCESSES=1")) grader_forbid_processes();
}

#else

__attribute__((visibility("hidden"))) int grader_forbid_processes(void) { return 0; }

#endif
