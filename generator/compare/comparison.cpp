#include "compare/comparison.hpp"

#include <optional>
#include <utility>

#include "codegen/kernels.hpp"
#include "compare/ginac_baseline.hpp"
#include "compare/routes.hpp"

namespace dyngen::compare {

namespace {

std::int64_t signed_total(const OpTally& t) { return static_cast<std::int64_t>(t.total()); }

// Published inverse-dynamics counts (Featherstone's RNEA, the 1986 explicit PUMA 560 model) take
// no external forces, so for a model with wrench inputs the like-for-like figure is the same
// kernel generated without them; no row when the model has none.
std::optional<Row> inverse_dynamics_without_wrenches(const Model& model, bool chain) {
  Model bare = model;
  bool had_wrenches = false;
  for (Body& body : bare.bodies) had_wrenches = std::exchange(body.external_wrench, false) || had_wrenches;
  if (!had_wrenches) return std::nullopt;
  const codegen::GeneratedKernels kernels = codegen::build_kernels(bare, codegen::GenerateOptions{});
  for (std::size_t k = 0; k < kernels.kernels.size(); ++k) {
    if (kernels.kernels[k].name != "inverse_dynamics") continue;
    Row row;
    row.name = "inverse_dynamics_without_wrenches";
    row.label = "    (d) without external wrench inputs";
    if (chain) row.published = PublishedAlgorithm::rnea;
    row.count = engine::count_operations(kernels.kernels[k].code);
    row.seconds = kernels.seconds[k];
    return row;
  }
  return std::nullopt;
}

Section route_section(const Model& model, const codegen::GeneratedKernels& kernels, bool chain) {
  struct Entry {
    const char* kernel;
    const char* label;
    std::optional<PublishedAlgorithm> published;
  };
  const Entry entries[] = {
      {"forward_dynamics_crba", "(a) forward dynamics: CRBA + b + LTDL solve", PublishedAlgorithm::rnea_crba_ltdl},
      {"mass_matrix", "    part of (a): mass matrix M by CRBA", PublishedAlgorithm::crba},
      {"generalized_forces", "    part of (a): generalized forces b", std::nullopt},
      {"forward_dynamics_aba", "(b) forward dynamics: ABA", PublishedAlgorithm::aba},
      {"forward_dynamics_naive", "(c) forward dynamics: M by n+1 RNEA calls + LTDL", std::nullopt},
      {"inverse_dynamics", "(d) inverse dynamics: RNEA", PublishedAlgorithm::rnea},
      {"base_wrench", "(e) base wrench", std::nullopt},
  };
  Section section{"routes", "Routes (engine, all optimizations)", {}};
  for (const Entry& entry : entries) {
    Row row;
    row.name = entry.kernel;
    row.label = entry.label;
    if (chain) row.published = entry.published;
    if (row.name == "forward_dynamics_naive") {
      const RouteCost cost = route_cost(model, ForwardRoute::naive, engine::Options{});
      row.count = cost.count;
      row.seconds = cost.seconds;
    } else {
      for (std::size_t k = 0; k < kernels.kernels.size(); ++k) {
        if (kernels.kernels[k].name != row.name) continue;
        row.count = engine::count_operations(kernels.kernels[k].code);
        row.seconds = kernels.seconds[k];
      }
    }
    if (row.name == kernels.forward_dynamics) row.note = "chosen";
    section.rows.push_back(row);
    if (row.name == "inverse_dynamics") {
      if (auto bare = inverse_dynamics_without_wrenches(model, chain)) section.rows.push_back(*bare);
    }
  }
  return section;
}

// A looped model's routes: forward dynamics by CRBA + coordinate partitioning (loops eliminated at
// their cuts; the same with T formed, for what the block structure saves) and by the combined
// algorithm, the closure kernels, inverse dynamics (the actuation), base wrench; and the published
// counts of comparable mechanisms, none of which we could check (Khalil & Guegan 2004, "Inverse
// and direct dynamic modeling of Gough-Stewart robots", IEEE Trans. Robotics 20(4):754-761, give
// counts for their models, but we had no copy to take them from): a row says so instead of a number.
Section loop_route_section(const Model& model, const codegen::GeneratedKernels& kernels) {
  const std::pair<const char*, const char*> entries[] = {
      {"forward_dynamics_crba", "(a) forward dynamics: CRBA + coordinate partitioning, loops eliminated at their cuts"},
      {"forward_dynamics_partitioned", "    (a) with T formed: T^T H T and T^T (b - H g), block structure unused"},
      {"forward_dynamics_combined", "(b) forward dynamics: combined, CRBA + partitioning for the loops, ABA for open chains"},
      {"position_closure", "(c) position closure (closed forms)"},
      {"dependent_velocities", "    velocity closure qd_d = G qd_i"},
      {"closure", "    both in one pass, as close() runs them (sin/cos of the closed angles from atan2's radius)"},
      {"loop_residual", "    constraint residuals and Phi_d (Newton)"},
      {"inverse_dynamics", "(d) inverse dynamics: the actuation for given independent accelerations"},
      {"base_wrench", "(e) base wrench"},
  };
  Section section{"routes", "Routes (engine, all optimizations)", {}};
  for (const auto& [name, label] : entries) {
    Row row;
    row.name = name;
    row.label = label;
    if (row.name == "forward_dynamics_partitioned") {
      const RouteCost cost = route_cost(model, ForwardRoute::partitioned, engine::Options{});
      row.count = cost.count;
      row.seconds = cost.seconds;
      section.rows.push_back(row);
      continue;
    }
    for (std::size_t k = 0; k < kernels.kernels.size(); ++k) {
      if (kernels.kernels[k].name != name) continue;
      row.count = engine::count_operations(kernels.kernels[k].code);
      row.seconds = kernels.seconds[k];
      if (row.name == kernels.forward_dynamics) row.note = "chosen";
      section.rows.push_back(row);
    }
  }
  Row published;
  published.name = "published_parallel_mechanisms";
  published.label = "published: Khalil & Guegan 2004, Gough-Stewart inverse and direct dynamic models";
  published.note = "not available to us: none shown";
  section.rows.push_back(published);
  return section;
}

struct Switch {
  std::string name;
  std::string label;
  engine::Options options;
  Constants constants = Constants::folded;
  bool switched_on = false;  // an optional optimization: saving = base - with it
  codegen::GenerateOptions rewrites;  // which mechanism rewrites are tried
};

std::vector<Switch> switches() {
  const engine::Options defaults;
  std::vector<Switch> list;
  const auto off = [&](const char* name, const char* label, bool engine::Options::*flag) {
    engine::Options options = defaults;
    options.*flag = false;
    list.push_back({name, label, options});
  };
  off("dedup_off", "dedup (hash-consing) off", &engine::Options::dedup);
  off("like_terms_off", "like terms off", &engine::Options::like_terms);
  off("trig_identity_off", "trig identity off", &engine::Options::trig_identity);
  off("reciprocal_cancel_off", "reciprocal cancellation off", &engine::Options::reciprocal_cancel);
  off("special_products_off", "special products off", &engine::Options::special_products);
  off("trig_of_atan2_off", "sin/cos of atan2 from its radius off", &engine::Options::trig_of_atan2);
  engine::Options factoring = defaults;
  factoring.factoring = true;
  list.push_back({"factoring_on", "optional factoring on", factoring, Constants::folded, true});
  list.push_back({"constant_folding_off", "constant folding off (model numbers as inputs)", defaults,
                  Constants::inputs});
  const auto rewrite_off = [&](const char* name, const char* label, bool codegen::GenerateOptions::*flag) {
    codegen::GenerateOptions rewrites;
    rewrites.*flag = false;
    list.push_back({name, label, defaults, Constants::folded, false, rewrites});
  };
  rewrite_off("grouping_off", "inertial parameter grouping off", &codegen::GenerateOptions::group_inertial_parameters);
  rewrite_off("sliding_off", "frame sliding along joint axes off", &codegen::GenerateOptions::slide_frames);
  rewrite_off("symmetric_leaves_off", "symmetric leaves turned with q", &codegen::GenerateOptions::unturn_symmetric_leaves);
  return list;
}

Section ablation_section(const Model& model, const std::string& chosen) {
  const ForwardRoute route = chosen == "forward_dynamics_aba"        ? ForwardRoute::aba
                             : chosen == "forward_dynamics_combined" ? ForwardRoute::combined
                             : model.loops.empty()                   ? ForwardRoute::crba
                                                                     : ForwardRoute::loops;
  Section section{"ablation", "Ablation of the chosen route (" + chosen + ")", {}};
  const RouteCost base = route_cost(model, route, engine::Options{});
  section.rows.push_back({"all_on", "all optimizations (default)", base.count, base.seconds, {}, 0, ""});
  for (const Switch& s : switches()) {
    const RouteCost cost = route_cost(model, route, s.options, s.constants, s.rewrites);
    const std::int64_t difference = signed_total(cost.count) - signed_total(base.count);
    section.rows.push_back(
        {s.name, s.label, cost.count, cost.seconds, {}, s.switched_on ? -difference : difference, ""});
  }
  return section;
}

void add_cas_rows(const Model& model, CasKernel kernel, const std::string& name, double limit,
                  Section& section) {
  const CasBaseline baseline = ginac_baseline(model, kernel, limit);
  section.rows.push_back({"ginac_" + name + "_unexpanded", "GiNaC " + name + ", unexpanded trees",
                          baseline.unexpanded.count, baseline.unexpanded.seconds, {}, {},
                          baseline.unexpanded.status});
  section.rows.push_back({"ginac_" + name + "_expanded", "GiNaC " + name + ", expanded",
                          baseline.expanded.count, baseline.expanded.seconds, {}, {},
                          baseline.expanded.status});
}

Section cas_section(const Model& model, const std::string& chosen, double limit) {
  Section section{"cas", "General CAS baseline (GiNaC::ex in the same templates, no CSE)", {}};
  if (!model.loops.empty()) {
    add_cas_rows(model, CasKernel::forward_dynamics_loops, "forward_dynamics_crba", limit, section);
    return section;
  }
  add_cas_rows(model, CasKernel::mass_matrix, "mass_matrix", limit, section);
  add_cas_rows(model, CasKernel::inverse_dynamics, "inverse_dynamics", limit, section);
  add_cas_rows(model,
               chosen == "forward_dynamics_aba" ? CasKernel::forward_dynamics_aba
                                                : CasKernel::forward_dynamics_crba,
               chosen, limit, section);
  return section;
}

}  // namespace

Comparison compare_model(const Model& model, const CompareOptions& options) {
  Comparison result;
  result.model = model.name;
  result.dof = model.dof();
  result.revolute_chain = is_revolute_chain(model);
  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, codegen::GenerateOptions{});
  result.chosen_route = kernels.forward_dynamics;
  result.sections.push_back(model.loops.empty() ? route_section(model, kernels, result.revolute_chain)
                                                : loop_route_section(model, kernels));
  result.sections.push_back(ablation_section(model, result.chosen_route));
  if (options.cas) result.sections.push_back(cas_section(model, result.chosen_route, options.cas_limit_seconds));
  return result;
}

}  // namespace dyngen::compare
