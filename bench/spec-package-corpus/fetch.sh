#!/usr/bin/env bash
# Recreates the corpus of bench/spec-package-corpus.py from corpus.tsv: for every row
# (pod, folder, podspec, owner/name, commit) it writes FOLDER as a plain working tree (no .git) of
# that commit of github.com/OWNER/NAME, with its git submodules filled in at the commits the tree
# records (libwebp's sources, PromiseKit's Extensions/*, Quick's Externals/Nimble, GRDB's
# SQLiteCustom/src live in submodules).
#
#   bench/spec-package-corpus/fetch.sh DIR    DIR: where the folders go, outside the repository
#                                             (corpus.tsv and trunk.tsv are copied there)
#
# Environment:
#   MIRRORS=/work/.mirror     read bare mirrors at $MIRRORS/OWNER+NAME/repo instead of GitHub
#                             (bare mirrors laid out as OWNER+NAME/repo); a missing one falls
#                             back to GitHub
#   FORCE=1                   re-create folders that already exist (default: keep them)
#
# Then, for every row of trunk.tsv (pods whose Ruby podspec compose's reader refuses; see its header), it
# writes FOLDER/.trunk/POD.podspec.json, CocoaPods trunk's JSON of that pod (what `pod ipc spec` prints), for
# bench/spec-package-corpus.py --trunk-json: from the row's CDN URL, else from raw.githubusercontent.com at the
# row's CocoaPods/Specs commit and path, else at the Specs repository's master. An existing file is kept (FORCE=1
# refetches it; if that fails the old copy stays). A folder re-created with FORCE=1 keeps its old .trunk/.
# The rows pin a version: Yams' row takes 5.0.6 for the corpus' 6.2.1 (the copy at hand came from a store without
# 6.x); where the CDN is reachable, point that row at 6.2.1 (path and URL) and refetch with FORCE=1.
#
# Files are checked out with a throw-away index (read-tree + checkout-index), not `git archive`, so
# export-ignore attributes drop nothing. From GitHub, each commit is fetched with --depth 1 (GitHub
# serves any reachable commit by id); if that is refused, the whole history is fetched. A blob that
# cannot be read (a mirror may omit large files) is named on stderr and left out.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: fetch.sh DIR (where the corpus goes, outside the repository)}
mkdir -p "$dir"
for table in corpus.tsv trunk.tsv; do
    [ -f "$dir/$table" ] || cp "$here/$table" "$dir/$table"
done
tsv=$dir/corpus.tsv
[ -f "$tsv" ] || { echo "fetch.sh: no $tsv" >&2; exit 64; }
work=$(mktemp -d "${TMPDIR:-/tmp}/spec-package-fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT

# gitdir and materialize (a tree with its submodules) are shared with the podspec corpus.
. "$here/../git-trees.sh"

grep -v '^#' "$tsv" | tail -n +2 | while IFS=$'\t' read -r pod folder podspec repo commit; do
    [ -n "$pod" ] || continue
    dest=$dir/$folder
    if [ -e "$dest" ] && [ -z "${FORCE:-}" ]; then
        echo "kept     $pod ($folder exists)"
        continue
    fi
    # Keep the trunk JSON (.trunk/) of a folder that is re-created.
    rm -rf "$work/kept-trunk"
    if [ -d "$dest/.trunk" ]; then mv "$dest/.trunk" "$work/kept-trunk"; fi
    rm -rf "$dest"
    gd=$(gitdir "$repo" "$commit" </dev/null)
    materialize "$gd" "$commit" "$dest" </dev/null
    if [ -d "$work/kept-trunk" ]; then mv "$work/kept-trunk" "$dest/.trunk"; fi
    [ -f "$dest/$podspec" ] || echo "fetch.sh: $pod: no $podspec in $folder" >&2
    echo "fetched  $pod ($repo $commit)"
done

# Trunk JSON for the rows of trunk.tsv (pod, folder, corpus version, trunk version, Specs path, Specs commit,
# CDN URL, note).
trunk_tsv=$dir/trunk.tsv
[ -f "$trunk_tsv" ] || exit 0
grep -v '^#' "$trunk_tsv" | tail -n +2 | while IFS=$'\t' read -r pod folder corpus_version version path specs_commit url note; do
    [ -n "$pod" ] || continue
    dest=$dir/$folder/.trunk/$pod.podspec.json
    if [ -f "$dest" ] && [ -z "${FORCE:-}" ]; then
        echo "kept     $pod trunk JSON $version (.trunk exists)"
        continue
    fi
    if [ ! -d "$dir/$folder" ]; then
        echo "fetch.sh: $pod: no folder $folder; trunk JSON not fetched" >&2
        continue
    fi
    mkdir -p "$dir/$folder/.trunk"
    got=
    for source in "$url" \
                  ${specs_commit:+"https://raw.githubusercontent.com/CocoaPods/Specs/$specs_commit/$path"} \
                  "https://raw.githubusercontent.com/CocoaPods/Specs/master/$path"; do
        if curl -fsSL --max-time 60 -o "$work/trunk.json" "$source" 2>/dev/null &&
           python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/trunk.json" 2>/dev/null; then
            mv "$work/trunk.json" "$dest"
            got=$source
            break
        fi
    done
    if [ -n "$got" ]; then
        echo "fetched  $pod trunk JSON $version ($got)"
    else
        echo "fetch.sh: $pod: trunk JSON $version not fetched from $url or GitHub" >&2
    fi
done
