#include "codegen/emit_batch.hpp"

#include <sstream>

#include "codegen/emit_files.hpp"
#include "codegen/emit_part_calls.hpp"
#include "codegen/target_builds.hpp"
#include "engine/emit_pack.hpp"
#include "engine/identifier.hpp"

namespace dyngen::codegen {

namespace {

using engine::mangle_identifier;

const engine::Kernel* find(const GeneratedKernels& kernels, const std::string& name) {
  for (const auto& k : kernels.kernels)
    if (k.name == name) return &k;
  return nullptr;
}

// "int n, const S* q, ..., S* qdd" for scalar `type`.
std::string batch_parameters(const engine::Kernel& k, const std::string& type) {
  std::string text = "int n";
  for (const auto* docs : {&k.inputs, &k.outputs})
    for (const auto& array : *docs)
      text += ", " + std::string(docs == &k.inputs ? "const " : "") + type + "* " + mangle_identifier(array.name);
  return text;
}

std::string batch_arguments(const engine::Kernel& k) {
  std::string text = "n";
  for (const auto* docs : {&k.inputs, &k.outputs})
    for (const auto& array : *docs) text += ", " + mangle_identifier(array.name);
  return text;
}

// batch_kernel_table: each entry names the kernel_table entry that documents its arrays.
std::string table(const std::vector<BatchKernel>& batch) {
  std::ostringstream out;
  out << "// Uniform access to the batch kernels (tools, tests): `kernel` names the kernel_table entry whose\n"
      << "// arrays the call takes, in that order, each holding n states' arrays one after another.\n"
      << "template <class P>\nstruct BatchKernelEntry {\n  const char* name;\n  const char* kernel;\n"
      << "  void (*call)(int n, const typename P::scalar* const* in, typename P::scalar* const* out);\n};\n\n"
      << "constexpr int batch_kernel_count = " << batch.size() << ";\n\n"
      << "template <class P>\ninline constexpr BatchKernelEntry<P> batch_kernel_table[batch_kernel_count] = {\n";
  for (const BatchKernel& b : batch) {
    std::string args = "n";
    for (std::size_t i = 0; i < b.kernel->inputs.size(); ++i) args += ", in[" + std::to_string(i) + "]";
    for (std::size_t i = 0; i < b.kernel->outputs.size(); ++i) args += ", out[" + std::to_string(i) + "]";
    out << "    {\"" << b.name << "\", \"" << b.kernel->name << "\",\n"
        << "     [](int n, const typename P::scalar* const* " << (b.kernel->inputs.empty() ? "" : "in")
        << ", typename P::scalar* const* out) { " << mangle_identifier(b.name) << "_batch<P>(" << args << "); }},\n";
  }
  out << "};\n\n";
  return out.str();
}

// One build of a batch entry point: `<name>_batch_<build>(n, arrays...)`, a template over the scalar S,
// running the header's <name>_batch with packs of `bytes` bytes; a kernel printed in parts through
// its parts built the same way (emit_part_calls.hpp).
std::string build_function(const std::string& ns, const BatchKernel& b, const PackBuild& build) {
  const std::string macro = "DYNGEN_" + ns + "_" + build.macro, entry = mangle_identifier(b.name);
  const std::string P = "pack<S, " + std::to_string(build.bytes) + ">";
  std::ostringstream out;
  std::string kernel_argument;
  if (engine::part_count(*b.kernel) > 1) {
    out << parts_build(ns, *b.kernel, build.suffix, macro + " DYNGEN_" + ns + "_NOT_INLINED", "T");
    std::string parameters, arguments;
    for (const auto* docs : {&b.kernel->inputs, &b.kernel->outputs})
      for (const auto& array : *docs) {
        const std::string id = mangle_identifier(array.name);
        parameters += (parameters.empty() ? "" : ", ") + std::string(docs == &b.kernel->inputs ? "const " : "") + P + "* " + id +
                      "_pack";
        arguments += (arguments.empty() ? "" : ", ") + id + "_pack";
      }
    kernel_argument = ",\n      [](" + parameters + ") { " + mangle_identifier(b.kernel->name) + "_" + build.suffix + "(" +
                      arguments + "); }";
  }
  out << "template <class S>\n" << macro << "\nvoid " << entry << "_batch_" << build.suffix << "(" << batch_parameters(*b.kernel, "S")
      << ") {\n  " << ns << "::" << entry << "_batch<" << P << ">(" << batch_arguments(*b.kernel) << kernel_argument
      << ");\n}\n\n";
  return out.str();
}

// extern "C" <ns>_<name>_batch[_f]: the build of the widest pack the CPU runs.
std::string entry_point(const std::string& ns, const BatchKernel& b, const std::string& scalar, const std::string& suffix) {
  const std::string entry = mangle_identifier(b.name), arguments = batch_arguments(*b.kernel);
  std::ostringstream out;
  out << "void " << ns << "_" << entry << "_batch" << suffix << "(" << batch_parameters(*b.kernel, scalar) << ") {\n"
      << "#if defined(DYNGEN_" << ns << "_X86_64)\n";
  for (const PackBuild& build : pack_build_list()) {
    if (!build.x86_64_only) continue;
    out << "  if (pack_width() == " << build.bytes / 8 << ") return " << entry << "_batch_" << build.suffix << "(" << arguments
        << ");\n";
  }
  out << "#endif\n";
  for (const PackBuild& build : pack_build_list()) {
    if (!build.x86_64_only) out << "  " << entry << "_batch_" << build.suffix << "(" << arguments << ");\n";
  }
  out << "}\n\n";
  return out.str();
}

}  // namespace

std::vector<BatchKernel> batch_kernels(const GeneratedKernels& kernels) {
  std::vector<BatchKernel> batch;
  for (const std::string name : {"mass_matrix", "forward_dynamics", "inverse_dynamics", "base_wrench"}) {
    const engine::Kernel* kernel = find(kernels, name == "forward_dynamics" ? kernels.forward_dynamics : name);
    if (kernel != nullptr && engine::lane_wise(*kernel)) batch.push_back({name, kernel});
  }
  return batch;
}

std::string batch_templates(const GeneratedKernels& kernels) {
  const std::vector<BatchKernel> batch = batch_kernels(kernels);
  if (batch.empty()) return "";
  std::string text;
  for (const BatchKernel& b : batch) text += engine::emit_batch(*b.kernel, b.name);
  return text + table(batch);
}

std::string batch_c_header(const Model& model, const GeneratedKernels& kernels) {
  const std::string ns = mangle_identifier(model.name);
  std::ostringstream out;
  out << file_comment(model, kernels, "C entry points of the batch kernels: each kernel over n states per call.")
      << "#ifndef DYNGEN_" << ns << "_BATCH_H\n#define DYNGEN_" << ns << "_BATCH_H\n\n"
      << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
      << "/* <kernel>_batch(n, arrays...) computes what n calls of <kernel> (" << ns << "_kernels.h) compute, W\n"
      << "   states per instruction: 8 doubles (16 floats) with AVX-512, 4 (8) with AVX2, else 2 (4), the\n"
      << "   widest this CPU runs. Every array holds the n states' arrays one after another, each laid out as\n"
      << "   for <kernel> (state s's q at q + s * " << model.dof() << "): the inputs and outputs of n scalar calls\n"
      << "   stored state after state. Each state's results equal <kernel>'s bit for bit. n <= 0 does\n"
      << "   nothing; the arrays may hold any n. */\n";
  for (const BatchKernel& b : batch_kernels(kernels)) {
    out << "void " << ns << "_" << mangle_identifier(b.name) << "_batch(" << batch_parameters(*b.kernel, "double") << ");\n"
        << "void " << ns << "_" << mangle_identifier(b.name) << "_batch_f(" << batch_parameters(*b.kernel, "float") << ");\n";
  }
  out << "/* Doubles per pack on this CPU (8, 4 or 2; twice as many floats), at most the environment variable\n"
         "   DYNGEN_MAX_BATCH_WIDTH when that is 2, 4 or 8 (read once, at the first batch call). */\nint " << ns << "_batch_width(void);\n"
      << "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n";
  return out.str();
}

std::string batch_c_source(const Model& model, const GeneratedKernels& kernels, const EmitOptions& options) {
  const std::string ns = mangle_identifier(model.name);
  std::ostringstream out;
  out << file_comment(model, kernels, "Definitions of the batch entry points.") << contraction_pragma(options.fma)
      << "#include \"" << ns << "_batch.h\"\n\n"
      << "// clang's flatten inlines one level of calls only (GCC's all): here every function of the kernels'\n"
      << "// header is always_inline, so that each build below compiles the kernels for its own target.\n"
      << "#include <cmath>\n#include <cstdlib>\n#include <cstring>\n#include <utility>\n"
      << "#if defined(__clang__)\n#pragma clang attribute push(__attribute__((always_inline)), apply_to = function)\n#endif\n"
      << "#include \"" << ns << "_kernels.hpp\"\n"
      << "#if defined(__clang__)\n#pragma clang attribute pop\n#endif\n\n"
      << pack_builds(ns, options.fma) << "namespace {\n\n" << pack_width(ns);
  const std::vector<BatchKernel> batch = batch_kernels(kernels);
  if (!batch.empty()) {
    out << "// A pack of `bytes` bytes of S.\n"
        << "template <class S, int bytes>\nusing pack = " << ns << "::dyngen_pack<S, bytes / static_cast<int>(sizeof(S))>;\n\n";
  }
  for (const PackBuild& build : pack_build_list()) {
    if (build.x86_64_only) out << "#if defined(DYNGEN_" << ns << "_X86_64)\n";
    for (const BatchKernel& b : batch) out << build_function(ns, b, build);
    if (build.x86_64_only) out << "#endif\n\n";
  }
  out << "}  // namespace\n\n";
  for (const BatchKernel& b : batch) {
    out << entry_point(ns, b, "double", "") << entry_point(ns, b, "float", "_f");
  }
  out << "int " << ns << "_batch_width(void) { return pack_width(); }\n";
  return out.str();
}

}  // namespace dyngen::codegen
