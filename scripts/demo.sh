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

# ---------------------------------------------------------------------------------------------
# compose lint / compose repo lint
say "The spec repository of a componentized shopping app: every spec and the layout, on all cores."
step compose repo lint spec-repo-fixture

say "One component's spec, as a release step checks it before publishing."
step compose lint --quick spec-repo-fixture/Pay/1.2.0/Pay.podspec.json

say "A spec with mistakes: findings read like compiler diagnostics (this one exits 1)."
step compose lint --quick Tests/LintTests/Fixtures/Invalid/WrongTypes.podspec.json || true

# ---------------------------------------------------------------------------------------------
# compose resolve: demo/Composefile (targets ShopApp + ShopAppTests, ShopWidget) against the
# fixture spec repository, in a scratch copy so the tree stays clean.
echo
echo "== compose resolve: demo/Composefile against spec-repo-fixture =="
resolve_dir=demo-work/resolve
rm -rf "$resolve_dir" && mkdir -p "$resolve_dir"
cp -R spec-repo-fixture "$resolve_dir/spec-repo-fixture"
cp -R demo "$resolve_dir/ShopApp"
rm -f "$resolve_dir/ShopApp/Compose.lock"
.build/debug/compose resolve --project "$resolve_dir/ShopApp"
echo "-- $resolve_dir/ShopApp/Compose.lock:"
cat "$resolve_dir/ShopApp/Compose.lock"
echo "-- a second resolve writes the same bytes:"
cp "$resolve_dir/ShopApp/Compose.lock" "$resolve_dir/first.lock"
.build/debug/compose resolve --project "$resolve_dir/ShopApp"
cmp "$resolve_dir/first.lock" "$resolve_dir/ShopApp/Compose.lock" && echo "identical"
echo "-- compose outdated:"
.build/debug/compose outdated --project "$resolve_dir/ShopApp"
