#!/usr/bin/env bash
# The one script every step of the kit's GitHub Actions runs (action.yml, workflows/): what a step does lives here,
# where a test runs it with GitHub's environment simulated in a temporary folder (GitHubIntegrationTests).
#
#   grade.sh setup   install bubblewrap when it can, build the grader           outputs: grader
#   grade.sh grade   grade one submission: JSON, Markdown and JUnit reports,     outputs: name, status, passed, score,
#                    the Markdown as the job summary                                      max-score, result, markdown, junit
#   grade.sh list    the submissions of a batch, as a JSON array for a matrix    outputs: submissions
#   grade.sh merge   one batch report from the results of the matrix's jobs     outputs: markdown, html, csv
#                    (their <name>.json, and <name>.error for what could not be graded)
#
# Inputs are environment variables: GRADER_KIT (the kit's folder; default: the kit holding this script), GRADER
# (the grader; default: the kit's .build/debug/grader), GRADER_RESULTS (where reports go; default:
# $RUNNER_TEMP/grader-results), and per verb GRADER_SUBMISSION, GRADER_EXERCISE, GRADER_CHECK_OPTIONS,
# GRADER_FAIL_BELOW_PASS_MARK, GRADER_SUBMISSIONS, GRADER_SUBMISSIONS_DIR (below). What GitHub provides is read
# from GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ENV and RUNNER_TEMP.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
kit="$(cd "${GRADER_KIT:-$here/../..}" && pwd)" || { echo "grade.sh: GRADER_KIT=${GRADER_KIT:-} is not a folder" >&2; exit 2; }
grader="${GRADER:-$kit/.build/debug/grader}"
results="${GRADER_RESULTS:-${RUNNER_TEMP:-/tmp}/grader-results}"
# GitHub's step summary holds at most 1 MiB; a longer report is cut there (the whole one is in the artifact).
summary_limit=1000000

# `key=value` for the following steps (GITHUB_OUTPUT), or standard output outside Actions.
output() { echo "$1=$2" >>"${GITHUB_OUTPUT:-/dev/stdout}"; }

# Appends a file to the job summary (GITHUB_STEP_SUMMARY), cut at GitHub's limit.
summarise() {
    local file="$1" target="${GITHUB_STEP_SUMMARY:-/dev/stdout}"
    if [ "$(wc -c <"$file")" -le "$summary_limit" ]; then
        cat "$file" >>"$target"
    else
        head -c "$summary_limit" "$file" >>"$target"
        printf '\n\n… cut at GitHub'"'"'s summary limit; the whole report is in the job'"'"'s artifact.\n' >>"$target"
    fi
}

# A name fit for an artifact and a file: letters, digits, `.`, `_` and `-`.
artifact_name() { basename "$1" | sed -E 's/\.(zip|bundle)$//; s/[^A-Za-z0-9._-]+/-/g; s/^-+//; s/-+$//'; }

# Runs a command as root: directly, or with sudo when it asks for no password.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        return 1
    fi
}

# A top-level field of a result written by `grader check --format json` (sorted keys, two-space indentation).
# A string keeps its JSON escapes; `field message` is for reading, not parsing.
field() { sed -nE "s/^  \"$1\" : (\"(.*)\"|([^,]*)),?\$/\\2\\3/p" "$2" | head -n 1; }

setup() {
    if ! command -v bwrap >/dev/null 2>&1 && [ "${GRADER_INSTALL_PACKAGES:-true}" = true ]; then
        if command -v apt-get >/dev/null 2>&1 && { as_root apt-get install -y -q bubblewrap >/dev/null 2>&1 ||
            { as_root apt-get update -q >/dev/null 2>&1 && as_root apt-get install -y -q bubblewrap >/dev/null 2>&1; }; }; then
            echo "installed bubblewrap"
        else
            echo "::notice::bubblewrap could not be installed: candidate code runs with weaker isolation (the report says which)"
        fi
    fi
    # Ubuntu 24.04 keeps unprivileged user namespaces, which bubblewrap needs, behind an AppArmor switch. A
    # GitHub-hosted runner is a disposable machine: open it there (never on a self-hosted runner).
    if [ "${RUNNER_ENVIRONMENT:-}" = github-hosted ] &&
        [ "$(sysctl -n kernel.apparmor_restrict_unprivileged_userns 2>/dev/null)" = 1 ]; then
        as_root sysctl -q -w kernel.apparmor_restrict_unprivileged_userns=0 ||
            echo "::notice::unprivileged user namespaces stay restricted: bubblewrap may not run here"
    fi
    if [ ! -x "$grader" ]; then
        swift build --product grader --package-path "$kit" || { echo "::error::the grader did not build"; exit 3; }
        grader="$(swift build --product grader --package-path "$kit" --show-bin-path)/grader"
    fi
    "$grader" --version
    output grader "$grader"
    echo "GRADER=$grader" >>"${GITHUB_ENV:-/dev/null}"
}

