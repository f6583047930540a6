// The parts of the emitted files that only looped models have (emit_files.hpp): the loops' tables
// (independent coordinates, per-loop rows and offsets, dependent coordinates, limits, the
// reference determinants) and the closure driver close(q, qd) over the generated kernels:
// the closed forms (position_closure), Newton with partial pivoting on loop_residual for the other
// loops, the limits, then the rates (dependent_velocities), with a status instead of NaN.
#pragma once

#include <string>

#include "codegen/kernels.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

// C++ header: the tables, printed before the kernels, and the drivers, printed after them.
std::string loop_declarations(const Model& model, const GeneratedKernels& kernels);
std::string loop_drivers(const Model& model, const GeneratedKernels& kernels);

// C header and source: <name>_close(q, qd[, p], &failed_loop) -> status (and _f), and
// <name>_singular_loop(det_phi_d) -> 0 or 1 + the first singular loop.
std::string loop_c_declarations(const Model& model, const GeneratedKernels& kernels);
std::string loop_c_definitions(const Model& model, const GeneratedKernels& kernels);

}  // namespace dyngen::codegen
