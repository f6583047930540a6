// Staging of an instruction list by the binding time of its inputs (binding-time analysis: Jones,
// Gomard & Sestoft, "Partial Evaluation and Automatic Program Generation", 1993, ch. 4 and 5). A
// caller that evaluates a kernel many times at one state, changing only a few inputs (the late
// ones), runs the early list once and the late list per change:
//   an instruction is late when it is a late input or reads a late value;
//   the early list computes every early value the late list reads, into the array `cache`, and the
//   outputs asked of it (which must not depend on a late input);
//   the late list reads the cache and the late inputs and computes every other output.
// Both lists hold the original's instructions, operands and order: the pair computes each value
// once, with the same operations, so its results are bit for bit the original's.
#pragma once

#include <functional>
#include <set>
#include <string>

#include "instruction_list.hpp"

namespace dyngen::engine {

struct StagedList {
  InstructionList early;  // outputs: cache[0..cache_size), then the early output arrays
  InstructionList late;   // inputs: cache and the late inputs; outputs: the other output arrays
  int cache_size = 0;
};

// Throws std::invalid_argument when one of `early_outputs` depends on a late input.
StagedList stage(const InstructionList& list, const std::function<bool(const Instruction& input)>& is_late,
                 const std::string& cache_array, const std::set<std::string>& early_outputs);

}  // namespace dyngen::engine
