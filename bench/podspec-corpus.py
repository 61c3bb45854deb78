#!/usr/bin/env python3
"""Converts a corpus of Ruby podspecs with `compose spec convert` and compares each result with the
JSON that CocoaPods printed for the same file (`pod ipc spec`).

    bench/podspec-corpus.py COMPOSE PODSPEC_DIR EXPECTED_DIR

EXPECTED_DIR holds NAME.podspec.json for every NAME.podspec that CocoaPods converted (none for a
file it refused). A NAME.podspec.env beside a podspec (KEY=VALUE lines) is the environment both
tools read it in (CocoaPods' JSON was made with the same). A podspec that corpus.tsv (beside the
podspecs) marks "in the tag's tree" read files of its checkout when CocoaPods converted it: next to
the flat copy those files are absent, so its result is counted apart ("needs its tree") unless
TREES_DIR/NAME/ holds the checkout with the podspec at its path (then compose reads it there). Keys are compared in order, values exactly. Prints one line per file and a
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
    trees = os.environ.get("TREES_DIR")
    in_tree = {}
    table = os.path.join(podspecs, "corpus.tsv")
    if os.path.exists(table):
        for row in open(table).read().splitlines()[1:]:
            cells = row.split("\t")
            if len(cells) >= 6 and "in the tag's tree" in cells[5]:
                in_tree[cells[0]] = cells[4]
    results = collections.Counter()
    for name in sorted(n for n in os.listdir(podspecs) if n.endswith(".podspec")):
        env = dict(os.environ)
        env_file = os.path.join(podspecs, name + ".env")
        if os.path.exists(env_file):
            for line in open(env_file).read().splitlines():
                if "=" in line:
                    key, value = line.split("=", 1)
                    env[key] = value
        path = os.path.join(podspecs, name)
        tree_path = trees and name in in_tree and os.path.join(trees, name[:-len(".podspec")], in_tree[name])
        if tree_path and os.path.exists(tree_path):
            path = tree_path
        run = subprocess.run([compose, "spec", "convert", path], capture_output=True, text=True, env=env)
        if name in in_tree and path == os.path.join(podspecs, name):
            ok = run.returncode == 0 and os.path.exists(os.path.join(expected, name + ".json")) and \
                ordered(run.stdout) == ordered(open(os.path.join(expected, name + ".json")).read())
            results["tree"] += 1
            results["tree-equal"] += ok
            print(f"needs its tree\t{name}\t{'equal anyway' if ok else 'not compared'}")
            continue
        oracle = os.path.join(expected, name + ".json")
        if run.returncode != 0 and not os.path.exists(oracle):
            results["both-refused"] += 1
            print(f"refused by both\t{name}")
        elif run.returncode != 0:
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
    total = results["equal"] + results["refused"] + results["wrong"] + results["both-refused"]
    print(f"{total} podspecs read alone: {results['equal']} converted equal to CocoaPods' JSON "
          f"({100 * results['equal'] / max(total, 1):.1f}%), {results['refused']} refused, "
          f"{results['wrong']} wrong, {results['both-refused']} refused by both; {results['tree']} need their tree "
          f"({results['tree-equal']} of them equal even without it)")
    sys.exit(1 if results["wrong"] else 0)


if __name__ == "__main__":
    main()
