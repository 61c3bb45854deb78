#!/usr/bin/env bash
# Whole-command resolve, run by `make bench`: `compose resolve` from process start to exit against
# Molinillo 0.8.0's whole process (Ruby start, reading the graph, resolving), on generated spec
# repos written to disk, side by side in one run. compose runs with its spec index off
# (COMPOSE_SPEC_INDEX=0), being built (an empty compose home) and warm (taking turns with Molinillo,
# run by run); with a warm file cache and,
# where /proc/sys/vm/drop_caches is writable (root), a dropped one. Medians of RUNS runs (default 3).
# Prints Markdown tables; artefacts go to bench/out/whole/.
#
#   RUNS=N      runs per figure (default 3)
#   SECOND_RUNS=N  runs per figure of the second resolve with nothing changed (default 21)
#   ONLY=TEXT   only the graphs whose name contains TEXT (e.g. ONLY=5000x20)
#   GROWTH=1    also the growth series on two 50,000-pod repos (each 1,000,000 spec files, about
#               8 GB and 2–4 minutes to write; 150 / 500 / 1,000 / 2,000 top-level pods): one where
#               every pod has 2 to 5 dependencies, one in issue 17's shape (up to 5, about 8,800
#               pods resolved for 2,000 top-level pods)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$PWD/bench/out/whole
mkdir -p "$out"
runs=${RUNS:-3}
second_runs=${SECOND_RUNS:-21}

swift build -c release --product compose >&2
swift build -c release --product compose-bench >&2
bin=$(swift build -c release --show-bin-path)
compose=$bin/compose
bench=$bin/compose-bench

can_drop() { [ -w /proc/sys/vm/drop_caches ]; }
drop() { sync; echo 3 >/proc/sys/vm/drop_caches; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
# measure CMD...: prints "seconds peak-KB" of one run (its standard output is kept in $out/stdout).
measure() {
    /usr/bin/time -f '%e %M' -o "$out/time" "$@" >"$out/stdout" 2>/dev/null || true
    tail -1 "$out/time"
}
# resolve_runs N ENV...: N whole `compose resolve` runs, the lock removed before each; prints the
# median seconds and the largest peak RSS in MB.
resolve_runs() {
    local n=$1 project=$2
    shift 2
    local times=() peak=0 t m
    for _ in $(seq "$n"); do
        rm -f "$project/Compose.lock"
        read -r t m <<<"$(measure env "$@" "$compose" resolve --project "$project")"
        times+=("$t")
        ((m > peak)) && peak=$m
    done
    echo "$(printf '%s\n' "${times[@]}" | median) $((peak / 1024))"
}
# ms CMD...: milliseconds of one whole run of CMD (process start to exit).
ms() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
}
pods_in_lock() { awk '/^PODS:/ { on = 1; next } /^[^ ]/ { on = 0 } on && /^  - / { n++ } END { print n + 0 }' "$1"; }

echo "| graph | pods | Molinillo (whole process) | compose, index off | compose, index being built | compose, index warm | Molinillo ÷ compose (index warm) | compose peak RSS |"
echo "|---|---|---|---|---|---|---|---|"
cold_rows=()
second_rows=()
scenario() {
    local name=$1 kind=$2 n=$3 v=$4 top=$5 seed=$6
    local graph=$out/$name.txt dir=$out/$name home=$out/$name-home
    [[ -z "${ONLY:-}" || "$name" == *"$ONLY"* ]] || return 0
    "$bench" generate "$kind" --components "$n" --versions "$v" --top "$top" --seed "$seed" >"$graph"
    ruby bench/spec-repo.rb "$graph" "$dir"
    rm -rf "$home"
    # The repo's files written back to disk first (else the writeback competes with the runs), and
    # older than a second (files younger than that are never indexed: SpecIndex's racy window).
    sync
    sleep 1.2
    local off built
    read -r off _ <<<"$(resolve_runs "$runs" "$dir/App" COMPOSE_HOME="$home" COMPOSE_SPEC_INDEX=0)"
    read -r built _ <<<"$(resolve_runs 1 "$dir/App" COMPOSE_HOME="$home")"
    # Molinillo and compose (index warm) take turns, so that a slower or faster spell of the shared
    # machine falls on both.
    local mt=() wt=() mpods rss=0 t m
    for _ in $(seq "$runs"); do
        read -r t _ <<<"$(measure timeout 300 ruby bench/molinillo.rb "$graph" 1)"
        mt+=("$t")
        mpods=$(sed -n 's/.*"packages": \([0-9]*\).*/\1/p' "$out/stdout")
        read -r t m <<<"$(resolve_runs 1 "$dir/App" COMPOSE_HOME="$home")"
        wt+=("$t")
        ((m > rss)) && rss=$m
    done
    local molinillo warm
    molinillo=$(printf '%s\n' "${mt[@]}" | median)
    warm=$(printf '%s\n' "${wt[@]}" | median)
    local pods
    pods=$(pods_in_lock "$dir/App/Compose.lock")
    [ "$pods" = "$mpods" ] || echo "warning: $name: compose resolved $pods pods, Molinillo $mpods" >&2
    echo "| $name | $pods | ${molinillo} s | ${off} s | ${built} s | ${warm} s | $(awk -v a="$molinillo" -v b="$warm" 'BEGIN { printf "%.1f×", a / b }') | ${rss} MB |"
    if can_drop; then
        local cm cc co
        drop
        read -r cm _ <<<"$(measure timeout 300 ruby bench/molinillo.rb "$graph" 1)"
        drop
        read -r cc _ <<<"$(resolve_runs 1 "$dir/App" COMPOSE_HOME="$home")"
        drop
        read -r co _ <<<"$(resolve_runs 1 "$dir/App" COMPOSE_HOME="$home" COMPOSE_SPEC_INDEX=0)"
        cold_rows+=("| $name | ${cm} s | ${co} s | ${cc} s | $(awk -v a="$cm" -v b="$cc" 'BEGIN { printf "%.1f×", a / b }') |")
    fi
    # A second resolve with nothing changed: the lock stands, nothing is solved. Without the record
    # of the last such resolve (it reads the lock and the index, then writes the record) and with
    # it, beside `compose --version` (starting the process), interleaved, in milliseconds.
    local sv=() sf=() sr=()
    for _ in $(seq "$second_runs"); do
        sv+=("$(ms env COMPOSE_HOME="$home" "$compose" --version)")
        rm -rf "$home/resolved"
        sf+=("$(ms env COMPOSE_HOME="$home" "$compose" resolve --project "$dir/App")")
        sr+=("$(ms env COMPOSE_HOME="$home" "$compose" resolve --project "$dir/App")")
    done
    second_rows+=("| $name | $pods | $(printf '%s\n' "${sv[@]}" | median) ms | $(printf '%s\n' "${sf[@]}" | median) ms | $(printf '%s\n' "${sr[@]}" | median) ms |")
    rm -rf "$dir" "$home"
}

