#!/usr/bin/env bash
# make fuzz: each parser harness (Fuzz/compose-fuzz) under libFuzzer + AddressSanitizer for a set time.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]    default: 60 s each, every target; FUZZ_BUILD_ONLY=1 only builds
#
# Seeds come from the repository (spec-repo-fixture, demo/, Tests fixtures, Fuzz/seeds) and are copied into
# .build-fuzz/corpus/TARGET, where libFuzzer keeps what it finds. Crash files go to .build-fuzz/crashes/.
# Prints one line per target (executions, corpus size, crashes) and exits 1 when any target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json spec composefile lockfile requirement ruby cdnindex manifest)

scratch=.build-fuzz
# The parsers' harnesses are one product; those of HTTP answers and the manifest writer another
# (it links SwiftNIO): only the products the targets asked for are built.
flags=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
    --scratch-path "$scratch")
product_of() { case $1 in cdnindex|manifest) echo compose-fuzz-sources ;; *) echo compose-fuzz ;; esac; }
products=$(for target in "${targets[@]}"; do product_of "$target"; done | sort -u)
for product in $products; do
    echo "fuzz: building $product with -sanitize=fuzzer,address" >&2
    swift build "${flags[@]}" --product "$product" >&2
done
bindir=$(swift build "${flags[@]}" --show-bin-path)
# FUZZ_BUILD_ONLY=1: build the harnesses and stop (.ci/run times the build and the runs apart).
[ "${FUZZ_BUILD_ONLY:-}" != 1 ] || exit 0

seed() { # seed TARGET: copies the seed files of TARGET into its corpus folder
    local dir=$scratch/corpus/$1
    mkdir -p "$dir"
    case $1 in
        json|spec) find spec-repo-fixture Tests -name '*.podspec.json' -size -64k | head -400 | while read -r f; do cp "$f" "$dir/$(echo "$f" | tr / _)"; done ;;
        composefile) cp demo/Composefile Fuzz/seeds/composefile/* "$dir/" ;;
        lockfile) cp Fuzz/seeds/lockfile/* "$dir/" ;;
        ruby) cp Tests/SpecsTests/Fixtures/Ruby/*.podspec Fuzz/seeds/ruby/* "$dir/" ;;
        cdnindex) cp Fuzz/seeds/cdnindex/* "$dir/" ;;
        manifest) cp Fuzz/seeds/manifest/* "$dir/"
            find spec-repo-fixture -name '*.podspec.json' | head -40 | while read -r f; do cp "$f" "$dir/$(echo "$f" | tr / _)"; done ;;
        requirement) i=0; for r in '~> 1.2' '>= 1.0, < 2.0' '= 3.0.1-beta.8' '!= 1.0' '> 1' '< 1.0.0.0' '1.0.0.alpha.2' '~> 0'; do
                i=$((i+1)); printf '%s' "$r" >"$dir/seed$i"; done ;;
    esac
    # A folder without seeds still fuzzes (libFuzzer starts from the empty input).
    :
}

status=0
mkdir -p "$scratch/crashes"
for target in "${targets[@]}"; do
    seed "$target"
    log=$scratch/fuzz-$target.log
    set +e
    COMPOSE_FUZZ_TARGET=$target "$bindir/$(product_of "$target")" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$scratch/crashes/$target-" "$scratch/corpus/$target" >"$log" 2>&1
    rc=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    corpus=$(find "$scratch/corpus/$target" -type f | wc -l)
    if [ $rc -eq 0 ]; then
        echo "fuzz: $target: ${runs:-?} executions in ${seconds} s, corpus $corpus files, 0 crashes"
    else
        echo "fuzz: $target: CRASH after ${runs:-?} executions (exit $rc); see $log and $scratch/crashes/"
        grep -m5 -E 'ERROR|SUMMARY|Deadly|timeout' "$log" || true
        status=1
    fi
done
exit $status
