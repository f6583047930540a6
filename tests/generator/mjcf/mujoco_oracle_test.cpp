// Our algorithms against MuJoCo on exported tree models at random states: the mass matrix (CRBA),
// the generalized forces b (τ = 0, no external wrenches: M q̈ = b, so MuJoCo's bias = −b), inverse
// dynamics (RNEA), the base wrench, and forward dynamics (ABA) against q̈ = −M⁻¹ bias from MuJoCo's
// M and bias with ABA's base wrench by-product against MuJoCo's at that q̈. A moving base is MuJoCo's free body with the prescribed
// transport velocity and acceleration.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/rnea.hpp"
#include "generator/mjcf/mjcf_export.hpp"
#include "generator/model/loader.hpp"
#include "../model/lsan_suppressions.hpp"
#include "mujoco_oracle.hpp"
#include "random_tree.hpp"

namespace dyngen {
namespace {

using algorithms::State;
using testing::BaseMotion;
using testing::MujocoOracle;

constexpr int kStates = 100;
constexpr double kTolerance = 1e-9;

// A model under test: generated in code or loaded from a bundled file (trees; looped ones are
// skipped), as given and with its base switched between fixed and moving.
struct TestModel {
  std::string name;
  std::function<Model()> make;
};

void PrintTo(const TestModel& test_model, std::ostream* out) { *out << test_model.name; }

std::vector<TestModel> test_models() {
  std::vector<TestModel> list;
  for (unsigned seed : {11u, 12u, 13u}) {
    list.push_back({"random_fixed_" + std::to_string(seed), [=] { return testing::random_tree(seed, 14, false); }});
    list.push_back({"random_moving_" + std::to_string(seed), [=] { return testing::random_tree(seed, 14, true); }});
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(DYNGEN_SOURCE_DIR "/models"))
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    for (bool flip_base : {false, true}) {
      list.push_back({file.stem().string() + (flip_base ? "_base_flipped" : ""), [=] {
                        Model model = load_model(file);
                        if (flip_base) model.moving_base = !model.moving_base;
                        return model;
                      }});
    }
  }
  return list;
}

// max |ours − reference| / max |reference|
double relative_error(const Eigen::MatrixXd& ours, const Eigen::MatrixXd& reference) {
  return (ours - reference).cwiseAbs().maxCoeff() / std::max(reference.cwiseAbs().maxCoeff(), 1e-300);
}

Eigen::VectorXd eigen(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

class AgainstMujoco : public ::testing::TestWithParam<TestModel> {};

TEST_P(AgainstMujoco, MassMatrixBiasInverseDynamicsAndBaseWrenchAgree) {
  const Model model = GetParam().make();
  if (!model.loops.empty())
    GTEST_SKIP() << GetParam().name << " has kinematic loops: its closed dynamics are checked against Lagrange multipliers "
                                       "(tests/generator/algorithms), its export in mjcf_export_test";
  const MjcfNames names = mjcf_names(model);
  MujocoOracle oracle(export_mjcf(model), names.joints, names.base_joint);
  const auto mech = algorithms::make_numeric_mechanism(model);
  algorithms::CrbaData<double> crba_data(mech);
  algorithms::GeneralizedForcesData<double> forces_data(mech);
  algorithms::RneaData<double> rnea_data(mech);
  algorithms::BaseWrenchData<double> wrench_data(mech);
  algorithms::AbaData<double> aba_data(mech);

  std::mt19937_64 random(2024);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  std::uniform_real_distribution<double> rate(-2.0, 2.0);
  const auto vector = [&] { return Eigen::Vector3d(rate(random), rate(random), rate(random)); };
  double worst_mass = 0, worst_bias = 0, worst_rnea = 0, worst_wrench = 0, worst_aba = 0, worst_aba_wrench = 0;
  for (int sample = 0; sample < kStates; ++sample) {
    State<double> state(mech);
    for (int i = 0; i < model.dof(); ++i) {
      state.q[i] = angle(random);
      state.qd[i] = rate(random);
      state.qdd[i] = rate(random);
    }
    BaseMotion base;
    if (model.moving_base) base = {vector(), vector(), vector()};
    for (int k = 0; k < 3; ++k) {
      state.w0[k] = base.w0[k];
      state.e0[k] = base.e0[k];
      state.a0[k] = base.a0[k];
    }
    oracle.set_state(eigen(state.q), eigen(state.qd), base);

    algorithms::crba(mech, state, crba_data);
    const Eigen::MatrixXd reference_mass = oracle.mass_matrix();
    const Eigen::MatrixXd mass = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        crba_data.H.data.data(), model.dof(), model.dof());
    worst_mass = std::max(worst_mass, relative_error(mass, reference_mass));

    algorithms::generalized_forces(mech, state, forces_data);
    const Eigen::VectorXd reference_bias = oracle.bias_forces();
    worst_bias = std::max(worst_bias, relative_error(-eigen(forces_data.b), reference_bias));

    algorithms::aba(mech, state, aba_data);
    // M qdd = -bias
    const Eigen::VectorXd reference_qdd = reference_mass.ldlt().solve(-reference_bias);
    worst_aba = std::max(worst_aba, relative_error(eigen(aba_data.qdd), reference_qdd));
    Eigen::Matrix<double, 6, 1> aba_wrench;
    for (int k = 0; k < 6; ++k) aba_wrench[k] = aba_data.wrench[k];
    worst_aba_wrench = std::max(worst_aba_wrench, relative_error(aba_wrench, oracle.base_wrench(reference_qdd)));

    algorithms::rnea(mech, state, rnea_data);
    worst_rnea = std::max(worst_rnea, relative_error(eigen(rnea_data.tau), oracle.inverse_dynamics(eigen(state.qdd))));

    algorithms::base_wrench(mech, state, wrench_data);
    Eigen::Matrix<double, 6, 1> wrench;
    for (int k = 0; k < 6; ++k) wrench[k] = wrench_data.wrench[k];
    worst_wrench = std::max(worst_wrench, relative_error(wrench, oracle.base_wrench(eigen(state.qdd))));
  }
  std::printf("%-30s dof %2d, max relative error vs MuJoCo over %d states: M %.1e  bias %.1e  rnea %.1e  "
              "base wrench %.1e  aba qdd %.1e  aba wrench %.1e\n",
              GetParam().name.c_str(), model.dof(), kStates, worst_mass, worst_bias, worst_rnea, worst_wrench,
              worst_aba, worst_aba_wrench);
  EXPECT_LE(worst_mass, kTolerance);
  EXPECT_LE(worst_bias, kTolerance);
  EXPECT_LE(worst_rnea, kTolerance);
  EXPECT_LE(worst_wrench, kTolerance);
  EXPECT_LE(worst_aba, kTolerance);
  EXPECT_LE(worst_aba_wrench, kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Trees, AgainstMujoco, ::testing::ValuesIn(test_models()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace dyngen
