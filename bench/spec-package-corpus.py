#!/usr/bin/env python3
"""Measures `compose spec package` against the Package.swift the pods' authors wrote.

    bench/spec-package-corpus.py COMPOSE CORPUS_DIR [--build] [--print] [--oracle-only] [--trunk-json]
                                 [--only POD,...] [--timeout SECONDS] [--build-timeout SECONDS]

CORPUS_DIR holds corpus.tsv (lines: pod, folder, podspec file relative to the folder, GitHub
owner/name, commit; `#` lines are comments, the line starting with `pod` is the header) and one
folder per pod: a plain working tree of the pod's repository at that commit, with the authors'
Package.swift (CORPUS_DIR/fetch.sh recreates it). For every pod:

  oracle  The folder is copied to a temp dir and `swift package describe --type json` runs there
          with the authors' manifest (SwiftPM picks Package.swift or a Package@swift-*.swift as it
          always does). The describe output is cached in CORPUS_DIR/.oracle/COMMIT.json (with the
          Swift version; another version re-runs it), so reruns are fast: delete the folder to
          refresh. A pod whose own manifest fails to describe is reported as `oracle-failed` and
          left out of every figure.
  ours    The folder is copied to another temp dir, every Package.swift and Package@swift-*.swift
          at its root is deleted, and `COMPOSE spec package PODSPEC --force` runs in it, writing
          Package.swift and whatever else it generates (the module.modulemap of an Objective-C
          module) into the copy. With --print, `COMPOSE spec package PODSPEC --print` runs instead and its stdout
          becomes Package.swift (then a manifest that names a generated file is an invalid layout).
          A non-zero exit, or neither a printed nor a written Package.swift, is `refused`. Then
          `swift package describe --type json` runs in the copy; its failure is `invalid-layout`.

Default products. The pod's module name is the podspec's module_name, else the pod name with every
character that is not a letter, digit or `_` replaced by `_` (and `_` put before a leading digit).
  authors': the library product named like the module (exactly, then ignoring case), else the one
            named like the pod, else the first library product with a target named like the module,
            else the library product whose file set overlaps ours most (the first listed on a tie;
            with no file set of ours, the first library product). The rule that chose it is
            printed (module, pod, target, overlap, first).
  ours:     the library product named like the module, else like the pod, else the first one listed.
A product's file set is the union, over its targets and the targets those depend on within the
package (transitively), of target path + each entry of the target's `sources`, relative to the
package root; a source that is a symbolic link counts as the file it points to. Only compiled sources are counted: .swift .m .mm .c .cc .cpp .cxx .c++ .s (any case);
headers are not (SwiftPM's `sources` of a C-family target lists no headers, and public headers are
not compiled units). Resources are not counted, nor are files of ours that the pod's folder lacks
(written by COMPOSE: they are named apart in the differences column).

Jaccard = |ours ∩ authors'| / |ours ∪ authors'| (1.0 when both are empty); a refused or
invalid-layout pod counts 0 in the "over all pods" figures.

--build also builds the default product with the authors' manifest and ours, each in its own copy
and scratch path (`swift build --target T` for each of the product's targets: SwiftPM refuses
--product for an automatic library), and reports the pods that build with theirs but not ours. Dependencies are resolved as SwiftPM does (network or git
URL rewrites); on Linux many pods build with neither (UIKit, AppKit).
--oracle-only fills the oracle cache (and reports failing manifests) without running COMPOSE.
--trunk-json: when COMPOSE refuses a pod's Ruby podspec and FOLDER/.trunk/POD.podspec.json exists (CocoaPods
trunk's JSON of the pod, what `pod ipc spec` prints; CORPUS_DIR/trunk.tsv says where each came from and
CORPUS_DIR/fetch.sh fetches them), ours runs again in a fresh copy with that file copied to the root as
POD.podspec.json and `COMPOSE spec package POD.podspec.json --force` (--print with --print); the pod's status
becomes ok-trunk, invalid-layout-trunk or refused-trunk, its module name is the JSON's module_name (else the pod
name made an identifier), and a trunk version other than the Ruby podspec's `version` is named in the differences
column. The summary then gives the figures twice: (a) as without the flag (a refused Ruby podspec counts as
refused), (b) with the trunk JSON standing in for the refused Ruby podspecs.
--only restricts the run to the named pods.

Every subprocess has a timeout (--timeout, default 300 s; builds --build-timeout, default 1200 s).
Prints one tab-separated line per pod:
    pod  status  jaccard  |ours|  |authors'|  products (ours | authors' [rule])  differences
(status: ok, refused, invalid-layout, oracle-failed, and with --trunk-json ok-trunk, invalid-layout-trunk,
refused-trunk; differences: the first paths only ours has (+)
and only the authors' have (-), or the reason of a refusal/failure), then a summary. Exits 0 unless
the script itself fails (2 for bad arguments or an unreadable corpus.tsv).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

COMPILED = {".swift", ".m", ".mm", ".c", ".cc", ".cpp", ".cxx", ".c++", ".s"}
SHOWN_DIFFERENCES = 3


class Pod:
    def __init__(self, name, folder, podspec, repo, commit):
        self.name, self.folder, self.podspec, self.repo, self.commit = name, folder, podspec, repo, commit


def read_corpus(corpus_dir):
    pods = []
    with open(os.path.join(corpus_dir, "corpus.tsv")) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#") or line.startswith("pod\t"):
                continue
            fields = line.split("\t")
            if len(fields) < 5:
                raise ValueError(f"corpus.tsv: expected 5 tab-separated fields: {line!r}")
            pods.append(Pod(*fields[:5]))
    return pods


def module_name(pod, folder, podspec=None):
    """The podspec's module_name, else the pod name made an identifier (as CocoaPods does). PODSPEC: a path
    relative to FOLDER (or absolute) read instead of the corpus row's podspec."""
    podspec = podspec or pod.podspec
    path = os.path.join(folder, podspec)
    declared = None
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
        if podspec.endswith(".json"):
            declared = json.loads(text).get("module_name")
        else:
            match = re.search(r"""^\s*\w+\.module_name\s*=\s*(['"])([^'"]+)\1""", text, re.M)
            declared = match.group(2) if match else None
    except (OSError, ValueError):
        pass
    if declared:
        return declared
    name = re.sub(r"[^A-Za-z0-9_]", "_", pod.name)
    return "_" + name if name[:1].isdigit() else name


