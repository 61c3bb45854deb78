#!/usr/bin/env bash
# Writes, for every podspec of corpus.tsv that CocoaPods read "in the tag's tree" (it reads files,
# globs or package.json of its checkout), that commit's tree with its submodules into TREES_DIR/NAME/,
# so that `TREES_DIR=… bench/podspec-corpus.py` reads each of them where CocoaPods did.
#
#   bench/podspec-corpus/trees.sh CORPUS_TSV TREES_DIR
#
# Environment: MIRRORS=/work/.mirror   bare mirrors laid out as OWNER+NAME/repo (else GitHub)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tsv=${1:?usage: trees.sh CORPUS_TSV TREES_DIR}
dir=${2:?usage: trees.sh CORPUS_TSV TREES_DIR}
mkdir -p "$dir"
work=$(mktemp -d "${TMPDIR:-/tmp}/podspec-trees.XXXXXX")
trap 'rm -rf "$work"' EXIT
. "$here/../git-trees.sh"

tail -n +2 "$tsv" | while IFS=$'\t' read -r file repo tag commit path oracle; do
    case "$oracle" in *"in the tag's tree"*) ;; *) continue ;; esac
    target=$dir/${file%.podspec}
    [ -d "$target" ] && [ -z "${FORCE:-}" ] && continue
    rm -rf "$target"
    if gd=$(gitdir "$repo" "$commit" </dev/null) && git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null; then
        materialize "$gd" "$commit" "$target" </dev/null
        echo "tree     $file ($repo $commit)"
    else
        echo "trees.sh: $file: commit $commit of $repo not found" >&2
    fi
done
