# Helpers shared by the benchmark scripts (sourced, not run).

# release_compose: COMPOSE as the caller gave it, else the release build of compose (built first).
release_compose() {
    [ -n "${COMPOSE:-}" ] && return
    swift build -c release --product compose >&2
    COMPOSE="$(swift build -c release --product compose --show-bin-path)/compose"
}

# median: the median of the numbers on standard input, one a line.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# ms CMD...: milliseconds of one whole run of CMD (process start to exit), its output kept in
# $out/stdout and $out/stderr; a failure prints its errors and stops the bench.
ms() {
    local start end
    start=$(date +%s%N)
    "$@" >"$out/stdout" 2>"$out/stderr" || { cat "$out/stderr" >&2; exit 1; }
    end=$(date +%s%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
}
