#!/usr/bin/env bash
# Checks compose's Xcode integration against CocoaPods' own tools on the corpus of fetch.sh: for
# every CocoaPods-integrated project of corpus.tsv,
#   (a) the Xcodeproj gem's own round trip: open + save, byte-identical?
#   (b) cocoapods-deintegrate's Deintegrator on a copy: what still mentions Pods afterwards;
#   (c) `compose deintegrate`, then `compose integrate` (Composed/ stood in for by a manifest offering
#       a product per Xcode target: integrate links it, install would write it), on a copy of the
#       app's folder, checked with
#       the gem (oracle.rb check): the project opens; no target keeps a [CP] phase, Pods library or
#       Pods base configuration; each CocoaPods-integrated target has one new product dependency,
#       linked in its frameworks phase; every object unrelated to CocoaPods unchanged (the gem's
#       objects_by_uuid before and after, minus what was removed or added); PyPI's `pbxproj` and
#       `openstep-parser` parse it; a second `compose integrate` changes no byte; and the wall time
#       of each whole command.
# Prints Markdown tables and writes them into docs/xcode-corpus.md (between its figure markers).
# Per-project JSON lines go to bench/out/xcode-corpus/results.jsonl.
#
#   bench/xcode-corpus/check.sh [CORPUS]     CORPUS: made by fetch.sh (default /work/corpus/xcode)
#
# Environment:
#   COMPOSE=path      the compose binary (default .build/debug/compose); without `integrate` and
#                     `deintegrate` commands, part (c) is skipped with a message
#   ORACLE=dir        the gems' release trees (default /work/corpus/xcode-oracle); missing ones are
#                     taken from bare mirrors under MIRRORS (default /work/.mirror) at their tags:
#                     Xcodeproj 1.28.1, Nanaimo 0.4.0, CLAide 1.1.0, cocoapods-deintegrate 1.0.5.
#                     Debian's ruby, ruby-cfpropertylist and ruby-colored2 provide the rest; the
#                     atomos gem is replaced by oracle.rb's three lines.
#   ONLY=regex        only projects whose row (app and path) matches; the doc is left alone
#   DOCS=0            print only; leave docs/xcode-corpus.md alone
#   SKIP_COMPOSE=1    run (a) and (b) only
# Needs python3 with `pbxproj` and `openstep-parser` (pip install pbxproj openstep-parser) for (c).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
corpus=${1:-/work/corpus/xcode}
oracle=${ORACLE:-/work/corpus/xcode-oracle}
mirrors=${MIRRORS:-/work/.mirror}
compose=${COMPOSE:-$root/.build/debug/compose}
out=$root/bench/out/xcode-corpus
rm -rf "$out"
mkdir -p "$out"
[ -f "$corpus/corpus.tsv" ] || { echo "check.sh: no corpus at $corpus: run bench/xcode-corpus/fetch.sh $corpus" >&2; exit 3; }
command -v ruby >/dev/null || { echo "check.sh: needs ruby (apt-get install ruby ruby-cfpropertylist ruby-colored2)" >&2; exit 3; }

