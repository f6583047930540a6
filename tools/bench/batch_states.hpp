// The benchmarks' random states as the batch entry points take them (every array holding the
// states' arrays one after another), and the time per state of a batch call over all of them.
#pragma once

#include <vector>

#include <benchmark/benchmark.h>

namespace dyngen::bench {

// field(sample) for each sample in turn, concatenated.
template <class Sample, class Field>
std::vector<double> one_after_another(const std::vector<Sample>& samples, Field field) {
  std::vector<double> all;
  for (const Sample& s : samples) {
    const std::vector<double>& array = field(s);
    all.insert(all.end(), array.begin(), array.end());
  }
  return all;
}

// Each iteration runs call() once, a batch over `states` states; the counter per_state is the CPU
// time per state (seconds, printed with an SI prefix: 34.5n is 34.5 ns).
template <class Call>
void time_per_state(benchmark::State& bench, int states, Call&& call) {
  for (auto _ : bench) call();
  bench.counters["per_state"] =
      benchmark::Counter(states, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace dyngen::bench
