#include "codegen/target_builds.hpp"

namespace dyngen::codegen {

namespace {

// GCC's contraction setting for one build, inside its __attribute__((optimize(...))).
std::string gcc_contraction(bool fma) { return fma ? "\"fp-contract=fast\"" : "\"fp-contract=off\""; }

// What x86-64-v4 adds for floating-point code (AVX-512: 32 registers of 64 bytes), with AVX2 and
// FMA, which every such CPU has; the same list is checked before the build runs.
constexpr const char* kAvx512 = "avx512f,avx512vl,avx512bw,avx512dq,avx512cd,avx2,fma";

}  // namespace

std::string contraction_pragma(bool fma) {
  return std::string("// clang: ") +
         (fma ? "a * b + c contracted into fused multiply-adds wherever the target has them (dyngen generate --fma).\n"
              : "no contraction of a * b + c into fused multiply-adds, in the kernels included below too.\n") +
         "#if defined(__clang__)\n#pragma clang fp contract(" + (fma ? "fast" : "off") + ")\n#endif\n\n";
}

std::string scalar_clones(const std::string& ns, bool fma) {
  const std::string macro = "DYNGEN_" + ns + "_CLONES";
  return "// With GCC on x86-64 Linux the double entry points are also compiled for x86-64-v4, whose 32 vector\n"
         "// registers (twice as many) cut the spills of a long straight-line kernel, and for x86-64-v3 (AVX2),\n"
         "// whose three-operand instructions need no copy of an operand they would overwrite (a fifth fewer\n"
         "// instructions); the loader picks the widest clone the CPU can run. A kernel printed in parts is\n"
         "// cloned part by part, each part flattened on its own, so compile time stays linear in its size.\n" +
         std::string(fma ? "// The clones contract a * b + c into fused multiply-adds where the target has them (dyngen\n"
                           "// generate --fma): the x86-64-v4 and -v3 clones round each once, the default one does not.\n"
                         : "// No clone contracts a * b + c into a fused multiply-add, so every clone rounds exactly as\n"
                           "// the default one: results are bit-identical on every machine.\n") +
         "// Instructions are scheduled before register allocation, with an eye on register pressure.\n"
         "#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)\n"
         "#define " + macro + " __attribute__((target_clones(\"arch=x86-64-v4\", \"arch=x86-64-v3\", \"default\"), flatten, \\\n"
         "    optimize(" + gcc_contraction(fma) + ", \"schedule-insns\", \"sched-pressure\")))\n"
         "#else\n#define " + macro + "\n#endif\n\n";
}

const std::vector<PackBuild>& pack_build_list() {
  static const std::vector<PackBuild> builds = {
      {"AVX512", "avx512", 64, true}, {"AVX2", "avx2", 32, true}, {"BASELINE", "baseline", 16, false}};
  return builds;
}

std::string pack_builds(const std::string& ns, bool fma) {
  const std::string prefix = "DYNGEN_" + ns + "_";
  const std::string gcc = ", flatten, optimize(" + gcc_contraction(fma) + ")))";
  std::string text =
      "// Each batch entry point is built once per pack width, the widest this CPU runs chosen on the first\n"
      "// call: 64-byte packs (8 doubles, 16 floats) with AVX-512, 32-byte with AVX2, 16-byte with SSE2, the\n"
      "// x86-64 baseline (the only build elsewhere). Each build is flattened: the kernel inlined, compiled for\n"
      "// its target; a kernel printed in parts is built part by part (each part NOT_INLINED into the\n"
      "// caller), so compile time stays linear in its size.\n" +
      std::string(fma ? "// a * b + c is contracted into fused multiply-adds where the target has them (dyngen generate\n"
                        "// --fma).\n"
                      : "// No build contracts a * b + c into a fused multiply-add: every lane of every width rounds\n"
                        "// exactly as the scalar kernel.\n") +
      "#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))\n#define " + prefix + "X86_64\n#endif\n"
      "#if defined(__clang__)\n"
      "#define " + prefix + "AVX512 __attribute__((target(\"" + kAvx512 + "\"), flatten))\n"
      "#define " + prefix + "AVX2 __attribute__((target(\"avx2,fma\"), flatten))\n"
      "#define " + prefix + "BASELINE __attribute__((flatten))\n"
      "#elif defined(__GNUC__)\n"
      "#define " + prefix + "AVX512 __attribute__((target(\"" + kAvx512 + "\")" + gcc + "\n"
      "#define " + prefix + "AVX2 __attribute__((target(\"avx2,fma\")" + gcc + "\n"
      "#define " + prefix + "BASELINE __attribute__((" + gcc.substr(2) + "\n"
      "#else\n#define " + prefix + "BASELINE\n#endif\n"
      "#if defined(__GNUC__)\n#define " + prefix + "NOT_INLINED __attribute__((noinline))\n#else\n#define " + prefix +
      "NOT_INLINED\n#endif\n\n";
  return text;
}

std::string pack_width(const std::string& ns) {
  const std::string prefix = "DYNGEN_" + ns + "_";
  return
      "// Doubles per pack, decided on the first call: the widest this CPU runs, 8 with AVX-512 (x86-64-v4's\n"
      "// set), 4 with AVX2 and FMA, else 2; at most DYNGEN_MAX_BATCH_WIDTH when that is 2, 4 or 8 (as\n"
      "// oneDNN's ONEDNN_MAX_CPU_ISA caps its instruction set), any other value being ignored.\n"
      "int pack_width() {\n"
      "  static const int width = [] {\n"
      "    int widest = 2;\n"
      "#if defined(" + prefix + "X86_64)\n"
      "    __builtin_cpu_init();\n"
      "    const bool avx2 = __builtin_cpu_supports(\"avx2\") && __builtin_cpu_supports(\"fma\");\n"
      "    const bool avx512 = __builtin_cpu_supports(\"avx512f\") && __builtin_cpu_supports(\"avx512vl\") &&\n"
      "                        __builtin_cpu_supports(\"avx512bw\") && __builtin_cpu_supports(\"avx512dq\") &&\n"
      "                        __builtin_cpu_supports(\"avx512cd\");\n"
      "    widest = avx2 && avx512 ? 8 : avx2 ? 4 : 2;\n"
      "#endif\n"
      "    const char* cap = std::getenv(\"DYNGEN_MAX_BATCH_WIDTH\");\n"
      "    const int most = cap == nullptr               ? widest\n"
      "                     : std::strcmp(cap, \"2\") == 0 ? 2\n"
      "                     : std::strcmp(cap, \"4\") == 0 ? 4\n"
      "                     : std::strcmp(cap, \"8\") == 0 ? 8\n"
      "                     : widest;\n"
      "    return most < widest ? most : widest;\n"
      "  }();\n"
      "  return width;\n"
      "}\n\n";
}

}  // namespace dyngen::codegen
