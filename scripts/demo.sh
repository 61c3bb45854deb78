#!/usr/bin/env bash
# make demo: the main job on the embedded spec-repo-fixture.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product compose
echo "compose is built; the demo steps arrive with the commands."

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
