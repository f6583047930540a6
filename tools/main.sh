#!/usr/bin/env bash
# The main job on the bundled probe-cone docking mechanism with its closed loops: installs
# dependencies, builds dyngen, validates the model, generates its kernels into build/kernels/,
# prints the operation-count comparison across algorithms, optimizations and the general-CAS
# baseline, then simulates the nominal docking (first contact, capture, retraction) and writes its
# report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 --target dyngen
export DYNGEN_CACHE_DIR="$PWD/build/kernel_cache"
model=models/probe_cone_central.yaml
build/bin/dyngen check "$model"
build/bin/dyngen generate "$model" --out build/kernels/probe_cone_central
build/bin/dyngen compare "$model"
run=build/runs/probe_cone_nominal
build/bin/dyngen simulate models/scenarios/probe_cone_nominal.yaml --out "$run"
build/bin/dyngen report "$run"
echo "docking report: $run/report.html"
