// `dyngen eval` end to end: the JSON it prints is consistent with itself (CRBA + LTDL and ABA give
// the same qdd, M qdd = b, RNEA's joint forces equal M qdd − b + Q with Q the springs', dampers' and
// actuators' forces computed here from the model file's numbers), random states are reproducible
// and print at full precision, and bad state files are rejected naming file:line:column and key.
#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "run_dyngen.hpp"

namespace dyngen {
namespace {

using nlohmann::json;
using testing::run_dyngen;
using testing::write_text;

const std::string kChain6 = std::string(DYNGEN_SOURCE_DIR) + "/models/chain6.yaml";

// A moving-base arm with revolute and prismatic joints, springs, dampers and actuators.
constexpr const char* kArm = R"(name: arm
description: moving-base arm for eval tests
gravity: [0, 0, -9.81]
base: {name: base, motion: moving}
bodies:
  - name: shoulder
    parent: base
    joint: {type: revolute, axis: z, frame: {xyz: [0.1, 0, 0.2], rpy: [0.3, 0, 0]}, q0: 0.2, spring: 50, damper: 2, actuated: true}
    inertia: {mass: 2.0, com: [0.2, 0.01, 0], tensor: {xx: 0.01, yy: 0.02, zz: 0.02, xy: 0.001, xz: 0, yz: 0}}
  - name: slider
    parent: shoulder
    joint: {type: prismatic, axis: x, frame: {xyz: [0.3, 0, 0], rpy: [0, 0.2, 0]}, q0: 0.05, spring: 400, damper: 5}
    inertia: {mass: 1.0, com: [0.05, 0, 0.02], tensor: {xx: 0.002, yy: 0.003, zz: 0.003}}
  - name: wrist
    parent: slider
    joint: {type: revolute, axis: y, frame: {xyz: [0.1, 0.02, 0]}, actuated: true}
    inertia: {mass: 0.5, com: [0.03, 0, 0], tensor: {xx: 0.001, yy: 0.0012, zz: 0.0011}}
)";

constexpr const char* kArmState = R"({
  "q": [0.7, 0.12, -0.4],
  "qd": [0.5, -0.3, 1.1],
  "qdd": [0.2, 0.1, -0.3],
  "tau": [1.5, 0, -0.25],
  "base": {"w0": [0.1, -0.2, 0.3], "e0": [0.01, 0.02, -0.03], "a0": [0.5, -0.1, 0.2]},
  "wrench": {"wrist": [1, 2, 3, 0.1, 0.2, 0.3]}
})";

json eval_json(const std::string& arguments) {
  const testing::RunResult result = run_dyngen("eval " + arguments);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return json::parse(result.out);
}

double max_abs_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}

TEST(Eval, PrintsConsistentDynamicsForAStateFile) {
  const auto model = write_text("arm.yaml", kArm);
  const auto state_file = write_text("arm_state.json", kArmState);
  const json out = eval_json(model.string() + " --state " + state_file.string());
  for (const char* key : {"coordinates", "M", "b", "qdd_crba", "qdd_aba", "tau_rnea", "base_wrench"})
    ASSERT_TRUE(out.contains(key)) << key;
  EXPECT_EQ(out["coordinates"], json({"shoulder", "slider", "wrist"}));
  EXPECT_EQ(out["base_wrench"].size(), 6u);
  const auto M = out["M"].get<std::vector<std::vector<double>>>();
  const auto b = out["b"].get<std::vector<double>>();
  const auto qdd_crba = out["qdd_crba"].get<std::vector<double>>();
  const auto qdd_aba = out["qdd_aba"].get<std::vector<double>>();
  const auto tau_rnea = out["tau_rnea"].get<std::vector<double>>();
  ASSERT_EQ(M.size(), 3u);

  EXPECT_LT(max_abs_difference(qdd_crba, qdd_aba), 1e-12);
  const json state = json::parse(kArmState);
  const auto q = state["q"].get<std::vector<double>>();
  const auto qd = state["qd"].get<std::vector<double>>();
  const auto qdd = state["qdd"].get<std::vector<double>>();
  const auto tau = state["tau"].get<std::vector<double>>();
  // Q = -k (q - q0) - c qd + tau, from the model file above
  const std::vector<double> Q = {-50 * (q[0] - 0.2) - 2 * qd[0] + tau[0], -400 * (q[1] - 0.05) - 5 * qd[1],
                                 tau[2]};
  for (int r = 0; r < 3; ++r) {
    double M_qdd_crba = 0.0, M_qdd = 0.0;
    for (int c = 0; c < 3; ++c) {
      EXPECT_EQ(M[r][c], M[c][r]);
      M_qdd_crba += M[r][c] * qdd_crba[c];
      M_qdd += M[r][c] * qdd[c];
    }
    EXPECT_NEAR(M_qdd_crba, b[r], 1e-12 * (1 + std::abs(b[r])));
    // RNEA: tau = M qdd - b + Q
    EXPECT_NEAR(tau_rnea[r], M_qdd - b[r] + Q[r], 1e-12 * (1 + std::abs(tau_rnea[r])));
  }
}

