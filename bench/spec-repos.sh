#!/usr/bin/env bash
# Spec repo benchmark: a no-op `compose repo update` on a spec repo of 100,000 specs beside `git pull`
# on the same clone, and the wall time of `compose publish` into it.
#
#   SPECS_NAMES (default 20000) × SPECS_VERSIONS (default 5) specs; RUNS (default 10) timed runs each.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/bench/out/spec-repos
names=${SPECS_NAMES:-20000}
versions=${SPECS_VERSIONS:-5}
runs=${RUNS:-10}
rm -rf "$out"
mkdir -p "$out"

swift build -c release --product compose >&2
compose=$(swift build -c release --product compose --show-bin-path)/compose
export COMPOSE_HOME=$out/home GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.invalid
export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.invalid

echo "generating $((names * versions)) specs" >&2
git init -q --bare -b main "$out/specs.git"
ruby bench/spec-repo-fast-import.rb "$names" "$versions" | git -C "$out/specs.git" fast-import --quiet
url=file://$out/specs.git

start=$(date +%s%N)
"$compose" repo add big "$url" >&2
add_ms=$(( ($(date +%s%N) - start) / 1000000 ))
clone=$COMPOSE_HOME/repos/big

# median of RUNS wall times (ms) of a command
median() {
    local times=()
    for _ in $(seq "$runs"); do
        local s=$(date +%s%N)
        "$@" >/dev/null 2>&1
        times+=($(( ($(date +%s%N) - s) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}
update_ms=$(median "$compose" repo update big)
pull_ms=$(median git -C "$clone" pull -q --ff-only)
status_ms=$(median git -C "$clone" status --porcelain)

# publish: a component repo with one spec, published RUNS times (a new version each time) into REPO
publish_median() {
    local repo=$1 component=$2
    git init -q --bare -b main "$out/$component.git"
    git clone -q "$out/$component.git" "$out/$component" 2>/dev/null
    local times=()
    for i in $(seq "$runs"); do
        cat >"$out/$component/$component.podspec.json" <<JSON
{"name": "$component", "version": "1.0.$i", "summary": "Benchmark component.", "homepage": "https://example.com",
 "license": "MIT", "authors": {"Bench": "bench@example.invalid"},
 "source": {"git": "file://$out/$component.git", "tag": "1.0.$i"}, "platforms": {"ios": "13.0"},
 "source_files": "Sources/$component/**/*.swift"}
JSON
        git -C "$out/$component" add -A && git -C "$out/$component" commit -q -m "1.0.$i" && git -C "$out/$component" push -q origin HEAD:main
        local s=$(date +%s%N)
        (cd "$out/$component" && "$compose" publish "$repo" --allow-warnings >/dev/null)
        times+=($(( ($(date +%s%N) - s) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}
publish_ms=$(publish_median big Bench)

# the same on a spec repo of 50 specs
git init -q --bare -b main "$out/small.git"
ruby bench/spec-repo-fast-import.rb 10 5 | git -C "$out/small.git" fast-import --quiet
"$compose" repo add small "file://$out/small.git" >&2
small_publish_ms=$(publish_median small Small)

start=$(date +%s%N)
git clone -q "$url" "$out/git-clone"
git_clone_ms=$(( ($(date +%s%N) - start) / 1000000 ))

echo
echo "| $((names * versions)) specs, median of $runs runs | wall time |"
echo "|---|---|"
echo "| \`compose repo add\` (clone and checkout, once) | ${add_ms} ms |"
echo "| \`git clone\` of the same repo, once | ${git_clone_ms} ms |"
echo "| \`compose repo update\`, nothing new | ${update_ms} ms |"
echo "| \`git pull --ff-only\`, nothing new | ${pull_ms} ms |"
echo "| \`git status\` (what a clean-tree check costs) | ${status_ms} ms |"
echo "| \`compose publish\` (lint, tag, push tag, fetch, write, commit, push) | ${publish_ms} ms |"
echo "| \`compose publish\` into a spec repo of 50 specs | ${small_publish_ms} ms |"
