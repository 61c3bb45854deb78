#!/usr/bin/env bash
# Installs pods of the spec-package corpus through Composed, the way a team would: each pod's tree at its
# corpus commit becomes a local git repository tagged with the podspec's version (and v + version), every
# podspec at the tree's root goes into a folder spec repo with its `:git` URL pointed at that repository,
# and a Composefile names the pod. Run both ways:
#   authors    the tree as the authors ship it, with their Package.swift;
#   generated  every Package.swift and Package@swift-*.swift at the root deleted (install generates one
#              from the podspec).
# Then `compose install`, `swift package describe` and `swift build` of Composed (on Linux the
# Objective-C pods fail to build: no Apple Foundation). No network beyond what SwiftPM resolves itself.
#
#   bench/spec-package-composed.sh COMPOSE CORPUS_DIR POD...   POD: a pod name or a folder of corpus.tsv
#
# Prints per pod and way: what install said (its notes), the Composed dependency line of the pod
# (exact: or revision:), the products Composed links, describe's and build's outcome (with the first
# error), and the warnings of both. Work goes to a temp dir (KEEP=1 keeps it and prints its path).
set -uo pipefail
compose=$(realpath "${1:?usage: spec-package-composed.sh COMPOSE CORPUS_DIR POD...}")
corpus=$(realpath "${2:?usage: spec-package-composed.sh COMPOSE CORPUS_DIR POD...}")
shift 2
[ $# -gt 0 ] || { echo "usage: spec-package-composed.sh COMPOSE CORPUS_DIR POD..." >&2; exit 64; }
work=$(mktemp -d "${TMPDIR:-/tmp}/spec-package-composed.XXXXXX")
if [ -n "${KEEP:-}" ]; then echo "# work: $work"; else trap 'rm -rf "$work"' EXIT; fi
export GIT_AUTHOR_NAME=corpus GIT_AUTHOR_EMAIL=corpus@example.com GIT_COMMITTER_NAME=corpus \
    GIT_COMMITTER_EMAIL=corpus@example.com NO_COLOR=1

# first_error LOG: the first compiler or SwiftPM error line of LOG.
first_error() {
    { grep -m1 -E ': (fatal )?error:' "$1" || grep -m1 '^error:' "$1"; } | sed "s#$work/##g" | cut -c1-200
}

for wanted in "$@"; do
    row=$(grep -v '^#' "$corpus/corpus.tsv" | awk -F'\t' -v w="$wanted" '$2 == w || ($1 == w && !seen++)' | head -1)
    [ -n "$row" ] || { echo "$wanted: not in corpus.tsv" >&2; continue; }
    IFS=$'\t' read -r pod folder podspec repo commit <<<"$row"
    for way in authors generated; do
        w=$work/$folder-$way
        mkdir -p "$w/specs" "$w/app"
        # Named as its GitHub repository, which SwiftPM takes as the package's identity.
        remote=$w/${repo#*/}
        cp -a "$corpus/$folder" "$remote"
        rm -rf "$remote/.trunk"
        if [ "$way" = generated ]; then rm -f "$remote/Package.swift" "$remote"/Package@swift-*.swift; fi
        version=$(sed -nE "s/^[[:space:]]*[a-z]+\.version[[:space:]]*=[[:space:]]*['\"]([^'\"]+)['\"].*/\1/p" \
            "$remote/$podspec" | head -1)
        git -C "$remote" init -q && git -C "$remote" add -A && git -C "$remote" commit -qm "$pod $version" &&
            git -C "$remote" tag "$version" && git -C "$remote" tag "v$version"
        # Every podspec of the tree (pods of one repository) goes into the spec repo.
        for spec in "$remote"/*.podspec "$remote"/*.podspec.json; do
            [ -f "$spec" ] || continue
            base=$(basename "$spec")
            name=${base%.json}
            name=${name%.podspec}
            mkdir -p "$w/specs/$name/$version"
            sed -E "s#(:git[[:space:]]*=>[[:space:]]*)['\"][^'\"]*['\"]#\1'file://$remote'#; s#(\"git\"[[:space:]]*:[[:space:]]*)\"[^\"]*\"#\1\"file://$remote\"#" \
                "$spec" >"$w/specs/$name/$version/$base"
        done
        printf "source '%s'\nplatform :osx, '10.15'\ntarget 'App' do\n  pod '%s'\nend\n" "$w/specs" "$pod" \
            >"$w/app/Composefile"
        echo "== $pod ($folder, $version) $way manifests"
        COMPOSE_HOME=$w/home "$compose" install --project "$w/app" >"$w/install.log" 2>&1
        code=$?
        echo "install: exit $code"
        sed 's/^/  | /' "$w/install.log" | grep -v '^  | *$' | head -20
        [ "$code" = 0 ] || continue
        composed=$w/app/Composed
        echo "dependency: $(grep -E '\.package\(' "$composed/Package.swift" | sed 's/^ *//' | tr '\n' ' ')"
        echo "linked: $(grep -oE '\.product\([^)]*\)' "$composed/Package.swift" | tr '\n' ' ')"
        (cd "$composed" && timeout 600 swift package describe --type json >"$w/describe.json" 2>"$w/describe.log")
        if [ $? = 0 ]; then echo "describe: ok"; else echo "describe: failed: $(first_error "$w/describe.log")"; fi
        warnings=$(grep -c 'warning:' "$w/describe.log")
        [ "$warnings" = 0 ] || { echo "describe warnings: $warnings"; grep -m3 'warning:' "$w/describe.log" | cut -c1-200; }
        (cd "$composed" && timeout 1200 swift build >"$w/build.log" 2>&1)
        if [ $? = 0 ]; then echo "build: ok"; else echo "build: failed: $(first_error "$w/build.log")"; fi
        grep -m3 'warning:' "$w/build.log" | grep -v '/\.build/' | cut -c1-200
    done
done
