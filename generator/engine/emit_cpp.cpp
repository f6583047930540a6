#include "emit_cpp.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
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

std::size_t at(int index) { return static_cast<std::size_t>(index); }

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
      case Op::sin:
      case Op::cos: {
        const char* name = in.op == Op::sin ? "sin" : "cos";
        const Instruction& angle = code[at(in.a)];
        value = angle.op == Op::input ? std::string(name) + "_" + mangle_identifier(angle.array) + "[" +
                                            std::to_string(angle.index) + "]"
                                      : "std::" + std::string(name) + "(" + operand(in.a) + ")";
        break;
      }
      case Op::sqrt: value = "std::sqrt(" + operand(in.a) + ")"; break;
    }
    printed[i].operand = "t" + std::to_string(next_temp++);
    printed[i].statement = "  const T " + printed[i].operand + " = " + value + ";\n";
  }
  return printed;
}

bool is_computed(const Instruction& in) { return in.op != Op::constant && in.op != Op::input; }

// The sines and cosines of input elements computed in one function: per array, the elements used.
struct ElementRange {
  int lowest;
  int highest;
};
using TrigInputs = std::map<std::string, ElementRange>;

bool is_trig_of_input(const std::vector<Instruction>& code, std::size_t i) {
  return (code[i].op == Op::sin || code[i].op == Op::cos) && code[at(code[i].a)].op == Op::input;
}

void add_trig_input(const std::vector<Instruction>& code, std::size_t i, TrigInputs& trig) {
  if (!is_trig_of_input(code, i)) return;
  const Instruction& angle = code[at(code[i].a)];
  auto [it, added] = trig.emplace(angle.array, ElementRange{angle.index, angle.index});
  if (!added) it->second = {std::min(it->second.lowest, angle.index), std::max(it->second.highest, angle.index)};
}

// T sin_q[n], cos_q[n]; and the loop filling elements lowest..highest.
std::string trig_prologue(const TrigInputs& trig) {
  std::string text;
  for (const auto& [array, range] : trig) {
    const std::string name = mangle_identifier(array), size = std::to_string(range.highest + 1);
    text += "  T sin_" + name + "[" + size + "], cos_" + name + "[" + size + "];\n";
    text += "  for (int trig_index = " + std::to_string(range.lowest) + "; trig_index < " + size +
            "; ++trig_index)\n    dyngen_sin_cos(" + name + "[trig_index], sin_" + name + "[trig_index], cos_" +
            name + "[trig_index]);\n";
  }
  return text;
}

// The list cut into parts of at most kInstructionsPerPart computed instructions, in list order.
// A value computed in one part and read in a later one gets a slot of `carry`.
struct Partition {
  int parts = 1;
  std::vector<int> part;     // per instruction (inline operands: 0)
  std::vector<int> slot;     // per instruction: its carry slot, or -1
  int carried = 0;           // slots in all
  std::vector<std::set<std::string>> arrays;  // per part: the input and output arrays it touches
};

Partition partition(const Kernel& kernel) {
  const auto& code = kernel.code.instructions;
  Partition cut;
  cut.part.assign(code.size(), 0);
  for (std::size_t i = 0, in_part = 0; i < code.size(); ++i) {
    if (!is_computed(code[i])) continue;
    if (in_part == kInstructionsPerPart) {
      ++cut.parts;
      in_part = 0;
    }
    cut.part[i] = cut.parts - 1;
    ++in_part;
  }
  cut.arrays.resize(at(cut.parts));
  std::vector<int> last_reader(code.size(), -1);
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (!is_computed(code[i])) continue;
    for (const int k : {code[i].a, code[i].b}) {
      if (k < 0) continue;
      last_reader[at(k)] = std::max(last_reader[at(k)], cut.part[i]);
      if (code[at(k)].op == Op::input) cut.arrays[at(cut.part[i])].insert(code[at(k)].array);
    }
  }
  for (const OutputSlot& slot : kernel.code.outputs) {
    if (is_computed(code[at(slot.value)])) cut.arrays[at(cut.part[at(slot.value)])].insert(slot.array);
  }
  cut.slot.assign(code.size(), -1);
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (is_computed(code[i]) && last_reader[i] > cut.part[i]) cut.slot[i] = cut.carried++;
  }
  return cut;
}

