#!/usr/bin/env bash
# Regenerates the checked-in kernels of every bundled mechanism into generated/<model>/.
# Run after changing the generator or a model; the test suite fails until generated/ matches.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j2 --target dyngen
for model in $(cat generated/MODELS); do
  build/bin/dyngen generate "models/$model.yaml" --out "generated/$model"
done
