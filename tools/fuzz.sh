#!/usr/bin/env bash
# Fuzzes the file readers (tests/fuzz): builds the fuzz targets with clang, libFuzzer,
# AddressSanitizer and UBSan in a build of their own, then runs each for SECONDS (default 600) over
# its seeds: the bundled files of its kind and the inputs kept in tests/fuzz/corpus/<target>/.
#   bash tools/fuzz.sh [SECONDS] [TARGET...]   build, then run the targets (default: all) in turn
#   bash tools/fuzz.sh build                   build only
#   bash tools/fuzz.sh run SECONDS TARGET...   run only (built before)
#   bash tools/fuzz.sh check SECONDS TARGET... run only, from the seeds alone (the test suite's short
#                                              runs: their length does not grow with past corpora)
# The build is in $DYNGEN_FUZZ_DIR (default build-fuzz/); there each target's log is
# logs/<target>.log, the inputs it found new coverage with accumulate in corpus/<target>/ (the next
# run starts from them), and an input that crashed, hung (10 s), ran out of memory (2 GB) or drew a
# sanitizer report is written to findings/<target>/. Exits non-zero when a target had a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=$PWD
fuzz_dir=${DYNGEN_FUZZ_DIR:-build-fuzz}

declare -A seeds=(
  [model_fuzz]="models/*.yaml"
  [scenario_fuzz]="models/scenarios/*.yaml"
  [geometry_fuzz]="models/docking_units/*.yaml"
  [loop_csv_fuzz]="models/hysteresis/*.csv"
)
all_targets=(model_fuzz scenario_fuzz geometry_fuzz loop_csv_fuzz)

build() {
  if ! command -v clang++ >/dev/null; then
    echo "fuzz.sh: clang++ not found; tools/install-deps.sh installs it (clang, libclang-rt-14-dev)" >&2
    exit 1
  fi
  # only the readers' libraries and what they link
  local parts="generator/engine;generator/model;generator/algorithms;runtime/files;runtime/contact;runtime/hysteresis"
  parts+=";runtime/integrators;runtime/spacecraft;runtime/mechanism;runtime/simulation;runtime/elastic;tests/fuzz"
  cmake -S "$source_dir" -B "$fuzz_dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ -DDYNGEN_FUZZ=ON \
    "-DDYNGEN_PARTS=$parts" >/dev/null
  cmake --build "$fuzz_dir" -j2 --target "${all_targets[@]}"
}

# run TARGET SECONDS: one campaign; prints a line of its result
run() {
  local target=$1 seconds=$2
  if [ -z "${seeds[$target]+set}" ]; then
    echo "fuzz.sh: no target $target (targets: ${all_targets[*]})" >&2
    exit 2
  fi
  local seed_dir=$fuzz_dir/seeds/$target corpus=$fuzz_dir/corpus/$target findings=$fuzz_dir/findings/$target
  local log=$fuzz_dir/logs/$target.log
  rm -rf "$seed_dir"
  mkdir -p "$seed_dir" "$corpus" "$findings" "$fuzz_dir/logs"
  # shellcheck disable=SC2086 # the patterns expand here
  cp ${seeds[$target]} "$seed_dir/"
  if [ -d "tests/fuzz/corpus/$target" ]; then cp -r "tests/fuzz/corpus/$target/." "$seed_dir/"; fi
  local status=0
  UBSAN_OPTIONS=print_stacktrace=1 "$fuzz_dir/bin/$target" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "$seed_dir" >"$log" 2>&1 ||
    status=$?
  local executions corpus_size
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  corpus_size=$(find "$corpus" -type f | wc -l)
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    echo "$target: FINDING after ${executions:-?} executions (exit $status), input in $findings/; log $log"
    return 1
  fi
  echo "$target: ${seconds} s, $executions executions, corpus $corpus_size inputs, no finding"
}

case "${1:-}" in
  build)
    build
    ;;
  run | check)
    mode=$1
    seconds=$2
    shift 2
    failed=0
    for target in "$@"; do
      if [ "$mode" = check ]; then rm -rf "${fuzz_dir:?}/corpus/$target"; fi
      run "$target" "$seconds" || failed=1
    done
    exit $failed
    ;;
  *)
    seconds=${1:-600}
    shift || true
    targets=("$@")
    [ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
    build
    failed=0
    for target in "${targets[@]}"; do run "$target" "$seconds" || failed=1; done
    exit $failed
    ;;
esac
