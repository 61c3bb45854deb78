#!/usr/bin/env bash
# make dist: the Linux release archive, dist/compose-VERSION-linux-ARCH.tar.gz and its .sha256 (docs/releasing.md).
#
# The binary is a release build with the Swift runtime and Foundation linked in (--static-swift-stdlib),
# stripped; it needs no Swift on the machine that runs it, only the C libraries of docs/releasing.md
# (libgit2, libcurl, ...) as the distribution's packages. Beside it: the shell completions and the manual
# page when there is one (`make dist` runs `make man` first where the Makefile has that target).
#
# Environment: SWIFT (default swift), DIST_SCRATCH (the build folder, default .build-dist: a static build
# of its own, so that it never invalidates the everyday .build), MAN_PAGE (default: compose.1, man/compose.1,
# docs/compose.1 or .build/man/compose.1, the one `make man` writes), SOURCE_DATE_EPOCH (the
# archive's timestamps; default the last commit's date, so the same commit gives the same archive bytes).
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
scratch=${DIST_SCRATCH:-.build-dist}
version=$(sed -n 's/.*static let current = "\([^"]*\)".*/\1/p' Sources/Support/ComposeVersion.swift)
[ -n "$version" ] || { echo "dist: no version in Sources/Support/ComposeVersion.swift" >&2; exit 1; }
arch=$(uname -m)
name="compose-$version-linux-$arch"
build=("$swift" build -c release --static-swift-stdlib --scratch-path "$scratch" --product compose)

echo "== ${build[*]}"
start=$(date +%s)
"${build[@]}"
echo "built in $(($(date +%s) - start)) s"
binary="$("${build[@]}" --show-bin-path)/compose"

stage="dist/$name"
rm -rf "$stage" "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
mkdir -p "$stage/completions"
strip --strip-all -o "$stage/compose" "$binary"
chmod 0755 "$stage/compose"

# A binary that reaches into the toolchain's folder would run here and nowhere else: no library search
# path but its own folder ($ORIGIN, which the Swift driver always writes), and none of the Swift
# runtime's libraries (nor Foundation's ICU, which the Ruby module names) among the libraries it loads.
dynamic=$(readelf -d "$stage/compose")
if grep -E '\((RPATH|RUNPATH)\)' <<<"$dynamic" | grep -v 'path: \[\$ORIGIN\]$'; then
    echo "dist: the binary carries a library search path (above); it must load only system libraries." >&2
    exit 1
fi
needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' <<<"$dynamic")
if grep -E 'swift|Foundation|dispatch|BlocksRuntime' <<<"$needed"; then
    echo "dist: the binary loads the Swift runtime's libraries (above) instead of carrying them." >&2
    exit 1
fi

"$stage/compose" --generate-completion-script bash >"$stage/completions/compose.bash"
"$stage/compose" --generate-completion-script zsh >"$stage/completions/_compose"
"$stage/compose" --generate-completion-script fish >"$stage/completions/compose.fish"
man_page=${MAN_PAGE:-}
if [ -z "$man_page" ]; then
    for candidate in compose.1 man/compose.1 docs/compose.1 .build/man/compose.1; do
        [ -f "$candidate" ] && man_page=$candidate && break
    done
fi
if [ -n "$man_page" ] && [ -f "$man_page" ]; then
    echo "manual page: $man_page"
    install -m 0644 "$man_page" "$stage/compose.1"
else
    echo "manual page: none (no compose.1; the archive goes without one)"
fi
install -m 0644 docs/releasing.md "$stage/README.md"

epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C dist -cf - "$name" | gzip -9n >"dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")

echo "== dist/$name.tar.gz ($(du -k "dist/$name.tar.gz" | cut -f1) KiB; compose $(du -k "$stage/compose" | cut -f1) KiB unpacked)"
tar -tzf "dist/$name.tar.gz" | sed 's/^/  /'
echo "libraries it loads: $(tr '\n' ' ' <<<"$needed")"
cat "dist/$name.tar.gz.sha256"
