#!/usr/bin/env bash
# make bench: builds compose in release mode and measures it on generated data under /tmp.
# Each section prints its figures; docs/benchmarks.md records them.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product compose >/dev/null
compose="$PWD/.build/release/compose"
work="${BENCH_WORK:-/tmp/compose-bench}"
mkdir -p "$work"

echo "== repo lint: 20,000 generated specs =="
repo="$work/spec-repo-20000"
if [ ! -f "$repo/.complete" ]; then
  rm -rf "$repo"
  python3 bench/gen-spec-repo.py 20000 "$repo"
  touch "$repo/.complete"
fi
for jobs in 1 2; do
  for run in 1 2 3; do
    printf 'jobs=%s  ' "$jobs"
    "$compose" repo lint --jobs "$jobs" "$repo" | tail -n 1
  done
done
