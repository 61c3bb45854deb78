#!/usr/bin/env bash
# Latency benchmark, run by `make bench`: a cold `compose resolve` over HTTP when the server is
# DELAYS milliseconds away (default "20 50 100"; 0 is nginx on loopback with no proxy). nginx serves
# `compose repo export` of a generated spec repo; bench/latency-proxy.py sits in front of it and adds
# the delay once per connection and once per request. Each row gives the median wall time of RUNS
# cold resolves (empty $COMPOSE_HOME; default 3) and of their processor time (user + system, which
# a loaded machine distorts less), the requests sent, the largest number in flight
# at once, the round trips that ran one after another (the longest chain of requests each sent
# after the one before was answered), and the critical-path bound: the longest chain of fetches
# that wait on each other (the version file, then per pod on the longest dependency chain its shard
# index and its spec), times the delay, plus one connection's delay.
#
# Three repos: SPECS specs (default 100000: 10,000 pods × 10 versions, bench/gen-spec-repo.py) with
# PODS top-level pods (default 200), as bench/cdn.sh; unless LAYERED=0, the layered 5,000 × 20
# graph of bench/whole-command.sh with its 150 top-level pods (2,006 resolved), and the first SUBSET
# of them (60: 756 resolved), at 50 ms; unless CONFLICTING=0, `bench/gen-spec-repo.py --conflicting
# CONFLICT_PODS` (default 1200) with CONFLICT_TOP top-level pods (default 40), whose newest versions
# do not fit, at 50 ms: there the bound counts, per pod, every version from the newest to the one
# chosen (the solver must read each before it settles), with its dependencies; a row "no
# speculation" gives the requests of the same build fetching no alternatives ahead
# (COMPOSE_FETCH_AHEAD_ALTERNATIVES=0).
# With COMPOSE_BEFORE=path/to/another/compose, every row is measured with both builds in this one
# run ("before" and "after"), taking turns run by run.
# Prints a Markdown table; artefacts go to bench/out/latency/ (runs.txt: every run's times).
# HOMES=DIR: where the cold runs' $COMPOSE_HOME is made (default: a folder on /dev/shm, see below).
#
#   COMPOSE=path/to/compose, COMPOSE_BENCH=path/to/compose-bench (default: the release builds)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
specs=${SPECS:-100000}
pods=${PODS:-200}
runs=${RUNS:-3}
delays=${DELAYS:-20 50 100}
out=${OUT:-$root/bench/out/latency}
rm -rf "$out"
mkdir -p "$out"
if [ -z "${COMPOSE:-}" ]; then
    swift build -c release --product compose >&2
    COMPOSE="$(swift build -c release --show-bin-path)/compose"
fi
compose=$COMPOSE
if [ "${LAYERED:-1}" = 1 ] && [ -z "${COMPOSE_BENCH:-}" ]; then
    swift build -c release --product compose-bench >&2
    COMPOSE_BENCH="$(swift build -c release --show-bin-path)/compose-bench"
fi

pids=()
# Where each cold run's $COMPOSE_HOME is made: tmpfs (/dev/shm) when there is one, else HOMES. On
# ext4, a run that creates thousands of files just after the previous run's were deleted spends most
# of its processor time in the kernel, looking for inodes not freed recently (`recently_deleted`,
# `find_inode_bit`), which no user's cold resolve does.
if [ -n "${HOMES:-}" ]; then
    homes=$HOMES
elif [ -d /dev/shm ] && [ -w /dev/shm ]; then
    homes=$(mktemp -d /dev/shm/compose-latency.XXXXXX)
else
    homes=$out
fi
mkdir -p "$homes"
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    case $homes in /dev/shm/compose-latency.*) rm -rf "$homes" ;; esac
}
trap cleanup EXIT

# The longest chain of fetches that wait on each other for the lock $1: the version file, then, for
# each pod on the longest chain of dependencies, its shard index and its spec. With a graph $2
# ({pod: {version: {dependency: requirement}}}), the chain runs through every version of each pod
# from its newest to the one the lock chose, and their dependencies.
chain() {
    if [ -n "${2:-}" ]; then
        python3 - "$1" "$2" <<'PY'
import json, re, sys
graph = json.load(open(sys.argv[2]))
chosen, on = {}, False
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line == "PODS:": on = True; continue
    if on and line and not line.startswith(" "): break
    m = re.match(r"^  - ([^ /]+)[^ ]* \(([^)]+)\)", line) if on else None
    if m: chosen[m.group(1)] = m.group(2)
def key(version): return tuple(int(x) for x in version.split("."))
sys.setrecursionlimit(100000)
memo = {}
def height(pod):
    if pod not in memo:
        memo[pod] = 0
        tried = [v for v in graph[pod] if key(v) >= key(chosen[pod])]
        memo[pod] = 1 + max((height(d) for v in tried for d in graph[pod][v] if d in chosen), default=0)
    return memo[pod]
print(1 + 2 * max((height(p) for p in chosen if p in graph), default=0))
PY
        return
    fi
    python3 - "$1" <<'PY'
import re, sys
deps, current, on = {}, None, False
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line == "PODS:": on = True; continue
    if on and line and not line.startswith(" "): break
    if not on: continue
    m = re.match(r"^  - ([^ ]+)", line)
    if m:
        current = m.group(1).split("/")[0]; deps.setdefault(current, set()); continue
    m = re.match(r"^    - ([^ ]+)", line)
    if m and current and m.group(1).split("/")[0] != current:
        deps[current].add(m.group(1).split("/")[0])
sys.setrecursionlimit(100000)
memo = {}
def height(pod):
    if pod not in memo:
        memo[pod] = 0
        memo[pod] = 1 + max((height(d) for d in deps.get(pod, ()) if d in deps), default=0)
    return memo[pod]
print(1 + 2 * max((height(p) for p in deps), default=0))
PY
}

