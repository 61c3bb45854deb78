#!/usr/bin/env bash
# The resolver benchmark (make bench): compose's PubGrub solver against Molinillo 0.8.0 (CocoaPods'
# resolver) on synthetic graphs, and against `swift package resolve` on a small one.
# Prints a Markdown table; artefacts (graphs, explanations, raw figures) go to bench/out/.
#
#   MOLINILLO_TIMEOUT  seconds per Molinillo invocation (default 60)
#   SKIP_COMMAND=1     leave out the whole-command `compose resolve` rows (they need a release build)
#   SKIP_SWIFTPM=1     leave out the `swift package resolve` row
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/bench/out
mkdir -p "$out"
timeout_s=${MOLINILLO_TIMEOUT:-60}

need() { command -v "$1" >/dev/null 2>&1; }
if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time (for peak memory)" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq time >/dev/null; else sudo apt-get install -y -qq time >/dev/null; fi
fi
need ruby || { echo "ruby is required for the Molinillo baseline (apt-get install ruby)" >&2; exit 3; }
# Molinillo 0.8.0: the one Ruby's bundler vendors when it is that version, else a checkout of its tag
# in bench/out/molinillo (MOLINILLO_LIB set for bench/molinillo.rb; MOLINILLO_REPO overrides the URL).
vendored=$(ruby -e 'module Bundler; end; require "bundler/vendor/molinillo/lib/molinillo"; print Bundler::Molinillo::VERSION' 2>/dev/null || true)
if [ "$vendored" != 0.8.0 ] && [ -z "${MOLINILLO_LIB:-}" ]; then
    if [ ! -f bench/out/molinillo/lib/molinillo.rb ]; then
        echo "Ruby's bundler has Molinillo ${vendored:-none}; fetching 0.8.0 into bench/out/molinillo" >&2
        rm -rf bench/out/molinillo
        git clone -q --depth 1 --branch 0.8.0 "${MOLINILLO_REPO:-https://github.com/CocoaPods/Molinillo}" bench/out/molinillo \
            || { echo "cannot fetch Molinillo 0.8.0: set MOLINILLO_LIB to the lib folder of a checkout" >&2; exit 3; }
    fi
    export MOLINILLO_LIB=$PWD/bench/out/molinillo/lib
fi
ruby -e 'if ENV["MOLINILLO_LIB"] then require File.join(ENV["MOLINILLO_LIB"], "molinillo"); v = Molinillo::VERSION
    else module Bundler; end; require "bundler/vendor/molinillo/lib/molinillo"; v = Bundler::Molinillo::VERSION end
    exit(v == "0.8.0" ? 0 : 1)' \
    || { echo "Molinillo 0.8.0 is not found (set MOLINILLO_LIB to the lib folder of its checkout)" >&2; exit 3; }

echo "building compose-bench (release)" >&2
swift build -c release --product compose-bench >&2
bench=$(swift build -c release --product compose-bench --show-bin-path)/compose-bench

field() { sed -n "s/.*\"$1\": \"*\([^,\"}]*\).*/\1/p" <<<"$2"; }

# scenario NAME KIND COMPONENTS VERSIONS TOP SEED COMPOSE_RUNS MOLINILLO_RUNS
rows=()
scenario() {
    local name=$1 kind=$2 n=$3 v=$4 top=$5 seed=$6 cruns=$7 mruns=$8
    local graph=$out/$name.txt
    "$bench" generate "$kind" --components "$n" --versions "$v" --top "$top" --seed "$seed" >"$graph"
    local c cmem m mmem mres mtext ratio
    c=$(/usr/bin/time -f '%M' -o "$out/$name.compose.mem" "$bench" solve "$graph" --runs "$cruns" --explain "$out/$name.compose.explanation")
    cmem=$(tail -1 "$out/$name.compose.mem")
    local cwall
    cwall=$( { /usr/bin/time -f '%e' "$bench" solve "$graph" --runs 1 >/dev/null; } 2>&1 | tail -1)
    if m=$(MOLINILLO_EXPLAIN=$out/$name.molinillo.explanation /usr/bin/time -f '%M' -o "$out/$name.molinillo.mem" \
            timeout "$timeout_s" ruby bench/molinillo.rb "$graph" "$mruns"); then
        mmem=$(tail -1 "$out/$name.molinillo.mem")
        mres=$(field result "$m")
        mtext="$(field median_ms "$m") ms"
        ratio=$(awk -v a="$(field median_ms "$m")" -v b="$(field median_ms "$c")" 'BEGIN { printf "%.0f×", a / b }')
    else
        mmem=$(grep -E '^[0-9]+$' "$out/$name.molinillo.mem" | tail -1 || true)
        mres="timeout"; mtext="> ${timeout_s} s"; ratio="> $(awk -v a="$timeout_s" -v b="$(field median_ms "$c")" 'BEGIN { printf "%.0f×", a * 1000 / b }')"
    fi
    echo "$name compose=$c molinillo=${m:-timeout}" >>"$out/raw.txt"
    rows+=("| $name | $(field result "$c") ($(field packages "$c") pods) | $(field median_ms "$c") ms | ${cwall} s | $((cmem / 1024)) MB | $mres | $mtext | $((${mmem:-0} / 1024)) MB | $ratio |")
    echo "done: $name" >&2
}

