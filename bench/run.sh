#!/usr/bin/env bash
# The speed targets (docs/performance.md), measured side by side in one run (never asserted by tests):
#   cold `grader check` vs. a plain `swift build --build-tests` + `swift test` of the same sources (≤ 1.0×),
#   a realistic extra submission on the warm build (≤ 0.3× a cold check), the ratio under a second load
#   (within 1.2× of the quiet one), a batch of 10 (≤ 4× a cold check), the grader's own work (< 2 s).
# Usage: bench/run.sh [exercise | --all] [--under-load] [--batch n] [--rounds n]   (default: movie-client)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product grader >/dev/null
if [ "$#" -eq 0 ]; then set -- movie-client; fi
.build/release/grader bench "$@"
