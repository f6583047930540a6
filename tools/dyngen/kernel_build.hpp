// Generated kernels as a simulator sees them: the files `dyngen generate` writes, compiled into a
// shared object by the system C++ compiler and loaded, each kernel called through its C entry
// point <name>_<kernel>. Used by `dyngen verify` and `dyngen bench`.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "codegen/kernels.hpp"
#include "codegen/options.hpp"
#include "engine/emit_cpp.hpp"
#include "generator/model/model.hpp"

namespace dyngen::cli {

// One double-precision C entry point with the arrays it takes, inputs then outputs, in the order
// of its signature, after the `Leading` arguments: none for a kernel's entry point <name>_<kernel>;
// the state count for a batch entry point <name>_<kernel>_batch, whose arrays each hold the
// states' arrays one after another (codegen/emit_batch.hpp; sizes below are per state).
template <class... Leading>
class EntryPoint {
 public:
  using Invoker = void (*)(void* symbol, Leading... leading, const double* const* inputs, double* const* outputs);

  // Throws std::logic_error for a shape of arrays no invoker takes.
  EntryPoint(std::string name, std::vector<engine::ArrayDoc> inputs, std::vector<engine::ArrayDoc> outputs,
             void* symbol);

  const std::string& name() const { return name_; }  // kernel name: mass_matrix, ..., forward_dynamics
  const std::vector<engine::ArrayDoc>& inputs() const { return inputs_; }
  const std::vector<engine::ArrayDoc>& outputs() const { return outputs_; }

  // inputs[k] points at input array k, outputs[k] at output array k (sizes as documented).
  void operator()(Leading... leading, const double* const* inputs, double* const* outputs) const {
    invoker_(symbol_, leading..., inputs, outputs);
  }

 private:
  std::string name_;
  std::vector<engine::ArrayDoc> inputs_;
  std::vector<engine::ArrayDoc> outputs_;
  void* symbol_;
  Invoker invoker_;
};

using KernelFunction = EntryPoint<>;
using BatchKernelFunction = EntryPoint<int>;

// Compiles generated sources into one shared object with `c++ -std=c++17 -O2 -shared -fPIC` (the
// compiler named by $CXX if set); returns the seconds it took. std::runtime_error with the command
// and the compiler's messages when it fails.
double compile_shared_object(const std::vector<std::filesystem::path>& sources, const std::filesystem::path& library);

// A new empty folder under `parent` (mkdtemp).
std::filesystem::path make_temporary_folder(const std::filesystem::path& parent);

class KernelLibrary {
 public:
  // Writes the generated files (`options`) into a fresh temporary folder, compiles <name>_kernels.cpp
  // (and <name>_batch.cpp with `batch`) with `c++ -std=c++17 -O2 -shared -fPIC` (the compiler named
  // by $CXX if set) and loads the result. Throws std::runtime_error with the compiler's or the
  // loader's message.
  KernelLibrary(const Model& model, const codegen::GeneratedKernels& kernels, const codegen::EmitOptions& options = {},
                bool batch = false);
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary&) = delete;
  KernelLibrary& operator=(const KernelLibrary&) = delete;

  // Every generated kernel in header order, then forward_dynamics.
  const std::vector<KernelFunction>& functions() const { return functions_; }
  // The batch entry points (empty unless built with `batch`), in emit_batch.hpp's order.
  const std::vector<BatchKernelFunction>& batch_functions() const { return batch_functions_; }
  // Doubles per pack the batch entry points use on this CPU (<name>_batch_width()); 0 without them.
  int batch_width() const { return batch_width_; }
  double compile_seconds() const { return compile_seconds_; }

 private:
  std::filesystem::path folder_;
  void* handle_ = nullptr;
  std::vector<KernelFunction> functions_;
  std::vector<BatchKernelFunction> batch_functions_;
  int batch_width_ = 0;
  double compile_seconds_ = 0.0;
};

}  // namespace dyngen::cli
