#include "emit_cpp.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include "identifier.hpp"

namespace dyngen::engine {

std::string format_double(double value) {
  if (!std::isfinite(value)) throw std::domain_error("emit: non-finite constant");
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, end);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

namespace {

bool is_temporary_name(const std::string& name) {
  return name.size() > 1 && name[0] == 't' &&
         name.find_first_not_of("0123456789", 1) == std::string::npos;
}

}  // namespace

std::string count_summary(const OpCount& c) {
  std::ostringstream out;
  out << c.mul << " mul, " << c.add << " add/sub, " << c.div << " div, " << c.sqrt << " sqrt, "
      << c.trig << " sin/cos; " << c.total() << " operations, " << c.temporaries << " temporaries";
  return out.str();
}

namespace {

// The kernel's parameter list; arrays not in `named` are left unnamed (-Wunused-parameter), and
// `carry` is appended for a part ("" for none, "/*carry*/" when the part does not touch it).
std::string parameter_list(const Kernel& kernel, const std::set<std::string>& named, const std::string& carry) {
  std::string list;
  const auto add = [&](const std::string& type, const std::string& array) {
    const std::string name = mangle_identifier(array);
    list += (list.empty() ? "" : ", ") + type + (named.contains(array) ? name : "/*" + name + "*/");
  };
  for (const auto& in : kernel.inputs) add("const T* ", in.name);
  for (const auto& o : kernel.outputs) add("T* ", o.name);
  if (!carry.empty()) list += ", T* " + carry;
  return list;
}

// Instruction i printed: an inline operand (constant, input element) or a `const T tN = ...;`.
struct PrintedInstruction {
  std::string operand;    // how later instructions refer to it
  std::string statement;  // empty for inline operands
};

std::vector<PrintedInstruction> print_instructions(const Kernel& kernel, const std::set<std::string>& inputs) {
  const auto& code = kernel.code.instructions;
  std::vector<PrintedInstruction> printed(code.size());
  int next_temp = 0;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Instruction& in = code[i];
    auto operand = [&](int k) { return printed.at(static_cast<std::size_t>(k)).operand; };
    std::string value;
    switch (in.op) {
      case Op::constant: printed[i].operand = "T(" + format_double(in.value) + ")"; continue;
      case Op::input:
        if (!inputs.contains(in.array)) {
          throw std::invalid_argument("emit: kernel " + kernel.name + " reads undeclared input " + in.array);
        }
        printed[i].operand = mangle_identifier(in.array) + "[" + std::to_string(in.index) + "]";
        continue;
      case Op::add: value = operand(in.a) + " + " + operand(in.b); break;
      case Op::sub: value = operand(in.a) + " - " + operand(in.b); break;
      case Op::mul: value = operand(in.a) + " * " + operand(in.b); break;
      case Op::div: value = operand(in.a) + " / " + operand(in.b); break;
      case Op::neg: value = "-" + operand(in.a); break;
      case Op::sin: value = "std::sin(" + operand(in.a) + ")"; break;
      case Op::cos: value = "std::cos(" + operand(in.a) + ")"; break;
      case Op::sqrt: value = "std::sqrt(" + operand(in.a) + ")"; break;
    }
    printed[i].operand = "t" + std::to_string(next_temp++);
    printed[i].statement = "  const T " + printed[i].operand + " = " + value + ";\n";
  }
  return printed;
}

bool is_computed(const Instruction& in) { return in.op != Op::constant && in.op != Op::input; }

}  // namespace

