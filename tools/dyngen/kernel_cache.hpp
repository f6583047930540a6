// A model's kernels as a shared object the runtime loads, built once and cached: the key is the
// FNV-1a 64 digest of the generated source itself, so a changed model file or a changed generator
// builds anew and an unchanged one is loaded at once. An index keyed by the model's hash (its file's
// bytes and parameter values) and the generating executable (its size and modification time) names
// the entry, so that a model seen before is loaded without generating its kernels again (1.2 s of
// the probe cone's); a rebuilt dyngen generates once more and finds the same entry unless the
// source changed. The cache folder is $DYNGEN_CACHE_DIR, else
// $XDG_CACHE_HOME/dyngen, else $HOME/.cache/dyngen. Several processes may build the same entry at
// once (a campaign over MPI ranks): each builds in its own folder and renames the library into place.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include "generator/model/loader.hpp"
#include "mechanism/mechanism.hpp"

namespace dyngen::cli {

std::filesystem::path kernel_cache_folder();

// The cached shared object of the model's kernels (generated with the default options), building it
// when missing; `log` (may be null) hears what is built. std::runtime_error when generation or the
// compiler fails.
std::filesystem::path cached_kernel_library(const Model& model, std::ostream* log);

// The mechanism of a model file with some parameters set (load_model): its generated kernels from
// the cache ("generated") or the numeric double algorithms ("numeric").
std::unique_ptr<mechanism::Mechanism> load_mechanism(const std::string& model_file, const ParameterValues& parameters,
                                                     const std::string& kernels, std::ostream* log);

}  // namespace dyngen::cli
