// The checked-in kernels of one bundled model, compiled into the test, against the double
// instantiation of the same algorithms at 1000 random states (each kernel through the header's
// uniform kernel table).
#pragma once

#include <gtest/gtest.h>

#include "codegen/kernels.hpp"
#include "generator/model/loader.hpp"
#include "random_inputs.hpp"

namespace dyngen::test {

template <class Entry>
void check_compiled_kernels(const std::string& name, const Entry* table, int count) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
  const codegen::NumericReference reference(model);
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
