#!/usr/bin/env python3
"""Writes a spec repo of COUNT specs (Name/version/Name.podspec.json) into OUT, for benchmarks.

Usage: bench/gen-spec-repo.py COUNT OUT [VERSIONS]
       bench/gen-spec-repo.py --conflicting PODS OUT [TOP [SEED]]
Pods get VERSIONS versions each (default 10); every spec lints clean: a mix of plain specs, specs with subspecs and
default_subspecs, per-platform blocks, and `~>` dependencies on earlier pods.

With --conflicting: PODS pods in 12 layers, each with 12 versions (majors 1-4, minors 0-2), where the
newest versions do not fit, so that the solver tries several candidates per pod. Each pod has a
working major (2, 3 or 4); its versions of a newer major need, of each dependency, the major after
that dependency's working one, and a pod of the lowest layer needs iOS 17.0 in its newer majors (the
project targets 15.0): every version newer than the working major fails, after its dependencies'
candidates were tried. Versions of the working major or older need each dependency's working major
(`~> M.0`). Writes OUT/specs (the repo), OUT/App/Composefile (TOP top-level pods of the highest
layers, `>= 1.0`, default 40; the first line, `source`, is to be replaced) and OUT/graph.json
({pod: {version: {dependency: requirement}}}), from which bench/latency.sh computes the
critical-path bound.
"""
import json
import os
import random
import sys


def conflicting(pods, out, top, seed):
    rng = random.Random(seed)
    layers = 12
    names = [f"Conflict{i:05d}" for i in range(pods)]
    layer_of = [i * layers // pods for i in range(pods)]
    first_of = {}
    for i, layer in enumerate(layer_of):
        first_of.setdefault(layer, i)
    working = [rng.choices([2, 3, 4], weights=[15, 35, 50])[0] for _ in names]
    graph = {}
    for i, name in enumerate(names):
        layer = layer_of[i]
        dependencies = []
        if layer > 0:
            below = range(first_of[layer - 1], first_of[layer])
            dependencies.append(rng.choice(below))
            for _ in range(rng.randint(0, 2)):
                dependencies.append(rng.randrange(0, first_of[layer]))
        dependencies = sorted(set(dependencies))
        graph[name] = {}
        for major in range(1, 5):
            for minor in range(3):
                version = f"{major}.{minor}.0"
                newer = major > working[i]
                needs = {names[d]: f"~> {working[d] + 1 if newer else working[d]}.0" for d in dependencies}
                graph[name][version] = needs
                spec = {
                    "name": name, "version": version, "summary": f"{name}, a generated component.",
                    "homepage": f"https://git.example.com/ios/{name}", "license": {"type": "MIT"},
                    "authors": {"Bench": "bench@example.invalid"},
                    "source": {"git": f"https://git.example.com/ios/{name}.git", "tag": version},
                    "platforms": {"ios": "17.0" if newer and layer == 0 else "13.0"},
                    "source_files": f"Sources/{name}/**/*.swift",
                    "dependencies": {d: [r] for d, r in needs.items()},
                }
                folder = os.path.join(out, "specs", name, version)
                os.makedirs(folder, exist_ok=True)
                with open(os.path.join(folder, name + ".podspec.json"), "w") as f:
                    f.write(json.dumps(spec, indent=2) + "\n")
    with open(os.path.join(out, "graph.json"), "w") as f:
        json.dump(graph, f)
    os.makedirs(os.path.join(out, "App"), exist_ok=True)
    chosen = names[-top:]
    with open(os.path.join(out, "App", "Composefile"), "w") as f:
        f.write("source '../specs'\nplatform :ios, '15.0'\n\ntarget 'App' do\n")
        f.writelines(f"  pod '{name}', '>= 1.0'\n" for name in chosen)
        f.write("end\n")
    print(f"wrote {pods} conflicting pods of 12 versions, {len(chosen)} top-level, into {out}")


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "--conflicting":
        top = int(sys.argv[4]) if len(sys.argv) > 4 else 40
        seed = int(sys.argv[5]) if len(sys.argv) > 5 else 7
        return conflicting(int(sys.argv[2]), sys.argv[3], top, seed)
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
