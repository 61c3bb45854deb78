#!/usr/bin/env bash
# make dist-check: the release archive met as a user meets it. A fresh Debian 12 (bookworm) root made with
# debootstrap, no Swift in it, only the runtime packages that docs/releasing.md names installed with
# apt-get; the archive checked against its .sha256 and unpacked there; then, inside the root (chroot),
# `compose --version`, `compose repo lint` of spec-repo-fixture and `compose resolve` of demo/Composefile
# against it.
#
# Slow (a debootstrap the first time, apt-get every time) and needs root and the network, so it is not
# part of `make test` or CI; run it before publishing an archive (docs/releasing.md).
#
#   scripts/dist-check.sh [ARCHIVE]     default: the newest dist/compose-*-linux-ARCH.tar.gz
#
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian), DIST_CHECK_CACHE (where the pristine
# root is kept between runs, default ~/.cache/compose-dist-check; each run works in a copy of it).
set -euo pipefail
cd "$(dirname "$0")/.."

suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${DIST_CHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/compose-dist-check}

fail() {
    echo "dist-check: $1" >&2
    exit "${2:-1}"
}

archive=${1:-$(ls -t dist/compose-*-linux-"$(uname -m)".tar.gz 2>/dev/null | head -1 || true)}
[ -n "$archive" ] && [ -f "$archive" ] || fail "no archive: run make dist first, or name one." 1
[ "$(id -u)" = 0 ] || fail "debootstrap and chroot need root: run it as root (sudo -E $0)." 3
for tool in debootstrap chroot curl; do
    command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install debootstrap curl)." 3
done

(cd "$(dirname "$archive")" && sha256sum --check --quiet "$(basename "$archive").sha256") ||
    fail "$archive does not match its .sha256." 1

# The packages a user installs, as docs/releasing.md tells them: the line that ends in "# runtime packages".
packages=$(sed -n 's/^ *apt-get install \(.*\) *# runtime packages.*/\1/p' docs/releasing.md | head -1)
read -r -a words <<<"${packages//--no-install-recommends/}"
packages="${words[*]}"
[ -n "${packages// /}" ] || fail "docs/releasing.md names no runtime packages (a line 'apt-get install … # runtime packages')." 1

curl -fsS --max-time 30 -o /dev/null "$mirror/dists/$suite/Release" ||
    fail "the Debian mirror $mirror does not answer (DEBIAN_MIRROR=… to use another)." 3

base="$cache/$suite-base"
if [ ! -e "$base/.complete" ]; then
    echo "== debootstrap --variant=minbase $suite (once; kept in $base)"
    rm -rf "$base.partial"
    mkdir -p "$cache"
    debootstrap --variant=minbase "$suite" "$base.partial" "$mirror"
    rm -rf "$base"
    mv "$base.partial" "$base"
    touch "$base/.complete"
fi

root=$(mktemp -d "$cache/run.XXXXXX")
cleanup() {
    mountpoint -q "$root/proc" && umount "$root/proc"
    mountpoint -q "$root/dev" && umount "$root/dev"
    rm -rf "$root"
}
trap cleanup EXIT
cp -a "$base/." "$root/"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"

in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 "$@"; }

echo "== apt-get install $packages"
in_root apt-get update -qq
# shellcheck disable=SC2086 # the package list is words
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null
in_root sh -c '! command -v swift && ! ls -d /usr/lib/swift /opt/swift 2>/dev/null' >/dev/null ||
    fail "the root has Swift in it: the check would prove nothing." 1

mkdir -p "$root/opt/compose" "$root/work/ShopApp"
tar -xzf "$archive" -C "$root/opt/compose" --strip-components=1
ln -s /opt/compose/compose "$root/usr/local/bin/compose"
cp -R spec-repo-fixture "$root/work/spec-repo-fixture"
cp demo/Composefile "$root/work/ShopApp/Composefile"

echo "== in the root: libraries the binary loads"
in_root ldd /opt/compose/compose | sed 's/^/  /'
if in_root ldd /opt/compose/compose | grep -q 'not found'; then
    fail "a library the binary needs is not installed by the packages docs/releasing.md names." 1
fi

echo "== in the root: compose --version"
version=$(in_root compose --version)
echo "  $version"
expected=$(basename "$archive" | sed 's/^compose-\(.*\)-linux-.*/\1/')
[ "$version" = "$expected" ] || fail "compose --version says $version, the archive's name $expected." 1

echo "== in the root: compose repo lint /work/spec-repo-fixture"
in_root compose repo lint /work/spec-repo-fixture | tail -1 | tee "$root/lint.out" | sed 's/^/  /'
grep -q 'Passed\.' "$root/lint.out" || fail "repo lint did not pass on the fixture." 1

echo "== in the root: compose resolve --project /work/ShopApp"
in_root compose resolve --project /work/ShopApp | sed 's/^/  /'
grep -q '^  - Account (2\.' "$root/work/ShopApp/Compose.lock" || fail "Compose.lock does not lock Account 2.x." 1
echo "  Compose.lock:$(grep -m1 '^  - Account (' "$root/work/ShopApp/Compose.lock")"

echo "== in the root: the completions and the manual page"
in_root bash -c 'source /opt/compose/completions/compose.bash && complete -p compose' | sed 's/^/  /'
if [ -f "$root/opt/compose/compose.1" ]; then
    in_root sh -c 'test -s /opt/compose/compose.1' && echo "  compose.1 present"
fi
echo "dist-check: $(basename "$archive") runs in a fresh Debian $suite with: $packages"
