#!/usr/bin/env bash
# Builds and runs the benchmarks (Google Benchmark): generated kernels and their batch forms vs the
# double instantiation of the same algorithms vs MuJoCo (kernels_bench: trees; loops_bench: the
# looped mechanisms, MuJoCo closing their loops by equality constraints), the batch kernels' array
# layouts (layout_bench), contact evaluation (contact_bench), one RK4 step of the probe-cone docking
# and the whole docking to capture (docking_step_bench) and one RK4 step of the berthing by the
# station arm (berthing_step_bench). Arguments go to each benchmark, e.g. --benchmark_min_time=0.2.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target kernels_bench loops_bench layout_bench contact_bench docking_step_bench berthing_step_bench
build/bin/kernels_bench "$@"
build/bin/loops_bench "$@"
build/bin/layout_bench "$@"
build/bin/contact_bench "$@"
build/bin/docking_step_bench "$@"
build/bin/berthing_step_bench "$@"