: >"$out/raw.txt"
scenario "50x5" layered 50 5 10 7 21 11
scenario "1000x10, 50 top-level" layered 1000 10 50 7 7 3
scenario "5000x20, 150 top-level" layered 5000 20 150 7 5 1
scenario "unsatisfiable 1000x10" unsatisfiable 1000 10 50 7 7 1
scenario "adversarial: deep conflict" adversarial 12 12 0 7 21 5
scenario "adversarial: deep conflict, unsatisfiable" adversarial-unsatisfiable 12 12 0 7 21 5
scenario "adversarial: 3-SAT, 15 variables" sat 15 2 0 2 11 1
scenario "adversarial: 3-SAT, 12 variables, unsatisfiable" sat 12 2 0 1 11 1
scenario "adversarial: 3-SAT, 60 variables, unsatisfiable" sat 60 2 0 2 5 1

echo
echo "| graph | compose result | compose median (in-process) | compose process | compose peak RSS | Molinillo result | Molinillo median (in-process) | Molinillo peak RSS | Molinillo ÷ compose |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"

if [ "${SKIP_COMMAND:-0}" != 1 ]; then
    echo "building compose (release) for whole-command timings" >&2
    swift build -c release --product compose >&2
    compose=$(swift build -c release --product compose --show-bin-path)/compose
    echo
    echo "| graph | \`compose resolve\` (whole command, spec repo on disk) | result | peak RSS | spec files |"
    echo "|---|---|---|---|---|"
    for name in "50x5" "1000x10, 50 top-level" "5000x20, 150 top-level" "unsatisfiable 1000x10"; do
        ruby bench/spec-repo.rb "$out/$name.txt" "$out/project"
        status=0
        /usr/bin/time -f '%e %M' -o "$out/command.time" "$compose" resolve --project "$out/project/App" \
            >"$out/$name.command.out" 2>"$out/$name.command.err" || status=$?
        read -r wall mem <<<"$(tail -1 "$out/command.time")"
        if [ "$status" = 0 ]; then result="solved ($(awk '/^PODS:/ { on = 1; next } /^[^ ]/ { on = 0 } on && /^  - / { n++ } END { print n }' "$out/project/App/Compose.lock") pods)"
        else result="unsatisfiable (exit $status)"; fi
        files=$(find "$out/project/specs" -name '*.podspec.json' | wc -l)
        echo "| $name | ${wall} s | $result | $((mem / 1024)) MB | $files |"
        rm -rf "$out/project"
    done
fi

if [ "${SKIP_SWIFTPM:-0}" != 1 ] && need swift; then
    echo "generating local git packages for swift package resolve (50x5)" >&2
    ruby bench/swiftpm-packages.rb "$out/50x5.txt" "$out/swiftpm" >/dev/null
    rm -rf "$out/swiftpm-scratch" "$out/swiftpm-cache"
    (cd "$out/swiftpm/App" && /usr/bin/time -f '%e %M' -o "$out/swiftpm.time" swift package --scratch-path "$out/swiftpm-scratch" \
        --cache-path "$out/swiftpm-cache" resolve >"$out/swiftpm.log" 2>&1)
    spm=$(tail -1 "$out/swiftpm.time")
    pins=$(grep -c '"identity"' "$out/swiftpm/App/Package.resolved" || true)
    cwall=$( { /usr/bin/time -f '%e' "$bench" solve "$out/50x5.txt" --runs 1 >/dev/null; } 2>&1 | tail -1)
    echo
    echo "| graph | swift package resolve (whole command, cold, local git) | pins | peak RSS | compose-bench process | ratio |"
    echo "|---|---|---|---|---|---|"
    read -r swall smem <<<"$spm"
    echo "| 50x5 | ${swall} s | $pins | $((smem / 1024)) MB | ${cwall} s | $(awk -v a="$swall" -v b="$cwall" 'BEGIN { if (b == 0) b = 0.005; printf "%.0f×", a / b }') |"
fi

# ---------------------------------------------------------------------------------------------
# repo lint: `compose repo lint` on a generated spec repository of 20,000 specs, one and two jobs.
echo >&2
echo "building compose (release)" >&2
swift build -c release --product compose >&2
compose="$(swift build -c release --product compose --show-bin-path)/compose"
lint_repo="${BENCH_WORK:-/tmp/compose-bench}/spec-repo-20000"
if [ ! -f "$lint_repo/.complete" ]; then
    rm -rf "$lint_repo"
    python3 bench/gen-spec-repo.py 20000 "$lint_repo" >&2
    touch "$lint_repo/.complete"
fi
echo
echo "| repo lint, 20,000 specs | run | result |"
echo "|---|---|---|"
for jobs in 1 2; do
    for run in 1 2 3; do
        echo "| --jobs $jobs | $run | $("$compose" repo lint --jobs "$jobs" "$lint_repo" | tail -n 1) |"
    done
done