std::string store(const OutputSlot& slot, const std::vector<PrintedInstruction>& printed) {
  return "  " + mangle_identifier(slot.array) + "[" + std::to_string(slot.index) + "] = " +
         printed.at(at(slot.value)).operand + ";\n";
}

// A long kernel as functions name_parts::partN, each small enough for the register allocator
// (GCC's time grows faster than linearly with a function's size), and the kernel calling them.
void print_in_parts(const Kernel& kernel, const std::vector<PrintedInstruction>& printed, const Partition& cut,
                    std::ostream& out) {
  const auto& code = kernel.code.instructions;
  const std::string parts_namespace = mangle_identifier(kernel.name) + "_parts";
  out << "namespace " << parts_namespace << " {\n";
  for (int p = 0; p < cut.parts; ++p) {
    // values of earlier parts this part reads, in list order
    std::set<int> reads;
    bool writes = false;
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (!is_computed(code[i]) || cut.part[i] != p) continue;
      writes = writes || cut.slot[i] >= 0;
      for (const int k : {code[i].a, code[i].b}) {
        if (k >= 0 && is_computed(code[at(k)]) && cut.part[at(k)] < p) reads.insert(k);
      }
    }
    out << "template <class T>\nvoid part" << p << "("
        << parameter_list(kernel, cut.arrays[at(p)], reads.empty() && !writes ? "/*carry*/" : "carry") << ") {\n";
    for (const int k : reads) out << "  const T " << printed[at(k)].operand << " = carry[" << cut.slot[at(k)] << "];\n";
    TrigInputs trig;
    for (std::size_t i = 0; i < code.size(); ++i)
      if (cut.part[i] == p) add_trig_input(code, i, trig);
    out << trig_prologue(trig);
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (!is_computed(code[i]) || cut.part[i] != p) continue;
      out << printed[i].statement;
      if (cut.slot[i] >= 0) out << "  carry[" << cut.slot[i] << "] = " << printed[i].operand << ";\n";
    }
    for (const OutputSlot& slot : kernel.code.outputs) {
      if (is_computed(code[at(slot.value)]) && cut.part[at(slot.value)] == p) out << store(slot, printed);
    }
    out << "}\n";
  }
  out << "}  // namespace " << parts_namespace << "\n";
  // every array is handed on to the parts
  std::set<std::string> all;
  std::string arguments;
  for (const auto* docs : {&kernel.inputs, &kernel.outputs}) {
    for (const auto& array : *docs) {
      all.insert(array.name);
      arguments += mangle_identifier(array.name) + ", ";
    }
  }
  out << "template <class T>\ninline void " << mangle_identifier(kernel.name) << "(" << parameter_list(kernel, all, "")
      << ") {\n";
  out << "  T carry[" << std::max(cut.carried, 1) << "];\n";
  for (int p = 0; p < cut.parts; ++p) out << "  " << parts_namespace << "::part" << p << "(" << arguments << "carry);\n";
  for (const OutputSlot& slot : kernel.code.outputs) {
    if (!is_computed(code[at(slot.value)])) out << store(slot, printed);
  }
  out << "}\n";
}

}  // namespace

