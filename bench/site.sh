#!/usr/bin/env bash
# The web catalogue, run by `make bench`: `compose repo export --site` of a generated spec repo of
# 5,000 pods (50,000 specs, one git commit, so every version has a date), release build. Times the
# CDN export alone and with --site, each into an empty folder, then the same with nothing new;
# the site's share is the difference (the site is written after the CDN files, in the same run). Medians of RUNS runs (default 3). Prints a Markdown table;
# artefacts go to bench/out/site/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$PWD/bench/out/site
runs=${RUNS:-3}
swift build -c release --product compose >&2
compose=$(swift build -c release --show-bin-path)/compose
if [ ! -d "$out/specs/.git" ]; then
    rm -rf "$out/specs" && mkdir -p "$out"
    python3 bench/gen-spec-repo.py 50000 "$out/specs" >&2
    git -C "$out/specs" init -q -b main
    git -C "$out/specs" add -A
    git -C "$out/specs" -c user.name=bench -c user.email=bench@example.com commit -q -m "50,000 specs"
fi
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
# seconds CMD...: the wall time of one run.
seconds() {
    /usr/bin/time -f '%e' -o "$out/time" "$@" >/dev/null 2>"$out/stderr"
    tail -1 "$out/time"
}
cold_cdn=() cold_site=() warm_cdn=() warm_site=()
for _ in $(seq "$runs"); do
    rm -rf "$out/www-cdn" "$out/www-site"
    cold_cdn+=("$(seconds "$compose" repo export "$out/specs" "$out/www-cdn")")
    cold_site+=("$(seconds "$compose" repo export "$out/specs" "$out/www-site" --site)")
    warm_cdn+=("$(seconds "$compose" repo export "$out/specs" "$out/www-cdn")")
    warm_site+=("$(seconds "$compose" repo export "$out/specs" "$out/www-site" --site)")
done
cdn=$(printf '%s\n' "${cold_cdn[@]}" | median)
site=$(printf '%s\n' "${cold_site[@]}" | median)
warm=$(printf '%s\n' "${warm_site[@]}" | median)
warm_plain=$(printf '%s\n' "${warm_cdn[@]}" | median)
pages=$(find "$out/www-site/site/pods" -name '*.html' | wc -l)
echo
echo "## The web catalogue: 5,000 pods, 50,000 specs (bench/site.sh, $(date -u +%Y-%m-%d))"
echo
echo "| what | seconds |"
echo "|---|---|"
echo "| \`repo export\` (CDN files only), empty output | $cdn |"
echo "| \`repo export --site\`, empty output ($pages pod pages) | $site |"
echo "| the site's share (difference) | $(awk "BEGIN { printf \"%.2f\", $site - $cdn }") |"
echo "| \`repo export\` again, nothing new (CDN files only) | $warm_plain |"
echo "| \`repo export --site\` again, nothing new | $warm |"
echo "| the site's share (difference) | $(awk "BEGIN { printf \"%.2f\", $warm - $warm_plain }") |"
