#!/usr/bin/env bash
# Ruby podspec reader, instructions per podspec (valgrind --tool=callgrind): a count that is the same
# on a loaded machine, where wall time is not. For each revision given, the reader of that revision
# (modules Ruby, Support and Specs; Specs without Digests.swift, the checksums the reader does not
# use) is built in a small release package of its own, and callgrind counts a run that reads and
# writes as JSON text every *.podspec of DIR RUNS times, less a run that only loads the files.
#
#   bench/ruby-podspecs-instructions.sh DIR REV...     e.g. Tests/SpecsTests/Fixtures/Ruby HEAD 6c8a66e^
#   RUNS=20 (default), WORK=DIR (kept)                  prints a Markdown table row per revision
#
# Podspecs are read with no folder (as from a spec repo); a file one revision refuses is still read
# by the others, so compare on a DIR that every revision converts (the converted column says).
#
# CPU_ROUNDS=N (default 0) adds processor time, which a loaded machine distorts less than wall time:
# N rounds, each running every revision's reader once over CPU_RUNS passes (default 200; the
# revisions take turns, so that the load falls on all alike), and per revision the median of its N
# user + system times, per pass and per podspec.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(cd "$1" && pwd)
shift
runs=${RUNS:-20}
# WORK=DIR keeps each revision's package there (named by its commit) for the next run.
if [ -n "${WORK:-}" ]; then
    work=$WORK
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
rounds=${CPU_ROUNDS:-0}
cpu_runs=${CPU_RUNS:-200}
# Resolved once, before anything is built: HEAD may move while this runs.
commits=()
for rev in "$@"; do commits+=("$(git rev-parse --short "$rev^{commit}")"); done
for rev in "${commits[@]}"; do
    pkg="$work/$rev"
    rm -f "$pkg.cpu"
    [ -x "$pkg/.build/release/drv" ] && continue
    rm -rf "$pkg"
    mkdir -p "$pkg/src" "$pkg/Sources/drv"
    git archive "$rev" Sources/Support Sources/Specs $(git ls-tree -d --name-only "$rev" Sources/Ruby) | tar -x -C "$pkg/src"
    targets='.target(name: "Support"), .executableTarget(name: "drv", dependencies: ["Specs"]),'
    specs='.target(name: "Specs", dependencies: ["Support"]),'
    for module in Support Specs Ruby; do
        [ -d "$pkg/src/Sources/$module" ] || continue
        mkdir -p "$pkg/Sources/$module"
        for file in "$pkg/src/Sources/$module"/*.swift; do
            case $file in */Digests.swift) ;; *) cp "$file" "$pkg/Sources/$module/" ;; esac
        done
    done
    if [ -d "$pkg/Sources/Ruby" ]; then
        specs='.target(name: "Specs", dependencies: ["Ruby", "Support"]),
    .target(name: "Ruby", linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),'
    fi
    cat >"$pkg/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "drv", targets: [$targets $specs])
SWIFT
    cat >"$pkg/Sources/drv/main.swift" <<'SWIFT'
import Foundation
import Specs

let folder = CommandLine.arguments[1]
let runs = Int(CommandLine.arguments[2])!
let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".podspec") }.sorted()
let files = try names.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) }
var converted = 0
for _ in 0..<runs {
    converted = 0
    for (name, bytes) in zip(names, files) {
        if let node = try? PodspecReader.readRuby(bytes: bytes, label: name) {
            converted += node.serialized().utf8.count > 0 ? 1 : 0
        }
    }
}
print(names.count, converted)
SWIFT
    (cd "$pkg" && swift build -c release >&2)
done
echo "| revision | podspecs | converted | instructions per podspec |"
echo "| --- | ---: | ---: | ---: |"
for rev in "${commits[@]}"; do
    pkg="$work/$rev"
    count() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$pkg/.build/release/drv" "$dir" "$1" 2>&1 >/dev/null |
            sed -n 's/.*Collected : //p'
    }
    read -r podspecs converted < <("$pkg/.build/release/drv" "$dir" 1)
    empty=$(count 0)
    full=$(count "$runs")
    printf '| %s | %d | %d | %s |\n' "$rev" "$podspecs" "$converted" \
        "$(python3 -c "print(f'{($full - $empty) / ($runs * $podspecs):,.0f}')")"
done
[ "$rounds" -gt 0 ] || exit 0
for _ in $(seq "$rounds"); do
    for rev in "${commits[@]}"; do
        /usr/bin/time -f "%U %S" -a -o "$work/$rev.cpu" "$work/$rev/.build/release/drv" "$dir" "$cpu_runs" >/dev/null
    done
done
echo
echo "| revision | podspecs | processor time per pass (median of $rounds, user + system) | per podspec | rounds (s, $cpu_runs passes each) |"
echo "| --- | ---: | ---: | ---: | --- |"
for rev in "${commits[@]}"; do
    read -r podspecs _ < <("$work/$rev/.build/release/drv" "$dir" 1)
    python3 - "$work/$rev.cpu" "$rev" "$podspecs" "$cpu_runs" <<'PY'
import statistics, sys
path, rev, podspecs, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
times = [float(u) + float(s) for u, s in (line.split() for line in open(path) if line.strip())]
median = statistics.median(times)
print(f"| {rev} | {podspecs} | {median / runs * 1000:.2f} ms | {median / runs / podspecs * 1e6:.1f} µs | {' / '.join(f'{t:.2f}' for t in times)} |")
PY
done
