# Shared by the corpus scripts (sourced): a commit's tree written out as plain files, with its git
# submodules filled in at the commits the tree records, from bare mirrors (MIRRORS=/work/.mirror, laid
# out as OWNER+NAME/repo) or GitHub. The caller sets `work` (a scratch folder it removes).

# gitdir OWNER/NAME COMMIT: prints a git directory that holds COMMIT.
gitdir() {
    local repo=$1 commit=$2 mirror
    if [ -n "${MIRRORS:-}" ]; then
        mirror=$MIRRORS/${repo/\//+}/repo
        if [ -d "$mirror" ] && git --git-dir="$mirror" cat-file -e "$commit^{commit}" 2>/dev/null; then
            echo "$mirror"; return
        fi
        echo "corpus: no mirror of $repo holding $commit under $MIRRORS; using GitHub" >&2
    fi
    local cache=$work/${repo/\//+}.git
    if [ ! -d "$cache" ]; then
        git init --quiet --bare "$cache"
    fi
    if ! git --git-dir="$cache" cat-file -e "$commit^{commit}" 2>/dev/null; then
        git --git-dir="$cache" fetch --quiet --depth 1 "https://github.com/$repo" "$commit" 2>/dev/null \
            || git --git-dir="$cache" fetch --quiet "https://github.com/$repo" '+refs/heads/*:refs/heads/*' '+refs/tags/*:refs/tags/*'
    fi
    echo "$cache"
}

# materialize GITDIR COMMIT DEST: DEST becomes the tree of COMMIT, submodules included.
materialize() {
    local gd=$1 commit=$2 dest=$3 index
    index=$(mktemp "$work/index.XXXXXX")
    mkdir -p "$dest"
    GIT_INDEX_FILE=$index git --git-dir="$gd" read-tree "$commit"
    # A blob the mirror lacks (some mirrors omit large files) is reported and skipped.
    if ! GIT_INDEX_FILE=$index git --git-dir="$gd" --work-tree="$dest" checkout-index --all --force 2>"$work/errors"; then
        sed -nE "s#^error: unable to read sha1 file of (.*) \(.*#corpus: $dest: blob of \1 missing; left out#p" "$work/errors" >&2
        grep -v '^error: unable to read sha1 file of' "$work/errors" >&2 || true
    fi
    rm -f "$index"
    # Submodules: gitlinks (mode 160000) in the tree, their URLs in the commit's .gitmodules.
    git --git-dir="$gd" ls-tree -r "$commit" | awk -F'\t' '$1 ~ /^160000 commit /{split($1, a, " "); print a[3] "\t" $2}' |
    while IFS=$'\t' read -r sub path; do
        local name url sub_repo
        git --git-dir="$gd" show "$commit:.gitmodules" > "$work/gitmodules" 2>/dev/null || : > "$work/gitmodules"
        name=$(git config --file "$work/gitmodules" --get-regexp '^submodule\..*\.path$' |
               awk -v p="$path" '$2 == p {print $1}' | sed -e 's/^submodule\.//' -e 's/\.path$//' | head -1)
        url=$( [ -n "$name" ] && git config --file "$work/gitmodules" --get "submodule.$name.url" || true)
        sub_repo=$(printf '%s' "$url" | sed -nE 's#^(https://|git@|ssh://git@)github\.com[:/]([^/]+/[^/]+)$#\2#p' | sed 's/\.git$//')
        if [ -z "$sub_repo" ]; then
            echo "corpus: submodule $path of $dest has no GitHub URL ($url); left empty" >&2
            continue
        fi
        local sub_gd
        if sub_gd=$(gitdir "$sub_repo" "$sub" </dev/null) && git --git-dir="$sub_gd" cat-file -e "$sub^{commit}" 2>/dev/null; then
            materialize "$sub_gd" "$sub" "$dest/$path" </dev/null
        else
            echo "corpus: submodule $path ($sub_repo $sub) of $dest not found; left empty" >&2
        fi
    done
}

