#!/usr/bin/env bash
# Formats the Swift code with swift-format (it ships with the toolchain: `swift format`), following
# .swift-format at the root. `--check` changes nothing: it runs the strict lint and fails (exit 1)
# naming each file:line:column that is not formatted or breaks a rule.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests bench Fuzz)
if ! swift format --version >/dev/null 2>&1; then
  echo "format: 'swift format' is missing; it ships with Swift 6 toolchains (swift.org/install)." >&2
  exit 3
fi
case "${1:-}" in
  "")
    swift format format --in-place --recursive --parallel "${paths[@]}"
    ;;
  --check)
    if ! swift format lint --strict --recursive --parallel "${paths[@]}"; then
      echo "format: the code above is not formatted; run 'make format' (scripts/format.sh) and commit the result." >&2
      exit 1
    fi
    ;;
  *)
    echo "usage: scripts/format.sh [--check]" >&2
    exit 64
    ;;
esac
