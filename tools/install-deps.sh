#!/usr/bin/env bash
# Installs the Debian 12 packages dyngen builds and tests with; a no-op when all are present.
set -euo pipefail
packages=(
  build-essential cmake clang pkg-config
  libclang-rt-14-dev               # libFuzzer and the sanitizers' runtimes: the readers' fuzz targets
  libginac-dev libcln-dev          # general CAS baseline, expression parsing, equivalence checks
  libeigen3-dev                    # numeric linear algebra
  libboost-graph-dev               # mechanism topology
  libyaml-cpp-dev                  # model files
  nlohmann-json3-dev               # JSON state files and reports
  libgtest-dev libgmock-dev        # tests
  libbenchmark-dev                 # benchmarks
  valgrind                         # instruction counts of a simulation step by part (callgrind)
  libmujoco-dev                    # independent multibody oracle
  libsundials-dev                  # stiff integration (CVODE)
  libsqlite3-dev                   # campaign results store
  libopenmpi-dev openmpi-bin       # campaigns distributed over machines (MPI)
  gnuplot-nox                      # scaling plots, PNG figures of run reports
  chromium                         # headless browser for the run report's end-to-end test
)
# npm installs the report's charting library (uPlot) at build time. A Node.js that brings its own
# npm (NodeSource's conflicts with Debian's npm package) is kept as it is.
command -v npm >/dev/null 2>&1 || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages ${missing[*]}; run as root or install them" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
