#!/usr/bin/env bash
# A no-op `compose install` and `compose outdated` on PODS locked pods (default 2000), run by
# `make bench`: PODS components made by bench/gen-components.py (each a bare git repository with
# one tagged release and a Package.swift of its own, depending on two earlier ones; its spec in a
# folder spec repo), every one named by the Composefile. Resolved, installed once (cloning every
# repository into the compose home's cache), then, interleaved run by run, medians of RUNS (default
# 11) whole commands (process start to exit) in milliseconds:
#   - `compose --version` (starting the process);
#   - `compose install` with nothing changed: the BEFORE build, this build without the record of the
#     last install (removed before each run: it reads everything, then keeps the record), and this
#     build answered from the record;
#   - `compose outdated` with every pod at its newest version, then again after one pod has a newer
#     release (OUTDATED_RUNS runs, default 5).
# BEFORE=path/to/an/earlier/compose is run side by side on a copy of the project with its own
# compose home (its first install is measured too); without it only this build is measured.
# Prints Markdown tables; artefacts go to bench/out/install-noop/.
#
#   COMPOSE=path/to/compose (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pods=${PODS:-2000}
runs=${RUNS:-11}
outdated_runs=${OUTDATED_RUNS:-5}
out=$root/bench/out/install-noop
rm -rf "$out"
mkdir -p "$out"
source bench/lib.sh
release_compose
before=${BEFORE:-}

# The components are kept between runs (bench/out/install-noop-team-PODS); a release added by an
# earlier run is removed first.
team=$root/bench/out/install-noop-team-$pods
if [ ! -f "$team/.done" ]; then
    rm -rf "$team"
    python3 bench/gen-components.py "$pods" 1 "file://$team/remotes" "$team" >&2
    touch "$team/.done"
fi
rm -rf "$team"/specs/*/1.1.0
# project NAME: the app naming every component, resolved.
project() {
    local dir=$out/$1
    mkdir -p "$dir"
    {
        echo "source '$team/specs'"
        echo "platform :osx, '10.15'"
        echo "target 'App' do"
        for k in $(seq 0 $((pods - 1))); do printf "  pod 'Comp%03d'\n" "$k"; done
        echo "end"
    } >"$dir/Composefile"
}
labels=(after)
binaries=("$COMPOSE")
[ -n "$before" ] && labels=(before after) && binaries=("$before" "$COMPOSE")
first_rows=()
for i in "${!labels[@]}"; do
    label=${labels[$i]}
    project "$label"
    COMPOSE_HOME=$out/home-$label "${binaries[$i]}" resolve --project "$out/$label" >/dev/null
    t=$(ms env COMPOSE_HOME="$out/home-$label" "${binaries[$i]}" install --project "$out/$label")
    first_rows+=("| $label | $(grep -c '^  Comp' "$out/stdout") | $(awk -v t="$t" 'BEGIN { printf "%.2f", t / 1000 }') s |")
done
# Composed/ and the cache older than a second: a record is kept only of files and folders older than that.
sync
sleep 1.2

version=() noop_before=() noop_full=() noop_record=() outdated_before=() outdated_after=()
for _ in $(seq "$runs"); do
    version+=("$(ms env COMPOSE_HOME="$out/home-after" "$COMPOSE" --version)")
    if [ -n "$before" ]; then
        noop_before+=("$(ms env COMPOSE_HOME="$out/home-before" "$before" install --project "$out/before")")
        grep -q 'is up to date' "$out/stdout" || { echo "the before build's install did something" >&2; exit 1; }
    fi
    rm -rf "$out/home-after/installed"
    noop_full+=("$(ms env COMPOSE_HOME="$out/home-after" "$COMPOSE" install --project "$out/after")")
    noop_record+=("$(ms env COMPOSE_HOME="$out/home-after" "$COMPOSE" install --verbose --project "$out/after")")
    grep -q 'answered from its record' "$out/stderr" || { echo "the record did not answer" >&2; exit 1; }
    grep -q 'is up to date' "$out/stdout" || { echo "the install did something" >&2; exit 1; }
done
# outdated_runs NAME: OUTDATED_RUNS runs of `compose outdated` per build, interleaved; one row.
outdated_row() {
    local ob=() oa=()
    for _ in $(seq "$outdated_runs"); do
        if [ -n "$before" ]; then
            ob+=("$(ms env COMPOSE_HOME="$out/home-before" "$before" outdated --project "$out/before")")
            cp "$out/stdout" "$out/outdated-before.txt"
        fi
        oa+=("$(ms env COMPOSE_HOME="$out/home-after" "$COMPOSE" outdated --project "$out/after")")
        if [ -n "$before" ] && ! cmp -s "$out/stdout" "$out/outdated-before.txt"; then
            echo "outdated answers differ: $(head -3 "$out/stdout") / $(head -3 "$out/outdated-before.txt")" >&2
            exit 1
        fi
    done
    echo "| $1 | $( [ -n "$before" ] && printf '%s\n' "${ob[@]}" | median || echo -) ms | $(printf '%s\n' "${oa[@]}" | median) ms | $(head -1 "$out/stdout") |"
}
outdated_rows=("$(outdated_row "every pod at its newest version")")
# One pod gets a newer release (its spec only: outdated reads no source code).
newer=$(printf 'Comp%03d' $((pods / 2)))
mkdir -p "$team/specs/$newer/1.1.0"
sed 's/"version": "1.0.0"/"version": "1.1.0"/; s/"tag": "1.0.0"/"tag": "1.1.0"/' \
    "$team/specs/$newer/1.0.0/$newer.podspec.json" >"$team/specs/$newer/1.1.0/$newer.podspec.json"
outdated_rows+=("$(outdated_row "$newer has a newer release")")

echo "First \`compose install\` of $pods locked pods (cloning every repository; one run each):"
echo
echo "| build | components | first install |"
echo "|---|---|---|"
printf '%s\n' "${first_rows[@]}"
echo
echo "\`compose install\` with nothing changed, $pods locked pods (medians of $runs, interleaved):"
echo
echo "| \`compose --version\` | before | this build, no record (reads everything, keeps the record) | this build, the record holds |"
echo "|---|---|---|---|"
echo "| $(printf '%s\n' "${version[@]}" | median) ms | $( [ -n "$before" ] && printf '%s\n' "${noop_before[@]}" | median || echo -) ms | $(printf '%s\n' "${noop_full[@]}" | median) ms | $(printf '%s\n' "${noop_record[@]}" | median) ms |"
echo
echo "\`compose outdated\`, $pods locked pods (medians of $outdated_runs, interleaved; the answers compared):"
echo
echo "| case | before | this build | first line of the answer |"
echo "|---|---|---|---|"
printf '%s\n' "${outdated_rows[@]}"
rm -rf "$team"/specs/*/1.1.0 "$out/before" "$out/after" "$out"/home-*
