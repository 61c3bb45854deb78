#!/usr/bin/env bash
# make demo: the main job on the embedded spec-repo-fixture.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product compose
echo "compose is built; the demo steps arrive with the commands."
