// The numeric side of `dyngen verify` and `dyngen bench`: random states in both forms (the
// kernels' input arrays, symbolic_problem.hpp layouts, and the algorithms' State<double>), and
// for each generated kernel the double instantiation of the same algorithm template.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "codegen/kernels.hpp"
#include "engine/emit_cpp.hpp"
#include "generator/algorithms/mechanism.hpp"
#include "generator/algorithms/state.hpp"
#include "generator/model/model.hpp"

namespace dyngen::cli {

struct Sample {
  std::vector<double> q, qd, qdd, tau;
  std::vector<double> qdd_independent;  // looped models
  std::vector<double> base;    // w0, e0, a0 (moving base only)
  std::vector<double> base_velocity;  // v0 (moving base only)
  std::vector<double> wrench;  // 6 per wrench body, force then moment, body axes
  std::vector<double> p;       // runtime parameters in the kernels' order
  algorithms::State<double> state;

  // The array a kernel input named `name` reads (q, qd, qdd, tau, base, base_velocity, wrench, p).
  const double* array(const std::string& name) const;
};

// `count` reproducible random samples: q uniform within the joint's limits (else |q| <= pi rad or
// 0.5 m); qd, qdd, tau (actuated joints), base motion (moving base) and wrenches (bodies taking
// one) uniform in [-1, 1]; p holds the model's values of the kernels' runtime parameters.
// A looped model's samples are closed states: the independent coordinates moved from the closed
// reference configuration by up to a tenth of their range (0.3 rad or 0.05 m without limits;
// halved until the loops close), the dependent ones and their rates solved.
std::vector<Sample> random_samples(const Model& model, const algorithms::Mechanism<double>& mech,
                                   const codegen::GeneratedKernels& kernels, int count,
                                   std::uint64_t seed);

// Per array (its name and size per state), the samples' arrays one after another: the layout of
// the batch entry points.
std::vector<std::vector<double>> one_after_another(const std::vector<Sample>& samples,
                                                   const std::vector<engine::ArrayDoc>& arrays);

// Writes the kernel's outputs, flat in the kernel's layouts, to outputs[0], outputs[1], ...
using ReferenceFunction =
    std::function<void(const algorithms::State<double>& state, double* const* outputs)>;

// The double instantiation of the algorithm behind kernel `name` of `kernels` (forward_dynamics:
// the route the kernels forward to), with its scratch data allocated once. `mech` must outlive
// the function. Throws std::invalid_argument for a kernel it does not know.
ReferenceFunction reference_function(const algorithms::Mechanism<double>& mech,
                                     const codegen::GeneratedKernels& kernels,
                                     const std::string& name);

}  // namespace dyngen::cli