scenario "layered 1000x10, 50 top-level" layered 1000 10 50 7
scenario "layered 5000x20, 150 top-level" layered 5000 20 150 7
scenario "random 1000x10, 50 top-level" random 1000 10 50 7
scenario "random 5000x20, 150 top-level" random 5000 20 150 7

if ((${#cold_rows[@]})); then
    echo
    echo "Dropped file cache (\`echo 3 > /proc/sys/vm/drop_caches\` before each run, one run each):"
    echo
    echo "| graph | Molinillo | compose, index off | compose, index warm | Molinillo ÷ compose |"
    echo "|---|---|---|---|---|"
    printf '%s\n' "${cold_rows[@]}"
else
    echo
    echo "(no dropped-cache figures: /proc/sys/vm/drop_caches is not writable here)"
fi
echo
echo "A second \`compose resolve\` with nothing changed (medians of $second_runs, interleaved):"
echo
echo "| graph | locked pods | \`compose --version\` | no record (reads the lock and index, writes the record) | the record holds |"
echo "|---|---|---|---|---|"
printf '%s\n' "${second_rows[@]}"

# growth NAME GENERATE-OPTIONS...: the growth series on one 50,000-pod repo.
growth() {
    local name=$1
    shift
    local dir=$out/growth home=$out/growth-home
    "$bench" generate layered --components 50000 --versions 20 --top 2000 --seed 7 "$@" >"$out/growth-2000.txt"
    ruby bench/spec-repo.rb "$out/growth-2000.txt" "$dir"
    rm -rf "$home"
    sync
    sleep 1.2
    echo
    echo "$name:"
    echo
    echo "| top-level pods | pods resolved | compose-bench solve (in process) | compose, index off | compose, index warm | peak RSS (index warm) |"
    echo "|---|---|---|---|---|---|"
    for top in 150 500 1000 2000; do
        graph=$out/growth-$top.txt
        "$bench" generate layered --components 50000 --versions 20 --top "$top" --seed 7 "$@" >"$graph"
        project=$dir/App$top
        mkdir -p "$project"
        { echo "source '../specs'"; echo "platform :ios, '15.0'"; echo "target 'App' do"
          awk -F'\t' '$1 == "T" { n = split($3, r, ","); line = "  pod '\''" $2 "'\''"; for (i = 1; i <= n; i++) line = line ", '\''" r[i] "'\''"; print line }' "$graph"
          echo "end"; } >"$project/Composefile"
        inproc=$("$bench" solve "$graph" --runs 1 | sed -n 's/.*"median_ms": \([0-9.]*\).*/\1/p')
        read -r off _ <<<"$(resolve_runs 1 "$project" COMPOSE_HOME="$home" COMPOSE_SPEC_INDEX=0)"
        resolve_runs 1 "$project" COMPOSE_HOME="$home" >/dev/null
        read -r warm rss <<<"$(resolve_runs "$runs" "$project" COMPOSE_HOME="$home")"
        echo "| $top | $(pods_in_lock "$project/Compose.lock") | ${inproc} ms | ${off} s | ${warm} s | ${rss} MB |"
    done
    rm -rf "$dir" "$home" "$out"/growth-*.txt
}

if [ "${GROWTH:-0}" = 1 ]; then
    growth "Growth, layered 50,000 × 20 (2 to 5 dependencies per pod, the first tenth leaves)"
    # Issue 17's shape: up to 5 dependencies, about 8,800 pods resolved for 2,000 top-level pods.
    growth "Growth, layered 50,000 × 20 (0 to 5 dependencies per pod, the first 41 % leaves)" \
        --dependencies 0-5 --leaves 41
fi
