#!/usr/bin/env python3
"""Runs `compose resolve` on a corpus of real Podfiles and tells, for each, whether compose read the
Podfile (resolution itself is expected to fail: no spec repo is configured and there is no network).

    bench/podfile-corpus.py COMPOSE DIR [--timeout SECONDS]

DIR holds one folder per repository, OWNER+NAME/, with the Podfile and the files it
`require_relative`s at their repository paths, and DIR/corpus.tsv (repo, commit, path, lines, kind;
kind is app, react-native, flutter, expo; helper for a file a Podfile require_relative's, data for a
file it reads, such as .swiftlint.yml). Without corpus.tsv every
file named Podfile under DIR is taken, as an app. bench/podfile-corpus/fetch.sh makes DIR.

Each OWNER+NAME folder is copied to a fresh temporary folder (resolve writes Compose.lock there) and
`COMPOSE resolve --project <the Podfile's folder>` runs with HOME and COMPOSE_HOME set to an empty
temporary folder. The first error line decides:

  read                       the error is not about reading the Podfile (resolution failed: no spec
                             repo has the pod, a source cannot be reached, ...)
  read (missing :path pod)   the error was a `:path` pod whose folder has no podspec; the script then
                             writes a stub NAME.podspec.json there and runs again, until some other
                             error comes: a reading error makes the file "refused", anything else
                             counts here
  refused                    a reading error: the message starts with a file of the project followed
                             by :LINE:COLUMN, or says "is Ruby code"; its first line is printed
  react-native/flutter/expo  kind is not app (such Podfiles need node_modules or the Flutter SDK);
                             counted apart whatever happened, which is printed after the kind
  timeout                    compose ran past --timeout (default 120 s)

Prints one line per Podfile (result, repo/path, first line of the message) and a summary with
percentages. Exits 0.
"""
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

READING_ERROR = re.compile(r"^(?P<file>[^\s:][^:]*):\d+:\d+: ")
MISSING_PATH_POD = re.compile(
    r": no (?P<pod>\S+)\.podspec\.json or \S+\.podspec in (?P<dir>.+)\. Point :path at the folder")


def corpus(root):
    tsv = os.path.join(root, "corpus.tsv")
    if os.path.exists(tsv):
        with open(tsv) as f:
            rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
        for repo, _commit, path, _lines, kind in rows[1:]:
            if kind not in ("helper", "data"):
                yield repo, path, kind
        return
    for folder in sorted(os.listdir(root)):
        top = os.path.join(root, folder)
        if not os.path.isdir(top):
            continue
        for dirpath, _dirs, files in sorted(os.walk(top)):
            if "Podfile" in files:
                yield folder.replace("+", "/", 1), os.path.relpath(os.path.join(dirpath, "Podfile"), top), "app"


def first_error(stderr, stdout):
    lines = [l.strip() for l in (stderr + "\n" + stdout).splitlines() if l.strip()]
    for line in lines:
        if line.startswith("error:"):
            return line[len("error:"):].strip()
    return lines[0] if lines else "no message"


def is_reading_error(message, work, folder, project):
    """A message that starts with a file of the copied repository folder and :LINE:COLUMN."""
    if "is Ruby code" in message:
        return True
    match = READING_ERROR.match(message)
    if not match:
        return False
    inside = os.path.join(work, folder) + os.sep
    # The path is relative to the working folder, or (a required file) to the Podfile's folder.
    for base in (work, os.path.join(work, project)):
        file = os.path.normpath(os.path.join(base, match.group("file")))
        if file.startswith(inside) and os.path.isfile(file):
            return True
    return False


def run(compose, work, project, timeout):
    home = tempfile.mkdtemp(prefix="home.", dir=work)
    env = dict(os.environ, HOME=home, COMPOSE_HOME=home, COMPOSE_RESOLVE_RECORD="0", NO_COLOR="1")
    try:
        for attempt in range(30):
            try:
                done = subprocess.run([compose, "resolve", "--project", project, "--color", "never"],
                                      capture_output=True, text=True, env=env, cwd=work, timeout=timeout)
                break
            except OSError as error:  # the binary is being rebuilt (ETXTBSY, or briefly absent)
                if attempt == 29:
                    raise
                time.sleep(2)
    except subprocess.TimeoutExpired:
        return None, f"no answer within {timeout} s"
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return done.returncode, first_error(done.stderr, done.stdout)


def classify(compose, root, repo, path, timeout):
    """Returns (result, message) for one Podfile."""
    with tempfile.TemporaryDirectory(prefix="podfile-corpus.") as work:
        folder = repo.replace("/", "+")
        shutil.copytree(os.path.join(root, folder), os.path.join(work, folder), symlinks=True)
        project = os.path.join(folder, os.path.dirname(path)) or folder
        stubbed = []
        while True:
            code, message = run(compose, work, project, timeout)
            if code is None:
                return "timeout", message
            if code == 0:
                return ("read (missing :path pod)" if stubbed else "read"), "resolved"
            missing = MISSING_PATH_POD.search(message)
            if missing and len(stubbed) < 50:
                pod, directory = missing.group("pod"), missing.group("dir")
                target = os.path.normpath(os.path.join(work, project, directory))
                spec = os.path.join(target, pod + ".podspec.json")
                if target.startswith(work + os.sep) and not os.path.exists(spec):
                    os.makedirs(target, exist_ok=True)
                    with open(spec, "w") as f:
                        json.dump({"name": pod, "version": "0.0.1", "summary": "stub",
                                   "homepage": "https://example.invalid", "license": "MIT",
                                   "authors": {"stub": "stub@example.invalid"},
                                   "source": {"git": "https://example.invalid/stub.git", "tag": "0.0.1"},
                                   "platforms": {"ios": "9.0", "osx": "10.10", "tvos": "9.0",
                                                 "watchos": "2.0"}}, f)
                    stubbed.append(pod)
                    continue
                return "read (missing :path pod)", message
            if is_reading_error(message, work, folder, project):
                return "refused", message
            if stubbed:
                return "read (missing :path pod)", f"stubbed {', '.join(stubbed)}; then: {message}"
            return "read", message


def main():
    args = sys.argv[1:]
    timeout = 120
    if "--timeout" in args:
        i = args.index("--timeout")
        timeout = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    compose, root = os.path.abspath(args[0]), os.path.abspath(args[1])
    results = collections.Counter()
    for repo, path, kind in corpus(root):
        result, message = classify(compose, root, repo, path, timeout)
        if kind != "app":
            results["react-native/flutter/expo"] += 1
            print(f"react-native/flutter/expo\t{repo}/{path}\t{kind}, {result}: {message}", flush=True)
        else:
            results[result] += 1
            print(f"{result}\t{repo}/{path}\t{message}", flush=True)
    total = sum(results.values())
    apps = total - results["react-native/flutter/expo"]

    def share(n, of):
        return f"{n} ({100 * n / max(of, 1):.1f}%)"

    print(f"{total} Podfiles, {apps} of apps: "
          f"read {share(results['read'], apps)}, "
          f"read with a missing :path pod {share(results['read (missing :path pod)'], apps)}, "
          f"refused {share(results['refused'], apps)}, "
          f"timeout {share(results['timeout'], apps)} (of apps); "
          f"react-native/flutter/expo {share(results['react-native/flutter/expo'], total)} (of all)")


if __name__ == "__main__":
    main()
