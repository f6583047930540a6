#include "codegen/rewrites.hpp"

#include <algorithm>

namespace dyngen::codegen {

void Rewrite::apply(algorithms::Mechanism<engine::Expr>& mech, algorithms::BaseGrouping base) const {
  if (!slides.empty()) algorithms::slide_frames(mech, slides);
  if (group_parameters) algorithms::group_inertial_parameters(mech, base);
  if (unturned_leaves) algorithms::keep_symmetric_leaves_unturned(mech);
}

std::string Rewrite::note() const {
  std::string text;
  if (!slides.empty()) text = "body frames slid along joint axes (exact)";
  if (group_parameters) {
    text += text.empty() ? "" : "; ";
    text += "inertial parameters grouped (exact; Khalil & Dombre 2002, 12.5)";
  }
  if (unturned_leaves) {
    text += text.empty() ? "" : "; ";
    text += "leaves symmetric about their axis in unturned frames (exact)";
  }
  return text;
}

namespace {

// Each distinct plan that moves some frame, alone and with grouping when that is enabled.
void add_slid(const algorithms::Mechanism<double>& mech, const GenerateOptions& options, std::vector<Rewrite>& list) {
  std::vector<std::vector<algorithms::FrameSlide>> plans;
  for (algorithms::SlideTies ties : {algorithms::SlideTies::keep_frame, algorithms::SlideTies::slide}) {
    std::vector<algorithms::FrameSlide> plan = algorithms::plan_frame_slides(mech, ties);
    const bool moves = std::any_of(plan.begin(), plan.end(), [](const algorithms::FrameSlide& s) {
      return s.zeroes != algorithms::FrameSlide::Zeroes::nothing;
    });
    if (moves && std::find(plans.begin(), plans.end(), plan) == plans.end()) plans.push_back(std::move(plan));
  }
  for (const auto& plan : plans) {
    list.push_back({plan, false});
    if (options.group_inertial_parameters) list.push_back({plan, true});
  }
}

}  // namespace

std::vector<Rewrite> rewrites(const Model& model, const GenerateOptions& options) {
  const algorithms::Mechanism<double> mech = algorithms::make_numeric_mechanism(model);
  std::vector<Rewrite> list{{}};
  if (options.group_inertial_parameters) list.push_back({{}, true});
  if (options.slide_frames) add_slid(mech, options, list);
  // Slides and grouping keep a leaf's symmetry about its axis, so the model as given decides.
  if (options.unturn_symmetric_leaves && !algorithms::symmetric_leaves(mech).empty()) {
    const std::size_t turned = list.size();
    for (std::size_t k = 0; k < turned; ++k) {
      list.push_back(list[k]);
      list.back().unturned_leaves = true;
    }
  }
  return list;
}

std::vector<RewriteChoice> rewrite_choices(std::size_t candidates) {
  std::vector<RewriteChoice> choices;
  for (std::size_t k = 0; k < candidates; ++k) choices.push_back({k, k});
  return choices;
}

std::vector<RewriteChoice> crba_route_choices(std::size_t candidates, std::size_t cheapest_inertia,
                                              std::size_t cheapest_forces) {
  std::vector<RewriteChoice> choices = rewrite_choices(candidates);
  if (cheapest_inertia != cheapest_forces) choices.push_back({cheapest_inertia, cheapest_forces});
  return choices;
}

engine::Options BuildVariant::engine_options(engine::Options options) const {
  options.factoring = factoring;
  return options;
}

algorithms::Mechanism<engine::Expr> BuildVariant::apply(const std::vector<Rewrite>& candidates,
                                                        algorithms::Mechanism<engine::Expr>& mech,
                                                        algorithms::BaseGrouping base) const {
  algorithms::Mechanism<engine::Expr> force_mech = mech;
  candidates[choice.inertia].apply(mech, base);
  candidates[choice.forces].apply(force_mech, base);
  return force_mech;
}

CheapestBuild cheapest_build(const std::vector<RewriteChoice>& choices, bool factoring,
                             const std::function<std::uint64_t(const BuildVariant&)>& cost) {
  CheapestBuild best;
  std::uint64_t best_cost = 0;
  std::size_t calls = 0;
  const auto consider = [&](const BuildVariant& variant) {
    const std::uint64_t c = cost(variant);
    if (calls == 0 || c < best_cost) best = {variant, calls}, best_cost = c;
    ++calls;
  };
  for (const RewriteChoice& choice : choices) consider({choice, factoring});
  if (!factoring) consider({best.variant.choice, true});
  return best;
}

std::string note(const std::vector<Rewrite>& candidates, RewriteChoice choice) {
  const std::string inertia = candidates[choice.inertia].note();
  if (choice.inertia == choice.forces) return inertia;
  const std::string forces = candidates[choice.forces].note();
  return "mass matrix: " + (inertia.empty() ? std::string("mechanism as given") : inertia) +
         "; generalized forces: " + (forces.empty() ? std::string("mechanism as given") : forces);
}

}  // namespace dyngen::codegen
