// Contact evaluation per integration step for the representative probe-cone and peripheral-ring
// units (runtime contact module, R1). States are taken along scripted approaches (head sliding
// down the receiving cone into the socket; rings closing with a lateral miss taken out by the
// petals) and cycled, so that every pair's pre-checks and closed forms are exercised as in a run.
#include "contact/contact_set.hpp"
#include "contact/geometry_file.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace dyngen::contact;

// the bundled geometry files, found from this source's location (tools/bench/ -> models/)
const std::string kModels =
    (std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "models/docking_units/").string();

// Probe head (R = 0.04 m) 1 mm into the walls of the representative receiving cone, x in [0.1, 0.43].
std::vector<UnitState> probe_states() {
  const Vec2 wall[4] = {{0.0, 0.40}, {0.25, 0.10}, {0.35, 0.042}, {0.47, 0.042}};
  const auto clearance = [&](double x, double r) {
    double d = 1e9;
    for (int i = 0; i < 3; ++i) {
      const Vec2 s = wall[i + 1] - wall[i];
      const double t = std::clamp((Vec2(x, r) - wall[i]).dot(s) / s.squaredNorm(), 0.0, 1.0);
      d = std::min(d, (wall[i] + t * s - Vec2(x, r)).norm());
    }
    return d;
  };
  std::vector<UnitState> states;
  double r = 0.2;
  for (int k = 0; k < 1000; ++k) {
    const double x = 0.1 + 0.33 * k / 999.0;
    double lo = 0.0, hi = r;
    for (int i = 0; i < 50; ++i) (clearance(x, 0.5 * (lo + hi)) >= 0.039 ? lo : hi) = 0.5 * (lo + hi);
    r = lo;
    const double phi = 0.3;
    UnitState s;
    s.time = k * 1e-3;
    const Vec3 head(x, r * std::cos(phi), r * std::sin(phi));
    s.links = {LinkState{head, Mat3::Identity(), Vec3(0.1, -0.02, 0.0), Vec3(0.0, 0.01, 0.0)},
               LinkState{head - Vec3(0.9, 0, 0), Mat3::Identity(), Vec3(0.1, -0.02, 0.0), Vec3::Zero()},
               LinkState{head - Vec3(0.9, 0, 0), Mat3::Identity(), Vec3(0.1, -0.02, 0.0), Vec3::Zero()}};
    states.push_back(s);
  }
  return states;
}

// Active ring closing from d = -0.2 m to the ring planes' contact with the miss the petals allow.
std::vector<UnitState> ring_states() {
  std::vector<UnitState> states;
  const double tan30 = std::tan(0.5235987755982988);
  for (int k = 0; k < 1000; ++k) {
    const double d = -0.2 + 0.2015 * k / 999.0;
    const double miss = std::clamp(0.0005 + 0.40 - 0.405 + (0.01 - d) * tan30, 0.0, 0.04);
    UnitState s;
    s.time = k * 1e-3;
    s.links = {LinkState{Vec3(d, miss * std::cos(0.4), miss * std::sin(0.4)), Mat3::Identity(), Vec3(0.05, 0, 0),
                         Vec3(0.0, 0.0, 0.01)}};
    states.push_back(s);
  }
  return states;
}

void run(benchmark::State& bench, const UnitGeometry& g, const std::vector<UnitState>& states) {
  ContactData data = make_contact_data(g);
  std::size_t i = 0;
  long contacts = 0, generatrices = 0;
  for (auto _ : bench) {
    evaluate_contacts(g, states[i], data);
    benchmark::DoNotOptimize(data.passive_wrench);
    contacts += static_cast<long>(data.contacts.size());
    generatrices += data.generatrices_evaluated;
    i = (i + 1) % states.size();
  }
  bench.counters["contacts/step"] = benchmark::Counter(static_cast<double>(contacts), benchmark::Counter::kAvgIterations);
  bench.counters["generatrices/step"] =
      benchmark::Counter(static_cast<double>(generatrices), benchmark::Counter::kAvgIterations);
  bench.counters["pair_tests"] = static_cast<double>(g.tasks.size());
}

void BM_ProbeConeContactEvaluation(benchmark::State& bench) {
  const UnitGeometry g = load_unit_geometry(kModels + "probe_cone.yaml");
  run(bench, g, probe_states());
}
BENCHMARK(BM_ProbeConeContactEvaluation);

void BM_PeripheralRingContactEvaluation(benchmark::State& bench) {
  const UnitGeometry g = load_unit_geometry(kModels + "peripheral_ring.yaml");
  run(bench, g, ring_states());
}
BENCHMARK(BM_PeripheralRingContactEvaluation);

// Between steps: latch deflections (iterative for the central unit, implicit Euler for the ring).
void BM_ProbeConeLatchUpdate(benchmark::State& bench) {
  const UnitGeometry g = load_unit_geometry(kModels + "probe_cone.yaml");
  const std::vector<UnitState> states = probe_states();
  ContactData data = make_contact_data(g);
  std::size_t i = 0;
  for (auto _ : bench) {
    // the head moves back and forth over the latches' working range
    update_latches(g, states[800 + i % 150], 1e-3, data);
    for (CentralLatchState& s : data.central_latches) s.triggered = false;
    benchmark::DoNotOptimize(data.central_latches);
    ++i;
  }
}
BENCHMARK(BM_ProbeConeLatchUpdate);

}  // namespace

BENCHMARK_MAIN();
