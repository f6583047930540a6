// `dyngen count MODEL [--params ...] [--algorithm ...]`: operation counts of each kernel, the same
// numbers the emitted header states, and the cycles the route choice estimates (tree_height.hpp).
#include <iomanip>
#include <iostream>
#include <stdexcept>

#include "codegen/kernels.hpp"
#include "engine/tree_height.hpp"
#include "commands.hpp"
#include "generate_args.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::cli {

int run_count(const Args& args) {
  const GenerateArgs parsed = parse_generate_args(args);
  if (!parsed.rest.empty()) throw std::invalid_argument("count: unknown argument '" + parsed.rest[0] + "'");
  const Model model = load_model(parsed.model);
  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, parsed.options);
  std::cout << model.name << " (" << model.dof() << " coordinates)\n"
            << std::left << std::setw(30) << "kernel" << std::right << std::setw(7) << "mul"
            << std::setw(7) << "add" << std::setw(6) << "div" << std::setw(6) << "sqrt"
            << std::setw(9) << "sin/cos" << std::setw(7) << "atan2" << std::setw(6) << "sign" << std::setw(8)
            << "total" << std::setw(9) << "cycles" << "\n";
  for (const auto& k : kernels.kernels) {
    const auto c = engine::count_operations(k.code);
    std::cout << std::left << std::setw(30) << k.name << std::right << std::setw(7) << c.mul
              << std::setw(7) << c.add << std::setw(6) << c.div << std::setw(6) << c.sqrt
              << std::setw(9) << c.trig << std::setw(7) << c.atan2 << std::setw(6) << c.sign << std::setw(8)
              << c.total() << std::setw(9) << std::fixed << std::setprecision(0) << engine::estimated_cycles(k.code)
              << "\n";
  }
  std::cout << "forward_dynamics = " << kernels.forward_dynamics << "\n";
  return 0;
}

}  // namespace dyngen::cli
