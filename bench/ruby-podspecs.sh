#!/usr/bin/env bash
# Ruby podspec throughput (make bench): `compose spec convert` over many Ruby podspecs in one run,
# process start to exit (release build), as podspecs per second. The podspecs are the test suite's
# (Tests/SpecsTests/Fixtures/Ruby: the styles of well-known public pods, conditions, loops, proxies,
# heredocs, lambdas), copied COPIES times under different names; with CORPUS=DIR the real-world
# corpus of docs/ruby-podspecs.md is timed as well (every *.podspec in DIR that converts alone).
#
#   COPIES=200 bench/ruby-podspecs.sh        prints a Markdown table row per input
set -euo pipefail
cd "$(dirname "$0")/.."
copies=${COPIES:-200}
out=bench/out/ruby-podspecs
rm -rf "$out"
mkdir -p "$out/fixtures"
echo "building compose and compose-bench (release)" >&2
swift build -c release --product compose >&2
swift build -c release --product compose-bench >&2
compose=$(swift build -c release --show-bin-path)/compose
bench=$(swift build -c release --show-bin-path)/compose-bench

for file in Tests/SpecsTests/Fixtures/Ruby/*.podspec; do
    base=$(basename "$file" .podspec)
    for i in $(seq 1 "$copies"); do cp "$file" "$out/fixtures/$base$i.podspec"; done
done

# best of three runs of one `spec convert` over a folder's podspecs
time_folder() {
    local folder=$1 best="" files count start end elapsed
    files=("$folder"/*.podspec)
    count=${#files[@]}
    for _ in 1 2 3; do
        start=$(date +%s.%N)
        "$compose" spec convert "${files[@]}" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        elapsed=$(python3 -c "print($end - $start)")
        if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $elapsed < $best else 1)"; then best=$elapsed; fi
    done
    local inprocess
    inprocess=$("$bench" podspecs "$folder" --runs 3 | python3 -c 'import json, sys; print(json.load(sys.stdin)["per_second"])')
    printf '| %s | %d | %.2f s | %d podspecs/s | %s podspecs/s |\n' "$2" "$count" "$best" \
        "$(python3 -c "print(int($count / $best))")" "$inprocess"
}

echo "| input | podspecs | whole command (best of 3) | whole command | in process (read + JSON text, best of 3) |"
echo "| --- | ---: | ---: | ---: | ---: |"
time_folder "$out/fixtures" "test fixtures × $copies"
if [ -n "${CORPUS:-}" ]; then
    mkdir -p "$out/corpus"
    for file in "$CORPUS"/*.podspec; do
        "$compose" spec convert "$file" >/dev/null 2>&1 && cp "$file" "$out/corpus/"
    done
    for i in $(seq 2 20); do
        for file in "$out/corpus"/*.podspec; do
            case $file in *-copy*) continue ;; esac
            cp "$file" "${file%.podspec}-copy$i.podspec"
        done
    done
    time_folder "$out/corpus" "real-world corpus × 20"
fi
