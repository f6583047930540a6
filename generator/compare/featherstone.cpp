#include "compare/featherstone.hpp"

namespace dyngen::compare {

PublishedCount featherstone_count(PublishedAlgorithm algorithm, int n_int) {
  const long n = n_int;
  switch (algorithm) {
    // RNEA: 93n - 108 m, 81n - 100 a
    case PublishedAlgorithm::rnea: return {93 * n - 108, 81 * n - 100};
    // CRBA: 10n^2 + 22n - 32 m, 6n^2 + 37n - 43 a
    case PublishedAlgorithm::crba: return {10 * n * n + 22 * n - 32, 6 * n * n + 37 * n - 43};
    // LTDL factorize + solve: n^3/6 + 3n^2/2 - 2n/3 m = (n^3 + 9n^2 - 4n)/6,
    // n^3/6 + n^2 - 7n/6 a = (n^3 + 6n^2 - 7n)/6 (both exact integers for integer n)
    case PublishedAlgorithm::ltdl:
      return {(n * n * n + 9 * n * n - 4 * n) / 6, (n * n * n + 6 * n * n - 7 * n) / 6};
    // ABA: 224n - 259 m, 205n - 248 a
    case PublishedAlgorithm::aba: return {224 * n - 259, 205 * n - 248};
    case PublishedAlgorithm::rnea_crba_ltdl: {
      PublishedCount sum = featherstone_count(PublishedAlgorithm::rnea, n_int);
      sum += featherstone_count(PublishedAlgorithm::crba, n_int);
      sum += featherstone_count(PublishedAlgorithm::ltdl, n_int);
      return sum;
    }
  }
  return {};
}

Formula featherstone_formula(PublishedAlgorithm algorithm) {
  switch (algorithm) {
    case PublishedAlgorithm::rnea: return {"RNEA", "93n-108", "81n-100"};
    case PublishedAlgorithm::crba: return {"CRBA", "10n^2+22n-32", "6n^2+37n-43"};
    case PublishedAlgorithm::ltdl: return {"LTDL", "n^3/6+3n^2/2-2n/3", "n^3/6+n^2-7n/6"};
    case PublishedAlgorithm::aba: return {"ABA", "224n-259", "205n-248"};
    case PublishedAlgorithm::rnea_crba_ltdl:
      return {"RNEA+CRBA+LTDL", "n^3/6+23n^2/2+343n/3-140", "n^3/6+7n^2+701n/6-143"};
  }
  return {};
}

bool is_revolute_chain(const Model& model) {
  if (model.dof() != model.body_count() - 1) return false;
  for (int j = 1; j < model.body_count(); ++j) {
    const Body& body = model.bodies[static_cast<std::size_t>(j)];
    if (body.parent != j - 1 || body.joint.type != JointType::revolute) return false;
  }
  return true;
}

std::optional<int> crossover(const std::vector<std::pair<int, bool>>& aba_cheaper) {
  std::optional<int> from;
  for (const auto& [n, cheaper] : aba_cheaper) {
    if (!cheaper) from.reset();
    else if (!from) from = n;
  }
  return from;
}

std::optional<int> featherstone_crossover(int n_max) {
  std::vector<std::pair<int, bool>> aba_cheaper;
  for (int n = 1; n <= n_max; ++n) {
    aba_cheaper.emplace_back(n, featherstone_count(PublishedAlgorithm::aba, n).total() <
                                    featherstone_count(PublishedAlgorithm::rnea_crba_ltdl, n).total());
  }
  return crossover(aba_cheaper);
}

}  // namespace dyngen::compare
