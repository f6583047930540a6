#include "codegen/rewrites.hpp"

#include <algorithm>

namespace dyngen::codegen {

void Rewrite::apply(algorithms::Mechanism<engine::Expr>& mech, algorithms::BaseGrouping base) const {
  if (!slides.empty()) algorithms::slide_frames(mech, slides);
  if (group_parameters) algorithms::group_inertial_parameters(mech, base);
}

std::string Rewrite::note() const {
  std::string text;
  if (!slides.empty()) text = "body frames slid along joint axes (exact)";
  if (group_parameters) {
    text += text.empty() ? "" : "; ";
    text += "inertial parameters grouped (exact; Khalil & Dombre 2002, 12.5)";
  }
  return text;
}

std::vector<Rewrite> rewrites(const Model& model, const GenerateOptions& options) {
  std::vector<Rewrite> list{{}};
  if (options.group_inertial_parameters) list.push_back({{}, true});
  if (!options.slide_frames) return list;
  const algorithms::Mechanism<double> mech = algorithms::make_numeric_mechanism(model);
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
  return list;
}

}  // namespace dyngen::codegen
