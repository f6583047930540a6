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
      << c.trig << " sin/cos";
  if (c.atan2 > 0) out << ", " << c.atan2 << " atan2";
  if (c.sign > 0) out << ", " << c.sign << " sign";
  out << "; " << c.total() << " operations, " << c.temporaries << " temporaries";
  return out.str();
}

bool is_trig_of_input(const std::vector<Instruction>& code, std::size_t i) {
  return (code[i].op == Op::sin || code[i].op == Op::cos) && code[static_cast<std::size_t>(code[i].a)].op == Op::input;
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
      case Op::sign: value = operand(in.a) + " < T(0.0) ? T(-1.0) : T(1.0)"; break;
      case Op::atan2: value = "dyngen_atan2(" + operand(in.a) + ", " + operand(in.b) + ")"; break;
    }
    printed[i].operand = "t" + std::to_string(next_temp++);
    printed[i].statement = "  const T " + printed[i].operand + " = " + value + ";\n";
  }
  return printed;
}

bool is_computed(const Instruction& in) { return in.op != Op::constant && in.op != Op::input; }

// The sines and cosines of input elements computed in one function: per array, the elements used.
using TrigInputs = std::map<std::string, std::set<int>>;

void add_trig_input(const std::vector<Instruction>& code, std::size_t i, TrigInputs& trig) {
  if (!is_trig_of_input(code, i)) return;
  const Instruction& angle = code[at(code[i].a)];
  trig[angle.array].insert(angle.index);
}

// T sin_q[n], cos_q[n]; filled at the elements used: by one call over them where they are
// contiguous, else through a gathered copy (a looped model's angles between its prismatic
// coordinates: no sine or cosine of an element nothing reads).
std::string trig_prologue(const TrigInputs& trig) {
  std::string text;
  for (const auto& [array, used] : trig) {
    const int lowest = *used.begin(), highest = *used.rbegin();
    const std::string name = mangle_identifier(array), size = std::to_string(highest + 1);
    text += "  T sin_" + name + "[" + size + "], cos_" + name + "[" + size + "];\n";
    if (static_cast<int>(used.size()) == highest + 1 - lowest) {
      const std::string offset = lowest == 0 ? "" : " + " + std::to_string(lowest);
      text += "  dyngen_sin_cos_array(" + name + offset + ", " + std::to_string(used.size()) + ", sin_" + name + offset +
              ", cos_" + name + offset + ");\n";
      continue;
    }
    const std::string count = std::to_string(used.size());
    std::string angles, scatter;
    int k = 0;
    for (int i : used) {
      const std::string element = "[" + std::to_string(i) + "]", slot = "[" + std::to_string(k++) + "]";
      angles += (angles.empty() ? "" : ", ") + name + element;
      scatter += "    sin_" + name + element + " = sine" + slot + ";\n    cos_" + name + element + " = cosine" + slot + ";\n";
    }
    text += "  {\n    const T angle[" + count + "] = {" + angles + "};\n    T sine[" + count + "], cosine[" + count +
            "];\n    dyngen_sin_cos_array(angle, " + count + ", sine, cosine);\n" + scatter + "  }\n";
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

// The part that stores an output: the one computing its value; the last part for a constant or an
// input element, so the parts alone, called in turn, write every output.
int storing_part(const Partition& cut, const std::vector<Instruction>& code, const OutputSlot& slot) {
  return is_computed(code[at(slot.value)]) ? cut.part[at(slot.value)] : cut.parts - 1;
}

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
  for (const OutputSlot& slot : kernel.code.outputs) cut.arrays[at(storing_part(cut, code, slot))].insert(slot.array);
  // an output that is an input element is read by the part storing it
  for (const OutputSlot& slot : kernel.code.outputs) {
    if (code[at(slot.value)].op == Op::input) cut.arrays[at(cut.parts - 1)].insert(code[at(slot.value)].array);
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

// The output stores as printed: right after the instruction computing each value (see
// emit_kernel's contract in emit_cpp.hpp: outputs never overlap inputs), and those of inputs and
// constants at the end of the function (of the last part).
struct Stores {
  std::vector<std::string> after;  // per instruction
  std::string at_end;
};

Stores output_stores(const Kernel& kernel, const std::vector<PrintedInstruction>& printed) {
  Stores stores{std::vector<std::string>(kernel.code.instructions.size()), ""};
  for (const OutputSlot& slot : kernel.code.outputs) {
    std::string& text =
        is_computed(kernel.code.instructions[at(slot.value)]) ? stores.after[at(slot.value)] : stores.at_end;
    text += store(slot, printed);
  }
  return stores;
}

// A long kernel as functions name_parts::partN, each small enough for the register allocator
// (GCC's time grows faster than linearly with a function's size), and the kernel calling them.
void print_in_parts(const Kernel& kernel, const std::vector<PrintedInstruction>& printed, const Partition& cut,
                    std::ostream& out) {
  const auto& code = kernel.code.instructions;
  const Stores stores = output_stores(kernel, printed);
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
    TrigInputs trig;
    for (std::size_t i = 0; i < code.size(); ++i)
      if (cut.part[i] == p) add_trig_input(code, i, trig);
    out << trig_prologue(trig);
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (!is_computed(code[i]) || cut.part[i] != p) continue;
      // an earlier part's value read where it is first used, not held from the part's start
      for (const int k : {code[i].a, code[i].b}) {
        if (k >= 0 && reads.erase(k) > 0)
          out << "  const T " << printed[at(k)].operand << " = carry[" << cut.slot[at(k)] << "];\n";
      }
      out << printed[i].statement;
      if (cut.slot[i] >= 0) out << "  carry[" << cut.slot[i] << "] = " << printed[i].operand << ";\n";
      out << stores.after[i];
    }
    if (p == cut.parts - 1) out << stores.at_end;
    out << "}\n";
  }
  out << "// values made in one part and read in a later one\n"
      << "constexpr int carried = " << std::max(cut.carried, 1) << ";\n";
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
  out << "  T carry[" << parts_namespace << "::carried];\n";
  for (int p = 0; p < cut.parts; ++p) out << "  " << parts_namespace << "::part" << p << "(" << arguments << "carry);\n";
  out << "}\n";
}

}  // namespace