TEST(Eval, RandomStatesAreReproducibleAndPrintedAtFullPrecision) {
  const testing::RunResult first = run_dyngen("eval " + kChain6 + " --random 42");
  const testing::RunResult again = run_dyngen("eval " + kChain6 + " --random 42");
  const testing::RunResult other = run_dyngen("eval " + kChain6 + " --random 43");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, again.out);
  EXPECT_NE(first.out, other.out);
  const json out = json::parse(first.out);
  EXPECT_LT(max_abs_difference(out["qdd_crba"].get<std::vector<double>>(), out["qdd_aba"].get<std::vector<double>>()), 1e-10);
  // The drawn state, fed back as a state file, reproduces every number bit for bit.
  const auto state_file = write_text("chain6_state.json", out["state"].dump());
  json replay = eval_json(kChain6 + " --state " + state_file.string());
  json expected = out;
  expected.erase("state");
  EXPECT_EQ(replay, expected);
}

TEST(Eval, RejectsBadStateFilesNamingTheKey) {
  const std::string arm = write_text("arm.yaml", kArm).string();
  struct Case {
    std::string model;
    const char* text;
    const char* expected;  // in the message, after "bad_state.json:"
  };
  const Case cases[] = {
      {kChain6, "{\"q\": [0, 0, 0, 0, 0, 0],\n \"qdot\": [1, 2, 3, 4, 5, 6]}", "2:2: error: qdot: unknown key"},
      {kChain6, "{\"qd\": [1, 2, 3]}", "1:8: error: qd: expected a list of 6 finite numbers"},
      {kChain6, "{\"qdd\": [1, 2, 3, 4, 5, \"x\"]}", "1:25: error: qdd[5]: expected a finite number"},
      {arm, "{\"tau\": [0, 1, 0]}", "1:13: error: tau[slider]: coordinate slider is not actuated"},
      {arm, "{\"tau\": {\"slider\": 1}}", "1:20: error: tau[slider]: coordinate slider is not actuated"},
      {arm, "{\"q\": {\"elbow\": 1}}", "1:8: error: q.elbow: no such coordinate; valid coordinates: "},
      {arm, "{\"q\": {\"slider\": \"x\"}}", "1:18: error: q.slider: expected a finite number"},
      {kChain6, "{\"base\": {\"w0\": [0, 0, 1]}}", "1:10: error: base: the model's base is fixed"},
      {arm, "{\"base\": {\"v0\": [0, 0, 1]}}", "1:11: error: base.v0: unknown key; valid keys: w0, e0, a0"},
      {kChain6, "{\"wrench\": {\"link7\": [0, 0, 0, 0, 0, 0]}}", "1:13: error: wrench.link7: no such moving body"},
      {kChain6, "{\"wrench\": {\"link6\": [0, 0, 0]}}", "1:22: error: wrench.link6: expected a list of 6 finite numbers"},
      {kChain6, "[1, 2]", "1:1: error: state: expected a mapping"},
  };
  for (const Case& c : cases) {
    const auto state_file = write_text("bad_state.json", c.text);
    const testing::RunResult result = run_dyngen("eval " + c.model + " --state " + state_file.string());
    EXPECT_EQ(result.exit_code, 1) << c.text;
    EXPECT_TRUE(result.out.empty()) << c.text;
    EXPECT_NE(result.err.find(std::string("bad_state.json:") + c.expected), std::string::npos)
        << c.text << "\n" << result.err;
  }
}

TEST(Eval, ClosesLoopedModelsFromNamedIndependentCoordinates) {
  const auto state = write_text("hexapod_state.json",
                                R"({"q": {"ring.2": 0.02, "ring.3": 0.01, "leg1_rod": 0.6}, "qd": {"ring.0": 0.1},
                                    "qdd": {"ring.2": 0.5}, "tau": {"leg2_rod": 40}})");
  const testing::RunResult result =
      run_dyngen("eval " + std::string(DYNGEN_SOURCE_DIR) + "/models/hexapod_peripheral.yaml --state " + state.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["independent"].size(), 6u);
  EXPECT_EQ(json["q"].size(), 24u);
  EXPECT_DOUBLE_EQ(json["q"][2].get<double>(), 0.02);  // as given
  EXPECT_LE(json["closure_residual"].get<double>(), 1e-12);
  EXPECT_NE(json["q"][8].get<double>(), 0.6);  // leg1_rod solved from its guess
  EXPECT_EQ(json["qdd"].size(), 24u);
  EXPECT_EQ(json["M"].size(), 6u);
  EXPECT_EQ(json["actuator_forces"].size(), 6u);
  for (const char* key : {"qd", "qdd_crba", "tau_rnea", "tau_independent", "base_wrench"}) EXPECT_TRUE(json.contains(key)) << key;
  const testing::RunResult random =
      run_dyngen("eval " + std::string(DYNGEN_SOURCE_DIR) + "/models/probe_cone_central.yaml --random 4");
  ASSERT_EQ(random.exit_code, 0) << random.err;
  EXPECT_LE(nlohmann::json::parse(random.out)["closure_residual"].get<double>(), 1e-12);
}

