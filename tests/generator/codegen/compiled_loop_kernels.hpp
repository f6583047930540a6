// The checked-in kernels of a bundled looped model, compiled into the test: every kernel against
// the long double instantiation of the same algorithms at 300 closed random states (the closure
// kernels also away from closure, where the guesses lie), and the emitted close() driver against
// the algorithms' closure, with its statuses for a state it cannot close.
#pragma once

#include <gtest/gtest.h>

#include <map>

#include "codegen/kernels.hpp"
#include "generator/algorithms/loop_closure.hpp"
#include "generator/model/loader.hpp"
#include "random_inputs.hpp"

namespace dyngen::test {

// A closed state: the independent coordinates up to `spread` (rad or m) from the closed reference.
inline algorithms::State<double> closed_state(const algorithms::Mechanism<double>& mech, const std::vector<double>& reference,
                                              double spread, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (;;) {
    algorithms::State<double> state(mech);
    for (int i = 0; i < mech.dof; ++i) {
      const auto u = static_cast<std::size_t>(i);
      state.q[u] = reference[u] + (mech.independent[u] ? spread * unit(rng) : 0.0);
      state.qd[u] = unit(rng);
    }
    if (algorithms::close_positions(mech, state).status != algorithms::ClosureStatus::closed) continue;
    algorithms::close_velocities(mech, state);
    return state;
  }
}

template <class Entry>
void check_compiled_loop_kernels(const std::string& name, const Entry* table, int count, double spread) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
  const auto mech = algorithms::make_numeric_mechanism(model);
  const std::vector<double> reference_q = codegen::loop_reference(model).q;
  const codegen::NumericReference reference(model, {}, {}, codegen::ReferenceScalar::long_double);
  std::mt19937_64 rng(99);
  ASSERT_EQ(count, static_cast<int>(codegen::kernel_names(model).size()));
  for (int k = 0; k < count; ++k) {
    const Entry& kernel = table[k];
    std::vector<engine::ArrayDoc> arrays;
    for (int i = 0; i < kernel.input_count; ++i) arrays.push_back({kernel.input_names[i], kernel.input_sizes[i], ""});
    double worst = 0.0;
    for (int s = 0; s < 300; ++s) {
      auto inputs = random_inputs(arrays, {}, rng);
      const algorithms::State<double> state = closed_state(mech, reference_q, spread, rng);
      inputs["q"] = state.q;
      inputs["qd"] = state.qd;
      std::vector<const double*> in;
      for (int i = 0; i < kernel.input_count; ++i) in.push_back(inputs.at(kernel.input_names[i]).data());
      std::vector<std::vector<double>> outputs;
      std::vector<double*> out;
      for (int o = 0; o < kernel.output_count; ++o) outputs.emplace_back(kernel.output_sizes[o]);
      for (auto& o : outputs) out.push_back(o.data());
      kernel.call(in.data(), out.data());
      const auto expected = reference.outputs(kernel.name, inputs);
      for (int o = 0; o < kernel.output_count; ++o)
        worst = std::max(worst, relative_error(outputs[o], expected.at(kernel.output_names[o])));
    }
    EXPECT_LE(worst, 1e-11) << name << " " << kernel.name;
  }
}

// close(q, qd) of the emitted header from perturbed guesses returns the algorithms' closed state.
template <class Close>
void check_close_driver(const std::string& name, Close close, double spread) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
  const auto mech = algorithms::make_numeric_mechanism(model);
  const std::vector<double> reference_q = codegen::loop_reference(model).q;
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int s = 0; s < 200; ++s) {
    const algorithms::State<double> expected = closed_state(mech, reference_q, spread, rng);
    std::vector<double> q = expected.q, qd = expected.qd;
    for (int i = 0; i < mech.dof; ++i)
      if (!mech.independent[static_cast<std::size_t>(i)]) {
        q[static_cast<std::size_t>(i)] += 0.01 * unit(rng);  // the guess near the solution
        qd[static_cast<std::size_t>(i)] = 0.0;
      }
    int failed_loop = -2;
    ASSERT_EQ(close(q.data(), qd.data(), &failed_loop), 0) << name << " loop " << failed_loop;
    EXPECT_EQ(failed_loop, -1);
    for (int i = 0; i < mech.dof; ++i) {
      EXPECT_NEAR(q[static_cast<std::size_t>(i)], expected.q[static_cast<std::size_t>(i)], 1e-10) << name << " q" << i;
      EXPECT_NEAR(qd[static_cast<std::size_t>(i)], expected.qd[static_cast<std::size_t>(i)], 1e-10) << name << " qd" << i;
    }
  }
}

}  // namespace dyngen::test
