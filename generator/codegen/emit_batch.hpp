// The batch forms of a model's kernels: each over n states per call, W states per instruction
// (engine/emit_pack.hpp), for campaigns, sampling and parameter sweeps. Batch forms are emitted for
// the mass matrix, the forward dynamics (the chosen route), the inverse dynamics and the base
// wrench, where the model has them (a looped model: the forward and inverse dynamics and the base
// wrench at closed states) and every instruction has a lane-wise form. The closure (position
// closure, dependent velocities, close()) keeps its scalar form only: its closed forms take square
// roots, signs and atan2 and close() branches on each state's status.
//   <name>_kernels.hpp  batch_templates: <kernel>_batch<P>(n, arrays...) and batch_kernel_table
//   <name>_batch.h      C declarations: <name>_<kernel>_batch(int n, arrays...) (double) and _batch_f
//                       (float), <name>_batch_width()
//   <name>_batch.cpp    their definitions, one build per pack width (target_builds.hpp), in a
//                       translation unit of their own: what does not call them does not compile them
// Layout: every array holds the n states' arrays one after another (state s's q at q + s * dof),
// as n calls of the scalar kernel read and write them. This interleaved layout measured as fast as
// or faster than structures of arrays (one array per coordinate over the states): the moves
// between states and packs cost little beside the kernel, and they read and write memory in order
// instead of in dof + outputs streams n elements apart (README, "Batch kernels").
#pragma once

#include <string>
#include <vector>

#include "codegen/kernels.hpp"
#include "codegen/options.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

struct BatchKernel {
  std::string name;              // of the entry point: mass_matrix, forward_dynamics, ...
  const engine::Kernel* kernel;  // the kernel it runs (forward_dynamics: the chosen route)
};

std::vector<BatchKernel> batch_kernels(const GeneratedKernels& kernels);

// For the C++ header, after the kernels (empty when there are no batch kernels).
std::string batch_templates(const GeneratedKernels& kernels);

std::string batch_c_header(const Model& model, const GeneratedKernels& kernels);
std::string batch_c_source(const Model& model, const GeneratedKernels& kernels, const EmitOptions& options);

}  // namespace dyngen::codegen
