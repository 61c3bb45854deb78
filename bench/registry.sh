#!/usr/bin/env bash
# Registry benchmark (docs/benchmarks.md, "Swift package registry"): the whole `swift package
# resolve` a user runs, cold (SwiftPM's caches empty), of an app depending on COMPONENTS (default
# 50) components of RELEASES (default 5) releases each, side by side in one run:
#   git:      the components' git URLs, served by a git daemon on 127.0.0.1 (today's way);
#   registry: the same manifest with --replace-scm-with-registry, nginx on 127.0.0.1 serving
#             `compose registry export` with the directives of docs/registry.md.
# Then the export's incremental cost on a spec repo of BIG_COMPONENTS x BIG_RELEASES (default
# 250 x 20 = 5,000) releases: the first export, one new release, and nothing new.
#
#   COMPOSE=path/to/compose (default: the release build); RUNS (default 3) cold resolves each.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
components=${COMPONENTS:-50}
releases=${RELEASES:-5}
runs=${RUNS:-3}
big_components=${BIG_COMPONENTS:-250}
big_releases=${BIG_RELEASES:-20}
out=$root/bench/out/registry
rm -rf "$out" && mkdir -p "$out"
source bench/lib.sh
release_compose
compose=$COMPOSE
export COMPOSE_HOME=$out/home
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

# The components on a git daemon.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 bench/gen-components.py "$components" "$releases" "git://127.0.0.1:$port" "$out/team" >&2
git daemon --export-all --reuseaddr --listen=127.0.0.1 --port="$port" --base-path="$out/team/remotes" \
    "$out/team/remotes" >/dev/null 2>&1 &
daemon_pid=$!
trap 'kill $daemon_pid 2>/dev/null || true; [ -n "${nginx_pid:-}" ] && kill $nginx_pid 2>/dev/null || true' EXIT
sleep 0.5

s=$(date +%s%N)
"$compose" registry export "$out/team/specs" "$out/registry" --scope bench >&2
export_ms=$(ms "$s")

# nginx with the documented directives.
mkdir -p "$out/nginx/tmp"
nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
directives=$(sed -n '/^```nginx$/,/^```$/p' docs/registry.md | sed -n '/root \/srv\/www\/registry;/,$p' | sed '1d;$d' | sed '$d')
cat >"$out/nginx/nginx.conf" <<CONF
daemon off; master_process off; worker_processes 1; pid $out/nginx/nginx.pid; error_log $out/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log $out/nginx/access.log;
  client_body_temp_path $out/nginx/tmp; proxy_temp_path $out/nginx/tmp; fastcgi_temp_path $out/nginx/tmp;
  uwsgi_temp_path $out/nginx/tmp; scgi_temp_path $out/nginx/tmp;
  server {
    listen 127.0.0.1:$nginx_port;
    root $out/registry;
$directives
  }
}
CONF
/usr/sbin/nginx -p "$out/nginx" -e "$out/nginx/error.log" -c "$out/nginx/nginx.conf" &
nginx_pid=$!
sleep 0.5

# The app: every component by git URL.
app=$out/app
mkdir -p "$app/Sources/App" "$app/.swiftpm/configuration"
{
    echo '// swift-tools-version:5.9'; echo 'import PackageDescription'; echo 'let package = Package('
    echo '    name: "App", platforms: [.macOS(.v10_15)],'
    echo '    dependencies: ['
    for k in $(seq 0 $((components - 1))); do printf '        .package(url: "git://127.0.0.1:%s/Comp%03d.git", from: "1.0.0"),\n' "$port" "$k"; done
    echo '    ],'
    echo '    targets: [.executableTarget(name: "App", dependencies: ['
    for k in $(seq 0 $((components - 1))); do printf '        .product(name: "Comp%03d", package: "Comp%03d"),\n' "$k" "$k"; done
    echo '    ])]'; echo ')'
} >"$app/Package.swift"
echo 'print("app")' >"$app/Sources/App/main.swift"
echo "{\"authentication\": {}, \"registries\": {\"[default]\": {\"supportsAvailability\": false, \"url\": \"http://127.0.0.1:$nginx_port\"}}, \"version\": 1}" \
    >"$app/.swiftpm/configuration/registries.json"

