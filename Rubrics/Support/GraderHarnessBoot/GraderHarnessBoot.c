// Reads the grader's request from standard input when the test binary is loaded, before `main` and so before
// XCTest creates any test case (whose stored properties may call candidate code). See HiddenTestCase.swift.
#include "GraderHarnessBoot.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static GraderHarnessRequest grader_request;
static int grader_request_ready;

static int grader_hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// "<result-path> <32 hex digits> <Class/method>\n"
static int grader_parse(char *line) {
    char *token = strchr(line, ' ');
    if (!token) return 0;
    *token++ = 0;
    char *test = strchr(token, ' ');
    if (!test) return 0;
    *test++ = 0;
    if (strlen(line) >= sizeof grader_request.resultPath || strlen(test) >= sizeof grader_request.test) return 0;
    if (strlen(token) != 2 * sizeof grader_request.passToken) return 0;
    for (size_t i = 0; i < sizeof grader_request.passToken; i++) {
        int high = grader_hex_value(token[2 * i]), low = grader_hex_value(token[2 * i + 1]);
        if (high < 0 || low < 0) return 0;
        grader_request.passToken[i] = (unsigned char)(high * 16 + low);
    }
    strcpy(grader_request.resultPath, line);
    strcpy(grader_request.test, test);
    return 1;
}

__attribute__((constructor(101))) static void grader_harness_boot(void) {
    const char *wanted = getenv("GRADER_RESULT_CHANNEL");
    if (!wanted || strcmp(wanted, "stdin") != 0) return;
    char line[6144];
    size_t used = 0;
    // One byte at a time: nothing past the line is consumed.
    while (used < sizeof line - 1) {
        ssize_t count = read(0, line + used, 1);
        if (count <= 0 || line[used] == '\n') break;
        used++;
    }
    line[used] = 0;
    grader_request_ready = grader_parse(line);
    memset(line, 0, sizeof line);
    if (!grader_request_ready) memset(&grader_request, 0, sizeof grader_request);
}

int grader_harness_take(GraderHarnessRequest *request) {
    if (!grader_request_ready) return 0;
    memcpy(request, &grader_request, sizeof grader_request);
    memset(&grader_request, 0, sizeof grader_request);
    grader_request_ready = 0;
    return 1;
}
