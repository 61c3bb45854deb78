#!/usr/bin/env bash
# Recreates the corpus of bench/xcode-corpus/check.sh from corpus.tsv: public apps integrated by
# CocoaPods, each with its Podfile, Podfile.lock, every CocoaPods-integrated
# `.xcodeproj/project.pbxproj` below the Podfile's folder, the `.xcworkspace/contents.xcworkspacedata`
# beside the Podfile, and the user `.xcconfig` files its build configurations use as base
# configuration (and those they `#include`), all from one commit. A row is
# (owner/name, commit, path, lines, kind), kind one of podfile, lock, project, workspace, xcconfig,
# and helper/data (files the Podfile reads, as in bench/podfile-corpus). Every file lands at
# DIR/OWNER+NAME/PATH.
#
#   bench/xcode-corpus/fetch.sh DIR     DIR: where the folders go, outside the repository
#                                       (default /work/corpus/xcode)
#
# MIRRORS and FORCE as for bench/podfile-corpus/fetch.sh, which does the work.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../podfile-corpus/fetch.sh" "${1:-/work/corpus/xcode}" "$here/corpus.tsv"
