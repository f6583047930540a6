// Second step of emission: an instruction list printed as C++17, one `const T tN = …;` per
// instruction, inside a function templated on the scalar (float or double). The printer refuses
// inputs or outputs its signature does not declare. Output is deterministic: the same kernels give
// byte-identical text.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "instruction_list.hpp"

namespace dyngen::engine {

struct ArrayDoc {
  std::string name;     // parameter name (mangled if not a plain identifier)
  int size = 0;
  std::string meaning;  // meaning, units and layout, for the header comment
};

struct Kernel {
  std::string name;     // function name (mangled if not a plain identifier)
  std::string summary;  // one line for the header
  std::vector<ArrayDoc> inputs;
  std::vector<ArrayDoc> outputs;
  InstructionList code;
};

struct FileInfo {
  std::string mechanism;
  std::string algorithm;
  std::string model_hash;
  std::string namespace_name;  // mangled if not a plain identifier
  std::vector<std::string> notes;  // further header lines
};

// A header: the file comment of engine.md (mechanism, algorithm, generator version, model hash,
// op counts), then the kernels in namespace `info.namespace_name`.
std::string emit_cpp(const FileInfo& info, const std::vector<Kernel>& kernels);

// Sines and cosines of input elements (joint angles) are computed together at the top of the
// function that needs them, by one dyngen_sin_cos_array call over the elements used
// (sin_<array>[i], cos_<array>[i]); other sines and cosines call std::sin and std::cos.
// emit_support gives the helpers those kernels need, to be printed once per header in the
// kernels' namespace before them (empty when none needs it).
std::string emit_support(const std::vector<Kernel>& kernels);
// Whether instruction i is the sine or cosine of an input element (computed by the prologue).
bool is_trig_of_input(const std::vector<Instruction>& code, std::size_t i);

// One kernel: its comment block (summary, cost, layout of inputs and outputs) and the function
// `template <class T> inline void name(const T* in..., T* out...)`. A kernel of more than
// kInstructionsPerPart computed instructions is printed as functions name_parts::part0, part1, …
// (same instructions, same order), each taking the kernel's arrays and `T* carry`, and the kernel
// calling them in turn with `T carry[name_parts::carried]`, through which the values crossing a
// part boundary pass: compile time stays linear in the kernel's size. The parts alone write every
// output, so a caller may call them in turn itself (compiling each for a target of its own).
// Each output element is stored right after the instruction computing it, and a part reads a
// carried value where it first uses it: a value is then live only from its definition to its last
// use instead of to the end of the function, which spares the register allocator (fewer spills;
// instructions of the probe cone's staged prepare pass -14 % on x86-64-v3). The price is the
// contract of the generated headers: outputs must not overlap inputs (a store may come before a
// read of the same element). Inputs stay plain pointers, not __restrict: with restrict GCC keeps
// every input element it has loaded in a register for the rest of the function, which spills more
// than reloading it (+11 % in the same pass).
inline constexpr std::size_t kInstructionsPerPart = 2000;
// That contract as the generated files state it (comment lines).
inline constexpr const char* kNoOverlapContract =
    "// A kernel's output arrays must not overlap its input arrays: each output element is stored\n"
    "// as soon as it is computed.\n";
std::string emit_kernel(const Kernel& kernel);
// 1 for a kernel printed as one function.
int part_count(const Kernel& kernel);

// "m mul, a add/sub, d div, s sqrt, t sin/cos; N operations, K temporaries"
std::string count_summary(const OpCount& count);

// Shortest text that reads back as exactly `value`.
std::string format_double(double value);

}  // namespace dyngen::engine
