#!/usr/bin/env bash
# `compose integrate` on the largest project of the Xcode corpus, run by `make bench`: the app APP
# (default youknowsthevies/My-Wallet-V3-iOS: Blockchain.xcodeproj, 2,025,420 bytes, 24 native
# targets, 6 of them integrated by CocoaPods, objectVersion 52), its files taken at the corpus's
# commit by bench/xcode-corpus/fetch.sh (its rows only) into bench/out/xcode-files. Medians of RUNS
# (default 11) whole commands (process start to exit), each on a fresh copy of the app's folder:
#   - `compose --version` (starting the process);
#   - `compose deintegrate` (CocoaPods taken out);
#   - `compose integrate` (CocoaPods taken out, Composed linked into every target);
#   - `compose integrate` again (nothing to change).
# Target: `compose integrate` under 0.5 s. Prints a Markdown table and writes it into
# docs/benchmarks.md as the section between the `bench/xcode.sh` markers (added at the end the
# first time).
#
#   APP=owner/name  an app of bench/xcode-corpus/corpus.tsv
#   RUNS=N          runs per figure (default 11)
#   DOCS=0          print only; leave docs/benchmarks.md alone
#   COMPOSE=path/to/compose (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
app=${APP:-youknowsthevies/My-Wallet-V3-iOS}
runs=${RUNS:-11}
out=$root/bench/out/xcode
rm -rf "$out"
mkdir -p "$out"
source bench/lib.sh
release_compose


files=$root/bench/out/xcode-files
awk -F'\t' -v app="$app" 'NR == 1 || $1 == app' bench/xcode-corpus/corpus.tsv >"$out/corpus.tsv"
[ "$(wc -l <"$out/corpus.tsv")" -gt 1 ] || { echo "bench/xcode.sh: $app is not in bench/xcode-corpus/corpus.tsv" >&2; exit 64; }
rm -f "$files/corpus.tsv"
bench/podfile-corpus/fetch.sh "$files" "$out/corpus.tsv" >&2
source_dir=$files/${app/\//+}
podfile=$(awk -F'\t' '$5 == "podfile" { print $3; exit }' "$out/corpus.tsv")
pbxproj=$(awk -F'\t' '$5 == "project" { print $3; exit }' "$out/corpus.tsv")
bytes=$(wc -c <"$source_dir/$pbxproj")
targets=$(grep -c 'isa = PBXNativeTarget;' "$source_dir/$pbxproj")

# fresh: a new copy of the app's folder at $out/app; its Podfile's folder printed. Composed/ (which
# install writes from the pods, and integrate links) is stood in for by a manifest offering a product
# per Xcode target, made once.
python3 bench/xcode-corpus/stand-in-composed.py "$source_dir/$(dirname "$podfile")"
fresh() {
    rm -rf "$out/app"
    cp -a "$source_dir" "$out/app"
    echo "$out/app/$(dirname "$podfile")"
}
version=() deintegrate=() integrate=() again=()
for _ in $(seq "$runs"); do
    version+=("$(ms "$COMPOSE" --version)")
    dir=$(fresh)
    deintegrate+=("$(ms "$COMPOSE" deintegrate --project "$dir")")
    dir=$(fresh)
    integrate+=("$(ms "$COMPOSE" integrate --project "$dir")")
    cp "$out/app/$pbxproj" "$out/first.pbxproj"
    again+=("$(ms "$COMPOSE" integrate --project "$dir")")
    cmp -s "$out/app/$pbxproj" "$out/first.pbxproj" || { echo "bench/xcode.sh: a second integrate changed the project" >&2; exit 1; }
done
integrate_median=$(printf '%s\n' "${integrate[@]}" | median)
table=$(cat <<EOF
Whole commands on $app's \`$pbxproj\` ($(python3 -c "print(f'{$bytes:,}')") bytes, $targets native targets), each on
a fresh copy, medians of $runs:

| \`compose --version\` | \`compose deintegrate\` | **\`compose integrate\`** | \`compose integrate\` again (no change) |
|---|---|---|---|
| $(printf '%s\n' "${version[@]}" | median) ms | $(printf '%s\n' "${deintegrate[@]}" | median) ms | **$integrate_median ms** | $(printf '%s\n' "${again[@]}" | median) ms |

Target: \`compose integrate\` of the largest corpus project under 500 ms.
EOF
)
echo "$table"

if [ "${DOCS:-1}" != 0 ]; then
    echo "$table" | python3 bench/doc_section.py "$root/docs/benchmarks.md" bench/xcode.sh \
        "\`compose integrate\` on the largest Xcode project of the corpus ($(date -u +%Y-%m-%d))"
fi
rm -rf "$out/app"
awk -v t="$integrate_median" 'BEGIN { exit !(t < 500) }' || { echo "bench/xcode.sh: compose integrate took $integrate_median ms, over 500 ms" >&2; exit 1; }
