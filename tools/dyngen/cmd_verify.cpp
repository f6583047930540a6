// `dyngen verify MODEL [--params ...] [--algorithm ...] [--states N] [--seed S] [--fma] [--batch]`:
// generates the kernels, compiles them with the system compiler, and compares every kernel, called
// through its C entry point, with the double instantiation of the same algorithm at N random states
// (random base motion and wrenches where the model has them; runtime parameters at the model's
// values). Prints the largest relative error per kernel, |kernel − reference| / max(1, |reference|)
// elementwise, and exits with 1 when one exceeds 1e-10. --fma verifies the entry points generated
// with fused multiply-adds (dyngen generate --fma) and prints, per kernel, also the largest
// relative error of the entry points without them and the largest relative difference between the
// two. --batch also runs each batch entry point over the N states and counts the states whose
// outputs differ from the scalar entry point's in any bit (exit 1 unless none, or, with --fma, when
// one differs by more than the tolerance).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
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

// The kernel's inputs at a sample, in the order of its signature.
std::vector<const double*> inputs_at(const KernelFunction& kernel, const Sample& sample) {
  std::vector<const double*> inputs;
  for (const auto& in : kernel.inputs()) inputs.push_back(sample.array(in.name));
  return inputs;
}

// What the kernel's outputs are compared with at a sample.
using Expected = std::function<void(const Sample& sample, double* const* outputs)>;

Worst compare(const KernelFunction& kernel, const Expected& expected_at, const std::vector<Sample>& samples) {
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
    kernel(inputs_at(kernel, samples[s]).data(), generated_out.data());
    expected_at(samples[s], expected_out.data());
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

// The states at which the batch entry point's outputs differ from the scalar entry point's in any
// bit, and the largest relative difference.
struct BatchDifference {
  int states = 0;
  double largest = 0.0;
};

BatchDifference compare_batch(const BatchKernelFunction& batch, const KernelFunction& scalar, const std::vector<Sample>& samples) {
  const auto n = samples.size();
  const std::vector<std::vector<double>> inputs = one_after_another(samples, batch.inputs());
  std::vector<std::vector<double>> outputs;
  for (const auto& doc : batch.outputs()) outputs.emplace_back(n * static_cast<std::size_t>(doc.size));
  std::vector<const double*> in;
  std::vector<double*> out;
  for (const auto& i : inputs) in.push_back(i.data());
  for (auto& o : outputs) out.push_back(o.data());
  batch(static_cast<int>(n), in.data(), out.data());
  BatchDifference difference;
  for (std::size_t s = 0; s < n; ++s) {
    std::vector<const double*> state_in;
    for (std::size_t i = 0; i < in.size(); ++i) state_in.push_back(in[i] + s * static_cast<std::size_t>(batch.inputs()[i].size));
    std::vector<std::vector<double>> expected;
    std::vector<double*> state_out;
    for (const auto& doc : batch.outputs()) expected.emplace_back(static_cast<std::size_t>(doc.size));
    for (auto& e : expected) state_out.push_back(e.data());
    scalar(state_in.data(), state_out.data());
    bool differs = false;
    for (std::size_t k = 0; k < expected.size(); ++k) {
      for (std::size_t e = 0; e < expected[k].size(); ++e) {
        const double got = outputs[k][s * expected[k].size() + e];
        differs = differs || std::memcmp(&got, &expected[k][e], sizeof got) != 0;
        const double gap = std::abs(got - expected[k][e]);
        difference.largest = std::max(difference.largest, std::isnan(gap) ? std::numeric_limits<double>::infinity()
                                                                           : gap / std::max(1.0, std::abs(expected[k][e])));
      }
    }
    difference.states += differs;
  }
  return difference;
}

}  // namespace

