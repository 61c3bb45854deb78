#!/usr/bin/env bash
# HTTP (CDN) spec source benchmark: a generated spec repo of SPECS (default 20000) specs is exported
# (`compose repo export`) and served by nginx on 127.0.0.1; a Composefile naming PODS (default 200)
# of its pods is resolved cold (empty $COMPOSE_HOME), warm (within the cache's max age), warm with
# --repo-update (every file revalidated: 304s) and from the repo's folder, RUNS (default 5) times
# each. Prints the median times and the requests nginx served per resolve.
#
#   COMPOSE=path/to/compose (default: the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
specs=${SPECS:-20000}
pods=${PODS:-200}
runs=${RUNS:-5}
out=$root/bench/out/cdn
rm -rf "$out"
mkdir -p "$out/project"
compose=${COMPOSE:-$root/.build/debug/compose}
[ -x "$compose" ] || swift build --product compose >&2

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
solution=$(sed -n '/^SPEC REPOS:/,/^$/p' "$out/project/Compose.lock" | grep -c '^    - ' || true)
warm=$(median keep_home "$compose" resolve --project "$out/project"); warm_requests=$(requests)
revalidate=$(median keep_home "$compose" resolve --project "$out/project" --repo-update); revalidate_requests=$(requests)
not_modified=$(grep -c ' 304$' "$out/nginx/access.log" || true)
write_composefile "$out/repo"
folder=$(median keep_home "$compose" resolve --project "$out/project")

echo "spec repo: $specs specs; Composefile: $pods pods; solution: $solution pods (SPEC REPOS of the lock)"
echo "cold resolve over HTTP (empty COMPOSE_HOME): ${cold} ms, $cold_requests requests"
echo "warm resolve (cache within max age):         ${warm} ms, $warm_requests requests"
echo "warm resolve --repo-update (revalidate):     ${revalidate} ms, $revalidate_requests requests ($not_modified answered 304)"
echo "resolve from the repo's folder:              ${folder} ms"
