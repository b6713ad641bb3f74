#define _GNU_SOURCE
#include "GraderSystem.h"

#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>

int grader_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }
#else
int grader_become_subreaper(void) { return -1; }
#endif

int grader_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int input,
                 int output, int error, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    posix_spawn_file_actions_adddup2(&actions, input, 0);
    posix_spawn_file_actions_adddup2(&actions, output, 1);
    posix_spawn_file_actions_adddup2(&actions, error, 2);
    if (directory) posix_spawn_file_actions_addchdir_np(&actions, directory);

    sigset_t everything, nothing;
    sigfillset(&everything);
    sigdelset(&everything, SIGKILL);
    sigdelset(&everything, SIGSTOP);
    sigemptyset(&nothing);
    posix_spawnattr_setsigdefault(&attributes, &everything);
    posix_spawnattr_setsigmask(&attributes, &nothing);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

    result = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return result;
}