int run_verify(const Args& args) {
  const GenerateArgs parsed = parse_generate_args(args);
  int states = 1000;
  std::uint64_t seed = 1;
  codegen::EmitOptions emit;
  bool batch = false;
  for (std::size_t i = 0; i < parsed.rest.size(); ++i) {
    const std::string& a = parsed.rest[i];
    if (a == "--fma") {
      emit.fma = true;
    } else if (a == "--batch") {
      batch = true;
    } else if ((a == "--states" || a == "--seed") && i + 1 < parsed.rest.size()) {
      const int value = parse_count(a, parsed.rest[++i], a == "--states" ? 1 : 0);
      if (a == "--states") states = value;
      else seed = static_cast<std::uint64_t>(value);
    } else {
      throw std::invalid_argument("verify: unknown argument '" + a + "'");
    }
  }
  const Model model = load_model(parsed.model);
  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, parsed.options);
  const KernelLibrary library(model, kernels, emit, batch);
  // with --fma, the entry points without fused multiply-adds too, to state how far apart they are
  const std::optional<KernelLibrary> unfused = emit.fma ? std::optional<KernelLibrary>(std::in_place, model, kernels)
                                                        : std::nullopt;
  const auto mech = algorithms::make_numeric_mechanism(model);
  const std::vector<Sample> samples = random_samples(model, mech, kernels, states, seed);

  std::cout << "verify " << model.name << ": " << states << " random states (seed " << seed << "), "
            << (kernels.parameters.empty() ? std::string("parameters folded")
                                           : std::to_string(kernels.parameters.size()) +
                                                 " runtime parameters at the model's values")
            << (model.moving_base ? ", random base motion" : "")
            << (kernels.wrench_bodies.empty() ? "" : ", random wrenches")
            << (emit.fma ? ", a * b + c contracted (--fma)" : "") << "; compiled in "
            << std::fixed << std::setprecision(1) << library.compile_seconds() << " s\n"
            << std::left << std::setw(30) << "kernel" << std::setw(16) << "max rel error"
            << "worst at" << (unfused ? "                      unfused: max rel error, max rel difference" : "") << "\n";
  bool passed = true;
  for (std::size_t k = 0; k < library.functions().size(); ++k) {
    const KernelFunction& kernel = library.functions()[k];
    const ReferenceFunction reference = reference_function(mech, kernels, kernel.name());
    const Worst worst = compare(kernel, [&](const Sample& s, double* const* out) { reference(s.state, out); }, samples);
    const bool ok = worst.error <= kTolerance;
    passed = passed && ok;
    std::ostringstream at;
    at << "state " << worst.state << ", " << worst.element;
    std::cout << std::left << std::setw(30) << kernel.name() << std::setw(16) << std::scientific
              << std::setprecision(2) << worst.error << std::setw(30) << at.str() << (ok ? "" : "  FAILED");
    if (unfused) {
      const KernelFunction& plain = unfused->functions()[k];
      std::cout << std::setw(16)
                << compare(plain, [&](const Sample& s, double* const* out) { reference(s.state, out); }, samples).error
                << compare(kernel, [&](const Sample& s, double* const* out) { plain(inputs_at(plain, s).data(), out); },
                           samples).error;
    }
    std::cout << "\n";
  }
  std::cout << (passed ? "all kernels agree within " : "kernels differ by more than ") << std::scientific
            << std::setprecision(0) << kTolerance << "\n";
  for (const BatchKernelFunction& b : library.batch_functions()) {
    const auto scalar = std::find_if(library.functions().begin(), library.functions().end(),
                                     [&](const KernelFunction& k) { return k.name() == b.name(); });
    const BatchDifference difference = compare_batch(b, *scalar, samples);
    const bool ok = emit.fma ? difference.largest <= kTolerance : difference.states == 0;
    passed = passed && ok;
    std::cout << std::left << std::setw(30) << b.name() + "_batch" << std::defaultfloat << difference.states << " of "
              << samples.size() << " states differ from " << b.name() << " (largest " << std::scientific
              << std::setprecision(2) << difference.largest << ", " << library.batch_width()
              << " doubles per pack)" << (ok ? "" : "  FAILED") << "\n";
  }
  return passed ? 0 : 1;
}

}  // namespace dyngen::cli
