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

# ---------------------------------------------------------------------------------------------
# Components end to end: `compose lib create` makes a mediator core, a business component with its
# mediator, and a base component; each is pushed to its own bare repository and released with
# `compose publish` (which first builds the commit it tags, as `compose lint` does) into a bare spec
# repository seeded with spec-repo-fixture; a two-target app
# (its source: the spec repo's git URL, which `repo add` cloned already) resolves against it, `compose install` writes Composed/,
# and with the component remotes moved away (SwiftPM reads compose's cache) `swift build` builds it
# and a small app calls Wallet through WalletMediator, before and after Wallet starts.
echo
echo "== components: lib create → publish → resolve → install → swift build =="
compose="$PWD/.build/debug/compose"
work="$PWD/demo-work/components"
rm -rf "$work" && mkdir -p "$work/remotes" "$work/src" "$work/ShopApp"
export COMPOSE_HOME="$work/home"
export GIT_AUTHOR_NAME="Shopping App iOS Team" GIT_AUTHOR_EMAIL="ios-team@example.com"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
step() { echo; echo "\$ $*"; "$@"; }

git init -q --bare --initial-branch=main "$work/remotes/specs.git"
git clone -q "$work/remotes/specs.git" "$work/seed" 2>/dev/null
cp -R spec-repo-fixture/. "$work/seed/"
git -C "$work/seed" add -A && git -C "$work/seed" commit -qm "Specs of the shopping app" && git -C "$work/seed" push -q origin HEAD:main
step "$compose" repo add specs "file://$work/remotes/specs.git"

author=(--author "Shopping App iOS Team" --email ios-team@example.com --output "$work/src")
step "$compose" lib create Mediator --kind core --git-url "file://$work/remotes/Mediator.git" "${author[@]}"
step "$compose" lib create Wallet --kind business --git-url "file://$work/remotes/Wallet.git" "${author[@]}"
step "$compose" lib create Toolkit --kind base --git-url "file://$work/remotes/Toolkit.git" "${author[@]}"
for name in Mediator WalletMediator Wallet Toolkit; do
  git init -q --bare "$work/remotes/$name.git"
  git -C "$work/src/$name" push -q origin main
  # Each release also goes into a static Swift package registry (scope shop), for SwiftPM and Xcode.
  (cd "$work/src/$name" && step "$compose" publish specs --registry-export "$work/registry" --registry-scope shop)
done

cat > "$work/ShopApp/Composefile" <<COMPOSEFILE
source 'file://$work/remotes/specs.git'
platform :ios, '15.0'

target 'ShopApp' do
  pod 'Wallet', '~> 0.1'
  pod 'Toolkit', '~> 0.1'

  target 'ShopAppTests' do
    pod 'WalletMediator', '~> 0.1'
  end
end
COMPOSEFILE
echo "-- $work/ShopApp/Composefile:"; cat "$work/ShopApp/Composefile"
step "$compose" resolve --project "$work/ShopApp"
step "$compose" install --project "$work/ShopApp"
echo "-- $work/ShopApp/Composed/Package.swift:"; cat "$work/ShopApp/Composed/Package.swift"
mv "$work/remotes" "$work/remotes-away"
step "$compose" install --project "$work/ShopApp"
(cd "$work/ShopApp/Composed" && step swift build)

mkdir -p "$work/ShopApp/Main/Sources/Main" "$work/ShopApp/Main/.swiftpm/configuration"
cp "$work/ShopApp/Composed/.swiftpm/configuration/mirrors.json" "$work/ShopApp/Main/.swiftpm/configuration/"
cat > "$work/ShopApp/Main/Package.swift" <<'MANIFEST'
// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Main",
    platforms: [.macOS("10.15")],
    dependencies: [.package(path: "../Composed")],
    targets: [.executableTarget(name: "Main", dependencies: [.product(name: "ShopApp", package: "Composed")])]
)
MANIFEST
cat > "$work/ShopApp/Main/Sources/Main/main.swift" <<'SOURCE'
import ShopApp

