#!/usr/bin/env bash
# Serves ROOT with nginx on 127.0.0.1 at a free port, everything nginx writes (pid, logs, temporary
# files, the generated nginx.conf) inside WORK; access.log has one `METHOD PATH STATUS` line per
# request. Prints `PORT PID` once nginx listens; stop it with `kill PID`.
#
#   scripts/serve-static.sh ROOT WORK
set -euo pipefail
root=$(cd "$1" && pwd)
mkdir -p "$2/tmp"
work=$(cd "$2" && pwd)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/nginx.conf" <<CONF
daemon off;
master_process off;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 256; }
http {
    log_format compose '\$request_method \$uri \$status';
    access_log $work/access.log compose;
    client_body_temp_path $work/tmp;
    proxy_temp_path $work/tmp;
    fastcgi_temp_path $work/tmp;
    uwsgi_temp_path $work/tmp;
    scgi_temp_path $work/tmp;
    types { application/json json; text/plain txt yml; text/html html; text/css css; application/javascript js; image/svg+xml svg; }
    server { listen 127.0.0.1:$port; root $root; etag on; }
}
CONF
: >"$work/access.log"
/usr/sbin/nginx -p "$work" -e "$work/error.log" -c "$work/nginx.conf" </dev/null >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port $pid"; exit 0; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
kill "$pid" 2>/dev/null || true
echo "serve-static: nginx did not start: $(cat "$work/error.log" 2>/dev/null)" >&2
exit 3
