#include "kernel_cache.hpp"

#include <cstdlib>
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

std::filesystem::path cached_kernel_library(const Model& model, std::ostream* log) {
  const codegen::GeneratedKernels kernels = codegen::build_kernels(model, {});
  const auto files = codegen::emit_files(model, kernels, {});
  std::string all;
  for (const auto& [name, text] : files) all += name + '\n' + text;
  const std::string prefix = engine::mangle_identifier(model.name);
  const std::filesystem::path folder = kernel_cache_folder() / (prefix + "-" + fnv1a64_hex(all));
  const std::filesystem::path library = folder / ("lib" + prefix + "_kernels.so");
  if (std::filesystem::exists(library)) return library;

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
  return library;
}

std::unique_ptr<mechanism::Mechanism> load_mechanism(const std::string& model_file, const ParameterValues& parameters,
                                                     const std::string& kernels, std::ostream* log) {
  const Model model = load_model(model_file, parameters);
  if (kernels == "numeric") return std::make_unique<mechanism::NumericMechanism>(model);
  return mechanism::load_generated_mechanism(cached_kernel_library(model, log), engine::mangle_identifier(model.name));
}

}  // namespace dyngen::cli