print("before start:", ServiceRegistry.shared.wallet.greeting(for: "Ann"))
WalletComponent.start()
print("after start: ", ServiceRegistry.shared.wallet.greeting(for: "Ann"))
print(ToolkitInfo.greeting(for: "Ann"))
SOURCE
echo "-- $work/ShopApp/Main/Sources/Main/main.swift:"; cat "$work/ShopApp/Main/Sources/Main/main.swift"
(cd "$work/ShopApp/Main" && step swift run --quiet Main)

# ---------------------------------------------------------------------------------------------
# An app that CocoaPods integrated (demo/CocoaPodsApp: ShopApp.xcodeproj with the [CP] phases,
# Pods frameworks and Pods xcconfigs `pod install` writes, a workspace naming Pods/Pods.xcodeproj):
# one `compose install` where the Podfile is writes Composed/, takes CocoaPods out of the project
# and links Composed into both targets (docs/xcode.md).
echo
echo "== an app integrated by CocoaPods: compose install takes CocoaPods out of its Xcode project =="
app="$work/CocoaPodsApp"
rm -rf "$app" && cp -R demo/CocoaPodsApp "$app"
sed -e "s#^source .*#source 'file://$work/remotes/specs.git'#" demo/CocoaPodsApp/Podfile >"$app/Podfile"
echo "-- $app/Podfile:"; grep -v '^#' "$app/Podfile"
(cd "$app" && step "$compose" install)
echo "-- the project and the workspace, before and after:"
diff -u --label "before/ShopApp.xcodeproj/project.pbxproj" --label "after/ShopApp.xcodeproj/project.pbxproj" \
  demo/CocoaPodsApp/ShopApp.xcodeproj/project.pbxproj "$app/ShopApp.xcodeproj/project.pbxproj" || true
diff -u --label "before/ShopApp.xcworkspace/contents.xcworkspacedata" --label "after/ShopApp.xcworkspace/contents.xcworkspacedata" \
  demo/CocoaPodsApp/ShopApp.xcworkspace/contents.xcworkspacedata "$app/ShopApp.xcworkspace/contents.xcworkspacedata" || true
cp "$app/ShopApp.xcodeproj/project.pbxproj" "$work/integrated.pbxproj"
(cd "$app" && step "$compose" install)
cmp "$work/integrated.pbxproj" "$app/ShopApp.xcodeproj/project.pbxproj" && echo "-- the second install changed no byte of the project"

# ---------------------------------------------------------------------------------------------
# The spec repo as a Swift package registry (SE-0292): the releases published above, served by
# `compose registry serve` (the same files nginx serves, docs/registry.md), and an app that gets
# Toolkit through it: SwiftPM downloads a checked zip, no git repository (the remotes are away).
echo
echo "== the spec repo as a Swift package registry: compose registry serve → swift build =="
echo "-- what publish wrote to $work/registry:"
(cd "$work/registry" && find shop -type f | sort | sed 's/^/  /')
"$compose" registry serve specs --scope shop --folder "$work/registry" --port 0 >"$work/registry-serve.log" 2>&1 &
registry_pid=$!
trap 'kill $registry_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q '^Serving' "$work/registry-serve.log" 2>/dev/null && break; sleep 0.1; done
registry_url=$(sed -n 's/^Serving .* on \(http[^ ]*\)$/\1/p' "$work/registry-serve.log")
echo "-- the fixture's own pods name git.example.com, which no machine reaches: they are listed and stay git releases."
echo "\$ compose registry serve specs --scope shop --port 0"
sed 's/^/  /' "$work/registry-serve.log"
mkdir -p "$work/Lite"
cat >"$work/Lite/Composefile" <<COMPOSEFILE
source 'file://$work/remotes/specs.git'
platform :ios, '15.0'

target 'ShopLite' do
  pod 'Toolkit', '~> 0.1'
end
COMPOSEFILE
swiftpm_paths=(--cache-path "$work/swiftpm/cache" --config-path "$work/swiftpm/configuration" --security-path "$work/swiftpm/security")
step "$compose" install --project "$work/Lite" --registry "$registry_url" --registry-scope shop
echo "-- $work/Lite/Composed/Package.swift:"; cat "$work/Lite/Composed/Package.swift"
(cd "$work/Lite/Composed" && step swift build --replace-scm-with-registry "${swiftpm_paths[@]}")
echo "-- Package.resolved pins a registry release, not a git revision:"
grep -E '"(identity|kind|version)"' "$work/Lite/Composed/Package.resolved" | sed 's/^ */  /'
kill $registry_pid 2>/dev/null || true

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

