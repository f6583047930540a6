#!/usr/bin/env bash
# Instructions of one RK4 step by part, counted by callgrind: the probe-cone docking mid-contact
# (docking_step_bench's state, t = 2.1 s) and the berthing on the approach and in contact
# (berthing_step_bench's, t = 100 s and 163 s), each the mean of 50 steps from that state. Parts:
# the mechanism kernels (every call through GeneratedMechanism), the contact (every call into
# runtime/contact: evaluate_contacts, and after a step the latches' state machines, update_latches,
# which the spec counts as contact models) and the rest, the runtime's own work, with its share of
# the step. The counts repeat exactly from run
# to run, where the timed shares of docking_step_bench vary by several points on a shared machine;
# they do not weigh the parts' different instructions per cycle (the kernels' long dependency
# chains run fewer an instruction than the runtime's code, so a timed share of the runtime is lower).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tools/install-deps.sh
# a build directory is used as it is configured (the counts depend on its build type); a new one is
# configured for Release, as tools/bench.sh does
[ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target docking_step_bench berthing_step_bench >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One line of counts for `label` from binary $2 run with benchmark filter $3.
count() {
  local label=$1 file="$out/callgrind.out"
  valgrind --tool=callgrind --toggle-collect='*rk4_step_of*' --callgrind-out-file="$file" \
    "build/bin/$2" --benchmark_filter="$3" >/dev/null 2>"$out/valgrind.log" || {
    cat "$out/valgrind.log" >&2
    exit 1
  }
  # A call's inclusive cost is the last field of the line after its `calls=` line; names are
  # given once per id, as "(id) name", and by "(id)" after that.
  awk -v label="$label" '
    function name_of(spec,   id, rest) {
      id = spec; sub(/\).*/, ")", id)
      rest = spec; sub(/^\([0-9]+\) ?/, "", rest)
      if (rest != "") names[id] = rest
      return names[id]
    }
    /^fn=/ { caller = name_of(substr($0, 4)) }
    /^cfn=/ { callee = name_of(substr($0, 5)) }
    /^calls=/ {
      getline cost_line
      n = split(cost_line, f, " ")
      if (callee ~ /^dyngen::mechanism::GeneratedMechanism::/ && caller !~ /^dyngen::mechanism::GeneratedMechanism::/)
        kernels += f[n]
      else if (callee ~ /^dyngen::contact::/ && caller !~ /^dyngen::contact::/)
        contact += f[n]
    }
    /^(summary|totals):/ { total = $2 }
    END {
      steps = 50
      runtime = total - kernels - contact
      printf "%-26s %9.0f %9.0f %9.0f %9.0f %8.1f %%\n", label, total / steps, kernels / steps, contact / steps,
             runtime / steps, 100 * runtime / total
    }' "$file"
}

printf "%-26s %9s %9s %9s %9s %10s\n" "one RK4 step" total kernels contact runtime "runtime %"
count "docking, in contact" docking_step_bench BM_Rk4StepInstructions
count "berthing, approach" berthing_step_bench 'BM_Rk4StepInstructions/in_contact:0'
count "berthing, in contact" berthing_step_bench 'BM_Rk4StepInstructions/in_contact:1'
