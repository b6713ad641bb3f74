#!/usr/bin/env bash
# Renders the HTML report of the bundled sample (`grader demo`) in headless Chromium, takes a screenshot, and
# fails when the page is blank or broken: `grader inspect-report` checks the HTML is one self-contained page
# (nothing to load from anywhere), that the DOM the browser built holds every chart, and that the PNG is not
# blank (pixels off the background, grey levels from text, colour from the charts).
#
# Usage: tools/screenshot-report.sh [--html <report.html>] [--out <dir>] [--window <width>,<height>]
#   --html    check this report instead of grading the demo sample (about a minute)
#   --out     where report.html, report.png, dom.html and chromium.log go (default: a new temporary folder)
#   --window  the browser window, which is the screenshot's size (default 1280,2400)
# Environment: GRADER=<a built grader> skips `swift build`; CHROMIUM=<browser> picks the browser (default: the
# first of chromium, chromium-browser, google-chrome on PATH).
# Exit: 0 the page rendered, 1 blank or broken, 2 usage error, 3 not checked (no Chromium, or no report).
set -euo pipefail
cd "$(dirname "$0")/.."

html=""
out=""
window="1280,2400"
while [ $# -gt 0 ]; do
    case "$1" in
        --html) html="${2:?--html needs a file}"; shift 2 ;;
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        --window) window="${2:?--window needs <width>,<height>}"; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "screenshot-report: unknown argument '$1'; see --help" >&2; exit 2 ;;
    esac
done
case "$window" in
    [0-9]*,[0-9]*) ;;
    *) echo "screenshot-report: --window needs <width>,<height>, not '$window'" >&2; exit 2 ;;
esac

browser="${CHROMIUM:-}"
if [ -z "$browser" ]; then
    for name in chromium chromium-browser google-chrome; do
        if command -v "$name" >/dev/null 2>&1; then browser="$(command -v "$name")"; break; fi
    done
fi
if [ -z "$browser" ] || ! [ -x "$(command -v "$browser" 2>/dev/null || echo "$browser")" ]; then
    echo "screenshot-report: not checked: Chromium is not installed (Debian/Ubuntu: apt-get install -y chromium;" \
        "elsewhere set CHROMIUM to a Chrome or Chromium binary)" >&2
    exit 3
fi

if [ -z "$out" ]; then out="$(mktemp -d "${TMPDIR:-/tmp}/grader-screenshot.XXXXXX")"; fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"

grader="${GRADER:-}"
if [ -z "$grader" ]; then
    swift build --product grader >/dev/null
    grader="$(swift build --show-bin-path)/grader"
fi

if [ -z "$html" ]; then
    html="$out/report.html"
    echo "screenshot-report: grading the demo sample into $html (about a minute)…" >&2
    status=0
    "$grader" demo --format html --output "$html" --kit "$PWD" || status=$?
    # The sample leaves its last requirement undone: below the pass mark (1) is the expected verdict.
    if [ "$status" -gt 1 ] || ! [ -s "$html" ]; then
        echo "screenshot-report: not checked: grader demo exited $status without a report" >&2
        exit 3
    fi
else
    [ -f "$html" ] || { echo "screenshot-report: no such report: $html" >&2; exit 2; }
    html="$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"
fi

png="$out/report.png"
dom="$out/dom.html"
log="$out/chromium.log"
rm -f "$png" "$dom"
# A throwaway profile, no sandbox (root in a container has none to give), and no network: the page needs none,
# and nothing the browser would fetch on its own (updates, metrics) should run.
flags=(
    --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1
    --user-data-dir="$out/profile" --no-first-run --no-default-browser-check --disable-extensions
    --disable-background-networking --disable-component-update --disable-sync --host-resolver-rules="MAP * ~NOTFOUND"
)
limit=()
if command -v timeout >/dev/null 2>&1; then limit=(timeout 120); fi
${limit[@]+"${limit[@]}"} "$browser" "${flags[@]}" --window-size="$window" --screenshot="$png" "file://$html" >"$log" 2>&1 || true
${limit[@]+"${limit[@]}"} "$browser" "${flags[@]}" --dump-dom "file://$html" >"$dom" 2>>"$log" || true
rm -rf "$out/profile"

status=0
"$grader" inspect-report "$html" "$png" --dom "$dom" || status=$?
if [ "$status" -ne 0 ]; then
    echo "screenshot-report: FAILED; the browser's log is $log" >&2
    exit 1
fi
echo "screenshot-report: $png ($(wc -c <"$png" | tr -d ' ') bytes) shows the whole report"