std::string emit_kernel(const Kernel& kernel) {
  std::set<std::string> inputs;
  std::set<std::string> outputs;
  for (const auto* docs : {&kernel.inputs, &kernel.outputs}) {
    for (const auto& array : *docs) {
      const std::string name = mangle_identifier(array.name);
      if (is_temporary_name(name) || name == "trig_index" || name.starts_with("sin_") || name.starts_with("cos_")) {
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
  const std::vector<PrintedInstruction> printed = print_instructions(kernel, inputs);
  const Partition cut = partition(kernel);

  std::ostringstream out;
  out << "// " << comment_text(kernel.summary) << "\n";
  out << "// Cost: " << count_summary(count_operations(kernel.code)) << ".\n";
  for (const auto& in : kernel.inputs) {
    out << "//   in  " << mangle_identifier(in.name) << "[" << in.size << "]: " << comment_text(in.meaning) << "\n";
  }
  for (const auto& o : kernel.outputs) {
    out << "//   out " << mangle_identifier(o.name) << "[" << o.size << "]: " << comment_text(o.meaning) << "\n";
  }
  if (cut.parts > 1) {
    print_in_parts(kernel, printed, cut, out);
    return out.str();
  }
  // inputs read (by instructions or as outputs themselves) and every output are named
  std::set<std::string> named = outputs;
  named.insert(cut.arrays[0].begin(), cut.arrays[0].end());
  for (const OutputSlot& slot : kernel.code.outputs) {
    if (kernel.code.instructions[at(slot.value)].op == Op::input) named.insert(kernel.code.instructions[at(slot.value)].array);
  }
  out << "template <class T>\ninline void " << mangle_identifier(kernel.name) << "(" << parameter_list(kernel, named, "")
      << ") {\n";
  TrigInputs trig;
  for (std::size_t i = 0; i < printed.size(); ++i) add_trig_input(kernel.code.instructions, i, trig);
  out << trig_prologue(trig);
  for (const PrintedInstruction& p : printed) out << p.statement;
  for (const OutputSlot& slot : kernel.code.outputs) out << store(slot, printed);
  out << "}\n";
  return out.str();
}

std::string emit_support(const std::vector<Kernel>& kernels) {
  bool needed = false;
  for (const Kernel& kernel : kernels)
    for (std::size_t i = 0; i < kernel.code.instructions.size(); ++i)
      needed = needed || is_trig_of_input(kernel.code.instructions, i);
  if (!needed) return "";
  return R"(// sin x and cos x together: x = k pi/2 + r with pi/2 in three parts (k pi/2 exact for |k| < 2^20),
// Taylor polynomials of degree 15 and 16 on |r| <= pi/4 (truncation below 1e-17), the quadrant
// k mod 4 choosing the signs; within 3.3e-16 relative of std::sin and std::cos. |x| >= 1e6 and non-finite x
// go to std::sin and std::cos.
template <class T>
inline void dyngen_sin_cos(T angle, T& sine, T& cosine) {
  const double x = static_cast<double>(angle);
  if (!(std::abs(x) < 1e6)) {
    sine = static_cast<T>(std::sin(x));
    cosine = static_cast<T>(std::cos(x));
    return;
  }
  const long long k = static_cast<long long>(x * 0.6366197723675814 + std::copysign(0.5, x));
  const double kd = static_cast<double>(k);
  const double r = ((x - kd * 1.5707963267341256) - kd * 6.077100506303966e-11) - kd * 2.0222662487959506e-21;
  const double r2 = r * r;
  const double s = r + r * r2 *
      ((((((-7.647163731819816e-13 * r2 + 1.6059043836821613e-10) * r2 - 2.505210838544172e-08) * r2 +
          2.7557319223985893e-06) * r2 - 1.984126984126984e-04) * r2 + 8.333333333333333e-03) * r2 -
       1.6666666666666666e-01);
  const double c = 1.0 - 0.5 * r2 + r2 * r2 *
      ((((((4.779477332387385e-14 * r2 - 1.1470745597729725e-11) * r2 + 2.08767569878681e-09) * r2 -
          2.755731922398589e-07) * r2 + 2.48015873015873e-05) * r2 - 1.388888888888889e-03) * r2 +
       4.1666666666666664e-02);
  const long long quadrant = k & 3;
  const double sine_r = (quadrant & 1) ? c : s, cosine_r = (quadrant & 1) ? s : c;
  sine = static_cast<T>((quadrant & 2) ? -sine_r : sine_r);
  cosine = static_cast<T>(((quadrant + 1) & 2) ? -cosine_r : cosine_r);
}

)";
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
      << " {\n\n" << emit_support(kernels);
  for (const auto& k : kernels) out << emit_kernel(k) << "\n";
  out << "}  // namespace " << mangle_identifier(info.namespace_name) << "\n";
  return out.str();
}

}  // namespace dyngen::engine
