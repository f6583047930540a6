// `dyngen verify MODEL [--params ...] [--algorithm ...] [--states N] [--seed S]`: generates the
// kernels, compiles them with the system compiler, and compares every kernel, called through its
// C entry point, with the double instantiation of the same algorithm at N random states (random
// base motion and wrenches where the model has them; runtime parameters at the model's values).
// Prints the largest relative error per kernel, |kernel − reference| / max(1, |reference|)
// elementwise, and exits with 1 when one exceeds 1e-10.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <limits>
#include <stdexcept>

#include "commands.hpp"
#include "generate_args.hpp"
#include "generator/model/loader.hpp"
#include "kernel_build.hpp"
#include "reference_kernels.hpp"

namespace dyngen::cli {

namespace {

constexpr double kTolerance = 1e-10;

struct Worst {
  double error = 0.0;
  int state = -1;
  std::string element;
};

int parse_count(const std::string& option, const std::string& text, int minimum) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < minimum) {
    throw std::invalid_argument(option + ": expected an integer >= " + std::to_string(minimum) +
                                " (got '" + text + "')");
  }
  return value;
}

Worst compare(const KernelFunction& kernel, const ReferenceFunction& reference,
              const std::vector<Sample>& samples) {
  std::vector<std::vector<double>> generated, expected;
  std::vector<double*> generated_out, expected_out;
  for (const auto& out : kernel.outputs()) {
    generated.emplace_back(static_cast<std::size_t>(out.size));
    expected.emplace_back(static_cast<std::size_t>(out.size));
  }
  for (std::size_t k = 0; k < generated.size(); ++k) {
    generated_out.push_back(generated[k].data());
    expected_out.push_back(expected[k].data());
  }
  Worst worst;
  for (std::size_t s = 0; s < samples.size(); ++s) {
    std::vector<const double*> inputs;
    for (const auto& in : kernel.inputs()) inputs.push_back(samples[s].array(in.name));
    kernel(inputs.data(), generated_out.data());
    reference(samples[s].state, expected_out.data());
    for (std::size_t k = 0; k < generated.size(); ++k) {
      for (std::size_t e = 0; e < generated[k].size(); ++e) {
        const double difference = std::abs(generated[k][e] - expected[k][e]);
        // NaN anywhere counts as an infinite error.
        const double error = std::isnan(difference) ? std::numeric_limits<double>::infinity()
                                                    : difference / std::max(1.0, std::abs(expected[k][e]));
        if (error > worst.error || worst.state < 0) {
          worst = {error, static_cast<int>(s), kernel.outputs()[k].name + "[" + std::to_string(e) + "]"};
        }
      }
    }
  }
  return worst;
}

}  // namespace

int run_verify(const Args& args) {
  const GenerateArgs parsed = parse_generate_args(args);
  int states = 1000;
  std::uint64_t seed = 1;
  for (std::size_t i = 0; i < parsed.rest.size(); ++i) {
    const std::string& a = parsed.rest[i];
    if ((a == "--states" || a == "--seed") && i + 1 < parsed.rest.size()) {
      const int value = parse_count(a, parsed.rest[++i], a == "--states" ? 1 : 0);
      if (a == "--states") states = value;
      else seed = static_cast<std::uint64_t>(value);
    } else {
      throw std::invalid_argument("verify: unknown argument '" + a + "'");
    }
  }
  const Model model = load_model(parsed.model);
  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, parsed.options);
  const KernelLibrary library(model, kernels);
  const auto mech = algorithms::make_numeric_mechanism(model);
  const std::vector<Sample> samples = random_samples(model, mech, kernels, states, seed);

  std::cout << "verify " << model.name << ": " << states << " random states (seed " << seed << "), "
            << (kernels.parameters.empty() ? std::string("parameters folded")
                                           : std::to_string(kernels.parameters.size()) +
                                                 " runtime parameters at the model's values")
            << (model.moving_base ? ", random base motion" : "")
            << (kernels.wrench_bodies.empty() ? "" : ", random wrenches") << "; compiled in "
            << std::fixed << std::setprecision(1) << library.compile_seconds() << " s\n"
            << std::left << std::setw(24) << "kernel" << std::setw(16) << "max rel error"
            << "worst at\n";
  bool passed = true;
  for (const KernelFunction& kernel : library.functions()) {
    const Worst worst = compare(kernel, reference_function(mech, kernels, kernel.name()), samples);
    const bool ok = worst.error <= kTolerance;
    passed = passed && ok;
    std::cout << std::left << std::setw(24) << kernel.name() << std::setw(16) << std::scientific
              << std::setprecision(2) << worst.error << "state " << worst.state << ", "
              << worst.element << (ok ? "" : "  FAILED") << "\n";
  }
  std::cout << (passed ? "all kernels agree within " : "kernels differ by more than ") << std::scientific
            << std::setprecision(0) << kTolerance << "\n";
  return passed ? 0 : 1;
}

}  // namespace dyngen::cli
