#!/usr/bin/env bash
# The main job: installs dependencies, builds dyngen, and runs it on the bundled models.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 --target dyngen
build/bin/dyngen demo
