#!/usr/bin/env bash
# Operation counts of the forward-dynamics routes, inverse dynamics and base wrench against n for
# the reference chain family (chain1 .. chainN, the pattern of models/chain6.yaml), beside
# Featherstone's formulas, with the crossover n where ABA becomes cheaper than CRBA + b + LTDL.
#
#   bash tools/compare_scaling.sh [N_MAX]      (default 30; builds build/bin/dyngen if needed)
#
# Writes build/compare/scaling.csv (one line per n; per route mul, add, div, sqrt, trig, total,
# m = mul + div, a, generation seconds; Featherstone's m and a per algorithm) and
# build/compare/scaling.png (counts against n, and generation time against n), and prints the
# table with the crossover.
set -euo pipefail
cd "$(dirname "$0")/.."
n_max="${1:-30}"
build="${DYNGEN_BUILD_DIR:-build}"
if [ ! -x "$build/bin/dyngen" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$build" -j2 --target dyngen
fi
mkdir -p build/compare
"$build/bin/dyngen" compare --scaling "chain:1..$n_max" --csv build/compare/scaling.csv | tee build/compare/scaling.txt

# Columns are looked up by name in the CSV header, so the plot does not depend on their order.
gnuplot <<GNUPLOT
set datafile separator ","
set terminal pngcairo size 1200,1000 noenhanced font ",10"
set output "build/compare/scaling.png"
set multiplot layout 2,1
set title "Chain family: operations per route against n (m + a = all operations without sin/cos; dashed: Featherstone 2008, Table 10.1)"
set xlabel "n (revolute joints)"
set ylabel "operations (mul + div + add)"
set key top left
set grid
set xrange [1:$n_max]
set yrange [0:*]
col(name) = column(name)
ops(route) = column(route . "_m") + column(route . "_a")
plot "build/compare/scaling.csv" using "n":(ops("forward_dynamics_crba")) with linespoints lw 2 title "(a) CRBA + b + LTDL", \
     "" using "n":(ops("forward_dynamics_aba")) with linespoints lw 2 title "(b) ABA", \
     "" using "n":(ops("forward_dynamics_naive")) with linespoints title "(c) M by n+1 RNEA + LTDL", \
     "" using "n":(ops("inverse_dynamics")) with linespoints title "(d) RNEA", \
     "" using "n":(ops("base_wrench")) with linespoints title "(e) base wrench", \
     "" using "n":(col("featherstone_rnea_crba_ltdl_m") + col("featherstone_rnea_crba_ltdl_a")) with lines dt 2 lw 2 title "Featherstone RNEA+CRBA+LTDL", \
     "" using "n":(col("featherstone_aba_m") + col("featherstone_aba_a")) with lines dt 2 lw 2 title "Featherstone ABA", \
     "" using "n":(col("featherstone_rnea_m") + col("featherstone_rnea_a")) with lines dt 2 title "Featherstone RNEA"
set title "Generation time against n"
set ylabel "seconds"
set yrange [0:*]
plot "build/compare/scaling.csv" using "n":"forward_dynamics_crba_seconds" with linespoints title "(a) CRBA + b + LTDL", \
     "" using "n":"forward_dynamics_aba_seconds" with linespoints title "(b) ABA", \
     "" using "n":"forward_dynamics_naive_seconds" with linespoints title "(c) naive", \
     "" using "n":"inverse_dynamics_seconds" with linespoints title "(d) RNEA", \
     "" using "n":"base_wrench_seconds" with linespoints title "(e) base wrench"
unset multiplot
GNUPLOT
echo "wrote build/compare/scaling.csv and build/compare/scaling.png"
