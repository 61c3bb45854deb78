#!/usr/bin/env python3
"""Converts a corpus of Ruby podspecs with `compose spec convert` and compares each result with the
JSON that CocoaPods printed for the same file (`pod ipc spec`).

    bench/podspec-corpus.py COMPOSE PODSPEC_DIR EXPECTED_DIR

EXPECTED_DIR holds NAME.podspec.json for every NAME.podspec that CocoaPods converted (none for a
file it refused). Keys are compared in order, values exactly. Prints one line per file and a
summary; exits 1 when a converted spec differs from CocoaPods' JSON or converts where CocoaPods
refused (a wrong conversion), 0 otherwise.
"""
import collections
import json
import os
import subprocess
import sys


def ordered(text):
    return json.loads(text, object_pairs_hook=lambda pairs: ("object", pairs))


def main():
    compose, podspecs, expected = sys.argv[1:4]
    results = collections.Counter()
    for name in sorted(n for n in os.listdir(podspecs) if n.endswith(".podspec")):
        run = subprocess.run([compose, "spec", "convert", os.path.join(podspecs, name)],
                             capture_output=True, text=True)
        oracle = os.path.join(expected, name + ".json")
        if run.returncode != 0:
            reason = run.stderr.strip().splitlines()[0] if run.stderr.strip() else "no message"
            results["refused"] += 1
            print(f"refused\t{name}\t{reason}")
        elif not os.path.exists(oracle):
            results["wrong"] += 1
            print(f"WRONG\t{name}\tconverted, but CocoaPods refused it")
        elif ordered(run.stdout) != ordered(open(oracle).read()):
            results["wrong"] += 1
            print(f"WRONG\t{name}\tdiffers from CocoaPods' JSON")
        else:
            results["equal"] += 1
            print(f"equal\t{name}")
    total = sum(results.values())
    print(f"{total} podspecs: {results['equal']} converted equal to CocoaPods' JSON "
          f"({100 * results['equal'] / max(total, 1):.1f}%), {results['refused']} refused, "
          f"{results['wrong']} wrong")
    sys.exit(1 if results["wrong"] else 0)


if __name__ == "__main__":
    main()
