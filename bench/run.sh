#!/usr/bin/env bash
# The speed targets of SPEC §6, measured side by side in one run (never asserted by tests):
#   cold `grader check` vs. a plain `swift build --build-tests` + `swift test` of the same sources (≤ 1.2×),
#   an extra submission on the warm build (≤ 0.5× a cold check), the grader's own work (< 2 s).
# Usage: bench/run.sh [exercise]   (default movie-client)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product grader >/dev/null
.build/release/grader bench "${1:-movie-client}"
