#ifndef GRADER_HARNESS_BOOT_H
#define GRADER_HARNESS_BOOT_H

#include <stddef.h>

/// What the grader handed a hidden-test process on standard input, taken before any Swift code ran.
typedef struct {
    /// The file the one result record goes to.
    char resultPath[4096];
    /// The test the grader asked for, `Class/method`.
    char test[1024];
    /// The bytes that prove a pass; never held as text.
    unsigned char passToken[16];
} GraderHarnessRequest;

/// Hands over the request once (returns 1), wiping the copy the loader-time reader kept; 0 when there is
/// none (a plain `swift test`) or it was already taken.
int grader_harness_take(GraderHarnessRequest *request);

#endif