TEST(Eval, ReportsLoopsThatCannotCloseWithTheLoopAndTheState) {
  const auto state = write_text("too_high.json", R"({"q": {"ring.2": 0.5}})");
  const testing::RunResult result =
      run_dyngen("eval " + std::string(DYNGEN_SOURCE_DIR) + "/models/hexapod_peripheral.yaml --state " + state.string());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(result.out.empty());
  EXPECT_NE(result.err.find("(beyond_limits) at loop 'leg1', coordinate leg1_rod"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("ring.2 = 0.500000"), std::string::npos) << result.err;
}

TEST(Eval, ReportsAChainThatCannotReach) {
  const auto model = write_text("looped.yaml", R"(name: looped
base: {name: base, motion: moving}
bodies:
  - {name: ring, parent: base, joint: {type: prismatic, axis: z}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: leg_lo, parent: base, joint: {type: universal, frame: {xyz: [0.3, 0, 0]}}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: leg_up, parent: leg_lo, joint: {type: prismatic, axis: -z}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
loops:
  - name: leg
    root: base
    dependent: [leg_lo, leg_up]
    closes_on: ring
    cut: {type: spherical, terminal_point: [0, 0.1, 0.4], closing_point: [0.3, 0, 0]}
    closure: newton
)");
  // the terminal point sits 0.1 off the leg's axis, so the leg cannot reach a ring point over its pivot
  const testing::RunResult result = run_dyngen("eval " + model.string() + " --random 1");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(result.out.empty());
  EXPECT_NE(result.err.find("the loops do not close at this state (not_converged) at loop 'leg'"), std::string::npos)
      << result.err;
}

TEST(Eval, ReportsASingularLoopWithTheLoopAndTheState) {
  // a four-bar whose rocker and coupler lie in one line at crank angle 0 (0.625 - 0.25 - 0.25 =
  // 0.125, exact in binary): the two-circles closure meets there with a zero root and Phi_d singular
  const auto model = write_text("toggle.yaml", R"(name: toggle
base: {name: base, motion: fixed}
bodies:
  - {name: crank, parent: base, joint: {type: revolute, axis: z}, inertia: {mass: 1, com: [0.05, 0, 0], tensor: {xx: 0.001, yy: 0.01, zz: 0.01}}}
  - {name: rocker, parent: base, joint: {type: revolute, axis: z, frame: {xyz: [0.625, 0, 0]}}, inertia: {mass: 1, com: [-0.1, 0, 0], tensor: {xx: 0.001, yy: 0.01, zz: 0.01}}}
  - {name: coupler, parent: rocker, joint: {type: revolute, axis: z, frame: {xyz: [-0.25, 0, 0]}}, inertia: {mass: 1, com: [-0.1, 0, 0], tensor: {xx: 0.001, yy: 0.01, zz: 0.01}}}
loops:
  - name: bar
    root: base
    dependent: [rocker, coupler]
    closes_on: crank
    cut: {type: revolute, terminal_point: [-0.25, 0, 0], closing_point: [0.125, 0, 0], terminal_axis: z, closing_axis: z}
)");
  const auto state = write_text("toggle_state.json", R"({"q": {"crank": 0}})");
  const testing::RunResult result = run_dyngen("eval " + model.string() + " --state " + state.string());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(result.out.empty());
  EXPECT_NE(result.err.find("loop 'bar' has a singular Phi_d"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("crank = 0.000000"), std::string::npos) << result.err;
}

TEST(Eval, RejectsBadArguments) {
  EXPECT_EQ(run_dyngen("eval " + kChain6).exit_code, 2);
  EXPECT_EQ(run_dyngen("eval " + kChain6 + " --random 1 --state x.json").exit_code, 2);
  EXPECT_EQ(run_dyngen("eval " + kChain6 + " --random seven").exit_code, 2);
  const testing::RunResult missing = run_dyngen("eval " + kChain6 + " --state /nonexistent/state.json");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("cannot read state file /nonexistent/state.json"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace dyngen
