// First step of emission: the reachable part of the expression DAG flattened into a numbered list
// of scalar instructions (topological, deterministic order). Only what reaches an output is
// emitted (dead-code elimination), each value once (CSE of identical instructions), and operation
// counts are taken from this list — what the CPU executes, not the size of any tree.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "expr.hpp"

namespace dyngen::engine {

enum class Op : std::uint8_t {
  constant,  // literal `value`; printed inline, costs nothing
  input,     // element `index` of input array `array`; printed inline, costs nothing
  add, sub, mul, div, neg, sin, cos, sqrt,
  sign,   // +1 for a >= 0, -1 otherwise
  atan2   // atan2(a, b)
};

struct Instruction {
  Op op;
  int a = -1;          // operand: index of an earlier instruction
  int b = -1;
  double value = 0.0;  // constant
  std::string array;   // input
  int index = 0;       // input
  InputRole role = InputRole::other;
};

struct OutputSlot {
  std::string array;  // output array name
  int index;          // element
  int value;          // instruction index
};

struct InstructionList {
  std::vector<Instruction> instructions;
  std::vector<OutputSlot> outputs;
  bool deduplicated = true;  // identical instructions computed once (Options::dedup)
};

struct NamedOutput {
  std::string array;
  std::vector<Expr> elements;
};

// Flattens the outputs' DAG. All Exprs must belong to one Context; its Options decide whether
// identical instructions are shared (dedup).
InstructionList flatten(const std::vector<NamedOutput>& outputs);

// Evaluates the list in double precision: the reference interpreter for tests and `verify`.
// `input_value(array, index)` supplies inputs. Returns one vector per output array, in the order
// of `outputs` given to flatten.
std::vector<std::vector<double>> evaluate(
    const InstructionList& list,
    const std::function<double(const std::string& array, int index)>& input_value);

struct OpCount {
  // trig: sin and cos calls; sign: branch selections (a comparison each)
  int mul = 0, add = 0, div = 0, sqrt = 0, trig = 0, atan2 = 0, sign = 0, temporaries = 0;
  int total() const { return mul + add + div + sqrt + trig + atan2 + sign; }
  bool operator==(const OpCount&) const = default;
};

OpCount count_operations(const InstructionList& list);

}  // namespace dyngen::engine
