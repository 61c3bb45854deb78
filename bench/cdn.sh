#!/usr/bin/env bash
# HTTP (CDN) spec source benchmark: a generated spec repo of SPECS (default 100000) specs is exported
# (`compose repo export`) and served by nginx on 127.0.0.1; a Composefile naming PODS (default 200)
# of its pods is resolved cold (empty $COMPOSE_HOME), warm (within the cache's max age), warm with
# --repo-update (every file revalidated: 304s) and from the repo's folder, RUNS (default 5) times
# each; beside them, in the same run, what a user does without HTTP: `compose repo add` of the same
# repo as a git repository (file://) then the resolve. Prints the median times, the ratio and the
# requests nginx served per resolve, against the target requests <= 2 x (pods in the solution) +
# shard indexes touched.
#
#   COMPOSE=path/to/compose (default: the release build)
#   HTTP_CLIENTS=0 leaves out the URLSession / AsyncHTTPClient comparison (bench/http-clients, a
#   separate package: its first build takes a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
specs=${SPECS:-100000}
pods=${PODS:-200}
runs=${RUNS:-5}
out=$root/bench/out/cdn
rm -rf "$out"
mkdir -p "$out/project"
source bench/lib.sh
release_compose
compose=$COMPOSE

python3 bench/gen-spec-repo.py "$specs" "$out/repo" >&2
s=$(date +%s%N)
"$compose" repo export "$out/repo" "$out/www" >&2
echo "export of $specs specs: $(( ($(date +%s%N) - s) / 1000000 )) ms" >&2
s=$(date +%s%N)
"$compose" repo export "$out/repo" "$out/www" >&2
echo "second export (nothing new): $(( ($(date +%s%N) - s) / 1000000 )) ms" >&2

read -r port nginx_pid < <(bash scripts/serve-static.sh "$out/www" "$out/nginx")
trap 'kill $nginx_pid 2>/dev/null || true' EXIT

total_pods=$(( (specs + 9) / 10 ))
step=$(( total_pods / pods )); [ "$step" -ge 1 ] || step=1
write_composefile() {
    { echo "source '$1'"; echo "platform :ios, '15.0'"
      for i in $(seq 0 $((pods - 1))); do printf "pod 'Component%05d'\n" $(( (i * step) % total_pods )); done
    } >"$out/project/Composefile"
}

# median of RUNS wall times (ms); $1 names a setup function run before each timed run
median() {
    local setup=$1; shift
    local times=()
    for _ in $(seq "$runs"); do
        $setup
        local s=$(date +%s%N)
        "$@" >/dev/null 2>"$out/last.err" || { cat "$out/last.err" >&2; exit 1; }
        times+=($(( ($(date +%s%N) - s) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}
empty_home() { rm -rf "$out/home" "$out/project/Compose.lock"; : >"$out/nginx/access.log"; }
keep_home() { rm -f "$out/project/Compose.lock"; : >"$out/nginx/access.log"; }
export COMPOSE_HOME=$out/home
requests() { wc -l <"$out/nginx/access.log" | tr -d ' '; }

write_composefile "http://127.0.0.1:$port/"
cold=$(median empty_home "$compose" resolve --project "$out/project"); cold_requests=$(requests)
cp "$out/nginx/access.log" "$out/nginx/access.log.cold"
solution=$(sed -n '/^SPEC REPOS:/,/^$/p' "$out/project/Compose.lock" | grep -c '^    - ' || true)
warm=$(median keep_home "$compose" resolve --project "$out/project"); warm_requests=$(requests)
revalidate=$(median keep_home "$compose" resolve --project "$out/project" --repo-update); revalidate_requests=$(requests)
not_modified=$(grep -c ' 304$' "$out/nginx/access.log" || true)
shards=$(grep -c 'all_pods_versions_' "$out/nginx/access.log.cold" 2>/dev/null || echo 0)
# The two HTTP clients compose could use, on the cold resolve's own requests (docs/DESIGN.md):
# URLSession (compose's) and AsyncHTTPClient, one request at a time and 8 at a time.
if [ "${HTTP_CLIENTS:-1}" = 1 ]; then
    awk '{print $2}' "$out/nginx/access.log.cold" | sed 's|^/||' >"$out/paths.txt"
    (cd bench/http-clients && swift build -c release >&2)
    clients=$(bench/http-clients/.build/release/http-clients "http://127.0.0.1:$port/" "$out/paths.txt" "$runs")
fi
write_composefile "$out/repo"
folder=$(median keep_home "$compose" resolve --project "$out/project")

# The same repo as git: `compose repo add` (file://, a full clone), then the same resolve from it.
git init -q -b main "$out/repo" && git -C "$out/repo" add -A \
    && git -C "$out/repo" -c gc.autoDetach=false -c user.name=bench -c user.email=bench@example.com commit -q -m specs
# An export of the repo in git records its tree id; the next, with nothing committed since, reads nothing.
"$compose" repo export "$out/repo" "$out/www" >/dev/null
s=$(date +%s%N)
"$compose" repo export "$out/repo" "$out/www" >/dev/null
tree_export=$(( ($(date +%s%N) - s) / 1000000 ))
git_once() {
    rm -rf "$out/githome" "$out/project/Compose.lock"
    COMPOSE_HOME=$out/githome "$compose" repo add specs "file://$out/repo" >/dev/null
    COMPOSE_HOME=$out/githome "$compose" resolve --project "$out/project" >/dev/null
}
write_composefile "file://$out/repo"
git_times=()
for _ in $(seq "$runs"); do
    s=$(date +%s%N); git_once; git_times+=($(( ($(date +%s%N) - s) / 1000000 )))
done
git_total=$(printf '%s\n' "${git_times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
# A second resolve with nothing changed (the lock stands; the solver does not run).
nothing() { :; }
second=$(COMPOSE_HOME=$out/githome median nothing "$compose" resolve --project "$out/project")

echo "spec repo: $specs specs; Composefile: $pods pods; solution: $solution pods (SPEC REPOS of the lock)"
echo "cold resolve over HTTP (empty COMPOSE_HOME): ${cold} ms, $cold_requests requests"
echo "warm resolve (cache within max age):         ${warm} ms, $warm_requests requests"
echo "warm resolve --repo-update (revalidate):     ${revalidate} ms, $revalidate_requests requests ($not_modified answered 304)"
echo "resolve from the repo's folder:              ${folder} ms"
echo "repo add (git, file://) + resolve:           ${git_total} ms"
echo "second resolve, nothing changed (git clone): ${second} ms (target: under 50 ms)"
echo "export of the unchanged repo in git:         ${tree_export} ms (from its tree id; target: under 500 ms)"
echo "cold HTTP resolve vs repo add + resolve:     $(awk -v g="$git_total" -v c="$cold" 'BEGIN {printf "%.1f", g / c}')x faster (target: 20x)"
echo "requests of the cold resolve: $cold_requests; target 2 x $solution + $shards shard indexes = $(( 2 * solution + shards ))"
[ -z "${clients:-}" ] || echo "$clients"
