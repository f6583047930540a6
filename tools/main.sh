#!/usr/bin/env bash
# The main job on the bundled probe-cone docking mechanism: installs dependencies, builds dyngen,
# validates the model, generates its kernels into build/kernels/ and prints the operation-count
# comparison across algorithms, optimizations, the general-CAS baseline and published formulas.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 --target dyngen
model=models/probe_cone_tree.yaml
build/bin/dyngen check "$model"
build/bin/dyngen generate "$model" --out build/kernels/probe_cone_tree
build/bin/dyngen compare "$model"
