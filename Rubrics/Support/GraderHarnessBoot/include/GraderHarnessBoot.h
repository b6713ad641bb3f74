#ifndef GRADER_HARNESS_BOOT_H
#define GRADER_HARNESS_BOOT_H

#include <stddef.h>

/// Whether the grader handed this process a request (on standard input, read when the binary loaded).
int grader_harness_active(void);

/// Copies the test the grader asked for, `Class/method`, into `buffer`; returns 0 when there is no request.
int grader_harness_expected_test(char *buffer, size_t size);

/// Writes the one record of this process to the grader's result file and forgets the request: `status` is
/// pass, fail, skipped or tampered; `failures` a JSON array; `reason` plain text or NULL. The pass token is
/// added only to a pass. Returns 1 when written, 0 when there is no request or it was already written.
int grader_harness_write(const char *status, const char *failures, const char *reason);

#endif
