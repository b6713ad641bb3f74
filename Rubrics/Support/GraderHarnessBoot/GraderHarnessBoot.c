// Reads the grader's request from standard input when the test binary is loaded, before `main` and so before
// XCTest creates any test case (whose stored properties may call candidate code), and keeps it here, out of
// every Swift object: the pass token and the result file's path never reach Swift, where code in the same
// process could find them through XCTest's observers or reflection. The harness (HiddenTestCase.swift) asks
// this file to write the one record. See docs/grading.md, "Results candidate code cannot forge".
#include "GraderHarnessBoot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "GraderBatch.h"

#define HIDDEN __attribute__((visibility("hidden")))

static char grader_result_path[4096];
static char grader_test[1024];
static unsigned char grader_pass_token[16];
static int grader_state;  // 0 no request, 1 request held, 2 record written

static int grader_hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void grader_forget(void) {
    memset(grader_result_path, 0, sizeof grader_result_path);
    memset(grader_pass_token, 0, sizeof grader_pass_token);
}

// Takes one test's request: from standard input (below), or from the batch server (GraderBatch.c), which hands
// each test process its own. Returns 0, holding nothing, when a part is too long or the token is not 32 hex digits.
HIDDEN int grader_harness_take(const char *result_path, const char *token, const char *test) {
    grader_forget();
    grader_state = 0;
    if (strlen(result_path) >= sizeof grader_result_path || strlen(test) >= sizeof grader_test) return 0;
    if (strlen(token) != 2 * sizeof grader_pass_token) return 0;
    for (size_t i = 0; i < sizeof grader_pass_token; i++) {
        int high = grader_hex_value(token[2 * i]), low = grader_hex_value(token[2 * i + 1]);
        if (high < 0 || low < 0) {
            grader_forget();
            return 0;
        }
        grader_pass_token[i] = (unsigned char)(high * 16 + low);
    }
    strcpy(grader_result_path, result_path);
    strcpy(grader_test, test);
    grader_state = 1;
    return 1;
}

// "<result-path> <32 hex digits> <Class/method>\n"
static int grader_parse(char *line) {
    char *token = strchr(line, ' ');
    if (!token) return 0;
    *token++ = 0;
    char *test = strchr(token, ' ');
    if (!test) return 0;
    *test++ = 0;
    return grader_harness_take(line, token, test);
}

__attribute__((constructor(102))) static void grader_harness_boot(int argc, char **argv, char **envp) {
    (void)envp;
    const char *wanted = getenv("GRADER_RESULT_CHANNEL");
    if (wanted && strcmp(wanted, "batch") == 0) {
        // Returns only in a test process, with that test's request taken; the server itself never returns.
        grader_batch_serve(argc, argv);
        grader_forbid_processes();  // GraderProcessGuard; the server has none, its test processes do
        return;
    }
    // Every other process the grader starts from the test binary got the process filter from GraderProcessGuard.
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
    grader_state = grader_parse(line) ? 1 : 0;
    memset(line, 0, sizeof line);
    if (!grader_state) grader_forget();
}

HIDDEN int grader_harness_active(void) { return grader_state == 1; }

HIDDEN int grader_harness_expected_test(char *buffer, size_t size) {
    if (grader_state == 0 || size == 0) return 0;
    snprintf(buffer, size, "%s", grader_test);
    return 1;
}

/// Writes `text` as the body of a JSON string (quotes, backslashes and control characters escaped).
static void grader_json_string(FILE *file, const char *text) {
    fputc('"', file);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') {
            fputc('\\', file);
            fputc(*c, file);
        } else if (*c < 0x20) {
            fprintf(file, "\\u%04x", *c);
        } else {
            fputc(*c, file);
        }
    }
    fputc('"', file);
}

HIDDEN int grader_harness_write(const char *status, const char *failures, const char *reason) {
    if (grader_state != 1) return 0;
    grader_state = 2;
    FILE *file = fopen(grader_result_path, "a");
    if (!file) {
        grader_forget();
        return 0;
    }
    fputs("{\"failures\":", file);
    fputs(failures && failures[0] == '[' ? failures : "[]", file);
    if (reason) {
        fputs(",\"reason\":", file);
        grader_json_string(file, reason);
    }
    fputs(",\"status\":", file);
    grader_json_string(file, status);
    fputs(",\"test\":", file);
    grader_json_string(file, grader_test);
    if (strcmp(status, "pass") == 0) {
        fputs(",\"token\":\"", file);
        for (size_t i = 0; i < sizeof grader_pass_token; i++) fprintf(file, "%02x", grader_pass_token[i]);
        fputc('"', file);
    }
    fputs("}\n", file);
    fclose(file);
    grader_forget();
    return 1;
}
