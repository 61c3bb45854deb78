#!/usr/bin/env bash
# Installs the system packages compose needs (Debian): libgit2-dev for the build, git (with
# git-daemon), nginx (HTTP spec sources) and openssl (the https tests' certificates) for the tests, graphviz
# for `compose graph --format svg|png`, groff (the manual page test), chromium, chromium-driver and python3-selenium for the
# catalogue's browser test (Tests/Browser).
# Idempotent: does nothing when they are present.
set -euo pipefail
need=()
pkg-config --exists libgit2 2>/dev/null || need+=(libgit2-dev pkg-config)
command -v git >/dev/null || need+=(git)
command -v zip >/dev/null || need+=(zip)
# unzip: SwiftPM extracts registry archives with it; curl: the registry tests' HTTP questions.
command -v unzip >/dev/null || need+=(unzip)
command -v curl >/dev/null || need+=(curl)
command -v dot >/dev/null || need+=(graphviz)
# groff: the manual page test reads the page as `man` does.
command -v groff >/dev/null || need+=(groff-base)
[ -x "$(git --exec-path 2>/dev/null)/git-daemon" ] || need+=(git-daemon-sysvinit)
[ -x /usr/sbin/nginx ] || need+=(nginx)
command -v openssl >/dev/null || need+=(openssl)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
/usr/bin/python3 -c 'import selenium' 2>/dev/null || need+=(python3-selenium)
if [ "${#need[@]}" -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
