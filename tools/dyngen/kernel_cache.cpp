#include "kernel_cache.hpp"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "codegen/emit_files.hpp"
#include "codegen/kernels.hpp"
#include "engine/identifier.hpp"
#include "generator/model/loader.hpp"
#include "kernel_build.hpp"
#include "mechanism/generated_mechanism.hpp"
#include "mechanism/numeric_mechanism.hpp"

namespace dyngen::cli {

std::filesystem::path kernel_cache_folder() {
  if (const char* dir = std::getenv("DYNGEN_CACHE_DIR"); dir != nullptr && *dir) return dir;
  if (const char* dir = std::getenv("XDG_CACHE_HOME"); dir != nullptr && *dir) return std::filesystem::path(dir) / "dyngen";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home)
    return std::filesystem::path(home) / ".cache" / "dyngen";
  return std::filesystem::temp_directory_path() / "dyngen-cache";
}

namespace {

// What generated the kernels: this executable, known by its size and modification time (as ccache
// knows a compiler by default), so that a rebuilt generator misses the index; empty where the
// executable cannot be found, and then there is no index.
std::string generator_identity() {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  const auto size = std::filesystem::file_size(exe, error);
  if (error) return {};
  const auto modified = std::filesystem::last_write_time(exe, error);
  if (error) return {};
  return exe.string() + "\n" + std::to_string(size) + "\n" + std::to_string(modified.time_since_epoch().count());
}

// The index entry of a model file (its bytes and parameter values: Model::source_hash) under this
// generator: a file naming the entry folder its generated source hashes to.
std::filesystem::path index_entry(const Model& model, const std::string& prefix) {
  const std::string identity = generator_identity();
  if (identity.empty()) return {};
  return kernel_cache_folder() / "index" / (prefix + "-" + fnv1a64_hex(model.source_hash + "\n" + identity));
}

std::filesystem::path indexed_library(const std::filesystem::path& entry, const std::string& prefix) {
  if (entry.empty()) return {};
  std::ifstream in(entry);
  std::string folder;
  if (!std::getline(in, folder) || folder.empty() || folder.find('/') != std::string::npos) return {};
  const std::filesystem::path library = kernel_cache_folder() / folder / ("lib" + prefix + "_kernels.so");
  std::error_code error;
  return std::filesystem::exists(library, error) ? library : std::filesystem::path();
}

// Written to a temporary name and renamed: a reader sees the old entry or the new one, whole. The
// index only saves later runs the generation, so a cache folder that cannot take it is no error.
void record_index(const std::filesystem::path& entry, const std::filesystem::path& folder) {
  if (entry.empty()) return;
  std::error_code error;
  std::filesystem::create_directories(entry.parent_path(), error);
  std::filesystem::path temporary;
  try {
    temporary = make_temporary_folder(entry.parent_path());
  } catch (const std::runtime_error&) {
    return;
  }
  {
    std::ofstream out(temporary / "entry");
    out << folder.filename().string() << "\n";
  }
  std::filesystem::rename(temporary / "entry", entry, error);
  std::filesystem::remove_all(temporary, error);
}

}  // namespace

std::filesystem::path cached_kernel_library(const Model& model, std::ostream* log) {
  const std::string prefix = engine::mangle_identifier(model.name);
  const std::filesystem::path entry = index_entry(model, prefix);
  if (std::filesystem::path library = indexed_library(entry, prefix); !library.empty()) return library;

  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, {});
  const auto files = codegen::emit_files(model, kernels, {});
  std::string all;
  for (const auto& [name, text] : files) all += name + '\n' + text;
  const std::filesystem::path folder = kernel_cache_folder() / (prefix + "-" + fnv1a64_hex(all));
  const std::filesystem::path library = folder / ("lib" + prefix + "_kernels.so");
  if (std::filesystem::exists(library)) {
    record_index(entry, folder);
    return library;
  }

  std::filesystem::create_directories(folder);
  const std::filesystem::path build = make_temporary_folder(folder);
  try {
    codegen::write_files(build, files);
    if (log != nullptr) *log << "dyngen: compiling the kernels of " << model.name << " into " << library.string() << "\n";
    const std::filesystem::path built = build / library.filename();
    compile_shared_object({build / (prefix + "_kernels.cpp")}, built);
    std::filesystem::rename(built, library);
    for (const auto& [name, text] : files) std::filesystem::rename(build / name, folder / name);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove_all(build, ignored);
    throw;
  }
  std::filesystem::remove_all(build);
  record_index(entry, folder);
  return library;
}

std::unique_ptr<mechanism::Mechanism> load_mechanism(const std::string& model_file, const ParameterValues& parameters,
                                                     const std::string& kernels, std::ostream* log) {
  const Model model = load_model(model_file, parameters);
  if (kernels == "numeric") return std::make_unique<mechanism::NumericMechanism>(model);
  return mechanism::load_generated_mechanism(cached_kernel_library(model, log), engine::mangle_identifier(model.name));
}

}  // namespace dyngen::cli
