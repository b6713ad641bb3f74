#ifndef GRADER_BATCH_H
#define GRADER_BATCH_H

/// Runs the batch of hidden tests the grader wrote on standard input, one forked test process each (see
/// GraderBatch.c). Returns only in a test process, after handing it its own request; the server exits.
void grader_batch_serve(int argc, char **argv) __attribute__((visibility("hidden")));

/// Hands this process the request of one test: where its record goes, its pass token (32 hex digits),
/// `Class/method`. Returns 0, holding nothing, when the request is malformed.
int grader_harness_take(const char *result_path, const char *token, const char *test)
    __attribute__((visibility("hidden")));

/// Makes every later `fork`, `vfork` and non-thread `clone` of this process and its threads fail (a seccomp
/// filter; Rubrics/Support/GraderProcessGuard). Returns 1 when the filter is in place, 0 where it cannot be (not
/// Linux, no seccomp).
int grader_forbid_processes(void) __attribute__((visibility("hidden")));

#endif
