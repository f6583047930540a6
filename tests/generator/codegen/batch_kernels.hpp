// The batch forms of a bundled model's checked-in kernels (batch_kernel_table of its header)
// against its scalar kernels (kernel_table): over n states, with the arrays stored state after
// state, every state's outputs equal the scalar kernel's at that state bit for bit; at random
// states (trees) or closed ones (looped models).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "compiled_loop_kernels.hpp"
#include "random_inputs.hpp"

namespace dyngen::test {

// One state's input arrays by name (the scalar kernel's arrays), drawn for a kernel.
using DrawState = std::function<std::map<std::string, std::vector<double>>(
    const std::vector<std::string>& names, const std::vector<int>& sizes)>;

// "<model>, <W> lanes of double" for pack P.
template <class P>
std::string pack_label(const std::string& model) {
  return model + ", " + std::to_string(P::width) + " lanes of " +
         (sizeof(typename P::scalar) == sizeof(double) ? "double" : "float");
}

// `table`: kernel_table<S>; `batch`: entries with name, kernel (the table entry it runs) and
// call(n, in, out), as batch_kernel_table<dyngen_pack<S, W>>. Also checks that nothing is written
// past the n states' outputs. `label` names the case in failure messages.
template <class S, class Entry, class BatchEntry>
void expect_batch_equals_scalar(const std::string& label, const Entry* table, int count, const BatchEntry* batch,
                                int batch_count, int n, const DrawState& draw) {
  const S guard = S(-12345.0);
  for (int b = 0; b < batch_count; ++b) {
    const Entry* kernel = nullptr;
    for (int k = 0; k < count; ++k)
      if (std::string(table[k].name) == batch[b].kernel) kernel = &table[k];
    ASSERT_NE(kernel, nullptr) << label << " " << batch[b].name;
    const std::vector<std::string> names(kernel->input_names, kernel->input_names + kernel->input_count);
    const std::vector<int> sizes(kernel->input_sizes, kernel->input_sizes + kernel->input_count);
    // the states' arrays one after another
    std::vector<std::vector<S>> inputs(names.size()), outputs;
    for (int s = 0; s < n; ++s) {
      const auto state = draw(names, sizes);
      for (std::size_t i = 0; i < names.size(); ++i)
        for (int e = 0; e < sizes[i]; ++e) inputs[i].push_back(static_cast<S>(state.at(names[i]).at(e)));
    }
    for (int o = 0; o < kernel->output_count; ++o)
      outputs.emplace_back(static_cast<std::size_t>(n * kernel->output_sizes[o] + 1), guard);
    std::vector<const S*> in;
    std::vector<S*> out;
    for (auto& i : inputs) in.push_back(i.data());
    for (auto& o : outputs) out.push_back(o.data());
    batch[b].call(n, in.data(), out.data());
    int differing = 0;
    for (int s = 0; s < n; ++s) {
      std::vector<const S*> state_in;
      for (std::size_t i = 0; i < names.size(); ++i) state_in.push_back(inputs[i].data() + s * sizes[i]);
      std::vector<std::vector<S>> expected;
      std::vector<S*> state_out;
      for (int o = 0; o < kernel->output_count; ++o) expected.emplace_back(static_cast<std::size_t>(kernel->output_sizes[o]));
      for (auto& e : expected) state_out.push_back(e.data());
      kernel->call(state_in.data(), state_out.data());
      for (int o = 0; o < kernel->output_count; ++o) {
        differing += std::memcmp(expected[o].data(), outputs[o].data() + s * kernel->output_sizes[o],
                                 sizeof(S) * expected[o].size()) != 0;
      }
    }
    EXPECT_EQ(differing, 0) << label << " " << batch[b].name << "_batch over " << n << " states";
    for (const auto& o : outputs) EXPECT_EQ(o.back(), guard) << label << " " << batch[b].name << "_batch wrote past state " << n;
  }
}

// random_inputs for the arrays `names` of `sizes` elements.
inline std::map<std::string, std::vector<double>> random_arrays(const std::vector<std::string>& names,
                                                                const std::vector<int>& sizes, std::mt19937_64& rng) {
  std::vector<engine::ArrayDoc> arrays;
  for (std::size_t i = 0; i < names.size(); ++i) arrays.push_back({names[i], sizes[i], ""});
  return random_inputs(arrays, {}, rng);
}

// The batch kernels over 37 states (not a whole number of packs) against the scalar kernels of
// the pack's scalar, at random states.
template <class P, class Entry, class BatchEntry>
void check_batch_kernels(const std::string& name, const Entry* table, int count, const BatchEntry* batch, int batch_count) {
  std::mt19937_64 rng(23);
  expect_batch_equals_scalar<typename P::scalar>(pack_label<P>(name), table, count, batch, batch_count, 37,
                                                 [&](const std::vector<std::string>& names, const std::vector<int>& sizes) {
                                                   return random_arrays(names, sizes, rng);
                                                 });
}

// The same at closed states of a looped model: the independent coordinates up to `spread` from the
// closed reference.
template <class P, class Entry, class BatchEntry>
void check_batch_loop_kernels(const std::string& name, const Entry* table, int count, const BatchEntry* batch,
                              int batch_count, double spread) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
  const auto mech = algorithms::make_numeric_mechanism(model);
  const std::vector<double> reference_q = codegen::loop_reference(model).q;
  std::mt19937_64 rng(23);
  expect_batch_equals_scalar<typename P::scalar>(pack_label<P>(name), table, count, batch, batch_count, 37,
                                                 [&](const std::vector<std::string>& names, const std::vector<int>& sizes) {
                                                   auto inputs = random_arrays(names, sizes, rng);
                                                   const algorithms::State<double> state =
                                                       closed_state(mech, reference_q, spread, rng);
                                                   inputs["q"] = state.q;
                                                   inputs["qd"] = state.qd;
                                                   return inputs;
                                                 });
}

}  // namespace dyngen::test
