// The general-CAS baseline (spec engine.md, "GiNaC's place"): the same algorithm templates run
// with GiNaC::ex as the scalar — state entries are symbols, model numbers folded — and the result
// expressions counted as a CAS without common-subexpression elimination would print them, once as
// GiNaC leaves them (unexpanded) and once after expand().
//
// The run happens in a forked child process under a wall-clock limit (and an address-space limit),
// so a blow-up is stopped and reported as such instead of hanging the caller; what the child
// finished before the limit (the unexpanded count) is still reported.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "compare/op_tally.hpp"
#include "generator/model/model.hpp"

namespace dyngen::compare {

// forward_dynamics_loops: CRBA + coordinate partitioning of a looped model (its closed state's
// q, qd as symbols).
enum class CasKernel { mass_matrix, inverse_dynamics, forward_dynamics_crba, forward_dynamics_aba, forward_dynamics_loops };

struct CasStage {
  std::optional<OpTally> count;  // no value: not finished
  double seconds = 0.0;          // time of this stage (when finished)
  std::string status;            // "" when finished, else "over limit (20 s)", "out of memory", ...
};

struct CasBaseline {
  CasStage unexpanded;  // running the template plus counting
  CasStage expanded;    // expand() plus counting
};

// Runs `kernel` on `model` with GiNaC scalars; the whole run (both stages) gets `limit_seconds`.
CasBaseline ginac_baseline(const Model& model, CasKernel kernel, double limit_seconds);

// The baseline's outputs computed in this process without any limit (for tests on tiny models).
std::vector<GiNaC::ex> ginac_outputs(const Model& model, CasKernel kernel);

}  // namespace dyngen::compare
