#include "compare/scaling.hpp"

#include <algorithm>
#include <stdexcept>

#include "codegen/kernels.hpp"
#include "compare/routes.hpp"
#include "generator/model/chain_family.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::compare {

const std::vector<std::string>& scaling_routes() {
  static const std::vector<std::string> routes = {
      "forward_dynamics_crba", "forward_dynamics_aba", "forward_dynamics_naive",
      "inverse_dynamics",      "base_wrench",          "mass_matrix",
      "generalized_forces"};
  return routes;
}

std::size_t scaling_column(const std::string& route) {
  const auto& routes = scaling_routes();
  const auto found = std::find(routes.begin(), routes.end(), route);
  if (found == routes.end()) throw std::out_of_range("no scaling route " + route);
  return static_cast<std::size_t>(found - routes.begin());
}

ScalingSeries chain_scaling(int n_from, int n_to) {
  if (n_from < 1 || n_to < n_from) throw std::invalid_argument("chain scaling needs 1 <= from <= to");
  ScalingSeries series;
  std::vector<std::pair<int, bool>> aba_cheaper;
  for (int n = n_from; n <= n_to; ++n) {
    const Model model = load_model_from_string(chain_model_yaml(n), "chain" + std::to_string(n) + ".yaml");
    const codegen::GeneratedKernels kernels = codegen::build_kernels(model, codegen::GenerateOptions{});
    ScalingPoint point;
    point.n = n;
    for (const std::string& route : scaling_routes()) {
      if (route == "forward_dynamics_naive") {
        const RouteCost cost = route_cost(model, ForwardRoute::naive, engine::Options{});
        point.count.push_back(cost.count);
        point.seconds.push_back(cost.seconds);
        continue;
      }
      const auto k = static_cast<std::size_t>(
          std::find_if(kernels.kernels.begin(), kernels.kernels.end(),
                       [&](const engine::Kernel& kernel) { return kernel.name == route; }) -
          kernels.kernels.begin());
      if (k == kernels.kernels.size()) throw std::logic_error("build_kernels made no " + route);
      point.count.push_back(engine::count_operations(kernels.kernels[k].code));
      point.seconds.push_back(kernels.seconds[k]);
    }
    aba_cheaper.emplace_back(n, point.count[scaling_column("forward_dynamics_aba")].total() <
                                    point.count[scaling_column("forward_dynamics_crba")].total());
    series.points.push_back(std::move(point));
  }
  series.crossover = crossover(aba_cheaper);
  series.featherstone_crossover = featherstone_crossover(n_to);
  return series;
}

}  // namespace dyngen::compare
