#!/usr/bin/env bash
# The HTTP attacks of the security round, each against the built compose (`compose info Pay --source
# URL`), with the wall time, CPU time and peak memory of the whole command and its exit code. The
# figures are in docs/DESIGN.md's security section. Needs python3; run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
COMPOSE=${COMPOSE:-.build/debug/compose}
PORT=${PORT:-18765}
work=$(mktemp -d)
python3 bench/hostile-http.py "$PORT" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
sleep 1.5
printf '| attack | exit | wall s | CPU s | peak RSS MiB | message bytes |\n|---|---|---|---|---|---|\n'
for attack in endless huge bomb slowloris stall; do
  COMPOSE_HOME="$work/home-$attack" COMPOSE_NETWORK_TIMEOUT=${TIMEOUT:-5} \
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" \
    "$COMPOSE" info Pay --source "http://127.0.0.1:$PORT/$attack/" >"$work/out" 2>"$work/err" && code=0 || code=$?
  read -r wall user sys rss < <(tail -n 1 "$work/time")
  cpu=$(python3 -c "print(round($user + $sys, 2))")
  printf '| %s | %s | %s | %s | %s | %s |\n' "$attack" "$code" "$wall" "$cpu" "$((rss / 1024))" "$(wc -c <"$work/err")"
  cached=$(find "$work/home-$attack" -type f -name '*.txt' 2>/dev/null | wc -l)
  [ "$cached" -eq 0 ] || echo "  $attack: $cached index files were cached"
done
