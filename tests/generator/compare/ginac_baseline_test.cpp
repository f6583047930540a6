// The GiNaC baseline: its expressions evaluate to the numeric algorithms' results (it runs the
// same templates), the forked run reports what it finished, and a run past its limit is reported
// as over the limit while the unexpanded stage it finished is kept.
#include <gtest/gtest.h>

#include <chrono>

#include "compare/ginac_baseline.hpp"
#include "compare/ginac_count.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/rnea.hpp"
#include "generator/model/chain_family.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::compare {
namespace {

using GiNaC::ex;

// The value of e with q_i = q[i], qd_i = 0.5 q[i], qdd_i = -0.7 q[i]. GiNaC symbols are
// identified by object, not by name, so the baseline's symbols are found by their names.
double value_at(const ex& e, const std::vector<double>& q) {
  GiNaC::exmap values;
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!GiNaC::is_a<GiNaC::symbol>(*it)) continue;
    const ex& s = *it;
    const std::string name = GiNaC::ex_to<GiNaC::symbol>(s).get_name();
    const std::string prefix = name.rfind("qdd", 0) == 0 ? "qdd" : name.rfind("qd", 0) == 0 ? "qd" : "q";
    const double scale = prefix == "q" ? 1.0 : prefix == "qd" ? 0.5 : -0.7;
    values[s] = scale * q.at(std::stoul(name.substr(prefix.size())));
  }
  return GiNaC::ex_to<GiNaC::numeric>(e.subs(values).evalf()).to_double();
}

TEST(GinacBaseline, OutputsEvaluateToTheNumericAlgorithms) {
  const Model model = load_model_from_string(chain_model_yaml(3), "chain3.yaml");
  const algorithms::Mechanism<double> mech = algorithms::make_numeric_mechanism(model);
  algorithms::State<double> state(mech);
  const std::vector<double> q = {0.3, -1.1, 0.7};
  for (std::size_t i = 0; i < q.size(); ++i) {
    state.q[i] = q[i];
    state.qd[i] = 0.5 * q[i];
    state.qdd[i] = -0.7 * q[i];
  }
  algorithms::CrbaData<double> crba(mech);
  algorithms::crba(mech, state, crba);
  const std::vector<ex> H = ginac_outputs(model, CasKernel::mass_matrix);
  ASSERT_EQ(H.size(), crba.H.data.size());
  for (std::size_t k = 0; k < H.size(); ++k) EXPECT_NEAR(value_at(H[k], q), crba.H.data[k], 1e-12);
  algorithms::RneaData<double> rnea(mech);
  algorithms::rnea(mech, state, rnea);
  const std::vector<ex> tau = ginac_outputs(model, CasKernel::inverse_dynamics);
  for (std::size_t i = 0; i < tau.size(); ++i) EXPECT_NEAR(value_at(tau[i], q), rnea.tau[i], 1e-10);
}

TEST(GinacBaseline, ForkedRunReportsTheSameCountsAsARunInProcess) {
  const Model model = load_model_from_string(chain_model_yaml(2), "chain2.yaml");
  const CasBaseline baseline = ginac_baseline(model, CasKernel::mass_matrix, 30.0);
  const std::vector<ex> H = ginac_outputs(model, CasKernel::mass_matrix);
  ASSERT_TRUE(baseline.unexpanded.count.has_value()) << baseline.unexpanded.status;
  ASSERT_TRUE(baseline.expanded.count.has_value()) << baseline.expanded.status;
  EXPECT_EQ(*baseline.unexpanded.count, count_tree_operations(H));
  std::vector<ex> expanded;
  for (const ex& e : H) expanded.push_back(e.expand());
  EXPECT_EQ(*baseline.expanded.count, count_tree_operations(expanded));
  EXPECT_GT(baseline.unexpanded.count->total(), 0u);
  EXPECT_TRUE(baseline.unexpanded.status.empty());
}

TEST(GinacBaseline, RunPastTheLimitIsReportedAsOverTheLimit) {
  // Expanding the 6-link chain's forward dynamics takes far longer than a second.
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/chain6.yaml");
  const auto start = std::chrono::steady_clock::now();
  const CasBaseline baseline = ginac_baseline(model, CasKernel::forward_dynamics_crba, 1.0);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(elapsed, 5.0);
  EXPECT_TRUE(baseline.unexpanded.count.has_value()) << baseline.unexpanded.status;
  EXPECT_FALSE(baseline.expanded.count.has_value());
  EXPECT_EQ(baseline.expanded.status, "over limit (1 s)");
}

}  // namespace
}  // namespace dyngen::compare