def trunk_json_path(pod, corpus_dir):
    """FOLDER/.trunk/POD.podspec.json when it exists, else None."""
    path = os.path.join(corpus_dir, pod.folder, ".trunk", f"{pod.name}.podspec.json")
    return path if os.path.isfile(path) else None


def podspec_version(path):
    """The `version` of a JSON podspec, or the literal `x.version = '...'` of a Ruby one; None if unreadable."""
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
        if path.endswith(".json"):
            return json.loads(text).get("version")
        match = re.search(r"""^\s*\w+\.version\s*=\s*(['"])([^'"]+)\1""", text, re.M)
        return match.group(2) if match else None
    except (OSError, ValueError):
        return None


def run(args, cwd, timeout, env=None):
    """(returncode or None on timeout, stdout, stderr, seconds)."""
    start = time.monotonic()
    try:
        done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              env=env, errors="replace")
        return done.returncode, done.stdout, done.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout.decode(errors="replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        return None, out, f"timed out after {timeout} s", time.monotonic() - start


def first_error(text, limit=240):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    # A compiler's "file:line:col: error: ..." says more than the "error: ... command failed" after it.
    chosen = (next((l for l in lines if ": error:" in l), None)
              or next((l for l in lines if l.startswith("error:")), None)
              or next((l for l in lines if "error" in l.lower() and not l.startswith("warning:")), None)
              or (lines[0] if lines else "no message"))
    return chosen[:limit]


def copy_pod(source, destination):
    shutil.copytree(source, destination, symlinks=True)


def describe(package_dir, scratch, timeout):
    """(describe JSON or None, error message, seconds)."""
    code, out, err, seconds = run(["swift", "package", "--scratch-path", scratch, "describe", "--type", "json"],
                                  package_dir, timeout)
    if code != 0:
        return None, first_error(err.replace(package_dir + os.sep, "")) if code is not None else err, seconds
    try:
        # describe may print warnings before the JSON on stdout.
        return json.loads(out[out.index("{"):]), "", seconds
    except ValueError as error:
        return None, f"describe printed no JSON ({error})", seconds


def is_library(product):
    return "library" in (product.get("type") or {})


def file_set(package, product, tree=None):
    """Compiled source paths of PRODUCT's targets and their in-package dependencies, relative to the root.
    TREE is the pod's folder in the corpus, where symbolic links are resolved (the described copy is gone)."""
    root = package.get("path", "")
    targets = {t["name"]: t for t in package.get("targets", [])}
    pending, seen, files = list(product.get("targets", [])), set(), set()
    while pending:
        name = pending.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        target = targets[name]
        pending.extend(target.get("target_dependencies", []))
        base = target.get("path", "")
        if os.path.isabs(base) and root:
            base = os.path.relpath(base, root)
        for source in target.get("sources", []):
            path = os.path.normpath(os.path.join(base, source))
            if os.path.isabs(path) and root:
                path = os.path.relpath(path, root)
            # A source that is a symbolic link (RxSwift's Sources/ links into its own folders) is
            # the file it points to: the compiler builds that file.
            if tree and os.path.islink(os.path.join(tree, path)):
                real = os.path.realpath(os.path.join(tree, path))
                if real.startswith(os.path.realpath(tree) + os.sep):
                    path = os.path.relpath(real, os.path.realpath(tree))
            if os.path.splitext(path)[1].lower() in COMPILED:
                files.add(path)
    return files


def our_product(package, module, pod_name):
    libraries = [p for p in package.get("products", []) if is_library(p)]
    for wanted in (module, pod_name):
        for product in libraries:
            if product["name"] == wanted:
                return product
    return libraries[0] if libraries else None


def their_product(package, module, pod_name, ours):
    """(product, rule) by the rule in the docstring; OURS is our file set or None."""
    libraries = [p for p in package.get("products", []) if is_library(p)]
    if not libraries:
        return None, "none"
    for product in libraries:
        if product["name"] == module:
            return product, "module"
    for product in libraries:
        if product["name"].lower() == module.lower():
            return product, "module"
    for product in libraries:
        if product["name"] == pod_name:
            return product, "pod"
    for product in libraries:
        if module in product.get("targets", []):
            return product, "target"
    if ours:
        best = max(libraries, key=lambda p: (len(file_set(package, p) & ours), -libraries.index(p)))
        if file_set(package, best) & ours:
            return best, "overlap"
    return libraries[0], "first"


def swift_version():
    code, out, _, _ = run(["swift", "--version"], None, 60)
    return out.strip().splitlines()[0] if code == 0 and out.strip() else "unknown"


def oracle(pod, corpus_dir, version, timeout):
    """The cached or fresh oracle record: {commit, swift, ok, error, seconds, package}."""
    cache_dir = os.path.join(corpus_dir, ".oracle")
    cache = os.path.join(cache_dir, f"{pod.commit}.json")
    try:
        record = json.load(open(cache))
        if record.get("commit") == pod.commit and record.get("swift") == version:
            record["cached"] = True
            return record
    except (OSError, ValueError):
        pass
    with tempfile.TemporaryDirectory(prefix="spec-package-oracle-") as temp:
        package_dir = os.path.join(temp, "package")
        copy_pod(os.path.join(corpus_dir, pod.folder), package_dir)
        package, error, seconds = describe(package_dir, os.path.join(temp, ".oracle-build"), timeout)
    record = {"commit": pod.commit, "repo": pod.repo, "swift": version, "ok": package is not None,
              "error": error, "seconds": round(seconds, 2), "package": package}
    os.makedirs(cache_dir, exist_ok=True)
    with open(cache + ".tmp", "w") as f:
        json.dump(record, f)
    os.replace(cache + ".tmp", cache)
    record["cached"] = False
    return record


def ours(pod, compose, corpus_dir, temp, timeout, print_mode, trunk_json=None):
    """(status, package or None, message, seconds, package_dir). TRUNK_JSON: a JSON podspec copied to the copy's
    root as POD.podspec.json and read instead of the corpus row's podspec."""
    package_dir = os.path.join(temp, "package")
    copy_pod(os.path.join(corpus_dir, pod.folder), package_dir)
    for name in os.listdir(package_dir):
        if name == "Package.swift" or re.fullmatch(r"Package@swift-.*\.swift", name):
            os.remove(os.path.join(package_dir, name))
    podspec = pod.podspec
    if trunk_json:
        podspec = f"{pod.name}.podspec.json"
        shutil.copyfile(trunk_json, os.path.join(package_dir, podspec))
    env = dict(os.environ, NO_COLOR="1")
    flag = "--print" if print_mode else "--force"
    code, out, err, seconds = run([compose, "spec", "package", podspec, flag], package_dir, timeout, env)
    manifest = os.path.join(package_dir, "Package.swift")
    if code != 0:
        return ("refused", None, first_error(err.replace(package_dir + os.sep, "")) if code is not None else err,
                seconds, package_dir)
    if print_mode and "PackageDescription" in out:
        with open(manifest, "w") as f:
            f.write(out)
    elif not os.path.exists(manifest):
        return "refused", None, "exit 0 but no Package.swift printed or written", seconds, package_dir
    package, error, described = describe(package_dir, os.path.join(temp, ".ours-build"), timeout)
    if package is None:
        return "invalid-layout", None, error, seconds + described, package_dir
    return "ok", package, "", seconds + described, package_dir


def build(package_dir, scratch, product, timeout):
    """(built, message, seconds): `swift build --target T` for each target of PRODUCT (SwiftPM refuses
    --product for an automatic library), one after the other in one scratch path."""
    total = 0.0
    for target in product.get("targets", []):
        code, out, err, seconds = run(["swift", "build", "--scratch-path", scratch, "--target", target],
                                      package_dir, timeout)
        total += seconds
        if code != 0:
            return False, (first_error((out + "\n" + err).replace(package_dir + os.sep, ""))
                           if code is not None else err), total
    return True, "", total


def differences(mine, theirs):
    only_mine, only_theirs = sorted(mine - theirs), sorted(theirs - mine)
    parts = []
    if only_mine:
        parts.append(f"+{len(only_mine)}: " + ", ".join(only_mine[:SHOWN_DIFFERENCES])
                     + (", …" if len(only_mine) > SHOWN_DIFFERENCES else ""))
    if only_theirs:
        parts.append(f"-{len(only_theirs)}: " + ", ".join(only_theirs[:SHOWN_DIFFERENCES])
                     + (", …" if len(only_theirs) > SHOWN_DIFFERENCES else ""))
    return "; ".join(parts) or "same files"


def percent(part, whole):
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("compose")
    parser.add_argument("corpus_dir")
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--oracle-only", action="store_true")
    parser.add_argument("--only", default="")
    parser.add_argument("--print", action="store_true")
    parser.add_argument("--trunk-json", action="store_true")
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--build-timeout", type=int, default=1200)
    options = parser.parse_args()
    compose = os.path.abspath(options.compose) if os.sep in options.compose else options.compose
    corpus_dir = os.path.abspath(options.corpus_dir)
    try:
        pods = read_corpus(corpus_dir)
    except (OSError, ValueError) as error:
        print(f"spec-package-corpus: {error}", file=sys.stderr)
        sys.exit(2)
    if options.only:
        wanted = set(options.only.split(","))
        pods = [p for p in pods if p.name in wanted or p.folder in wanted]
    version = swift_version()
    binary = shutil.which(compose)
    stamp = time.strftime(" (modified %Y-%m-%d %H:%M:%S)", time.localtime(os.path.getmtime(binary))) if binary else ""
    print(f"# {len(pods)} pods; {version}; COMPOSE={compose}{stamp}")
    print("pod\tstatus\tjaccard\tours\tauthors\tproducts (ours | authors' [rule])\tdifferences")
    sys.stdout.flush()

    rows = []
    for pod in pods:
        module = module_name(pod, os.path.join(corpus_dir, pod.folder))
        record = oracle(pod, corpus_dir, version, options.timeout)
        row = {"pod": pod.name, "oracle_seconds": record.get("seconds", 0), "oracle_cached": record["cached"]}
        if not record["ok"]:
            row.update(status="oracle-failed", message=record["error"])
            rows.append(row)
            print(f"{pod.name}\toracle-failed\t-\t-\t-\t-\t{record['error']}")
            sys.stdout.flush()
            continue
        theirs_package = record["package"]
        if options.oracle_only:
            product, rule = their_product(theirs_package, module, pod.name, None)
            files = file_set(theirs_package, product, os.path.join(corpus_dir, pod.folder)) if product else set()
            row.update(status="oracle-ok")
            rows.append(row)
            name = f"{product['name']} [{rule}]" if product else "no library product"
            when = "cached" if record["cached"] else "%.1f s" % record["seconds"]
            print(f"{pod.name}\toracle-ok\t-\t-\t{len(files)}\t- | {name}\t{when}")
            sys.stdout.flush()
            continue

        with tempfile.TemporaryDirectory(prefix="spec-package-ours-") as temp:
            status, package, message, seconds, package_dir = ours(pod, compose, corpus_dir, temp, options.timeout,
                                                                options.print)
            row.update(status=status, ours_seconds=seconds)
            trunk_note = ""
            trunk_json = trunk_json_path(pod, corpus_dir) if options.trunk_json and status == "refused" else None
            if trunk_json:
                # (a) keeps the refusal (row status, jaccard 0); (b) takes the trunk JSON's result (status_b, jaccard_b).
                row.update(jaccard=0.0)
                refusal = message
                temp = os.path.join(temp, "trunk")
                os.makedirs(temp)
                status, package, message, seconds, package_dir = ours(pod, compose, corpus_dir, temp, options.timeout,
                                                                    options.print, trunk_json)
                status += "-trunk"
                row.update(status_b=status, trunk_seconds=seconds)
                module = module_name(pod, os.path.join(corpus_dir, pod.folder), trunk_json)
                theirs_version = podspec_version(trunk_json)
                ruby_version = podspec_version(os.path.join(corpus_dir, pod.folder, pod.podspec))
                trunk_note = (f" [trunk JSON {theirs_version}"
                              + ("" if ruby_version == theirs_version else
                                 f" for podspec {ruby_version}" if ruby_version else "; podspec version not a literal")
                              + f"; Ruby podspec refused: {refusal[:120]}]")
                if ruby_version and theirs_version != ruby_version:
                    row.update(trunk_version=f"{theirs_version} for {ruby_version}")
            mine_product = our_product(package, module, pod.name) if package else None
            mine = file_set(package, mine_product) if mine_product else (set() if package else None)
            # Files COMPOSE wrote itself (the re-exporting Exports/<Module>/<Module>.swift of a pod made
            # of subspecs) are not the pod's: they are left out of the comparison and counted apart.
            generated = {f for f in mine or () if not os.path.lexists(os.path.join(corpus_dir, pod.folder, f))}
            if mine is not None:
                mine -= generated
            product, rule = their_product(theirs_package, module, pod.name, mine)
            theirs = file_set(theirs_package, product, os.path.join(corpus_dir, pod.folder)) if product else set()
            theirs_name = f"{product['name']} [{rule}]" if product else "none"
            mine_name = mine_product["name"] if mine_product else "-"
            if status in ("ok", "ok-trunk"):
                union = mine | theirs
                jaccard = len(mine & theirs) / len(union) if union else 1.0
                row["jaccard_b" if trunk_json else "jaccard"] = jaccard
                detail = differences(mine, theirs)
                if generated:
                    detail += f" (+{len(generated)} written by COMPOSE, not counted: {', '.join(sorted(generated)[:2])})"
                line = (f"{pod.name}\t{status}\t{jaccard:.3f}\t{len(mine)}\t{len(theirs)}\t{mine_name} | {theirs_name}\t"
                        f"{detail}{trunk_note}")
            else:
                row["jaccard_b" if trunk_json else "jaccard"] = 0.0
                line = f"{pod.name}\t{status}\t-\t-\t{len(theirs)}\t{mine_name} | {theirs_name}\t{message}{trunk_note}"
            if options.build:
                with tempfile.TemporaryDirectory(prefix="spec-package-theirs-build-") as build_temp:
                    their_dir = os.path.join(build_temp, "package")
                    copy_pod(os.path.join(corpus_dir, pod.folder), their_dir)
                    built, why, _ = (build(their_dir, os.path.join(build_temp, ".oracle-build"), product,
                                           options.build_timeout) if product else (False, "no product", 0))
                row.update(theirs_built=built)
                line += f"\ttheirs: {'built' if built else 'failed: ' + why}"
                if status in ("ok", "ok-trunk") and mine_product:
                    built, why, _ = build(package_dir, os.path.join(temp, ".ours-build"), mine_product,
                                          options.build_timeout)
                    # A build from the trunk JSON counts in (b) only.
                    row["ours_built_b" if trunk_json else "ours_built"] = built
                    line += f"; ours{' (trunk JSON)' if trunk_json else ''}: {'built' if built else 'failed: ' + why}"
                else:
                    row.update(ours_built=False)
                    line += "; ours: not built"
        rows.append(row)
        print(line)
        sys.stdout.flush()

    summarize(rows, options)
    sys.exit(0)


def summarize(rows, options):
    measured = [r for r in rows if r["status"] != "oracle-failed"]
    failed = [r["pod"] for r in rows if r["status"] == "oracle-failed"]
    n = len(measured)
    print()
    print(f"pods: {len(rows)} ({n} measured, {len(failed)} whose own manifest fails to describe"
          + (f": {', '.join(failed)}" if failed else "") + ")")
    fresh = [r["oracle_seconds"] for r in rows if not r["oracle_cached"]]
    if fresh:
        print(f"oracle: {len(fresh)} described now, {sum(fresh) / len(fresh):.2f} s a pod on average "
              f"(max {max(fresh):.2f} s); {len(rows) - len(fresh)} from the cache")
    else:
        print(f"oracle: all {len(rows)} from the cache")
    if options.oracle_only:
        return
    if options.trunk_json:
        print("(a) as COMPOSE reads the corpus' podspecs (a refused Ruby podspec counts as refused):")
    figures(measured, lambda r: r["status"], lambda r: r["jaccard"])
    if options.trunk_json:
        standing = [r for r in measured if "status_b" in r]
        refused = [r for r in measured if r["status"] == "refused"]
        versions = [f"{r['pod']} {r['trunk_version']}" for r in standing if "trunk_version" in r]
        print(f"(b) with trunk JSON standing in for refused Ruby podspecs ({len(standing)} of the {len(refused)} "
              f"refused have one" + (f"; other version: {', '.join(versions)}" if versions else "") + "):")
        figures(measured, lambda r: r.get("status_b", r["status"]).replace("-trunk", ""),
                lambda r: r.get("jaccard_b", r["jaccard"]))
        for kind in ("ok-trunk", "invalid-layout-trunk", "refused-trunk"):
            print(f"{kind}: {', '.join(r['pod'] for r in standing if r['status_b'] == kind) or '-'}")
    seconds = [r["ours_seconds"] for r in measured if "ours_seconds" in r]
    if seconds:
        print(f"ours: {sum(seconds) / len(seconds):.2f} s a pod on average (COMPOSE + describe; max {max(seconds):.2f} s)")
    if options.build:
        theirs = [r for r in measured if r.get("theirs_built")]
        both = [r for r in theirs if r.get("ours_built")]
        lost = [r["pod"] for r in theirs if not r.get("ours_built")]
        gained = [r["pod"] for r in measured if r.get("ours_built") and not r.get("theirs_built")]
        print(f"build: {len(theirs)}/{n} build with the authors' manifest, {len(both)} of them with ours too "
              f"({percent(len(both), len(theirs))})")
        print(f"build with theirs, not with ours: {', '.join(lost) or '-'}")
        print(f"build with ours, not with theirs: {', '.join(gained) or '-'}")
        trunk_built = [r["pod"] for r in measured if r.get("ours_built_b")]
        if options.trunk_json:
            print(f"build from trunk JSON (counted in (b) only): {', '.join(trunk_built) or '-'}")


def figures(measured, status_of, jaccard_of):
    """The describe-ok and Jaccard lines for MEASURED, each pod's status and Jaccard given by the two functions."""
    n = len(measured)
    ok = [r for r in measured if status_of(r) == "ok"]
    refused = [r["pod"] for r in measured if status_of(r) == "refused"]
    invalid = [r["pod"] for r in measured if status_of(r) == "invalid-layout"]
    jaccards = [jaccard_of(r) for r in measured]
    ok_jaccards = [jaccard_of(r) for r in ok]
    print(f"describe ok (ours): {len(ok)}/{n} ({percent(len(ok), n)}); refused {len(refused)}, "
          f"invalid layout {len(invalid)}")
    print(f"mean Jaccard: {sum(ok_jaccards) / len(ok_jaccards):.3f} over the {len(ok)} described"
          if ok else "mean Jaccard: - (none described)")
    print(f"mean Jaccard over all {n} (refused/invalid = 0): "
          f"{sum(jaccards) / n:.3f}" if n else "mean Jaccard over all: -")
    high = sum(1 for j in jaccards if j >= 0.85)
    exact = sum(1 for j in ok_jaccards if j == 1.0)
    print(f"Jaccard >= 0.85: {high}/{n} ({percent(high, n)}); == 1.0: {exact}/{n} ({percent(exact, n)})")
    print(f"refused: {', '.join(refused) or '-'}")
    print(f"invalid layout: {', '.join(invalid) or '-'}")


if __name__ == "__main__":
    main()
