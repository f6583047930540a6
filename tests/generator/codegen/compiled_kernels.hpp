// The checked-in kernels of one bundled model, compiled into the test, against the long double
// instantiation of the same algorithms at 1000 random states (each kernel through the header's
// uniform kernel table); the float kernels against the double instantiation.
#pragma once

#include <gtest/gtest.h>

#include <map>

#include "codegen/kernels.hpp"
#include "generator/model/loader.hpp"
#include "random_inputs.hpp"

namespace dyngen::test {

// The float instantiation of the same kernels agrees with the double reference to float
// precision (relative to the largest magnitude of each output, 1e-3 allows for cancellation).
template <class Entry>
void check_float_kernels(const std::string& name, const Entry* table, int count) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
  const codegen::NumericReference reference(model);
  std::mt19937_64 rng(7);
  for (int k = 0; k < count; ++k) {
    const Entry& kernel = table[k];
    std::vector<engine::ArrayDoc> arrays;
    for (int i = 0; i < kernel.input_count; ++i) arrays.push_back({kernel.input_names[i], kernel.input_sizes[i], ""});
    double worst = 0.0;
    for (int s = 0; s < 100; ++s) {
      const auto inputs = random_inputs(arrays, {}, rng);
      std::vector<std::vector<float>> in_float;
      std::map<std::string, std::vector<double>> rounded;
      for (int i = 0; i < kernel.input_count; ++i) {
        const auto& values = inputs.at(kernel.input_names[i]);
        in_float.emplace_back(values.begin(), values.end());
        rounded[kernel.input_names[i]] = std::vector<double>(in_float.back().begin(), in_float.back().end());
      }
      std::vector<const float*> in;
      for (auto& v : in_float) in.push_back(v.data());
      std::vector<std::vector<float>> outputs;
      std::vector<float*> out;
      for (int o = 0; o < kernel.output_count; ++o) outputs.emplace_back(kernel.output_sizes[o]);
      for (auto& o : outputs) out.push_back(o.data());
      kernel.call(in.data(), out.data());
      const auto expected = reference.outputs(kernel.name, rounded);
      for (int o = 0; o < kernel.output_count; ++o) {
        const std::vector<double> got(outputs[o].begin(), outputs[o].end());
        worst = std::max(worst, relative_error(got, expected.at(kernel.output_names[o])));
      }
    }
    EXPECT_LE(worst, 1e-3) << name << " " << kernel.name << " (float)";
  }
}

template <class Entry>
void check_compiled_kernels(const std::string& name, const Entry* table, int count) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
  const codegen::NumericReference reference(model, {}, {}, codegen::ReferenceScalar::long_double);
  std::mt19937_64 rng(99);
  ASSERT_EQ(count, static_cast<int>(codegen::kernel_names(model).size()));
  for (int k = 0; k < count; ++k) {
    const Entry& kernel = table[k];
    std::vector<engine::ArrayDoc> arrays;
    for (int i = 0; i < kernel.input_count; ++i) arrays.push_back({kernel.input_names[i], kernel.input_sizes[i], ""});
    double worst = 0.0;
    for (int s = 0; s < 1000; ++s) {
      auto inputs = random_inputs(arrays, {}, rng);
      std::vector<const double*> in;
      for (int i = 0; i < kernel.input_count; ++i) in.push_back(inputs.at(kernel.input_names[i]).data());
      std::vector<std::vector<double>> outputs;
      std::vector<double*> out;
      for (int o = 0; o < kernel.output_count; ++o) outputs.emplace_back(kernel.output_sizes[o]);
      for (auto& o : outputs) out.push_back(o.data());
      kernel.call(in.data(), out.data());
      const auto expected = reference.outputs(kernel.name, inputs);
      for (int o = 0; o < kernel.output_count; ++o) {
        worst = std::max(worst, relative_error(outputs[o], expected.at(kernel.output_names[o])));
      }
    }
    EXPECT_LE(worst, 1e-12) << name << " " << kernel.name;
  }
}

}  // namespace dyngen::test

#define DYNGEN_COMPILED_KERNELS_TEST(model)                                                   \
  TEST(CompiledKernels, model) {                                                              \
    dyngen::test::check_compiled_kernels(#model, model::kernel_table<double>, model::kernel_count); \
  }

#define DYNGEN_COMPILED_FLOAT_KERNELS_TEST(model)                                                \
  TEST(CompiledFloatKernels, model) {                                                            \
    dyngen::test::check_float_kernels(#model, model::kernel_table<float>, model::kernel_count);  \
  }