# One cold resolve: SwiftPM's caches, configuration and fingerprints empty, no .build, no Package.resolved.
cold() {
    rm -rf "$out/swiftpm" "$app/.build" "$app/Package.resolved"
    local s; s=$(date +%s%N)
    (cd "$app" && swift package --cache-path "$out/swiftpm/cache" --config-path "$out/swiftpm/configuration" \
        --security-path "$out/swiftpm/security" resolve "$@" >"$out/resolve.log" 2>&1) \
        || { cat "$out/resolve.log" >&2; exit 1; }
    ms "$s"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
git_times=(); registry_times=()
for _ in $(seq 1 "$runs"); do
    git_times+=("$(cold)")
    : >"$out/nginx/access.log"
    registry_times+=("$(cold --replace-scm-with-registry)")
done
requests=$(wc -l <"$out/nginx/access.log" | tr -d ' ')
registry_pins=$(grep -c '"kind" : "registry"' "$app/Package.resolved")
git_median=$(printf '%s\n' "${git_times[@]}" | median)
registry_median=$(printf '%s\n' "${registry_times[@]}" | median)

# The export's increments on a bigger spec repo (file:// remotes: fetching is not what is measured).
python3 bench/gen-components.py "$big_components" "$big_releases" "file://$out/big/remotes" "$out/big" >&2
s=$(date +%s%N)
"$compose" registry export "$out/big/specs" "$out/big/registry" --scope bench >/dev/null
big_first_ms=$(ms "$s")
s=$(date +%s%N)
"$compose" registry export "$out/big/specs" "$out/big/registry" --scope bench >/dev/null
big_none_ms=$(ms "$s")
# One new release of one component: a commit and a tag, and its spec.
new=$(printf 'Comp%03d' $((big_components / 2)))
work=$out/big/work
git clone -q "$out/big/remotes/$new.git" "$work"
echo "public enum ${new}Extra {}" >"$work/Sources/$new/Extra.swift"
git -C "$work" add -A && git -C "$work" -c user.name=b -c user.email=b@e.com commit -qm "$new 2.0.0"
git -C "$work" tag 2.0.0 && git -C "$work" push -q origin HEAD:main 2.0.0
mkdir -p "$out/big/specs/$new/2.0.0"
sed 's/"1\.[0-9]*\.0"/"2.0.0"/g' "$out/big/specs/$new/1.0.0/$new.podspec.json" >"$out/big/specs/$new/2.0.0/$new.podspec.json"
s=$(date +%s%N)
"$compose" registry export "$out/big/specs" "$out/big/registry" --scope bench --format json >"$out/big/new.json"
big_new_ms=$(ms "$s")
big_written=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['written']))" "$out/big/new.json")

cat <<REPORT
## Swift package registry: cold resolve, git against registry ($(date -u +%Y-%m-%d))

$components components x $releases releases (each on up to 2 others, by git URL), an app depending on all
$components by git URL; \`swift package resolve\` from process start to exit with SwiftPM's caches empty,
median of $runs, both servers on 127.0.0.1 (\`bench/registry.sh\`, swift $(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p')).

| how | cold resolve | |
|---|---|---|
| git URLs (git daemon) | ${git_median} ms | runs: ${git_times[*]} |
| registry (nginx, --replace-scm-with-registry) | ${registry_median} ms | runs: ${registry_times[*]}; $requests requests, $registry_pins registry pins |
| ratio | $(python3 -c "print('%.1fx' % ($git_median / $registry_median))") faster through the registry | |

Export of the $((components * releases)) releases (fetching from the git daemon): $export_ms ms.

Registry export of $((big_components * big_releases)) releases ($big_components components x $big_releases):
first export $big_first_ms ms; nothing new $big_none_ms ms; one new release $big_new_ms ms ($big_written files written).
REPORT
