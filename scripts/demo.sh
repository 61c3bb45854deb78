#!/usr/bin/env bash
# make demo: the main job on the embedded spec-repo-fixture, each step shown.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product compose >/dev/null
bin="$PWD/.build/debug/compose"
compose() { "$bin" "$@"; }

bold=""; plain=""
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m'; plain=$'\033[0m'; fi
step() { printf '\n%s$ %s%s\n' "$bold" "$*" "$plain"; "$@"; }
say() { printf '\n# %s\n' "$*"; }

say "The spec repository of a componentized shopping app: every spec and the layout, on all cores."
step compose repo lint spec-repo-fixture

say "One component's spec, as a release step checks it before publishing."
step compose lint --quick spec-repo-fixture/Pay/1.2.0/Pay.podspec.json

say "A spec with mistakes: findings read like compiler diagnostics (this one exits 1)."
step compose lint --quick Tests/LintTests/Fixtures/Invalid/WrongTypes.podspec.json || true
