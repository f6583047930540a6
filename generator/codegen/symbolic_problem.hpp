// The algorithms' inputs as engine expressions: a Mechanism<Expr> whose constants are folded
// numbers or expressions over runtime parameters, and a State<Expr> whose entries are kernel
// inputs. Array names and layouts here are the emitted API:
//   q[n], qd[n], qdd[n], tau[n]   joint coordinates in model order (tau read for actuated ones)
//   qdd_independent[n_i]          looped models: accelerations of the independent coordinates
//   base[9]                       moving base only: w0 (rad/s), e0 (rad/s²), a0 (m/s²), base axes
//   wrench[6·k]                   per body taking one, in body order: force (N) then moment (N·m)
//                                 about the body frame origin, body axes
//   p[m]                          runtime parameters in the order given by `parameters`
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "codegen/options.hpp"
#include "engine/emit_cpp.hpp"
#include "engine/expr.hpp"
#include "generator/algorithms/state.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

using engine::Expr;

struct SymbolicProblem {
  algorithms::Mechanism<Expr> mech;
  algorithms::State<Expr> state;
  std::vector<std::string> parameters;  // runtime parameter names, order of p[]
  std::vector<int> wrench_bodies;       // bodies with a wrench input, order of wrench[]
};

// Builds the problem in the current engine context. Throws std::invalid_argument when a runtime
// parameter is unknown. Joint frame orientations are numeric in the Model and stay folded.
SymbolicProblem make_symbolic_problem(const Model& model, const GenerateOptions& options);

// A model quantity as the problem's scalar.
using QuantityToExpr = std::function<Expr(const Quantity&)>;

// The same problem with the mechanism's constants made by `quantity` (for instance kept as inputs,
// to measure what constant folding saves); `parameters` names the p[] inputs it introduces.
SymbolicProblem make_symbolic_problem(const Model& model, const QuantityToExpr& quantity,
                                      std::vector<std::string> parameters = {});

// Documentation of the input arrays a kernel takes, by name ("q", "qd", "qdd", "tau", "base",
// "wrench", "p"); arrays that the model does not have (no moving base, no wrench bodies, no
// runtime parameters) are left out.
std::vector<engine::ArrayDoc> input_docs(const Model& model, const SymbolicProblem& problem,
                                         const std::vector<std::string>& arrays);

}  // namespace dyngen::codegen