int part_count(const Kernel& kernel) { return partition(kernel).parts; }

std::string emit_kernel(const Kernel& kernel) {
  std::set<std::string> inputs;
  std::set<std::string> outputs;
  for (const auto* docs : {&kernel.inputs, &kernel.outputs}) {
    for (const auto& array : *docs) {
      const std::string name = mangle_identifier(array.name);
      if (is_temporary_name(name) || name.starts_with("sin_") || name.starts_with("cos_")) {
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
  const Stores stores = output_stores(kernel, printed);
  for (std::size_t i = 0; i < printed.size(); ++i) out << printed[i].statement << stores.after[i];
  out << stores.at_end << "}\n";
  return out.str();
}

namespace {

// sin and cos of 2 pi j/256, j = 0..32 (the first octant), rounded to nearest: from 50-digit
// evaluations (pi by Machin's formula, Taylor series).
constexpr double kSinCosOctant[33][2] = {
    {0.0, 1.0},
    {0.024541228522912288, 0.9996988186962042},
    {0.049067674327418015, 0.9987954562051724},
    {0.07356456359966743, 0.9972904566786902},
    {0.0980171403295606, 0.9951847266721969},
    {0.1224106751992162, 0.99247953459871},
    {0.14673047445536175, 0.989176509964781},
    {0.17096188876030122, 0.9852776423889412},
    {0.19509032201612828, 0.9807852804032304},
    {0.2191012401568698, 0.9757021300385286},
    {0.2429801799032639, 0.970031253194544},
    {0.26671275747489837, 0.9637760657954398},
    {0.2902846772544624, 0.9569403357322088},
    {0.31368174039889146, 0.9495281805930367},
    {0.33688985339222005, 0.9415440651830208},
    {0.35989503653498817, 0.9329927988347388},
    {0.3826834323650898, 0.9238795325112867},
    {0.40524131400498986, 0.9142097557035307},
    {0.4275550934302821, 0.9039892931234433},
    {0.4496113296546066, 0.8932243011955153},
    {0.47139673682599764, 0.881921264348355},
    {0.49289819222978404, 0.8700869911087115},
    {0.5141027441932218, 0.8577286100002721},
    {0.5349976198870973, 0.8448535652497071},
    {0.5555702330196022, 0.8314696123025452},
    {0.5758081914178453, 0.8175848131515837},
    {0.5956993044924334, 0.8032075314806449},
    {0.6152315905806268, 0.7883464276266062},
    {0.6343932841636455, 0.773010453362737},
    {0.6531728429537768, 0.7572088465064846},
    {0.6715589548470184, 0.7409511253549591},
    {0.6895405447370669, 0.7242470829514669},
    {0.7071067811865476, 0.7071067811865476},
};

// The table of dyngen_sin_cos: sin and cos of 2 pi j/256 for j = 0..255, the other octants by the
// exact symmetries sin(pi/2 - a) = cos a and a quarter turn (s, c) -> (c, -s), so sin and cos are
// exactly 0 and +-1 at the quarter turns. kSinCosTablePadding zeros follow: a batch kernel reads
// as many doubles as its widest pack of them from a pair on (emit_pack.cpp: 16 for floats with
// AVX-512).
constexpr int kSinCosTablePadding = 16;

std::string sin_cos_table() {
  std::string text =
      "inline constexpr double dyngen_sin_cos_table[" + std::to_string(2 * 256 + kSinCosTablePadding) + "] = {\n";
  for (int j = 0; j < 256; ++j) {
    const int within = j % 64;
    double s = within <= 32 ? kSinCosOctant[within][0] : kSinCosOctant[64 - within][1];
    double c = within <= 32 ? kSinCosOctant[within][1] : kSinCosOctant[64 - within][0];
    for (int quarter = 0; quarter < j / 64; ++quarter) {
      const double turned = c;
      c = 0.0 - s;  // +0, not -0, at the quarter turns
      s = turned;
    }
    text += (j % 4 == 0 ? "    " : " ") + format_double(s) + ", " + format_double(c) + ",";
    if (j % 4 == 3) text += "\n";
  }
  text += "   ";
  for (int k = 0; k < kSinCosTablePadding; ++k) text += " 0,";
  return text + "\n};\n\n";
}

// atan(k/64), k = 0..64, rounded to nearest: from 50-digit evaluations (mpmath).
constexpr double kAtanTable[65] = {
    0.0, 0.015623728620476831, 0.031239833430268277, 0.046840712915969654,
    0.06241880999595735, 0.0779666338315423, 0.09347678115858947, 0.10894195698986579,
    0.12435499454676144, 0.13970887428916365, 0.15499674192394097, 0.1702119252854744,
    0.18534794999569476, 0.2003985538258785, 0.21535769969773805, 0.23021958727684372,
    0.24497866312686414, 0.2596296294082575, 0.2741674511196588, 0.2885873618940774,
    0.3028848683749714, 0.31705575320914703, 0.3310960767041321, 0.34500217720710513,
    0.35877067027057225, 0.3723984466767542, 0.38588266939807375, 0.39922076957525254,
    0.4124104415973873, 0.42544963737004227, 0.43833655985795783, 0.4510696559885235,
    0.4636476090008061, 0.4760693303227612, 0.48833395105640554, 0.5004408131472942,
    0.5123894603107377, 0.5241796287829132, 0.5358112379604637, 0.5472843809874369,
    0.5585993153435624, 0.5697564534829784, 0.5807563535676704, 0.5915997103351114,
    0.6022873461349642, 0.6128202021652414, 0.6231993299340659, 0.6334258829691446,
    0.6435011087932844, 0.6534263411807619, 0.6632029927060933, 0.6728325475937632,
    0.6823165548747481, 0.6916566218531999, 0.7008544078844502, 0.7099116184635249,
    0.7188299996216245, 0.7276113326265107, 0.7362574289814281, 0.7447701257160751,
    0.7531512809621944, 0.7614027698055784, 0.7695264804056583, 0.7775243103733478,
    0.7853981633974483,
};

std::string atan_support() {
  std::string text = "inline constexpr double dyngen_atan_table[65] = {\n";
  for (int k = 0; k < 65; ++k) {
    text += (k % 4 == 0 ? "    " : " ") + format_double(kAtanTable[k]) + ",";
    if (k % 4 == 3 || k == 64) text += "\n";
  }
  return text + R"(};

// atan2(y, x): t = min(|x|, |y|) / max(|x|, |y|) in [0, 1] and c = k/64 nearest it (k by adding
// 1.5 2^52 to 64 t, as in dyngen_sin_cos; under -ffast-math by conversion), atan t = atan c +
// atan u with u = (t - c) / (1 + t c), |u| <= 1/128: atan c from the table, atan u by its Taylor
// polynomial of degree 7 (truncation below 2e-20); then pi/2 - atan t where |y| > |x| and pi minus
// that where x < 0, each constant in two parts, and the sign of y. Within 6e-16 relative of
// std::atan2 at a fraction of its cost (one branch-free path, two divisions); zero, infinite and
// NaN operands go to std::atan2.
template <class T>
inline T dyngen_atan2(T y_in, T x_in) {
  const double y = static_cast<double>(y_in), x = static_cast<double>(x_in);
  const double ax = std::abs(x), ay = std::abs(y);
  const bool steep = ay > ax;
  const double low = steep ? ax : ay, high = steep ? ay : ax;
  if (!(high > 0.0 && high <= 1.7976931348623157e308 && low == low)) return static_cast<T>(std::atan2(y, x));
  const double t = low / high;
#if defined(__FAST_MATH__)
  const long long k = static_cast<long long>(t * 64.0 + 0.5);
  const double c = static_cast<double>(k) * 0.015625;
#else
  const double shifted = t * 64.0 + 6755399441055744.0;
  const double c = (shifted - 6755399441055744.0) * 0.015625;
  unsigned long long k;
  std::memcpy(&k, &shifted, sizeof k);
  k &= 127;
#endif
  const double u = (t - c) / (1.0 + t * c);
  const double u2 = u * u;
  double r = dyngen_atan_table[k] + (u + u * u2 * (-3.3333333333333331e-01 + u2 * (0.2 - u2 * 1.4285714285714285e-01)));
  if (steep) r = (1.5707963267948966 - r) + 6.123233995736766e-17;
  if (x < 0.0) r = (3.141592653589793 - r) + 1.2246467991473532e-16;
  return static_cast<T>(std::copysign(r, y));
}

)";
}

std::string sin_cos_support() {
  return sin_cos_table() + R"(// sin x and cos x together: x = k 2pi/256 + r with 2pi/256 in three parts (k 2pi/256 exact for
// |k| < 2^21), S = sin and C = cos of k 2pi/256 from the table, Taylor polynomials of degree 7 and 6
// on |r| <= pi/256 (truncation below 1e-20 relative); sin x = S + (C sin r + S (cos r - 1)) and
// cos x = C + (C (cos r - 1) - S sin r), within 5e-16 relative of std::sin and std::cos. |x| >= 3e4
// and non-finite x go to std::sin and std::cos. k is rounded by adding 1.5 2^52, whose unit in the
// last place is 1: the sum's mantissa holds k, no conversion to and from an integer on the way to r
// (under -ffast-math, which may fold (y + c) - c to y, by conversion instead).
// dyngen_sin_cos_from takes x, k, S and C to the end: the same operations for one angle (V =
// double) and, lane by lane, for two (V = dyngen_v2, GCC's vector extension, also in clang).
template <class V>
inline void dyngen_sin_cos_from(const V& x, const V& kd, const V& S, const V& C, V& sine, V& cosine) {
  const V r = ((x - kd * 0.024543692605220713) - kd * 9.495469541099947e-13) - kd * 3.159791013743673e-23;
  const V r2 = r * r;
  const V sin_r = r + r * r2 * (-1.6666666666666666e-01 + r2 * (8.333333333333333e-03 - r2 * 1.984126984126984e-04));
  const V cos_r_minus_1 = r2 * (-0.5 + r2 * (4.1666666666666664e-02 - r2 * 1.388888888888889e-03));
  sine = S + (C * sin_r + S * cos_r_minus_1);
  cosine = C + (C * cos_r_minus_1 - S * sin_r);
}

template <class T>
inline void dyngen_sin_cos(T angle, T& sine, T& cosine) {
  const double x = static_cast<double>(angle);
  if (!(std::abs(x) < 3e4)) {
    sine = static_cast<T>(std::sin(x));
    cosine = static_cast<T>(std::cos(x));
    return;
  }
#if defined(__FAST_MATH__)
  const long long k = static_cast<long long>(x * 40.74366543152521 + std::copysign(0.5, x));
  const double kd = static_cast<double>(k);
#else
  const double shifted = x * 40.74366543152521 + 6755399441055744.0;
  const double kd = shifted - 6755399441055744.0;
  unsigned long long k;
  std::memcpy(&k, &shifted, sizeof k);
#endif
  const double* entry = dyngen_sin_cos_table + 2 * (k & 255);
  double s, c;
  dyngen_sin_cos_from(x, kd, entry[0], entry[1], s, c);
  sine = static_cast<T>(s);
  cosine = static_cast<T>(c);
}

// sin and cos of angle[0..count): two angles at a time where GCC's vector extension is there (one
// instruction serves both), each lane rounding exactly as dyngen_sin_cos; one at a time otherwise,
// and under -ffast-math.
#if defined(__GNUC__) && !defined(__FAST_MATH__)
typedef double dyngen_v2 __attribute__((vector_size(16)));
typedef long long dyngen_v2i __attribute__((vector_size(16)));
#endif
template <class T>
inline void dyngen_sin_cos_array(const T* angle, int count, T* sine, T* cosine) {
  int i = 0;
#if defined(__GNUC__) && !defined(__FAST_MATH__)
  for (; i + 1 < count; i += 2) {
    const dyngen_v2 x = {static_cast<double>(angle[i]), static_cast<double>(angle[i + 1])};
    if (!(std::abs(x[0]) < 3e4 && std::abs(x[1]) < 3e4)) {
      dyngen_sin_cos(angle[i], sine[i], cosine[i]);
      dyngen_sin_cos(angle[i + 1], sine[i + 1], cosine[i + 1]);
      continue;
    }
    const dyngen_v2 shifted = x * 40.74366543152521 + 6755399441055744.0;
    dyngen_v2i k;
    std::memcpy(&k, &shifted, sizeof k);
    const double* first = dyngen_sin_cos_table + 2 * (k[0] & 255);
    const double* second = dyngen_sin_cos_table + 2 * (k[1] & 255);
    dyngen_v2 s, c;
    dyngen_sin_cos_from(x, shifted - 6755399441055744.0, dyngen_v2{first[0], second[0]},
                        dyngen_v2{first[1], second[1]}, s, c);
    sine[i] = static_cast<T>(s[0]);
    sine[i + 1] = static_cast<T>(s[1]);
    cosine[i] = static_cast<T>(c[0]);
    cosine[i + 1] = static_cast<T>(c[1]);
  }
#endif
  for (; i < count; ++i) dyngen_sin_cos(angle[i], sine[i], cosine[i]);
}

)";
}

}  // namespace

std::string emit_support(const std::vector<Kernel>& kernels) {
  bool trig = false, atan2 = false;
  for (const Kernel& kernel : kernels)
    for (std::size_t i = 0; i < kernel.code.instructions.size(); ++i) {
      trig = trig || is_trig_of_input(kernel.code.instructions, i);
      atan2 = atan2 || kernel.code.instructions[i].op == Op::atan2;
    }
  return (trig ? sin_cos_support() : std::string()) + (atan2 ? atan_support() : std::string());
}

std::string emit_cpp(const FileInfo& info, const std::vector<Kernel>& kernels) {
  std::ostringstream out;
  out << "// Generated by dyngen " << DYNGEN_VERSION << ". Do not edit: regenerate instead.\n"
      << "// Mechanism: " << comment_text(info.mechanism) << "\n"
      << "// Algorithm: " << comment_text(info.algorithm) << "\n"
      << "// Model file hash: " << comment_text(info.model_hash) << "\n";
  for (const auto& note : info.notes) out << "// " << comment_text(note) << "\n";
  out << kNoOverlapContract << "// Operation counts (mul, add/sub, div, sqrt, sin/cos; total):\n";
  for (const auto& k : kernels) {
    out << "//   " << mangle_identifier(k.name) << ": " << count_summary(count_operations(k.code))
        << "\n";
  }
  out << "#pragma once\n\n#include <cmath>\n#include <cstring>\n\nnamespace " << mangle_identifier(info.namespace_name)
      << " {\n\n" << emit_support(kernels);
  for (const auto& k : kernels) out << emit_kernel(k) << "\n";
  out << "}  // namespace " << mangle_identifier(info.namespace_name) << "\n";
  return out.str();
}

}  // namespace dyngen::engine
