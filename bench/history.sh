#!/usr/bin/env bash
# The history target of SPEC §6 / issue 3: `grader check --static-only` of a generated 5,000-commit repository
# in under 5 seconds. Measured, never asserted by tests.
#
# Usage: bench/history.sh [commits] [exercise]       (defaults: 5000, movie-client)
# Env:   SCRATCH_PATH  swift build's scratch folder (default .build)
#        GRADER        a grader binary to use instead of building one in release mode
#
# The repository is written by one `git fast-import` run, with the same shape as
# `SyntheticRepository.generatedHistory` (Tests/GraderHistoryTests/Support): a baseline commit carrying `Grader-Exercise:`, then one
# commit every 10 minutes, each rewriting one of 40 source files with 10 new lines, every 5th a test file.
set -euo pipefail
cd "$(dirname "$0")/.."
commits="${1:-5000}"
exercise="${2:-movie-client}"
target=5

now() { if [ -n "${EPOCHREALTIME:-}" ]; then echo "${EPOCHREALTIME/,/.}"; else perl -MTime::HiRes=time -e 'printf "%.6f\n", time'; fi; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

work="$(mktemp -d "${TMPDIR:-/tmp}/grader-history-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
repo="$work/candidate"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C

# 1. The repository.
started="$(now)"
git init --quiet --initial-branch=main "$repo"
awk -v commits="$commits" -v exercise="$exercise" '
function data(text) { printf "data %d\n%s\n", length(text), text }
function header(mark, time, message) {
    printf "commit refs/heads/main\nmark :%d\n", mark
    printf "author Candidate <candidate@example.invalid> %d +0000\n", time
    printf "committer Candidate <candidate@example.invalid> %d +0000\n", time
    data(message)
}
BEGIN {
    start = 1767225600
    split("movie list|search|poster cache|request builder|decoding|error handling", topics, "|")
    header(1, start, "Start the " exercise " exercise\n\nGrader-Exercise: " exercise "\n")
    printf "M 100644 inline Package.swift\n"; data("// swift-tools-version:5.9\n")
    printf "M 100644 inline README.md\n"; data("# " exercise "\n")
    printf "\n"
    for (n = 1; n <= commits; n++) {
        test = (n % 5 == 0)
        file = n % 40
        path = test ? "Tests/AppTests/Feature" file "Tests.swift" : "Sources/App/Feature" file ".swift"
        body = ""
        for (line = 0; line < 10; line++) body = body "let value" line " = " n " // line " line "\n"
        header(n + 1, start + 600 * n, (test ? "Test" : "Add") " the " topics[n % 6 + 1] ", step " n "\n")
        printf "M 100644 inline %s\n", path; data(body)
        printf "\n"
    }
    printf "done\n"
}' | git -C "$repo" -c core.hooksPath=/dev/null fast-import --quiet --done
git -C "$repo" read-tree -u --reset HEAD
baseline="$(git -C "$repo" rev-list --max-parents=0 HEAD)"
mkdir -p "$repo/.grader"
printf '{\n  "baseline" : "%s",\n  "exercise" : "%s",\n  "version" : "1.0.0"\n}\n' "$baseline" "$exercise" \
    >"$repo/.grader/manifest.json"
echo "generated $commits commits after the baseline in $(elapsed "$started" "$(now)") s ($(du -sh "$repo/.git" | cut -f1) of .git)"

# 2. For reference: the one git log the history analyzer runs (sizes and blob ids of the whole history).
started="$(now)"
git -C "$repo" log --first-parent --reverse --root -z --raw --numstat --no-abbrev -M --no-ext-diff --no-textconv \
    --no-color '--format=%x1e%H%x1f%P%x1f%at%x1f%ct%x1f%ai%x1f%B%x1f' HEAD -- >/dev/null
echo "git log --numstat --raw of the whole history:        $(elapsed "$started" "$(now)") s"

# 3. The grader's static-only check: unpack, rules, history, scoring, report. Until the exercise's rubric is in
#    the kit, a stand-in kit with its rule and history criteria is used (GRADER_KIT).
if [ ! -f "Rubrics/$exercise/rubric.json" ]; then
    kit="$work/kit"
    mkdir -p "$kit/Rubrics/$exercise/Hidden" "$kit/Rubrics/Support"
    cp -R Rubrics/Support/GraderTestSupport "$kit/Rubrics/Support/"
    echo "// The stand-in kit's marker manifest." >"$kit/Package.swift"
    printf 'import XCTest\n' >"$kit/Rubrics/$exercise/Hidden/XX1Tests.swift"
    cat >"$kit/Rubrics/$exercise/rubric.json" <<JSON
{
  "exercise": "$exercise", "title": "Stand-in", "version": "1.0.0", "time_box": "4 hours", "pass_percent": 60,
  "modules": ["App"], "requirements": [{"id": "XX1", "title": "Stand-in"}],
  "criteria": [
    {"id": "XX1", "title": "Stand-in tests", "kind": "tests", "points": 1},
    {"id": "no-singletons", "title": "No singletons", "kind": "rule", "points": 2},
    {"id": "no-third-party", "title": "No third-party libraries", "kind": "rule", "points": 2},
    {"id": "no-force", "title": "No force", "kind": "rule", "points": 2},
    {"id": "history", "title": "Clear git history in small commits", "kind": "history", "points": 8}
  ]
}
JSON
    export GRADER_KIT="$kit"
    echo "(Rubrics/$exercise is not in the kit yet: using a stand-in rubric with rule and history criteria)"
fi
if [ -z "${GRADER:-}" ]; then
    scratch="${SCRATCH_PATH:-.build}"
    swift build -c release --product grader --scratch-path "$scratch" >/dev/null
    GRADER="$scratch/release/grader"
fi
started="$(now)"
status=0
"$GRADER" check --static-only --exercise "$exercise" --format json --output "$work/result.json" "$repo" \
    2>"$work/stderr" || status=$?
seconds="$(elapsed "$started" "$(now)")"
if [ "$status" -ge 2 ] || [ ! -s "$work/result.json" ]; then
    echo "grader check --static-only could not grade (exit $status): $(head -1 "$work/stderr")"
    exit 1
fi
history_commits="$(grep -o '"commits" *: *[0-9]*' "$work/result.json" | head -1 | grep -o '[0-9]*$' || true)"
verdict="$(awk -v s="$seconds" -v t="$target" 'BEGIN { print (s < t) ? "under" : "OVER" }')"
echo "grader check --static-only ($commits commits):         $seconds s  ($verdict the $target s target)"
echo "history block: ${history_commits:-?} commits read"
