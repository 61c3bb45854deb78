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

# COMPOSE=path/to/compose measures that build instead of building one here.
source bench/lib.sh
release_compose
compose=$COMPOSE
export COMPOSE_HOME=$out/home GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.invalid
export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.invalid

echo "generating $((names * versions)) specs" >&2
git init -q --bare -b main "$out/specs.git"
ruby bench/spec-repo-fast-import.rb "$names" "$versions" | git -C "$out/specs.git" fast-import --quiet
url=file://$out/specs.git

# repo add against git clone, over file:// and over a git daemon on 127.0.0.1, interleaved
# (ADD_RUNS each, default 3): wall time of each whole process, the file cache warm, `sync` between.
add_runs=${ADD_RUNS:-3}
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
git daemon --reuseaddr --export-all --base-path="$out" --listen=127.0.0.1 --port="$port" "$out" &
daemon=$!
trap 'kill $daemon 2>/dev/null || true' EXIT
sleep 1
ms() { local s=$(date +%s%N); "$@" >/dev/null 2>&1; echo $(( ($(date +%s%N) - s) / 1000000 )); }
median_of() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
declare -A add_times
for transport in file daemon; do
    [ "$transport" = file ] && from=$url || from=git://127.0.0.1:$port/specs.git
    for run in $(seq "$add_runs"); do
        rm -rf "$out/add-home" "$out/git-clone" "$out/git-clone-bare"; sync
        add_times[$transport-compose]+=" $(COMPOSE_HOME=$out/add-home ms "$compose" repo add big "$from")"
        sync
        add_times[$transport-git]+=" $(ms git clone -q "$from" "$out/git-clone")"
        sync
        add_times[$transport-nocheckout]+=" $(ms git clone -q --no-checkout "$from" "$out/git-clone-bare")"
        echo "repo add over $transport, run $run: compose ${add_times[$transport-compose]##* } ms," \
            "git clone ${add_times[$transport-git]##* } ms" >&2
    done
done
rm -rf "$out/add-home" "$out/git-clone" "$out/git-clone-bare"
"$compose" repo add big "$url" >&2
clone=$COMPOSE_HOME/repos/big

# median of RUNS wall times (ms) of a command
median() {
    local times=()
    for _ in $(seq "$runs"); do times+=("$(ms "$@")"); done
    median_of "${times[@]}"
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
        (cd "$out/$component" && "$compose" publish "$repo" --allow-warnings --skip-build >/dev/null)
        times+=($(( ($(date +%s%N) - s) / 1000000 )))
    done
    median_of "${times[@]}"
}
publish_ms=$(publish_median big Bench)

# the same on a spec repo of 50 specs
git init -q --bare -b main "$out/small.git"
ruby bench/spec-repo-fast-import.rb 10 5 | git -C "$out/small.git" fast-import --quiet
"$compose" repo add small "file://$out/small.git" >&2
small_publish_ms=$(publish_median small Small)


echo
echo "| $((names * versions)) specs, median of $runs runs | wall time |"
echo "|---|---|"
for transport in file daemon; do
    compose_ms=$(median_of ${add_times[$transport-compose]})
    git_ms=$(median_of ${add_times[$transport-git]})
    [ "$transport" = file ] && over='file://' || over='git daemon on 127.0.0.1'
    echo "| \`compose repo add\` over $over (median of $add_runs:${add_times[$transport-compose]} ms) | ${compose_ms} ms |"
    echo "| \`git clone\` over $over (median of $add_runs:${add_times[$transport-git]} ms) | ${git_ms} ms |"
    echo "| \`git clone --no-checkout\` over $over (median of $add_runs:${add_times[$transport-nocheckout]} ms) | $(median_of ${add_times[$transport-nocheckout]}) ms |"
    echo "| ratio git clone / compose repo add over $over | $(python3 -c "print(f'{$git_ms / $compose_ms:.2f}×')") |"
done
echo "| \`compose repo update\`, nothing new | ${update_ms} ms |"
echo "| \`git pull --ff-only\`, nothing new | ${pull_ms} ms |"
echo "| \`git status\` (what a clean-tree check costs) | ${status_ms} ms |"
echo "| \`compose publish\` (lint, tag, push tag, fetch, write, commit, push) | ${publish_ms} ms |"
echo "| \`compose publish\` into a spec repo of 50 specs | ${small_publish_ms} ms |"
