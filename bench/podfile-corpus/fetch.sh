#!/usr/bin/env bash
# Recreates the corpus of bench/podfile-corpus.py from corpus.tsv: for every row
# (owner/name, commit, path, lines, kind) it writes DIR/OWNER+NAME/PATH, the file PATH as it is at
# COMMIT of github.com/OWNER/NAME. Rows of kind "helper" are files a Podfile `require_relative`s
# (WordPress-iOS' Gutenberg/*.rb), rows of kind "data" files a Podfile reads (.swiftlint.yml for
# YAML.load_file); both land at their repository paths, so the require or read finds them.
#
#   bench/podfile-corpus/fetch.sh DIR [TSV]   DIR: where the folders go, outside the repository
#                                             (TSV, default corpus.tsv beside this script, is
#                                             copied there as DIR/corpus.tsv)
#
# Environment:
#   MIRRORS=/work/.mirror     read bare mirrors at $MIRRORS/OWNER+NAME/repo (the default); a missing
#                             mirror, or one without the commit, falls back to GitHub
#   FORCE=1                   re-write files that already exist (default: keep them)
#
# From GitHub, each file is taken from raw.githubusercontent.com at the commit; if that fails, the
# commit is fetched with `git fetch --depth 1` (GitHub serves any reachable commit by id) and the
# file read from it. The check at the end compares each file's line count with the row's.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: fetch.sh DIR [TSV] (where the corpus goes, outside the repository)}
tsv=${2:-$here/corpus.tsv}
mirrors=${MIRRORS-/work/.mirror}
mkdir -p "$dir"
[ -f "$dir/corpus.tsv" ] || cp "$tsv" "$dir/corpus.tsv"
work=$(mktemp -d "${TMPDIR:-/tmp}/podfile-corpus-fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT

# show OWNER/NAME COMMIT PATH: prints the file's bytes.
show() {
    local repo=$1 commit=$2 path=$3 mirror cache
    mirror=$mirrors/${repo/\//+}/repo
    if [ -n "$mirrors" ] && [ -d "$mirror" ] && git --git-dir="$mirror" cat-file -e "$commit:$path" 2>/dev/null; then
        git --git-dir="$mirror" show "$commit:$path"; return
    fi
    if curl -fsSL --retry 2 "https://raw.githubusercontent.com/$repo/$commit/$path" 2>/dev/null; then
        return
    fi
    cache=$work/${repo/\//+}.git
    [ -d "$cache" ] || git init --quiet --bare "$cache"
    if ! git --git-dir="$cache" cat-file -e "$commit^{commit}" 2>/dev/null; then
        git --git-dir="$cache" fetch --quiet --depth 1 "https://github.com/$repo" "$commit"
    fi
    git --git-dir="$cache" show "$commit:$path"
}

failed=0
while IFS=$'\t' read -r repo commit path lines kind; do
    dest=$dir/${repo/\//+}/$path
    if [ -f "$dest" ] && [ -z "${FORCE:-}" ]; then
        continue
    fi
    mkdir -p "$(dirname "$dest")"
    if show "$repo" "$commit" "$path" > "$dest.part"; then
        mv "$dest.part" "$dest"
    else
        rm -f "$dest.part"
        echo "fetch.sh: could not get $repo $commit $path" >&2
        failed=1
    fi
    if [ -f "$dest" ] && [ "$(wc -l < "$dest")" != "$lines" ]; then
        echo "fetch.sh: $dest has $(wc -l < "$dest") lines, corpus.tsv says $lines" >&2
    fi
done < <(tail -n +2 "$dir/corpus.tsv")
exit $failed
