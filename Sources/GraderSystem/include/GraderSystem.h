#ifndef GRADER_SYSTEM_H
#define GRADER_SYSTEM_H

#include <sys/types.h>

/// Makes the calling process the reaper of its descendants' orphans (Linux `PR_SET_CHILD_SUBREAPER`).
/// Returns 0 on success, -1 where the system has no such thing.
int grader_become_subreaper(void);

/// Starts `path` with `argv` and `envp` (NULL-terminated) in `directory` (or the current one when NULL), its
/// standard input, output and error on the given descriptors, as the leader of a new process group, with every
/// signal's default action and an empty signal mask. Returns 0 and sets `pid`, or an errno value.
int grader_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int input,
                 int output, int error, pid_t *pid);

/// What the compiler's index store at `store` records of XCTest for the object files `objects`, read through the
/// toolchain's libIndexStore at `library`: one line per fact, tab-separated, `C <module> <class> <base class>` for
/// a test class's base, `D <module> <class> <0|1 nested>` where a test class is defined, and
/// `M <module> <class or extension> <method> <0|1 async>` for a test method, each as the index marks it (SwiftPM's
/// test discovery reads the same marks). Returns a text the caller frees, or NULL with `*error` set to a message
/// the caller frees.
char *grader_index_tests(const char *library, const char *store, const char *const objects[], int count,
                         char **error);

#endif