# The oracle's trees, from their release tags.
for spec in CocoaPods/Xcodeproj:1.28.1:xcodeproj CocoaPods/Nanaimo:0.4.0:nanaimo \
    CocoaPods/CLAide:1.1.0:claide CocoaPods/cocoapods-deintegrate:1.0.5:cocoapods-deintegrate; do
    IFS=: read -r repo tag name <<<"$spec"
    dest=$oracle/$name-$tag
    [ -d "$dest/lib" ] && continue
    mirror=$mirrors/${repo/\//+}/repo
    [ -d "$mirror" ] || { echo "check.sh: $dest is missing and there is no mirror of $repo at $mirror" >&2; exit 3; }
    mkdir -p "$dest"
    git --git-dir="$mirror" archive "$tag" | tar -x -C "$dest"
done
ruby_oracle() {
    ruby -I "$oracle/xcodeproj-1.28.1/lib" -I "$oracle/nanaimo-0.4.0/lib" -I "$oracle/claide-1.1.0/lib" \
        -I "$oracle/cocoapods-deintegrate-1.0.5/lib" "$root/bench/xcode-corpus/oracle.rb" "$@"
}

# Part (c) runs only when this compose has both commands.
with_compose=1
if [ -n "${SKIP_COMPOSE:-}" ]; then
    with_compose=0
elif [ ! -x "$compose" ] || ! "$compose" integrate --help >/dev/null 2>&1 || ! "$compose" deintegrate --help >/dev/null 2>&1; then
    echo "check.sh: $compose has no \`integrate\`/\`deintegrate\` commands yet: part (c) skipped" >&2
    with_compose=0
fi

# compose gets a home of its own, and what the corpus's Podfiles read from the environment
# (ProtonVPN's builds a git URL from PROTON_GIT_URL, as CocoaPods would fail without it too; compose
# reads it only when allowed by name).
export COMPOSE_HOME=$out/home PROTON_GIT_URL=${PROTON_GIT_URL:-git.example.com} COMPOSE_ALLOW_ENV=PROTON_GIT_URL
now_ns() { date +%s%N; }
# stand_in_composed DIR: `compose integrate` links the Composed/ that `compose install` writes from
# the pods; the corpus has no pods to install, so a manifest offering a product per Xcode target
# stands in for it.
stand_in_composed() { python3 "$root/bench/xcode-corpus/stand-in-composed.py" "$1"; }
# timed LOG CMD...: runs CMD, its output in LOG; prints "RC MS".
timed() {
    local log=$1 start end rc=0
    shift
    start=$(now_ns)
    "$@" >"$log" 2>&1 || rc=$?
    end=$(now_ns)
    echo "$rc $(( (end - start) / 1000000 ))"
}

results=$out/results.jsonl
: >"$results"
# One line per project: "app<TAB>project path"; apps in corpus order.
awk -F'\t' 'NR > 1 && $5 == "project" { print $1 "\t" $3 }' "$corpus/corpus.tsv" |
    { if [ -n "${ONLY:-}" ]; then grep -E "$ONLY" || true; else cat; fi; } >"$out/projects.tsv"
declare -A composed_app
while IFS=$'\t' read -r repo path; do
    app=$corpus/${repo/\//+}
    proj=$app/$(dirname "$path")
    key=${repo/\//+}/$(dirname "$path")
    work=$out/work/$key
    mkdir -p "$work"
    a=$(ruby_oracle roundtrip "$proj" "$work/roundtrip" 2>"$work/roundtrip.err" || echo '{"error":"'"$(head -c 200 "$work/roundtrip.err" | tr -d '"\\\n')"'"}')
    b=$(ruby_oracle deintegrate "$proj" "$work/gem" 2>"$work/gem.err" || echo '{"error":"'"$(head -c 200 "$work/gem.err" | tr -d '"\\\n')"'"}')
    c='null'
    if [ "$with_compose" = 1 ]; then
        # compose works on the whole app folder (its Podfile names the projects): one copy per app,
        # deintegrated and integrated once, then every project of the app is checked.
        copy=$out/compose/${repo/\//+}
        if [ -z "${composed_app[$repo]:-}" ]; then
            rm -rf "$copy"
            mkdir -p "$(dirname "$copy")"
            cp -a "$app" "$copy"
            # the folder of the app's Podfile
            podfile=$(awk -F'\t' -v r="$repo" '$1 == r && $5 == "podfile" { print $3; exit }' "$corpus/corpus.tsv")
            podfile_dir=$copy/$(dirname "$podfile")
            read -r de_rc de_ms < <(timed "$out/compose/${repo/\//+}.deintegrate.log" "$compose" deintegrate --project "$podfile_dir")
            cp -a "$copy" "$copy.deintegrated"
            stand_in_composed "$podfile_dir"
            read -r in_rc in_ms < <(timed "$out/compose/${repo/\//+}.integrate.log" "$compose" integrate --project "$podfile_dir")
            find "$copy" -name project.pbxproj -o -name contents.xcworkspacedata | sort | xargs -d '\n' sha256sum >"$copy.first.sha"
            read -r again_rc again_ms < <(timed "$out/compose/${repo/\//+}.integrate-again.log" "$compose" integrate --project "$podfile_dir")
            find "$copy" -name project.pbxproj -o -name contents.xcworkspacedata | sort | xargs -d '\n' sha256sum >"$copy.second.sha"
            # the app's workspaces that still name the Pods project
            workspaces=0 pods_workspaces=0
            while IFS= read -r ws; do
                workspaces=$((workspaces + 1))
                grep -q 'Pods/Pods.xcodeproj' "$copy/$ws" && pods_workspaces=$((pods_workspaces + 1))
            done < <(awk -F'\t' -v r="$repo" '$1 == r && $5 == "workspace" { print $3 }' "$corpus/corpus.tsv")
            composed_app[$repo]="$de_rc $de_ms $in_rc $in_ms $again_rc $again_ms $workspaces $pods_workspaces"
        fi
        read -r de_rc de_ms in_rc in_ms again_rc again_ms workspaces pods_workspaces <<<"${composed_app[$repo]}"
        after=$copy/$(dirname "$path")
        same=false
        cmp -s "$copy.first.sha" "$copy.second.sha" && same=true
        check=$(ruby_oracle check "$proj" "$after" 2>"$work/check.err" || echo '{"opens":false,"error":"'"$(head -c 200 "$work/check.err" | tr -d '"\\\n')"'"}')
        parsers=$(python3 - "$after/project.pbxproj" <<'PY'
import json, sys
path = sys.argv[1]
result = {}
try:
    from pbxproj import XcodeProject
    XcodeProject.load(path)
    result['pbxproj'] = True
except Exception as e:
    result['pbxproj'] = '%s: %s' % (type(e).__name__, str(e)[:120])
try:
    from openstep_parser import OpenStepDecoder
    with open(path, encoding='utf-8') as f:
        OpenStepDecoder.ParseFromString(f.read())
    result['openstep'] = True
except Exception as e:
    result['openstep'] = '%s: %s' % (type(e).__name__, str(e)[:120])
print(json.dumps(result))
PY
)
        deintegrated=$(ruby_oracle leftovers "$copy.deintegrated/$(dirname "$path")" 2>>"$work/check.err" || echo '{"error":"the gem could not open the deintegrated project"}')
        diffed=$(diff "$proj/project.pbxproj" "$after/project.pbxproj" | grep -c '^[<>]' || true)
        c="{\"deintegrate_rc\":$de_rc,\"deintegrate_ms\":$de_ms,\"integrate_rc\":$in_rc,\"integrate_ms\":$in_ms,\"again_rc\":$again_rc,\"again_ms\":$again_ms,\"second_run_identical\":$same,\"workspaces\":$workspaces,\"workspaces_naming_pods\":$pods_workspaces,\"diff_lines\":$diffed,\"check\":$check,\"deintegrated\":$deintegrated,\"parsers\":$parsers}"
    fi
    printf '{"app":"%s","project":"%s","roundtrip":%s,"gem_deintegrate":%s,"compose":%s}\n' \
        "$repo" "$path" "$a" "$b" "$c" >>"$results"
    echo "checked $repo $path" >&2
done <"$out/projects.tsv"

doc=$root/docs/xcode-corpus.md
if [ -n "${ONLY:-}" ] || [ "${DOCS:-1}" = 0 ]; then doc=; fi
python3 "$root/bench/xcode-corpus/report.py" "$results" "$corpus" "$doc"
