// The files `dyngen generate` writes for one mechanism <name>:
//   <name>_kernels.hpp  C++17: the kernels as templates over the scalar (float, double, or a pack of
//                       states for the batch forms), sizes as constexpr, coordinate names; depends
//                       only on the standard library
//   <name>_kernels.h    C declarations of the entry points <name>_<kernel> (double) and
//                       <name>_<kernel>_f (float)
//   <name>_kernels.cpp  their definitions (left out with header_only)
//   <name>_batch.h, <name>_batch.cpp  the batch entry points (emit_batch.hpp; left out with
//                       header_only, the C++ header has their templates)
// Each file starts with the header comment of engine.md. Regenerating from the same model and
// options gives byte-identical files.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "codegen/kernels.hpp"
#include "codegen/options.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

// The comment every emitted file starts with (engine.md): what the file is (`what`), generator,
// model file and hash, algorithms, parameters, operation counts, units.
std::string file_comment(const Model& model, const GeneratedKernels& kernels, const std::string& what);

// File name -> contents.
std::map<std::string, std::string> emit_files(const Model& model, const GeneratedKernels& kernels,
                                              const EmitOptions& options);

// Writes the files into `directory` (created if missing): each is written to a temporary file in
// the same directory and renamed over the target, so readers never see a half-written kernel.
void write_files(const std::filesystem::path& directory,
                 const std::map<std::string, std::string>& files);

}  // namespace dyngen::codegen
