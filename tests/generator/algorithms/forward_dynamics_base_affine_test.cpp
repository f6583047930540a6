// Forward dynamics and base wrench with the base's acceleration entering affinely
// (forward_dynamics_base_affine.hpp) against forward_dynamics_loops for qdd and the second
// Newton-Euler pass at that qdd (base_wrench.hpp) for the wrench: at random closed states of every
// looped test model on a moving base (w0, e0, a0 random), with the bias on the mechanism as given
// and on its grouped rewrite (what grouping would move onto the base kept), as the kernels take it;
// and the affinity itself: the results at x are those at 0 plus the differences of unit x's.
#include "generator/algorithms/forward_dynamics_base_affine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/inertial_grouping.hpp"
#include "loop_oracle.hpp"
#include "looped_models.hpp"

namespace dyngen::algorithms {
namespace {

struct Affine {
  std::vector<double> qdd;
  Vec6<double> wrench;
};

Affine affine(const Mechanism<double>& mech, const Mechanism<double>& force_mech, const State<double>& state) {
  LoopDynamicsData<double> data(mech, force_mech);
  Affine out;
  forward_dynamics_base_affine(mech, force_mech, state, data, out.wrench);
  out.qdd = data.qdd;
  return out;
}

double largest(const Vec6<double>& w) {
  double scale = 1.0;
  for (int k = 0; k < 6; ++k) scale = std::max(scale, std::abs(w[k]));
  return scale;
}

TEST(ForwardDynamicsBaseAffine, EqualsTheLoopRouteAndNewtonEuler) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    SCOPED_TRACE(c.name);
    Model model = c.model;
    model.moving_base = true;
    const Mechanism<double> mech = make_numeric_mechanism(model);
    Mechanism<double> grouped = mech;
    group_inertial_parameters(grouped, BaseGrouping::keep);
    std::mt19937 rng(61);
    for (int n = 0; n < 50; ++n) {
      ClosureReport report;
      State<double> state = test::random_closed_state(rng, model, mech, c.spread, 1.0, report);
      LoopDynamicsData<double> loops(mech, mech);
      forward_dynamics_loops(mech, mech, state, loops);
      State<double> accelerated = state;
      accelerated.qdd = loops.qdd;
      BaseWrenchData<double> newton_euler(mech);
      base_wrench(mech, accelerated, newton_euler);
      const double scale = largest(newton_euler.wrench);
      for (const Mechanism<double>* force_mech : std::vector<const Mechanism<double>*>{&mech, &grouped}) {
        const Affine got = affine(mech, *force_mech, state);
        for (std::size_t i = 0; i < got.qdd.size(); ++i) EXPECT_NEAR(got.qdd[i], loops.qdd[i], 1e-9) << "qdd " << i;
        for (int k = 0; k < 6; ++k) EXPECT_NEAR(got.wrench[k], newton_euler.wrench[k], 1e-9 * scale) << "component " << k;
      }
    }
  }
}

TEST(ForwardDynamicsBaseAffine, IsAffineInTheBaseAcceleration) {
  const std::vector<test::LoopedCase> cases = test::looped_cases();
  const test::LoopedCase& c = cases.front();
  Model model = c.model;
  model.moving_base = true;
  const Mechanism<double> mech = make_numeric_mechanism(model);
  std::mt19937 rng(62);
  ClosureReport report;
  State<double> state = test::random_closed_state(rng, model, mech, c.spread, 1.0, report);
  const auto at = [&](const Vec6<double>& x) {
    State<double> s = state;
    s.a0 = x.lin;
    s.e0 = x.ang;
    return affine(mech, mech, s);
  };
  const Affine zero = at({});
  Vec6<double> x;
  for (int k = 0; k < 6; ++k) x[k] = 0.5 + 0.3 * k;
  Affine expected = zero;
  for (int k = 0; k < 6; ++k) {
    Vec6<double> unit;
    unit[k] = 1.0;
    const Affine e = at(unit);
    for (std::size_t i = 0; i < expected.qdd.size(); ++i) expected.qdd[i] += x[k] * (e.qdd[i] - zero.qdd[i]);
    for (int m = 0; m < 6; ++m) expected.wrench[m] += x[k] * (e.wrench[m] - zero.wrench[m]);
  }
  const Affine got = at(x);
  for (std::size_t i = 0; i < got.qdd.size(); ++i) EXPECT_NEAR(got.qdd[i], expected.qdd[i], 1e-9);
  for (int m = 0; m < 6; ++m) EXPECT_NEAR(got.wrench[m], expected.wrench[m], 1e-9 * largest(expected.wrench));
}

}  // namespace
}  // namespace dyngen::algorithms
