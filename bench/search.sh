#!/usr/bin/env bash
# `compose search` on a large spec repo, run by `make bench`: whole commands (process start to exit),
# release build, on a generated repo of PODS (default 100,000) pods of one version each
# (bench/gen-spec-repo.py), committed to git right in a fresh compose home's `repos/bench` (what
# `compose repo add` leaves, without the clone). Side by side in one run:
#   - `compose --version`: starting the process;
#   - the previous way, reading the newest spec of every pod (COMPOSE_SPEC_INDEX=0);
#   - the search index being built (cold: its file removed before each run);
#   - the search index warm (nothing changed), for a query matching 10 pods and one matching none;
#   - after a commit adding a version of one pod (what a publish or `repo update` does): the index
#     updated from git (one tree diff, one pod read again).
# Medians of RUNS runs (default 11) for the fast figures, of SLOW_RUNS (default 3) for the previous
# way and the cold build. Prints a Markdown table and writes it into docs/benchmarks.md as the
# section between the `bench/search.sh` markers (added at the end the first time).
#
#   PODS=N       pods in the generated repo (default 100000)
#   RUNS=N       runs per fast figure (default 11)
#   SLOW_RUNS=N  runs per slow figure (default 3)
#   DOCS=0       print only; leave docs/benchmarks.md alone
#   COMPOSE=path/to/compose (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pods=${PODS:-100000}
runs=${RUNS:-11}
slow_runs=${SLOW_RUNS:-3}
out=$root/bench/out/search
home=$out/home
repo=$home/repos/bench

source bench/lib.sh
release_compose
compose=$COMPOSE

rm -rf "$out"
mkdir -p "$home/repos"
python3 bench/gen-spec-repo.py "$pods" "$repo" 1 >&2
git -C "$repo" init -q -b main
git -C "$repo" add -A
git -C "$repo" -c gc.auto=0 -c maintenance.auto=false -c user.name=bench -c user.email=bench@example.com commit -q -m "$pods pods"
sync

search() { ms env COMPOSE_HOME="$home" "$compose" search "$@"; }
index_file() { ls "$home"/index/*.search; }
# series N SETUP CMD...: the median of N runs of CMD, SETUP run (untimed) before each.
series() {
    local n=$1 setup=$2
    shift 2
    local times=()
    for _ in $(seq "$n"); do
        $setup
        times+=("$("$@")")
    done
    printf '%s\n' "${times[@]}" | median
}
nothing() { :; }
drop_index() { rm -rf "$home/index"; }
added=0
publish_one() {
    # A new version of one pod, committed: what a publish leaves in the clone.
    added=$((added + 1))
    local name
    name=$(printf 'Component%05d' $((added * 997 % pods)))
    mkdir -p "$repo/$name/9.$added.0"
    sed "s/\"version\": \"1.0.0\"/\"version\": \"9.$added.0\"/" "$repo/$name/1.0.0/$name.podspec.json" \
        >"$repo/$name/9.$added.0/$name.podspec.json"
    git -C "$repo" add "$name"
    git -C "$repo" -c gc.auto=0 -c maintenance.auto=false -c user.name=bench -c user.email=bench@example.com commit -q -m "[Update] $name (9.$added.0)"
}

# Ten pods match by name (ComponentNNNN0 to ComponentNNNN9).
query=component$(printf '%04d' $((pods / 20)))
version=$(series "$runs" nothing ms "$compose" --version)
previous=$(series "$slow_runs" nothing ms env COMPOSE_SPEC_INDEX=0 COMPOSE_HOME="$home" "$compose" search "$query")
previous_matches=$(grep -c '^Component' "$out/stdout" || true)
cold=$(series "$slow_runs" drop_index search "$query")
index_mb=$(awk -v b="$(stat -c %s "$(index_file)")" 'BEGIN { printf "%.1f", b / 1048576 }')
warm=$(series "$runs" nothing search "$query")
warm_matches=$(grep -c '^Component' "$out/stdout" || true)
none=$(series "$runs" nothing search no-such-pod)
updated=$(series "$runs" publish_one search "$query")
env COMPOSE_HOME="$home" "$compose" search "$query" --verbose >/dev/null 2>"$out/verbose"
[ "$previous_matches" = "$warm_matches" ] || echo "warning: $previous_matches matches the previous way, $warm_matches from the index" >&2

table=$(cat <<EOF
\`bench/search.sh\`, run by \`make bench\`: \`compose search\` on a generated spec repo of $pods pods (one
version each) in git, whole command (process start to exit), release build, 2 shared cores, warm
file cache; medians of $runs runs ($slow_runs for the previous way and the cold build). The query
\`$query\` matches $warm_matches pods by name. Search index file: $index_mb MB.

| what | median |
|---|---|
| \`compose --version\` (starting the process) | $version ms |
| previous way: the newest spec of every pod read (\`COMPOSE_SPEC_INDEX=0\`) | $previous ms |
| search index being built (the first search after it is removed) | $cold ms |
| **search index warm** | **$warm ms** |
| search index warm, a query matching no pod | $none ms |
| after a commit adding a version of one pod (index updated from git, 1 pod read) | $updated ms |

Target: \`compose search\` on a 100,000-pod repo under 100 ms warm.
EOF
)
echo "$table"

if [ "${DOCS:-1}" != 0 ]; then
    echo "$table" | python3 bench/doc_section.py "$root/docs/benchmarks.md" bench/search.sh \
        "\`compose search\` from the search index ($(date -u +%Y-%m-%d))"
fi
rm -rf "$out"