std::string emit_kernel(const Kernel& kernel) {
  std::ostringstream out;
  std::set<std::string> inputs;
  std::set<std::string> outputs;
  for (const auto* docs : {&kernel.inputs, &kernel.outputs}) {
    for (const auto& array : *docs) {
      if (is_temporary_name(mangle_identifier(array.name))) {
        throw std::invalid_argument("emit: array name " + array.name + " would shadow a temporary");
      }
      (docs == &kernel.inputs ? inputs : outputs).insert(array.name);
    }
  }
  for (const OutputSlot& slot : kernel.code.outputs) {
    if (!outputs.contains(slot.array)) {
      throw std::invalid_argument("emit: kernel " + kernel.name + " writes undeclared output " + slot.array);
    }
  }
  const auto& code = kernel.code.instructions;
  const std::vector<PrintedInstruction> printed = print_instructions(kernel, inputs);
  const auto store = [&](const OutputSlot& slot) {
    return "  " + mangle_identifier(slot.array) + "[" + std::to_string(slot.index) +
           "] = " + printed.at(static_cast<std::size_t>(slot.value)).operand + ";\n";
  };

  // Parts of at most kInstructionsPerPart computed instructions, in list order.
  std::vector<int> part(code.size(), 0);
  int parts = 1;
  for (std::size_t i = 0, in_part = 0; i < code.size(); ++i) {
    if (!is_computed(code[i])) continue;
    if (in_part == kInstructionsPerPart) {
      ++parts;
      in_part = 0;
    }
    part[i] = parts - 1;
    ++in_part;
  }
  // inputs each part (or the whole kernel) reads
  std::vector<std::set<std::string>> used(static_cast<std::size_t>(parts));
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Instruction& in = code[i];
    if (!is_computed(in)) continue;
    for (const int k : {in.a, in.b}) {
      if (k >= 0 && code[static_cast<std::size_t>(k)].op == Op::input)
        used[static_cast<std::size_t>(part[i])].insert(code[static_cast<std::size_t>(k)].array);
    }
  }
  std::set<std::string> used_anywhere = outputs;
  for (const auto& u : used) used_anywhere.insert(u.begin(), u.end());
  for (const OutputSlot& slot : kernel.code.outputs) {
    const Instruction& in = code.at(static_cast<std::size_t>(slot.value));
    if (in.op == Op::input) used_anywhere.insert(in.array);
  }

  out << "// " << comment_text(kernel.summary) << "\n";
  out << "// Cost: " << count_summary(count_operations(kernel.code)) << ".\n";
  for (const auto& in : kernel.inputs) {
    out << "//   in  " << mangle_identifier(in.name) << "[" << in.size << "]: " << comment_text(in.meaning) << "\n";
  }
  for (const auto& o : kernel.outputs) {
    out << "//   out " << mangle_identifier(o.name) << "[" << o.size << "]: " << comment_text(o.meaning) << "\n";
  }
  const std::string name = mangle_identifier(kernel.name);
  if (parts == 1) {
    out << "template <class T>\ninline void " << name << "(" << parameter_list(kernel, used_anywhere, "")
        << ") {\n";
    for (const PrintedInstruction& p : printed) out << p.statement;
    for (const OutputSlot& slot : kernel.code.outputs) out << store(slot);
    out << "}\n";
    return out.str();
  }

  // A long kernel is emitted as parts that pass the values crossing a part boundary through
  // `carry`: the same instructions in the same order, but each function small enough for the
  // register allocator (GCC's time grows faster than linearly with a function's size).
  std::vector<int> last_part(code.size(), -1);
  for (std::size_t i = 0; i < code.size(); ++i) {
    for (const int k : {code[i].a, code[i].b}) {
      if (k >= 0 && is_computed(code[i])) last_part[static_cast<std::size_t>(k)] = std::max(last_part[static_cast<std::size_t>(k)], part[i]);
    }
  }
  std::vector<int> slot_of(code.size(), -1);
  int carried = 0;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (is_computed(code[i]) && last_part[i] > part[i]) slot_of[i] = carried++;
  }
  const std::string parts_namespace = name + "_parts";
  out << "namespace " << parts_namespace << " {\n";
  for (int p = 0; p < parts; ++p) {
    // values of earlier parts this part reads, in list order; what it writes
    std::set<int> reads;
    bool writes = false;
    std::set<std::string> named = used[static_cast<std::size_t>(p)];
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (!is_computed(code[i]) || part[i] != p) continue;
      writes = writes || slot_of[i] >= 0;
      for (const int k : {code[i].a, code[i].b}) {
        if (k >= 0 && is_computed(code[static_cast<std::size_t>(k)]) && part[static_cast<std::size_t>(k)] < p) reads.insert(k);
      }
    }
    for (const OutputSlot& slot : kernel.code.outputs) {
      const auto v = static_cast<std::size_t>(slot.value);
      if (is_computed(code[v]) && part[v] == p) named.insert(slot.array);
    }
    out << "template <class T>\nvoid part" << p << "("
        << parameter_list(kernel, named, reads.empty() && !writes ? "/*carry*/" : "carry") << ") {\n";
    for (const int k : reads) {
      out << "  const T " << printed[static_cast<std::size_t>(k)].operand << " = carry["
          << slot_of[static_cast<std::size_t>(k)] << "];\n";
    }
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (!is_computed(code[i]) || part[i] != p) continue;
      out << printed[i].statement;
      if (slot_of[i] >= 0) out << "  carry[" << slot_of[i] << "] = " << printed[i].operand << ";\n";
    }
    for (const OutputSlot& slot : kernel.code.outputs) {
      const auto v = static_cast<std::size_t>(slot.value);
      if (is_computed(code[v]) && part[v] == p) out << store(slot);
    }
    out << "}\n";
  }
  out << "}  // namespace " << parts_namespace << "\n";
  // every array is handed on to the parts
  std::set<std::string> all = outputs;
  all.insert(inputs.begin(), inputs.end());
  out << "template <class T>\ninline void " << name << "(" << parameter_list(kernel, all, "") << ") {\n";
  out << "  T carry[" << std::max(carried, 1) << "];\n";
  std::string arguments;
  for (const auto& in : kernel.inputs) arguments += mangle_identifier(in.name) + ", ";
  for (const auto& o : kernel.outputs) arguments += mangle_identifier(o.name) + ", ";
  for (int p = 0; p < parts; ++p) out << "  " << parts_namespace << "::part" << p << "(" << arguments << "carry);\n";
  for (const OutputSlot& slot : kernel.code.outputs) {
    if (!is_computed(code.at(static_cast<std::size_t>(slot.value)))) out << store(slot);
  }
  out << "}\n";
  return out.str();
}

std::string emit_cpp(const FileInfo& info, const std::vector<Kernel>& kernels) {
  std::ostringstream out;
  out << "// Generated by dyngen " << DYNGEN_VERSION << ". Do not edit: regenerate instead.\n"
      << "// Mechanism: " << comment_text(info.mechanism) << "\n"
      << "// Algorithm: " << comment_text(info.algorithm) << "\n"
      << "// Model file hash: " << comment_text(info.model_hash) << "\n";
  for (const auto& note : info.notes) out << "// " << comment_text(note) << "\n";
  out << "// Operation counts (mul, add/sub, div, sqrt, sin/cos; total):\n";
  for (const auto& k : kernels) {
    out << "//   " << mangle_identifier(k.name) << ": " << count_summary(count_operations(k.code))
        << "\n";
  }
  out << "#pragma once\n\n#include <cmath>\n\nnamespace " << mangle_identifier(info.namespace_name)
      << " {\n\n";
  for (const auto& k : kernels) out << emit_kernel(k) << "\n";
  out << "}  // namespace " << mangle_identifier(info.namespace_name) << "\n";
  return out.str();
}

}  // namespace dyngen::engine
