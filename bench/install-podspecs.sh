#!/usr/bin/env bash
# `compose install` of PODS podspec-only pods (default 200), run by `make bench`: components made by
# bench/gen-components.py --podspec-only (each a bare git repository over file://, one tagged
# release of FILES Swift files (default 5) with a README and a LICENSE and no Package.swift,
# depending on two earlier ones; their specs in a folder spec repo), every one named by the
# Composefile. No network. Whole commands (process start to exit), medians:
#   - cold (COLD_RUNS runs, default 3): a new project (no Compose.lock, no Composed/) and an empty
#     compose home: install resolves, clones every repository into the cache and generates a
#     package per pod in Composed/Pods/;
#   - with nothing changed (RUNS runs, default 11): the record of the last install removed first
#     (it reads everything, then keeps the record), and answered from the record.
# Targets: cold under 10 s, nothing changed under 100 ms (the bench fails when one is missed).
# Writes its section of docs/benchmarks.md (DOCS=0 leaves the doc alone); artefacts go to
# bench/out/install-podspecs/.
#
#   COMPOSE=path/to/compose (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pods=${PODS:-200}
files=${FILES:-5}
cold_runs=${COLD_RUNS:-3}
runs=${RUNS:-11}
out=$root/bench/out/install-podspecs
rm -rf "$out"
mkdir -p "$out"
source bench/lib.sh
release_compose


# The components are kept between runs (bench/out/install-podspecs-team-PODS-FILES).
team=$root/bench/out/install-podspecs-team-$pods-$files
if [ ! -f "$team/.done" ]; then
    rm -rf "$team"
    python3 bench/gen-components.py "$pods" 1 "file://$team/remotes" "$team" --podspec-only --files "$files" >&2
    touch "$team/.done"
fi
project=$out/app
home=$out/home
# fresh: a project naming every component, neither resolved nor installed, and an empty compose home.
fresh() {
    rm -rf "$project" "$home"
    mkdir -p "$project"
    {
        echo "source '$team/specs'"
        echo "platform :osx, '10.15'"
        echo "target 'App' do"
        for k in $(seq 0 $((pods - 1))); do printf "  pod 'Comp%03d'\n" "$k"; done
        echo "end"
    } >"$project/Composefile"
}

# Wall times depend on the machine's load; the processor time (user + system, from GNU time) much less.
cold=() cold_cpu=()
for _ in $(seq "$cold_runs"); do
    fresh
    cold+=("$(ms /usr/bin/time -f '%U %S' -o "$out/cpu" env COMPOSE_HOME="$home" "$COMPOSE" install --project "$project")")
    cold_cpu+=("$(awk '{ printf "%.0f\n", ($1 + $2) * 1000 }' "$out/cpu")")
done
cp "$out/stdout" "$out/cold.out"
cp "$out/stderr" "$out/cold.err"
generated=$(find "$project/Composed/Pods" -mindepth 1 -maxdepth 1 -type d | wc -l)
[ "$generated" = "$pods" ] || { echo "bench/install-podspecs.sh: $generated generated packages, not $pods" >&2; exit 1; }
composed_files=$(find "$project/Composed" -type f | wc -l)
source_files=$(find "$project/Composed/Pods" -name '*.swift' ! -name Package.swift | wc -l)
# Composed/ and the cache older than a second: a record is kept only of files and folders older than that.
sync
sleep 1.2

full=() record=() load=$(cut -d' ' -f1 /proc/loadavg)
for _ in $(seq "$runs"); do
    rm -rf "$home/installed"
    full+=("$(ms env COMPOSE_HOME="$home" "$COMPOSE" install --project "$project")")
    grep -q 'is up to date' "$out/stdout" || { echo "bench/install-podspecs.sh: the install did something" >&2; exit 1; }
    record+=("$(ms env COMPOSE_HOME="$home" "$COMPOSE" install --verbose --project "$project")")
    grep -q 'answered from its record' "$out/stderr" || { echo "bench/install-podspecs.sh: the record did not answer" >&2; exit 1; }
    grep -q 'is up to date' "$out/stdout" || { echo "bench/install-podspecs.sh: the install did something" >&2; exit 1; }
done
version=()
for _ in $(seq "$runs"); do version+=("$(ms env COMPOSE_HOME="$home" "$COMPOSE" --version)"); done

cold_median=$(printf '%s\n' "${cold[@]}" | median)
record_median=$(printf '%s\n' "${record[@]}" | median)
table=$(cat <<EOF
$pods podspec-only pods made by \`bench/gen-components.py --podspec-only --files $files\` (each a bare git
repository over \`file://\` with one tagged release: $files Swift files, a README and a LICENSE, no
Package.swift; depending on two earlier pods; their specs in a folder spec repo), every one named by
the Composefile; no network. Whole commands (process start to exit), medians. Cold: a new project
(no Compose.lock) and an empty compose home, so install resolves, clones $pods repositories into the
cache and generates $generated packages in \`Composed/Pods/\` ($composed_files files in \`Composed/\`, $source_files
of them Swift sources copied from the trees). Load average when measured: $load on $(nproc) cores.

| \`compose --version\` | **cold \`compose install\`** (medians of $cold_runs) | its processor time (user + system) | nothing changed, no record (reads everything, keeps the record) | **nothing changed** (the record holds) |
|---|---|---|---|---|
| $(printf '%s\n' "${version[@]}" | median) ms | **$(awk -v t="$cold_median" 'BEGIN { printf "%.2f", t / 1000 }') s** | $(printf '%s\n' "${cold_cpu[@]}" | median) ms | $(printf '%s\n' "${full[@]}" | median) ms | **$record_median ms** |

Targets: cold under 10 s, nothing changed under 100 ms.
EOF
)
echo "$table"

if [ "${DOCS:-1}" != 0 ]; then
    echo "$table" | python3 bench/doc_section.py "$root/docs/benchmarks.md" bench/install-podspecs.sh \
        "\`compose install\` of $pods podspec-only pods, cold and with nothing changed ($(date -u +%Y-%m-%d))"
fi
rm -rf "$project" "$home"
awk -v t="$cold_median" 'BEGIN { exit !(t < 10000) }' || { echo "bench/install-podspecs.sh: a cold install took $cold_median ms, over 10 s" >&2; exit 1; }
awk -v t="$record_median" 'BEGIN { exit !(t < 100) }' || { echo "bench/install-podspecs.sh: an install with nothing changed took $record_median ms, over 100 ms" >&2; exit 1; }