echo "\$ (cd Logging && compose publish fixture --allow-warnings --dry-run)"
(cd "$specs_dir/Logging" && "$compose_bin" publish fixture --allow-warnings --dry-run)
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
echo "\$ compose deprecate Router --in-favor-of Mediator fixture"
"$compose_bin" deprecate Router --in-favor-of Mediator fixture
echo "-- the spec repo's history:"
git -C "$specs_dir/specs.git" log --format='  %h %s' -1
echo "\$ compose info Router"
"$compose_bin" info Router

# ---------------------------------------------------------------------------------------------
# Spec repos over HTTP: the fixture exported to CocoaPods' CDN layout, served by nginx on loopback.
echo
echo "== compose repo export + resolve over HTTP (nginx on 127.0.0.1) =="
http_dir=$PWD/demo-work/http
rm -rf "$http_dir" && mkdir -p "$http_dir/ShopApp"
echo "\$ compose repo export spec-repo-fixture $http_dir/www"
"$compose_bin" repo export spec-repo-fixture "$http_dir/www"
echo "-- a second export with nothing new writes nothing:"
"$compose_bin" repo export spec-repo-fixture "$http_dir/www"
read -r http_port nginx_pid < <(bash scripts/serve-static.sh "$http_dir/www" "$http_dir/nginx")
trap 'kill $nginx_pid 2>/dev/null || true' EXIT
sed -e "s#^source .*#source 'http://127.0.0.1:$http_port/'#" demo/Composefile >"$http_dir/ShopApp/Composefile"
echo "\$ compose resolve   # with source 'http://127.0.0.1:$http_port/'"
"$compose_bin" resolve --project "$http_dir/ShopApp"
sed -n '/^SPEC REPOS:/,/^$/p' "$http_dir/ShopApp/Compose.lock"
echo "-- $(wc -l <"$http_dir/nginx/access.log" | tr -d ' ') requests for $(sed -n '/^SPEC REPOS:/,/^$/p' "$http_dir/ShopApp/Compose.lock" | grep -c '^    - ') pods, cached in $COMPOSE_HOME/cdn/"
: >"$http_dir/nginx/access.log"
echo "\$ compose resolve --repo-update   # every cached file revalidated"
"$compose_bin" resolve --project "$http_dir/ShopApp" --repo-update
echo "-- $(grep -c ' 304$' "$http_dir/nginx/access.log") of $(wc -l <"$http_dir/nginx/access.log" | tr -d ' ') requests answered 304 Not Modified"
kill "$nginx_pid"
wait "$nginx_pid" 2>/dev/null || true
echo "\$ compose resolve --repo-update   # nginx stopped: offline, from the cache"
"$compose_bin" resolve --project "$http_dir/ShopApp" --repo-update

# The spec repo's web catalogue beside the CDN files (docs/site.md), served by nginx for a moment.
echo "\$ compose repo export spec-repo-fixture $http_dir/www --site"
"$compose_bin" repo export spec-repo-fixture "$http_dir/www" --site
read -r site_port site_pid < <(bash scripts/serve-static.sh "$http_dir/www" "$http_dir/nginx-site")
echo "\$ curl http://127.0.0.1:$site_port/site/index.html   # two of its 16 rows"
curl -s "http://127.0.0.1:$site_port/site/index.html" | grep -E '<tr data-pod="(Cache|Pay)"'
kill "$site_pid"; wait "$site_pid" 2>/dev/null || true

# ---------------------------------------------------------------------------------------------
# The component graph: the layering rules, then a picture.
echo "\$ compose graph --check spec-repo-fixture --allow-warnings"
"$compose_bin" graph --check spec-repo-fixture --allow-warnings
if command -v dot >/dev/null; then
  echo "\$ compose graph spec-repo-fixture --format png --output $specs_dir/graph.png"
  "$compose_bin" graph spec-repo-fixture --format png --output "$specs_dir/graph.png"
else
  echo "(graphviz is not installed: the picture is skipped; scripts/setup.sh installs it)"
fi
