#!/usr/bin/env python3
"""Writes a spec repo of COUNT specs (Name/version/Name.podspec.json) into OUT, for benchmarks.

Usage: bench/gen-spec-repo.py COUNT OUT [VERSIONS]
Pods get VERSIONS versions each (default 10); every spec lints clean: a mix of plain specs, specs with subspecs and
default_subspecs, per-platform blocks, and `~>` dependencies on earlier pods.
"""
import json
import os
import sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    count, out = int(sys.argv[1]), sys.argv[2]
    versions_per_pod = int(sys.argv[3]) if len(sys.argv) == 4 else 10
    pods = (count + versions_per_pod - 1) // versions_per_pod
    written = 0
    for p in range(pods):
        name = f"Component{p:05d}"
        for v in range(versions_per_pod):
            if written == count:
                break
            version = f"{1 + v // 4}.{v % 4}.{v % 3}"
            spec = {
                "name": name,
                "version": version,
                "summary": f"{name}: a generated component for benchmarks.",
                "description": f"{name} is generated to measure how fast a spec repository of many specs is linted.",
                "homepage": f"https://git.example.com/ios/{name}",
                "license": {"type": "MIT", "file": "LICENSE"},
                "authors": {"Bench Team": "bench@example.com"},
                "source": {"git": f"https://git.example.com/ios/{name}.git", "tag": version},
                "platforms": {"ios": "13.0", "osx": "10.15"},
                "swift_versions": ["5.9"],
            }
            deps = {}
            if p > 0:
                deps[f"Component{(p * 7) % p:05d}"] = ["~> 1.0"]
            if p > 1:
                deps[f"Component{(p * 13) % (p - 1):05d}"] = [">= 1.0", "< 4.0"]
            if p % 3 == 0:
                spec["default_subspecs"] = ["Core"]
                spec["subspecs"] = [
                    {"name": "Core", "source_files": f"Sources/{name}/Core/**/*.swift", "dependencies": deps,
                     "ios": {"frameworks": ["UIKit"]}, "osx": {"frameworks": ["AppKit"]}},
                    {"name": "Testing", "source_files": f"Sources/{name}/Testing/**/*.swift",
                     "dependencies": {f"{name}/Core": []}},
                ]
            else:
                spec["source_files"] = f"Sources/{name}/**/*.swift"
                if deps:
                    spec["dependencies"] = deps
                spec["ios"] = {"frameworks": ["UIKit"]}
            folder = os.path.join(out, name, version)
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, name + ".podspec.json"), "w") as f:
                f.write(json.dumps(spec, indent=2) + "\n")
            written += 1
    print(f"wrote {written} specs of {pods} components into {out}")


main()
