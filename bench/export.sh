#!/usr/bin/env bash
# `compose repo export` from git, run by `make bench`: a generated spec repo of SPECS (default
# 100000) specs in git, added to a compose home (`repo add`, file://), is exported by two builds side
# by side, BEFORE and AFTER (default: the release build for both; give BEFORE=path/to/an/older/compose
# to compare), alternating, RUNS (default 5) times each:
#   - the added repo (its clone), unchanged since the last export;
#   - the added repo after a publish: one new version of one pod committed to the remote and the
#     clone updated (`repo update`), with the number of files written;
#   - the same two for the repo's own working copy (a folder: its working tree is looked at).
# Prints the medians as a Markdown table; artefacts go to bench/out/export/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
specs=${SPECS:-100000}
runs=${RUNS:-5}
out=$root/bench/out/export
if [ -z "${AFTER:-}" ]; then
    swift build -c release --product compose >&2
    AFTER="$(swift build -c release --product compose --show-bin-path)/compose"
fi
BEFORE=${BEFORE:-$AFTER}
export COMPOSE_HOME=$out/home
identity=(-c user.name=bench -c user.email=bench@example.com -c gc.autoDetach=false)

if [ ! -d "$out/repo/.git" ] || [ "$(cat "$out/specs" 2>/dev/null)" != "$specs" ]; then
    rm -rf "$out" && mkdir -p "$out"
    python3 bench/gen-spec-repo.py "$specs" "$out/repo" >&2
    git -C "$out/repo" init -q -b main
    git -C "$out/repo" add -A
    git -C "$out/repo" "${identity[@]}" commit -q -m "$specs specs"
    echo "$specs" >"$out/specs"
fi
rm -rf "$out/home" "$out"/www-*
"$AFTER" repo add specs "file://$out/repo" >/dev/null

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
# ms CMD...: the wall time of one run, in ms; its JSON summary in $out/last.json.
ms() {
    local s
    s=$(date +%s%N)
    "$@" --format json >"$out/last.json" 2>"$out/last.err" || { cat "$out/last.err" >&2; exit 1; }
    echo $(( ($(date +%s%N) - s) / 1000000 ))
}
written() { python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["written"]))' "$out/last.json"; }

# First exports (every spec read), which record the tree.
for build in before after; do
    bin=$BEFORE; [ $build = after ] && bin=$AFTER
    "$bin" repo export specs "$out/www-clone-$build" >/dev/null
    "$bin" repo export "$out/repo" "$out/www-folder-$build" >/dev/null
done

declare -A times files
record() { times[$1]+="$2 "; files[$1]=${3:-}; }
pod=0
for _ in $(seq "$runs"); do
    for build in before after; do
        bin=$BEFORE; [ $build = after ] && bin=$AFTER
        record "clone-unchanged-$build" "$(ms "$bin" repo export specs "$out/www-clone-$build")"
        record "folder-unchanged-$build" "$(ms "$bin" repo export "$out/repo" "$out/www-folder-$build")"
    done
    # A publish: one new version of one pod, committed to the remote, the clone updated.
    pod=$(( (pod + 997) % (specs / 10) ))
    name=$(printf 'Component%05d' "$pod")
    version="9.$(date +%s%N | tail -c 7).0"
    mkdir -p "$out/repo/$name/$version"
    sed "s/\"version\": \"[^\"]*\"/\"version\": \"$version\"/; s/\"tag\": \"[^\"]*\"/\"tag\": \"$version\"/" \
        "$out/repo/$name/1.0.0/$name.podspec.json" >"$out/repo/$name/$version/$name.podspec.json"
    git -C "$out/repo" add "$name/$version"
    git -C "$out/repo" "${identity[@]}" commit -q -m "$name $version"
    "$AFTER" repo update specs >/dev/null
    for build in before after; do
        bin=$BEFORE; [ $build = after ] && bin=$AFTER
        t=$(ms "$bin" repo export specs "$out/www-clone-$build"); record "clone-publish-$build" "$t" "$(written)"
        t=$(ms "$bin" repo export "$out/repo" "$out/www-folder-$build"); record "folder-publish-$build" "$t" "$(written)"
    done
done
# The two builds' exports of the same tree are the same files.
for kind in clone folder; do
    diff -r -q -x .compose-export-manifest "$out/www-$kind-before" "$out/www-$kind-after" >&2 \
        || { echo "the two builds' exports of the $kind differ" >&2; exit 1; }
done

m() { printf '%s\n' ${times[$1]} | median; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.2f s", ms / 1000 }'; }
echo
echo "## \`repo export\` from git: $specs specs (bench/export.sh, $(date -u +%Y-%m-%d), medians of $runs)"
echo
echo "| what | before | after |"
echo "|---|---|---|"
for kind in clone folder; do
    label="the added repo (its clone)"; [ $kind = folder ] && label="the repo's working copy (a folder)"
    echo "| $label, unchanged | $(seconds "$(m $kind-unchanged-before)") | $(seconds "$(m $kind-unchanged-after)") |"
    echo "| $label, after one new version of one pod | $(seconds "$(m $kind-publish-before)"), ${files[$kind-publish-before]} files written | $(seconds "$(m $kind-publish-after)"), ${files[$kind-publish-after]} files written |"
done
