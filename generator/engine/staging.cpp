#include "staging.hpp"

#include <stdexcept>
#include <vector>

namespace dyngen::engine {

StagedList stage(const InstructionList& list, const std::function<bool(const Instruction& input)>& is_late,
                 const std::string& cache_array, const std::set<std::string>& early_outputs) {
  const std::vector<Instruction>& code = list.instructions;
  const std::size_t n = code.size();
  // late[i]: instruction i depends on a late input (operands precede their users)
  std::vector<bool> late(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const Instruction& in = code[i];
    late[i] = in.op == Op::input ? is_late(in) : (in.a >= 0 && late[static_cast<std::size_t>(in.a)]) ||
                                                     (in.b >= 0 && late[static_cast<std::size_t>(in.b)]);
  }
  // cached[i]: an early value the late list reads (constants are printed inline, never cached)
  std::vector<bool> cached(n, false);
  const auto read_by_late = [&](int operand) {
    if (operand >= 0 && !late[static_cast<std::size_t>(operand)] && code[static_cast<std::size_t>(operand)].op != Op::constant)
      cached[static_cast<std::size_t>(operand)] = true;
  };
  for (std::size_t i = 0; i < n; ++i)
    if (late[i]) {
      read_by_late(code[i].a);
      read_by_late(code[i].b);
    }
  for (const OutputSlot& slot : list.outputs) {
    const bool early_output = early_outputs.count(slot.array) > 0;
    if (early_output && late[static_cast<std::size_t>(slot.value)])
      throw std::invalid_argument("staging: output " + slot.array + "[" + std::to_string(slot.index) +
                                  "] is asked of the early list but depends on a late input");
    if (!early_output) read_by_late(slot.value);
  }
  StagedList staged;
  staged.early.deduplicated = staged.late.deduplicated = list.deduplicated;
  // the early list: what the cache and the early outputs need, in the original order
  std::vector<bool> needed(n, false);
  for (std::size_t i = 0; i < n; ++i) needed[i] = cached[i];
  for (const OutputSlot& slot : list.outputs)
    if (early_outputs.count(slot.array)) needed[static_cast<std::size_t>(slot.value)] = true;
  for (std::size_t i = n; i-- > 0;)
    if (needed[i])
      for (const int operand : {code[i].a, code[i].b})
        if (operand >= 0) needed[static_cast<std::size_t>(operand)] = true;
  std::vector<int> early_index(n, -1), cache_slot(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    if (!needed[i]) continue;
    Instruction in = code[i];
    if (in.a >= 0) in.a = early_index[static_cast<std::size_t>(in.a)];
    if (in.b >= 0) in.b = early_index[static_cast<std::size_t>(in.b)];
    early_index[i] = static_cast<int>(staged.early.instructions.size());
    staged.early.instructions.push_back(std::move(in));
    if (cached[i]) {
      cache_slot[i] = staged.cache_size++;
      staged.early.outputs.push_back({cache_array, cache_slot[i], early_index[i]});
    }
  }
  for (const OutputSlot& slot : list.outputs)
    if (early_outputs.count(slot.array))
      staged.early.outputs.push_back({slot.array, slot.index, early_index[static_cast<std::size_t>(slot.value)]});
  // the late list: the cache read where its values were computed, the late instructions and the
  // constants they read
  std::vector<bool> constant_read(n, false);
  for (std::size_t i = 0; i < n; ++i)
    if (late[i])
      for (const int operand : {code[i].a, code[i].b})
        if (operand >= 0 && code[static_cast<std::size_t>(operand)].op == Op::constant)
          constant_read[static_cast<std::size_t>(operand)] = true;
  for (const OutputSlot& slot : list.outputs)
    if (!early_outputs.count(slot.array) && code[static_cast<std::size_t>(slot.value)].op == Op::constant)
      constant_read[static_cast<std::size_t>(slot.value)] = true;
  std::vector<int> late_index(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    Instruction in;
    if (cached[i]) {
      in.op = Op::input;
      in.array = cache_array;
      in.index = cache_slot[i];
    } else if (late[i] || constant_read[i]) {
      in = code[i];
      if (in.a >= 0) in.a = late_index[static_cast<std::size_t>(in.a)];
      if (in.b >= 0) in.b = late_index[static_cast<std::size_t>(in.b)];
    } else {
      continue;
    }
    late_index[i] = static_cast<int>(staged.late.instructions.size());
    staged.late.instructions.push_back(std::move(in));
  }
  for (const OutputSlot& slot : list.outputs)
    if (!early_outputs.count(slot.array))
      staged.late.outputs.push_back({slot.array, slot.index, late_index[static_cast<std::size_t>(slot.value)]});
  return staged;
}

}  // namespace dyngen::engine