grade() {
    local submission="${GRADER_SUBMISSION:-${GITHUB_WORKSPACE:-.}}"
    local name
    name="$(artifact_name "${GRADER_NAME:-$submission}")"
    [ -n "$name" ] || name=submission
    mkdir -p "$results"
    local json="$results/$name.json" markdown="$results/$name.md" junit="$results/$name.junit.xml"
    local failure="$results/$name.error" errors
    errors="$(mktemp)"
    rm -f "$json" "$markdown" "$junit" "$failure"
    local -a options=(--format json --output "$json" --kit "$kit")
    if [ -n "${GRADER_EXERCISE:-}" ]; then options+=(--exercise "$GRADER_EXERCISE"); fi
    # GRADER_CHECK_OPTIONS: more options for `grader check`, split on spaces (e.g. "--jobs 2 --test-timeout 20").
    # shellcheck disable=SC2206
    local -a extra=(${GRADER_CHECK_OPTIONS:-})
    "$grader" check "$submission" "${options[@]}" "${extra[@]}" 2>"$errors"
    local status=$?
    cat "$errors" >&2
    output name "$name"
    if [ ! -s "$json" ]; then
        # Nothing was graded: say why, as `grader check` said it; `merge` lists it from $name.error.
        grep '^grader: ' "$errors" | sed 's/^grader: //' >"$failure"
        [ -s "$failure" ] || echo "the grader stopped with exit code $status" >"$failure"
        { printf '## %s: could not grade\n\n' "$name" && cat "$failure"; } >"$markdown"
        rm -f "$errors"
        summarise "$markdown"
        output status error
        output passed false
        output markdown "$markdown"
        echo "::error title=$name::$(head -n 1 "$failure")"
        exit "$([ "$status" = 0 ] && echo 3 || echo "$status")"
    fi
    rm -f "$errors"
    # Every other format from the saved result: `grader report` prints what `check` would have printed.
    "$grader" report "$json" --format markdown --output "$markdown" --kit "$kit" 2>/dev/null
    "$grader" report "$json" --format junit --output "$junit" --kit "$kit" 2>/dev/null
    summarise "$markdown"
    output status "$(field status "$json")"
    output passed "$(field passed "$json")"
    output score "$(field score "$json")"
    output max-score "$(field max_score "$json")"
    output result "$json"
    output markdown "$markdown"
    output junit "$junit"
    field message "$json"
    if [ "$status" = 1 ] && [ "${GRADER_FAIL_BELOW_PASS_MARK:-true}" != true ]; then exit 0; fi
    exit "$status"
}

list() {
    local -a found=()
    if [ -n "${GRADER_SUBMISSIONS:-}" ]; then
        # One path a line, or separated by spaces when on one line.
        set -f # split on spaces, but never expand a name as a glob
        while IFS= read -r line; do
            # shellcheck disable=SC2206
            if [ -n "$line" ]; then found+=($line); fi
        done <<<"$GRADER_SUBMISSIONS"
        set +f
    else
        local folder="${GRADER_SUBMISSIONS_DIR:-submissions}"
        [ -d "$folder" ] || { echo "::error::no submissions: $folder is not a folder"; exit 2; }
        while IFS= read -r -d '' entry; do
            case "$entry" in
            *.zip | *.bundle) found+=("$entry") ;;
            *) if [ -d "$entry" ]; then found+=("$entry"); fi ;;
            esac
        done < <(find "$folder" -mindepth 1 -maxdepth 1 ! -name '.*' -print0 | sort -z)
    fi
    [ "${#found[@]}" -gt 0 ] || { echo "::error::no submissions to grade"; exit 2; }
    local json="[" separator="" item
    for item in "${found[@]}"; do
        # A name with a control character (a newline, an escape) could forge lines of GITHUB_OUTPUT or break
        # the matrix's JSON: left out, and said.
        if [[ "$item" =~ [[:cntrl:]] ]]; then
            echo "::warning::left out a submission whose name holds a control character"
            continue
        fi
        item="${item//\\/\\\\}"
        item="${item//\"/\\\"}"
        json+="$separator\"$item\""
        separator=","
    done
    json+="]"
    echo "${#found[@]} submissions: $json"
    output submissions "$json"
}

merge() {
    local -a saved=() failed=()
    while IFS= read -r -d '' file; do saved+=("$file"); done < <(find "$results" -maxdepth 1 -name '*.json' -print0 | sort -z)
    while IFS= read -r -d '' file; do failed+=("$file"); done < <(find "$results" -maxdepth 1 -name '*.error' -print0 | sort -z)
    [ "$((${#saved[@]} + ${#failed[@]}))" -gt 0 ] || { echo "::error::no results in $results"; exit 3; }
    local batch="${GRADER_BATCH_NAME:-batch}"
    local markdown="$results/$batch.md" html="$results/$batch.html" csv="$results/$batch.csv"
    rm -f "$markdown" "$html" "$csv"
    local status=0
    if [ "${#saved[@]}" -gt 0 ]; then
        "$grader" report "${saved[@]}" --format markdown --output "$markdown" --csv "$csv" --kit "$kit"
        status=$?
        "$grader" report "${saved[@]}" --format html --output "$html" --kit "$kit" 2>/dev/null
    fi
    if [ "${#failed[@]}" -gt 0 ]; then
        {
            printf '\n## Could not grade\n\n'
            for file in "${failed[@]}"; do printf -- '- %s: %s\n' "$(basename "$file" .error)" "$(head -n 1 "$file")"; done
        } >>"$markdown"
    fi
    if [ -s "$markdown" ]; then summarise "$markdown"; fi
    output markdown "$markdown"
    if [ -s "$html" ]; then output html "$html"; fi
    if [ -s "$csv" ]; then output csv "$csv"; fi
    # Below the pass mark is an answer, not a failure of the batch; a result that cannot be used is (the jobs
    # whose submission could not be graded have failed already).
    if [ "$status" = 1 ]; then exit 0; fi
    exit "$status"
}

case "${1:-}" in
setup) setup ;;
grade) grade ;;
list) list ;;
merge) merge ;;
*)
    echo "usage: grade.sh setup|grade|list|merge (see the comment at the top)" >&2
    exit 2
    ;;
esac
