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

# ---------------------------------------------------------------------------------------------
# Spec repos: a bare spec repo made from spec-repo-fixture, `compose repo add`, a release of a new
# Logging version from a temporary component repo with `compose publish`, then `compose info`.
# COMPOSE_HOME is demo-work/home, so the user's ~/.compose is untouched.
echo
echo "== spec repos: repo add, publish, info =="
compose_bin=$PWD/.build/debug/compose
specs_dir=$PWD/demo-work/specrepos
export COMPOSE_HOME=$PWD/demo-work/home
export GIT_AUTHOR_NAME="Demo Release" GIT_AUTHOR_EMAIL=release@example.com
export GIT_COMMITTER_NAME="Demo Release" GIT_COMMITTER_EMAIL=release@example.com
rm -rf "$specs_dir" "$COMPOSE_HOME/repos/fixture" "$COMPOSE_HOME/repos/.fixture.lock"
mkdir -p "$specs_dir"
git init -q -b main "$specs_dir/seed"
cp -R spec-repo-fixture/. "$specs_dir/seed/"
git -C "$specs_dir/seed" add -A
git -C "$specs_dir/seed" commit -q -m "Fixture specs"
git clone -q --bare "$specs_dir/seed" "$specs_dir/specs.git"
rm -rf "$specs_dir/seed"

echo "\$ compose repo add fixture file://$specs_dir/specs.git"
"$compose_bin" repo add fixture "file://$specs_dir/specs.git"
echo "\$ compose repo list"
"$compose_bin" repo list

# A component repository for Logging, with its next version committed.
git init -q --bare -b main "$specs_dir/Logging.git"
git clone -q "$specs_dir/Logging.git" "$specs_dir/Logging" 2>/dev/null
latest=$(ls spec-repo-fixture/Logging | sort -V | tail -1)
sed -e "s/\"version\": \"$latest\"/\"version\": \"2.2.0\"/" \
    -e "s/\"tag\": \"$latest\"/\"tag\": \"2.2.0\"/" \
    -e "s#\"git\": \"[^\"]*\"#\"git\": \"file://$specs_dir/Logging.git\"#" \
    "spec-repo-fixture/Logging/$latest/Logging.podspec.json" >"$specs_dir/Logging/Logging.podspec.json"
mkdir -p "$specs_dir/Logging/Sources/Logging"
echo 'public enum Logging { public static let version = "2.2.0" }' >"$specs_dir/Logging/Sources/Logging/Logging.swift"
git -C "$specs_dir/Logging" add -A
git -C "$specs_dir/Logging" commit -q -m "Logging 2.2.0"
git -C "$specs_dir/Logging" push -q origin HEAD:main

echo "\$ (cd Logging && compose publish fixture --allow-warnings)"
(cd "$specs_dir/Logging" && "$compose_bin" publish fixture --allow-warnings)
echo "-- the spec repo's history:"
git -C "$specs_dir/specs.git" log --format='  %h %s' -3
echo "-- the component's tag: $(git -C "$specs_dir/Logging.git" tag)"
echo "-- publishing again from a re-run CI job is harmless:"
(cd "$specs_dir/Logging" && "$compose_bin" publish fixture --allow-warnings --ci)
echo "\$ compose info Logging"
"$compose_bin" info Logging
echo "\$ compose search payment"
"$compose_bin" search payment