# serve WWW NAME: nginx for WWW; sets $port.
serve() {
    local pid
    read -r port pid < <(bash scripts/serve-static.sh "$1" "$out/$2-nginx")
    pids+=("$pid")
}

# row NAME PROJECT NGINX_PORT DELAY [GRAPH] [BUILD...]: RUNS cold resolves of PROJECT through a proxy
# adding DELAY ms (none for 0) with each build, the builds taking turns run by run (so that a load
# that comes and goes falls on each alike); prints a table row per build. A BUILD is
# "LABEL|ENV|BINARY" (ENV: VAR=value or nothing); by default "after" (COMPOSE) and, with
# COMPOSE_BEFORE, "before".
row() {
    local name=$1 project=$2 upstream=$3 delay=$4 graph=${5:-} url pid build
    local log=$out/proxy.log
    shift 5 || shift $#
    local builds=("$@")
    if [ ${#builds[@]} = 0 ]; then
        builds=("after||$compose")
        [ -z "${COMPOSE_BEFORE:-}" ] || builds+=("before||$COMPOSE_BEFORE")
    fi
    if [ "$delay" = 0 ]; then
        url="http://127.0.0.1:$upstream/"
    else
        : >"$log"
        : >"$out/proxy.port"
        python3 bench/latency-proxy.py "$upstream" "$delay" "$log" >"$out/proxy.port" &
        pid=$!
        pids+=("$pid")
        for _ in $(seq 50); do [ -s "$out/proxy.port" ] && break; sleep 0.1; done
        url="http://127.0.0.1:$(cat "$out/proxy.port")/"
    fi
    sed -i "1s|.*|source '$url'|" "$project/Composefile"
    local i
    for i in "${!builds[@]}"; do : >"$out/runs.$i"; done
    for _ in $(seq "$runs"); do
        for i in "${!builds[@]}"; do
            IFS='|' read -r build env binary <<<"${builds[$i]}"
            rm -rf "$homes/home" "$project/Compose.lock"
            [ "$delay" = 0 ] || : >"$log"
            local s=$(date +%s%N)
            /usr/bin/time -f "%U %S" -o "$out/cpu" env $env COMPOSE_HOME="$homes/home" "$binary" resolve \
                --project "$project" >/dev/null 2>"$out/last.err" || { cat "$out/last.err" >&2; exit 1; }
            local wall=$(( ($(date +%s%N) - s) / 1000000 )) stats="0 0 0"
            [ "$delay" = 0 ] || stats=$(python3 bench/latency-proxy.py --stats "$log")
            echo "$wall $(awk '{ printf "%d", ($1 + $2) * 1000 }' "$out/cpu") $stats" >>"$out/runs.$i"
            cp "$project/Compose.lock" "$out/lock.$i"
        done
    done
    [ "$delay" = 0 ] || { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    for i in "${!builds[@]}"; do
        IFS='|' read -r build env binary <<<"${builds[$i]}"
        report "$name" "$build" "$delay" "$out/lock.$i" "$graph" "$out/runs.$i"
    done
}

# report NAME BUILD DELAY LOCK GRAPH RUNS: the table row of one build (RUNS: a line per run, "WALL_MS
# CPU_MS REQUESTS PEAK SERIAL"; the requests and round trips of the last run).
report() {
    local name=$1 build=$2 delay=$3 lock=$4 graph=$5 file=$6 median cpu requests peak serial resolved links bound
    median=$(awk '{print $1}' "$file" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    cpu=$(awk '{print $2}' "$file" | sort -n | awk '{a[NR]=$1} END {printf "%.2f s", a[int((NR+1)/2)] / 1000}')
    read -r _ _ requests peak serial < <(tail -n 1 "$file")
    # Every run's wall and processor time, for a look beyond the medians.
    echo "$name | $build | $delay ms | wall $(awk '{printf "%s ", $1}' "$file")| processor $(awk '{printf "%s ", $2}' "$file")ms" \
        >>"$out/runs.txt"
    resolved=$(awk '/^PODS:/ {on=1; next} /^[^ ]/ {on=0} on && /^  - / {print $2}' "$lock" \
        | sed 's|/.*||' | sort -u | wc -l | tr -d ' ')
    links=$(chain "$lock" "$graph")
    if [ "$delay" = 0 ]; then
        echo "| $name | $build | $resolved | none (loopback) | $(awk -v t="$median" 'BEGIN {printf "%.2f s", t / 1000}') | $cpu | – | – | – | $links fetches | – |"
    else
        bound=$(( (links + 1) * delay ))
        echo "| $name | $build | $resolved | $delay ms | $(awk -v t="$median" 'BEGIN {printf "%.2f s", t / 1000}') | $cpu | $requests | $peak | $serial | $links fetches: $(awk -v b="$bound" 'BEGIN {printf "%.2f s", b / 1000}') | $(awk -v t="$median" -v b="$bound" 'BEGIN {printf "%.1f×", t / b}') |"
    fi
}

echo "| repo, top-level pods | build | pods resolved | delay per request and connection | cold resolve (median of $runs) | processor time (user + system, median) | requests | most in flight | round trips one after another | critical-path bound | time ÷ bound |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"

if [ "${CONFLICTING:-1}" = 1 ]; then
    python3 bench/gen-spec-repo.py --conflicting "${CONFLICT_PODS:-1200}" "$out/conflicting" "${CONFLICT_TOP:-40}" >&2
    "$compose" repo export "$out/conflicting/specs" "$out/conflicting-www" >&2
    rm -rf "$out/conflicting/specs"
    serve "$out/conflicting-www" conflicting
    sed -i "1s|.*|source 'http://127.0.0.1/'|" "$out/conflicting/App/Composefile"
    conflicting="conflicting ${CONFLICT_PODS:-1200} × 12, ${CONFLICT_TOP:-40} pods"
    row "$conflicting" "$out/conflicting/App" "$port" 0 "$out/conflicting/graph.json"
    builds=("after||$compose")
    [ -z "${COMPOSE_BEFORE:-}" ] || builds+=("before||$COMPOSE_BEFORE")
    row "$conflicting" "$out/conflicting/App" "$port" 50 "$out/conflicting/graph.json" "${builds[@]}" \
        "after, no speculation|COMPOSE_FETCH_AHEAD_ALTERNATIVES=0|$compose"
fi

# The CDN bench's repo: SPECS specs, PODS pods spread over it.
python3 bench/gen-spec-repo.py "$specs" "$out/repo" >&2
"$compose" repo export "$out/repo" "$out/www" >&2
rm -rf "$out/repo"
serve "$out/www" cdn
total_pods=$(( (specs + 9) / 10 ))
step=$(( total_pods / pods )); [ "$step" -ge 1 ] || step=1
mkdir -p "$out/project"
{ echo "source 'http://127.0.0.1/'"; echo "platform :ios, '15.0'"
  for i in $(seq 0 $((pods - 1))); do printf "pod 'Component%05d'\n" $(( (i * step) % total_pods )); done
} >"$out/project/Composefile"
for delay in 0 $delays; do
    row "$specs specs, $pods pods" "$out/project" "$port" "$delay" ""
done

if [ "${LAYERED:-1}" = 1 ]; then
    "$COMPOSE_BENCH" generate layered --components 5000 --versions 20 --top 150 --seed 7 >"$out/layered.txt"
    ruby bench/spec-repo.rb "$out/layered.txt" "$out/layered"
    "$compose" repo export "$out/layered/specs" "$out/layered-www" >&2
    rm -rf "$out/layered/specs"
    serve "$out/layered-www" layered
    sed -i "1s|.*|source 'http://127.0.0.1/'|" "$out/layered/App/Composefile"
    grep -q "^source " "$out/layered/App/Composefile" || { echo "no source line" >&2; exit 1; }
    for delay in 0 50; do
        row "layered 5000 × 20, 150 pods" "$out/layered/App" "$port" "$delay" ""
    done
    # The first SUBSET (default 60) of those top-level pods: about 750 resolved, the size of the
    # resolve this benchmark was first asked to bring under 8 s at 50 ms.
    subset=${SUBSET:-60}
    mkdir -p "$out/layered/Subset"
    { sed -n '1,/^target /p' "$out/layered/App/Composefile"; grep '^  pod ' "$out/layered/App/Composefile" | head -n "$subset"; echo end; } \
        >"$out/layered/Subset/Composefile"
    for delay in 0 50; do
        row "layered 5000 × 20, first $subset of the 150 pods" "$out/layered/Subset" "$port" "$delay" ""
    done
fi
