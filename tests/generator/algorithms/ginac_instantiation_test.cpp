// Scalar genericity: the algorithm templates instantiated with GiNaC::ex on a 2-body model, with
// every state input a symbol, evaluate (after substituting the numbers) to the double results.
#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include <random>
#include <string>

#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

using GiNaC::ex;

class GinacInstantiation : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937 rng(61);
    test::RandomModelOptions options;
    options.bodies = 2;
    options.fixed_joints = false;
    options.massless_bodies = false;
    Model model = test::random_model(rng, options);
    model.moving_base = true;
    for (Body& body : model.bodies) {
      body.external_wrench = true;
      body.joint.actuated = body.coordinate >= 0;
    }
    model.bodies[1].joint.type = JointType::revolute;
    model.bodies[2].joint.type = JointType::prismatic;
    numeric = make_numeric_mechanism(model);
    symbolic = make_mechanism<ex>(model, [](const Quantity& q) { return ex(q.value); });
    numeric_state = test::random_state(rng, numeric);
    symbolic_state = State<ex>(symbolic);
    const auto bind = [&](ex& target, double value, const std::string& name) {
      const GiNaC::symbol s(name);
      target = s;
      values[s] = value;
    };
    for (std::size_t i = 0; i < numeric_state.q.size(); ++i) {
      const std::string k = std::to_string(i);
      bind(symbolic_state.q[i], numeric_state.q[i], "q" + k);
      bind(symbolic_state.qd[i], numeric_state.qd[i], "qd" + k);
      bind(symbolic_state.qdd[i], numeric_state.qdd[i], "qdd" + k);
      bind(symbolic_state.tau[i], numeric_state.tau[i], "tau" + k);
    }
    for (int c = 0; c < 3; ++c) {
      const std::string k = std::to_string(c);
      bind(symbolic_state.w0[c], numeric_state.w0[c], "w0_" + k);
      bind(symbolic_state.e0[c], numeric_state.e0[c], "e0_" + k);
      bind(symbolic_state.a0[c], numeric_state.a0[c], "a0_" + k);
      bind(symbolic_state.v0[c], numeric_state.v0[c], "v0_" + k);
    }
    for (std::size_t j = 0; j < numeric_state.f_ext.size(); ++j)
      for (int c = 0; c < 6; ++c)
        bind(symbolic_state.f_ext[j][c], numeric_state.f_ext[j][c], "f" + std::to_string(j) + "_" + std::to_string(c));
  }

  double evaluate(const ex& e) const {
    const ex value = e.subs(values).evalf();
    EXPECT_TRUE(GiNaC::is_a<GiNaC::numeric>(value)) << value;
    return GiNaC::is_a<GiNaC::numeric>(value) ? GiNaC::ex_to<GiNaC::numeric>(value).to_double() : 0.0;
  }

  void expect_equal(const std::vector<ex>& symbolic_values, const std::vector<double>& numeric_values) {
    ASSERT_EQ(symbolic_values.size(), numeric_values.size());
    for (std::size_t i = 0; i < numeric_values.size(); ++i)
      EXPECT_NEAR(evaluate(symbolic_values[i]), numeric_values[i], 1e-10 * std::max(1.0, std::abs(numeric_values[i])));
  }

  void expect_equal(const Vec6<ex>& s, const Vec6<double>& d) {
    for (int i = 0; i < 6; ++i) EXPECT_NEAR(evaluate(s[i]), d[i], 1e-10 * std::max(1.0, std::abs(d[i])));
  }

  Mechanism<double> numeric;
  Mechanism<ex> symbolic;
  State<double> numeric_state;
  State<ex> symbolic_state;
  GiNaC::exmap values;
};

TEST_F(GinacInstantiation, CrbaGeneralizedForcesAndLtdlSolve) {
  CrbaData<double> crba_d(numeric);
  CrbaData<ex> crba_s(symbolic);
  crba(numeric, numeric_state, crba_d);
  crba(symbolic, symbolic_state, crba_s);
  expect_equal(crba_s.H.data, crba_d.H.data);

  GeneralizedForcesData<double> b_d(numeric);
  GeneralizedForcesData<ex> b_s(symbolic);
  generalized_forces(numeric, numeric_state, b_d);
  generalized_forces(symbolic, symbolic_state, b_s);
  expect_equal(b_s.b, b_d.b);

  LtdlData<double> ltdl_d(numeric);
  LtdlData<ex> ltdl_s(symbolic);
  ltdl(numeric, crba_d.H, ltdl_d);
  ltdl(symbolic, crba_s.H, ltdl_s);
  ltdl_solve(numeric, ltdl_d, b_d.b);
  ltdl_solve(symbolic, ltdl_s, b_s.b);
  expect_equal(b_s.b, b_d.b);
}

TEST_F(GinacInstantiation, AbaRneaBaseWrenchAndKinematics) {
  AbaData<double> aba_d(numeric);
  AbaData<ex> aba_s(symbolic);
  aba(numeric, numeric_state, aba_d);
  aba(symbolic, symbolic_state, aba_s);
  expect_equal(aba_s.qdd, aba_d.qdd);
  expect_equal(aba_s.wrench, aba_d.wrench);

  RneaData<double> rnea_d(numeric);
  RneaData<ex> rnea_s(symbolic);
  rnea(numeric, numeric_state, rnea_d);
  rnea(symbolic, symbolic_state, rnea_s);
  expect_equal(rnea_s.tau, rnea_d.tau);

  BaseWrenchData<double> wrench_d(numeric);
  BaseWrenchData<ex> wrench_s(symbolic);
  base_wrench(numeric, numeric_state, wrench_d);
  base_wrench(symbolic, symbolic_state, wrench_s);
  expect_equal(wrench_s.wrench, wrench_d.wrench);

  KinematicsData<double> kin_d(numeric);
  KinematicsData<ex> kin_s(symbolic);
  kinematics(numeric, numeric_state, kin_d);
  kinematics(symbolic, symbolic_state, kin_s);
  for (std::size_t k = 0; k < kin_d.point_position.size(); ++k)
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR(evaluate(kin_s.point_position[k][c]), kin_d.point_position[k][c], 1e-12);
      EXPECT_NEAR(evaluate(kin_s.point_velocity[k][c]), kin_d.point_velocity[k][c], 1e-11);
    }
}

}  // namespace
}  // namespace dyngen::algorithms
