#!/usr/bin/env python3
"""Components for the registry benchmark: COUNT SwiftPM packages, each a bare git repository with
RELEASES tagged releases (1.0.0, 1.1.0, ...), made with git fast-import, and a spec repo folder
naming them by BASE_URL/Name.git. Component k depends on components k-1 and k//2 (when they exist),
by git URL in its Package.swift and by name in its spec.

usage: gen-components.py COUNT RELEASES BASE_URL OUT   (writes OUT/remotes and OUT/specs)
"""
import json
import os
import subprocess
import sys


def name(k):
    return "Comp%03d" % k


def dependencies(k):
    return sorted({d for d in (k - 1, k // 2) if 0 <= d < k})


def main():
    count, releases, base, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].rstrip("/"), sys.argv[4]
    os.makedirs(os.path.join(out, "remotes"), exist_ok=True)
    os.makedirs(os.path.join(out, "specs"), exist_ok=True)
    for k in range(count):
        n = name(k)
        deps = [name(d) for d in dependencies(k)]
        bare = os.path.join(out, "remotes", n + ".git")
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", bare], check=True)
        stream = []
        for r in range(releases):
            version = "1.%d.0" % r
            manifest = (
                "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n"
                f'    name: "{n}",\n    platforms: [.macOS(.v10_15)],\n'
                f'    products: [.library(name: "{n}", targets: ["{n}"])],\n'
                "    dependencies: [" + ", ".join(f'.package(url: "{base}/{d}.git", from: "1.0.0")' for d in deps) + "],\n"
                f'    targets: [.target(name: "{n}", dependencies: ['
                + ", ".join(f'.product(name: "{d}", package: "{d}")' for d in deps) + "])]\n)\n"
            )
            source = "".join(f"import {d}\n" for d in deps) + f'public enum {n} {{ public static let version = "{version}" }}\n'
            for index, data in ((1, manifest), (2, source)):
                raw = data.encode()
                stream.append(b"blob\nmark :%d\ndata %d\n" % (r * 10 + index, len(raw)) + raw + b"\n")
            message = f"{n} {version}".encode()
            stream.append(
                b"commit refs/heads/main\nmark :%d\ncommitter Bench <bench@example.com> %d +0000\ndata %d\n%s\n"
                % (r * 10 + 5, 1_700_000_000 + r * 60, len(message), message)
                + (b"from :%d\n" % ((r - 1) * 10 + 5) if r else b"")
                + b"M 100644 :%d Package.swift\nM 100644 :%d Sources/%s/%s.swift\n\n"
                % (r * 10 + 1, r * 10 + 2, n.encode(), n.encode())
            )
            stream.append(b"reset refs/tags/%s\nfrom :%d\n\n" % (version.encode(), r * 10 + 5))
            folder = os.path.join(out, "specs", n, version)
            os.makedirs(folder, exist_ok=True)
            spec = {
                "name": n, "version": version, "summary": f"The {n} component.", "homepage": "https://example.com",
                "license": {"type": "MIT"}, "authors": {"Bench": "bench@example.com"},
                "source": {"git": f"{base}/{n}.git", "tag": version}, "platforms": {"osx": "10.15"},
                "source_files": "Sources/**/*.swift", "dependencies": {d: ["~> 1.0"] for d in deps},
            }
            with open(os.path.join(folder, n + ".podspec.json"), "w") as f:
                json.dump(spec, f, indent=2)
        subprocess.run(["git", "fast-import", "--quiet"], input=b"".join(stream), cwd=bare, check=True)


if __name__ == "__main__":
    main()
