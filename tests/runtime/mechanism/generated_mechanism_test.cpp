// GeneratedMechanism (over the kernels' descriptor: linked in for probe_cone_central, loaded from
// shared objects for branched_tree and hexapod_peripheral) against NumericMechanism (the double
// algorithms from the model file) at random closed states: the same closure, forward dynamics,
// base wrench (alone, with the forward dynamics in one pass, and that pass staged at the base's
// accelerations), kinematics and energy. Also the failures: unknown names, a missing library, a
// library of another model, an unreachable closure reported with its loop.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "generator/model/loader.hpp"
#include "mechanism/generated_mechanism.hpp"
#include "mechanism/numeric_mechanism.hpp"
#include "probe_cone_central_kernels.h"

namespace dyngen::mechanism {
namespace {

double relative_error(const std::vector<double>& got, const std::vector<double>& expected) {
  double scale = 1.0, worst = 0.0;
  for (double e : expected) scale = std::max(scale, std::abs(e));
  for (std::size_t k = 0; k < got.size(); ++k) worst = std::max(worst, std::abs(got[k] - expected[k]));
  return worst / scale;
}

Model load_bundled(const std::string& name) {
  return load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
}

void expect_same_mechanism(Mechanism& generated, Mechanism& numeric, std::uint32_t seed) {
  const MechanismInfo& info = numeric.info();
  ASSERT_EQ(generated.info().coordinates, info.coordinates);
  EXPECT_EQ(generated.info().independent, info.independent);
  EXPECT_EQ(generated.info().actuated, info.actuated);
  EXPECT_EQ(generated.info().wrench_bodies, info.wrench_bodies);
  EXPECT_EQ(generated.info().points, info.points);
  EXPECT_EQ(generated.info().loops, info.loops);
  EXPECT_EQ(generated.info().model_hash, info.model_hash);
  EXPECT_LE(relative_error(generated.info().reference_q, info.reference_q), 1e-12);

  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto n = static_cast<std::size_t>(info.dof);
  const std::size_t bodies = info.wrench_bodies.size(), points = info.points.size();
  for (int sample = 0; sample < 50; ++sample) {
    // independent coordinates a little off the reference, rates at random; the dependent ones closed
    std::vector<double> q = info.reference_q, qd(n);
    for (int i : info.independent) {
      q[static_cast<std::size_t>(i)] += 0.02 * unit(rng);
      qd[static_cast<std::size_t>(i)] = unit(rng);
    }
    std::vector<double> q_generated = q, qd_generated = qd;
    ASSERT_EQ(numeric.close(q.data(), qd.data()).status, ClosureStatus::closed);
    ASSERT_EQ(generated.close(q_generated.data(), qd_generated.data()).status, ClosureStatus::closed);
    EXPECT_LE(relative_error(q_generated, q), 1e-12);
    EXPECT_LE(relative_error(qd_generated, qd), 1e-11);

    std::vector<double> tau(n), base(9), wrench(6 * bodies);
    for (double& t : tau) t = 10.0 * unit(rng);
    for (double& b : base) b = unit(rng);
    for (double& w : wrench) w = 5.0 * unit(rng);
    std::vector<double> qdd(n), qdd_generated(n);
    ASSERT_TRUE(numeric.forward_dynamics(q.data(), qd.data(), tau.data(), base.data(), wrench.data(), qdd.data(), nullptr));
    ASSERT_TRUE(generated.forward_dynamics(q.data(), qd.data(), tau.data(), base.data(), wrench.data(),
                                           qdd_generated.data(), nullptr));
    EXPECT_LE(relative_error(qdd_generated, qdd), 1e-10) << "sample " << sample;

    std::vector<double> on_base(6), on_base_generated(6);
    numeric.base_wrench(q.data(), qd.data(), qdd.data(), base.data(), wrench.data(), on_base.data());
    generated.base_wrench(q.data(), qd.data(), qdd.data(), base.data(), wrench.data(), on_base_generated.data());
    EXPECT_LE(relative_error(on_base_generated, on_base), 1e-11);

    // one pass of the kernels (generated) and the two calls (the interface's default, numeric)
    std::vector<double> qdd_fused(n), on_base_fused(6), qdd_numeric_fused(n), on_base_numeric_fused(6);
    ASSERT_TRUE(generated.forward_dynamics_base_wrench(q.data(), qd.data(), tau.data(), base.data(), wrench.data(),
                                                       qdd_fused.data(), on_base_fused.data(), nullptr));
    ASSERT_TRUE(numeric.forward_dynamics_base_wrench(q.data(), qd.data(), tau.data(), base.data(), wrench.data(),
                                                     qdd_numeric_fused.data(), on_base_numeric_fused.data(), nullptr));
    EXPECT_EQ(qdd_numeric_fused, qdd);
    EXPECT_EQ(on_base_numeric_fused, on_base);
    EXPECT_LE(relative_error(qdd_fused, qdd), 1e-10) << "sample " << sample;
    EXPECT_LE(relative_error(on_base_fused, on_base), 1e-10) << "sample " << sample;

    // the pass in two stages, one prepare for three base accelerations: the one pass's results bit
    // for bit (a moving base's staged kernels; the interface's default otherwise, and numeric)
    for (Mechanism* m : {&generated, &numeric}) {
      std::vector<double> at = base;
      ASSERT_TRUE(m->forward_dynamics_base_wrench_prepare(q.data(), qd.data(), tau.data(), at.data(), wrench.data(),
                                                          nullptr));
      std::fill(at.begin(), at.begin() + 3, std::nan(""));  // _finish reads e0, a0 only
      for (int change = 0; change < 3; ++change) {
        for (std::size_t k = 3; k < 9; ++k) at[k] = unit(rng);
        std::vector<double> qdd_staged(n), on_base_staged(6), qdd_one_pass(n), on_base_one_pass(6), full = at;
        std::copy(base.begin(), base.begin() + 3, full.begin());
        ASSERT_TRUE(m->forward_dynamics_base_wrench_finish(at.data(), qdd_staged.data(), on_base_staged.data(), nullptr));
        ASSERT_TRUE(m->forward_dynamics_base_wrench(q.data(), qd.data(), tau.data(), full.data(), wrench.data(),
                                                    qdd_one_pass.data(), on_base_one_pass.data(), nullptr));
        EXPECT_EQ(qdd_staged, qdd_one_pass) << (m == &generated ? "generated" : "numeric") << " sample " << sample;
        EXPECT_EQ(on_base_staged, on_base_one_pass) << (m == &generated ? "generated" : "numeric") << " sample " << sample;
      }
    }

    std::vector<double> position(3 * points), velocity(3 * points), position_g(3 * points), velocity_g(3 * points);
    numeric.point_kinematics(q.data(), qd.data(), position.data(), velocity.data());
    generated.point_kinematics(q.data(), qd.data(), position_g.data(), velocity_g.data());
    EXPECT_LE(relative_error(position_g, position), 1e-12);
    EXPECT_LE(relative_error(velocity_g, velocity), 1e-12);

    std::vector<double> R(9 * bodies), o(3 * bodies), w(3 * bodies), v(3 * bodies);
    std::vector<double> R_g(R.size()), o_g(o.size()), w_g(w.size()), v_g(v.size());
    numeric.body_kinematics(q.data(), qd.data(), R.data(), o.data(), w.data(), v.data());
    generated.body_kinematics(q.data(), qd.data(), R_g.data(), o_g.data(), w_g.data(), v_g.data());
    for (const auto& [got, expected] : {std::pair(&R_g, &R), std::pair(&o_g, &o), std::pair(&w_g, &w), std::pair(&v_g, &v)})
      EXPECT_LE(relative_error(*got, *expected), 1e-12);

    EXPECT_NEAR(generated.damper_power(qd.data()), numeric.damper_power(qd.data()),
                1e-12 * (1.0 + std::abs(numeric.damper_power(qd.data()))));
    const double v0[3] = {unit(rng), unit(rng), unit(rng)};
    const Energy e = numeric.energy(q.data(), qd.data(), base.data(), v0);
    const Energy e_g = generated.energy(q.data(), qd.data(), base.data(), v0);
    EXPECT_LE(relative_error({e_g.kinetic, e_g.potential, e_g.damper_power}, {e.kinetic, e.potential, e.damper_power}), 1e-12);
    EXPECT_LE(relative_error(std::vector<double>(e_g.momentum, e_g.momentum + 6), std::vector<double>(e.momentum, e.momentum + 6)),
              1e-12);
  }
}

TEST(GeneratedMechanism, LinkedLoopedKernelsAgreeWithTheNumericAlgorithms) {
  GeneratedMechanism generated(probe_cone_central_mechanism());
  NumericMechanism numeric(load_bundled("probe_cone_central"));
  EXPECT_EQ(generated.info().dof, 25);
  expect_same_mechanism(generated, numeric, 1);
}

TEST(GeneratedMechanism, LoadedTreeKernelsAgreeWithTheNumericAlgorithms) {
  const auto generated = load_generated_mechanism(DYNGEN_branched_tree_LIBRARY, "branched_tree");
  NumericMechanism numeric(load_bundled("branched_tree"));
  expect_same_mechanism(*generated, numeric, 2);
}

TEST(GeneratedMechanism, LoadedHexapodKernelsAgreeWithTheNumericAlgorithms) {
  const auto generated = load_generated_mechanism(DYNGEN_hexapod_peripheral_LIBRARY, "hexapod_peripheral");
  NumericMechanism numeric(load_bundled("hexapod_peripheral"));
  expect_same_mechanism(*generated, numeric, 3);
  // clones are independent instances of the same mechanism
  const auto copy = generated->clone();
  EXPECT_EQ(copy->info().coordinates, generated->info().coordinates);
}

TEST(GeneratedMechanism, UnreachableClosureNamesItsLoop) {
  GeneratedMechanism generated(probe_cone_central_mechanism());
  NumericMechanism numeric(load_bundled("probe_cone_central"));
  for (Mechanism* m : {static_cast<Mechanism*>(&generated), static_cast<Mechanism*>(&numeric)}) {
    std::vector<double> q = m->info().reference_q, qd(q.size());
    // the gimbal tilted far beyond what the lateral links reach
    q[static_cast<std::size_t>(m->info().coordinate("housing.0"))] = 1.2;
    const Closure closure = m->close(q.data(), qd.data());
    EXPECT_NE(closure.status, ClosureStatus::closed);
    ASSERT_GE(closure.loop, 0);
    EXPECT_EQ(m->info().loops[static_cast<std::size_t>(closure.loop)].substr(0, 7), "lateral");
  }
}

TEST(GeneratedMechanism, NamesAndLibrariesAreChecked) {
  GeneratedMechanism generated(probe_cone_central_mechanism());
  EXPECT_EQ(generated.info().point("head.tip"), 1);
  try {
    generated.info().coordinate("probe_rod");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("has no coordinate 'probe_rod'; it has housing.0"), std::string::npos) << e.what();
  }
  try {
    generated.set_parameter("k_latch", 3.0);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("kernels fold every parameter"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_generated_mechanism("/nonexistent/libkernels.so", "chain6"), std::runtime_error);
  try {
    load_generated_mechanism(DYNGEN_branched_tree_LIBRARY, "chain6");
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("export no chain6_mechanism()"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace dyngen::mechanism
