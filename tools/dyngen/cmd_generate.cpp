// `dyngen generate MODEL [--out DIR] [--params ...] [--algorithm ...] [--header-only] [--fma]`
#include <iostream>
#include <stdexcept>

#include "codegen/emit_files.hpp"
#include "commands.hpp"
#include "generate_args.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::cli {

int run_generate(const Args& args) {
  GenerateArgs parsed = parse_generate_args(args);
  std::string out = ".";
  codegen::EmitOptions emit;
  for (std::size_t i = 0; i < parsed.rest.size(); ++i) {
    if (parsed.rest[i] == "--out" && i + 1 < parsed.rest.size()) {
      out = parsed.rest[++i];
    } else if (parsed.rest[i] == "--header-only") {
      emit.header_only = true;
    } else if (parsed.rest[i] == "--fma") {
      emit.fma = true;
    } else {
      throw std::invalid_argument("generate: unknown argument '" + parsed.rest[i] + "'");
    }
  }
  const Model model = load_model(parsed.model);
  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, parsed.options);
  const auto files = codegen::emit_files(model, kernels, emit);
  codegen::write_files(out, files);
  for (const auto& [name, text] : files) std::cout << "wrote " << out << "/" << name << "\n";
  return 0;
}

}  // namespace dyngen::cli
