#include "tree_height.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <queue>
#include <tuple>
#include <vector>

namespace dyngen::engine {

int latency(Op op) {
  switch (op) {
    case Op::constant:
    case Op::input:
      return 0;
    case Op::add:
    case Op::sub:
    case Op::mul:
    case Op::neg:
      return 3;
    case Op::div:
      return 13;
    case Op::sign:
      return 1;
    case Op::sqrt:
      return 15;
    case Op::atan2:
      return 40;
    case Op::sin:
    case Op::cos:
      return 30;
  }
  return 0;
}

double estimated_cycles(const InstructionList& list) {
  double throughput = 0.0;
  for (const Instruction& in : list.instructions) {
    switch (in.op) {
      case Op::constant:
      case Op::input: break;
      case Op::add:
      case Op::sub:
      case Op::mul:
      case Op::neg:
      case Op::sign: throughput += 0.5; break;
      case Op::div: throughput += 4.0; break;
      case Op::sqrt: throughput += 5.0; break;
      case Op::sin:
      case Op::cos: throughput += 8.0; break;
      case Op::atan2: throughput += 20.0; break;
    }
  }
  const std::vector<int> ready = ready_times(list);
  const int path = ready.empty() ? 0 : *std::max_element(ready.begin(), ready.end());
  // a greedy schedule of work W with depth D takes at most W/p + D steps (Brent 1974)
  return throughput + static_cast<double>(path);
}

namespace {

bool is_sum(Op op) { return op == Op::add || op == Op::sub; }

int operands_ready(const Instruction& in, const std::vector<int>& ready) {
  int start = 0;
  for (int operand : {in.a, in.b}) {
    if (operand >= 0) start = std::max(start, ready[static_cast<std::size_t>(operand)]);
  }
  return start;
}

// (op, a, b) of a sum, the operands of an addition in increasing order.
std::tuple<Op, int, int> sum_key(const Instruction& in) {
  return {in.op, in.op == Op::add ? std::min(in.a, in.b) : in.a, in.op == Op::add ? std::max(in.a, in.b) : in.b};
}

// A term of a sum tree: instruction `id` of the input list, added or subtracted.
struct SumTerm {
  int id;
  bool subtracted;
};

// The sums whose value only their parent sum reads: they dissolve into the parent's tree.
std::vector<bool> inner_sums(const InstructionList& list) {
  const std::size_t n = list.instructions.size();
  std::vector<int> uses(n, 0);
  std::vector<bool> read_by_sum(n, true);
  for (const Instruction& in : list.instructions) {
    for (int operand : {in.a, in.b}) {
      if (operand < 0) continue;
      ++uses[static_cast<std::size_t>(operand)];
      if (!is_sum(in.op)) read_by_sum[static_cast<std::size_t>(operand)] = false;
    }
  }
  for (const OutputSlot& slot : list.outputs) {
    ++uses[static_cast<std::size_t>(slot.value)];
    read_by_sum[static_cast<std::size_t>(slot.value)] = false;
  }
  std::vector<bool> inner(n, false);
  for (std::size_t i = 0; i < n; ++i) inner[i] = is_sum(list.instructions[i].op) && uses[i] == 1 && read_by_sum[i];
  return inner;
}

// The terms of the sum tree rooted at `root`, in a fixed order (the heap reorders them).
std::vector<SumTerm> sum_terms(const InstructionList& list, const std::vector<bool>& inner, int root) {
  std::vector<SumTerm> terms;
  std::vector<SumTerm> stack{{root, false}};
  while (!stack.empty()) {
    const SumTerm node = stack.back();
    stack.pop_back();
    const Instruction& in = list.instructions[static_cast<std::size_t>(node.id)];
    // pushed right operand first, so the left one is expanded first
    const SumTerm left{in.a, node.subtracted};
    const SumTerm right{in.b, in.op == Op::sub ? !node.subtracted : node.subtracted};
    for (const SumTerm& child : {right, left}) {
      if (inner[static_cast<std::size_t>(child.id)]) {
        stack.push_back(child);
      } else {
        terms.push_back(child);
      }
    }
  }
  return terms;
}

}  // namespace

std::vector<int> ready_times(const InstructionList& list) {
  std::vector<int> ready(list.instructions.size(), 0);
  for (std::size_t i = 0; i < ready.size(); ++i) {
    const Instruction& in = list.instructions[i];
    ready[i] = operands_ready(in, ready) + latency(in.op);
  }
  return ready;
}

InstructionList reduce_tree_height(const InstructionList& list) {
  const std::size_t n = list.instructions.size();
  const std::vector<bool> inner = inner_sums(list);
  InstructionList out;
  out.instructions.reserve(n);
  std::vector<int> ready;  // of out's instructions
  std::vector<int> moved(n, -1);
  out.deduplicated = list.deduplicated;
  // out's sums by (op, a, b), a <= b for add: in a deduplicated list a combination already there
  // is reused, so every value stays computed once
  std::map<std::tuple<Op, int, int>, int> sums;
  const auto push = [&](Instruction in) {
    const int id = static_cast<int>(out.instructions.size());
    if (list.deduplicated && is_sum(in.op)) sums.emplace(sum_key(in), id);
    ready.push_back(operands_ready(in, ready) + latency(in.op));
    out.instructions.push_back(std::move(in));
    return id;
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (inner[i]) continue;
    Instruction in = list.instructions[i];
    const std::vector<SumTerm> terms =
        is_sum(in.op) ? sum_terms(list, inner, static_cast<int>(i)) : std::vector<SumTerm>{};
    if (terms.size() < 3) {
      for (int* operand : {&in.a, &in.b}) {
        if (*operand >= 0) *operand = moved[static_cast<std::size_t>(*operand)];
      }
      const auto existing = is_sum(in.op) ? sums.find(sum_key(in)) : sums.end();
      moved[i] = existing != sums.end() ? existing->second : push(std::move(in));
      continue;
    }
    // Huffman's rule on ready times: combine the two terms ready first, until one is left.
    // (ready, order of creation, id in out, subtracted); the order breaks ties deterministically.
    using Entry = std::tuple<int, int, int, bool>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> waiting;
    int order = 0;
    for (const SumTerm& t : terms) {
      const int id = moved[static_cast<std::size_t>(t.id)];
      waiting.emplace(ready[static_cast<std::size_t>(id)], order++, id, t.subtracted);
    }
    while (waiting.size() > 1) {
      const auto [ready_x, order_x, x, x_subtracted] = waiting.top();
      waiting.pop();
      const auto [ready_y, order_y, y, y_subtracted] = waiting.top();
      waiting.pop();
      // +x+y = x + y, +x-y = x - y, -x+y = y - x, -x-y = -(x + y)
      Instruction combined{Op::add, x, y};
      if (x_subtracted != y_subtracted) {
        combined.op = Op::sub;
        if (x_subtracted) std::swap(combined.a, combined.b);
      }
      const auto existing = sums.find(sum_key(combined));
      const int id = existing != sums.end() ? existing->second : push(combined);
      waiting.emplace(ready[static_cast<std::size_t>(id)], order++, id, x_subtracted && y_subtracted);
    }
    // The leftmost term of a sum is always added, and a combination holding an added term is
    // added itself: the root comes out with its own sign.
    moved[i] = std::get<2>(waiting.top());
  }
  out.outputs = list.outputs;
  for (OutputSlot& slot : out.outputs) slot.value = moved[static_cast<std::size_t>(slot.value)];
  return out;
}

}  // namespace dyngen::engine
