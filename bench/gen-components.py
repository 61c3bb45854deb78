#!/usr/bin/env python3
"""Components for the registry benchmark: COUNT SwiftPM packages, each a bare git repository with
RELEASES tagged releases (1.0.0, 1.1.0, ...), made with git fast-import, and a spec repo folder
naming them by BASE_URL/Name.git. Component k depends on components k-1 and k//2 (when they exist),
by git URL in its Package.swift and by name in its spec.

usage: gen-components.py COUNT RELEASES BASE_URL OUT [--podspec-only] [--files N]
       (writes OUT/remotes and OUT/specs)

--podspec-only: no Package.swift in the trees (install generates one from each podspec), and a
README.md and LICENSE beside the sources, which the podspec does not name.
--files N: N Swift files in each component's sources (default 1).
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
    args = sys.argv[1:]
    podspec_only = "--podspec-only" in args
    args = [a for a in args if a != "--podspec-only"]
    files = 1
    if "--files" in args:
        at = args.index("--files")
        files = int(args[at + 1])
        del args[at : at + 2]
    if len(args) != 4:
        sys.exit(__doc__)
    count, releases, base, out = int(args[0]), int(args[1]), args[2].rstrip("/"), args[3]
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
            # The tree, path by path (blob marks: release r uses r * 1000 + 1 ...; its commit r * 1000 + 999).
            tree = [(f"Sources/{n}/{n}.swift", source)]
            for i in range(1, files):
                tree.append(
                    (f"Sources/{n}/{n}Part{i}.swift",
                     f"extension {n} {{\n    public static func part{i}(_ x: Int) -> Int {{ x * {i} + version.count }}\n}}\n")
                )
            if podspec_only:
                tree += [("README.md", f"# {n}\n\nA generated component.\n"), ("LICENSE", "MIT\n")]
            else:
                tree.insert(0, ("Package.swift", manifest))
            lines = b""
            for index, (path, data) in enumerate(tree, start=1):
                raw = data.encode()
                stream.append(b"blob\nmark :%d\ndata %d\n" % (r * 1000 + index, len(raw)) + raw + b"\n")
                lines += b"M 100644 :%d %s\n" % (r * 1000 + index, path.encode())
            message = f"{n} {version}".encode()
            stream.append(
                b"commit refs/heads/main\nmark :%d\ncommitter Bench <bench@example.com> %d +0000\ndata %d\n%s\n"
                % (r * 1000 + 999, 1_700_000_000 + r * 60, len(message), message)
                + (b"from :%d\n" % ((r - 1) * 1000 + 999) if r else b"")
                + lines + b"\n"
            )
            stream.append(b"reset refs/tags/%s\nfrom :%d\n\n" % (version.encode(), r * 1000 + 999))
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
