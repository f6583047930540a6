// `dyngen compare MODEL`: the operation counts of one mechanism's kernels side by side.
//
//   routes    forward dynamics by (a) CRBA + generalized forces + LTDL (with its parts M and b),
//             (b) ABA, (c) the naive route (M from n RNEA calls with unit accelerations, b from one
//             more, LTDL), (d) inverse dynamics (RNEA), (e) base wrench. Rows a, b, d, e and the
//             parts are codegen::build_kernels' kernels, so they are what `dyngen generate` emits.
//   ablation  the chosen forward-dynamics route with each optimization switched off in turn
//             (and optional factoring switched on); saving = operations the optimization saves.
//   A looped model has instead: (a) CRBA + coordinate partitioning (and the same with T formed),
//             (b) the combined algorithm, (c) the closure kernels, (d) the actuation by inverse
//             dynamics, (e) base wrench, and a row on published counts of parallel mechanisms.
//   cas       the same templates run with GiNaC::ex (general CAS), counted as trees unexpanded and
//             after expand(), under a time limit.
// Featherstone's formula is given beside each route it describes (unbranched revolute chains).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare/featherstone.hpp"
#include "compare/op_tally.hpp"
#include "generator/model/model.hpp"

namespace dyngen::compare {

struct Row {
  std::string name;   // key: kernel name, "<switch>_off", "ginac_<kernel>_expanded", ...
  std::string label;  // for people
  std::optional<OpTally> count;  // no value when the run did not finish
  double seconds = 0.0;          // generation time
  std::optional<PublishedAlgorithm> published;  // Featherstone's formula for this row, n = dof
  std::optional<std::int64_t> saving;           // ablation: operations the optimization saves
  std::string note;
};

struct Section {
  std::string name;   // routes, ablation, cas
  std::string title;
  std::vector<Row> rows;
};

struct Comparison {
  std::string model;
  int dof = 0;
  bool revolute_chain = false;  // Featherstone's formulas apply
  std::string chosen_route;     // kernel the forward dynamics of `dyngen generate` forwards to
  std::vector<Section> sections;
};

struct CompareOptions {
  bool cas = true;                 // run the GiNaC baseline
  double cas_limit_seconds = 20.0; // per GiNaC kernel
};

Comparison compare_model(const Model& model, const CompareOptions& options);

}  // namespace dyngen::compare
