#include "kernel_build.hpp"

#include <dlfcn.h>
#include <sys/wait.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "codegen/emit_batch.hpp"
#include "codegen/emit_files.hpp"
#include "engine/identifier.hpp"

namespace dyngen::cli {

namespace {

// Entry points take their leading arguments, their inputs as const double*, then their outputs as
// double*; the call goes through a pointer of exactly that type.
template <std::size_t>
using In = const double*;
template <std::size_t>
using Out = double*;

constexpr std::size_t kMaxInputs = 8;
constexpr std::size_t kMaxOutputs = 4;

template <class... Leading>
struct Invokers {
  template <std::size_t... I, std::size_t... O>
  static void invoke(void* symbol, Leading... leading, const double* const* inputs, double* const* outputs,
                     std::index_sequence<I...>, std::index_sequence<O...>) {
    using Entry = void (*)(Leading..., In<I>..., Out<O>...);
    reinterpret_cast<Entry>(symbol)(leading..., inputs[I]..., outputs[O]...);
  }

  template <std::size_t inputs, std::size_t outputs>
  static void invoke_arity(void* symbol, Leading... leading, const double* const* in, double* const* out) {
    invoke(symbol, leading..., in, out, std::make_index_sequence<inputs>{}, std::make_index_sequence<outputs>{});
  }

  template <std::size_t... Inputs>
  static constexpr auto table(std::index_sequence<Inputs...>) {
    return std::array<std::array<typename EntryPoint<Leading...>::Invoker, kMaxOutputs>, sizeof...(Inputs)>{
        {{&invoke_arity<Inputs, 1>, &invoke_arity<Inputs, 2>, &invoke_arity<Inputs, 3>, &invoke_arity<Inputs, 4>}...}};
  }

  // The invoker of a kernel of that shape.
  static typename EntryPoint<Leading...>::Invoker for_shape(std::size_t inputs, std::size_t outputs, const std::string& name) {
    static constexpr auto all = table(std::make_index_sequence<kMaxInputs + 1>{});
    if (inputs > kMaxInputs || outputs < 1 || outputs > kMaxOutputs) {
      throw std::logic_error("kernel " + name + ": no call shape for " + std::to_string(inputs) + " inputs and " +
                             std::to_string(outputs) + " outputs");
    }
    return all[inputs][outputs - 1];
  }
};

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const engine::Kernel& find_kernel(const codegen::GeneratedKernels& kernels, const std::string& name) {
  for (const auto& k : kernels.kernels) {
    if (k.name == name) return k;
  }
  throw std::logic_error("no kernel " + name);
}

}  // namespace

double compile_shared_object(const std::vector<std::filesystem::path>& sources, const std::filesystem::path& library) {
  const std::filesystem::path log = library.string() + ".log";
  const char* compiler = std::getenv("CXX");
  std::string command = shell_quote(compiler != nullptr && *compiler ? compiler : "c++") +
                        " -std=c++17 -O2 -shared -fPIC -o " + shell_quote(library.string());
  for (const auto& source : sources) command += " " + shell_quote(source.string());
  command += " 2>" + shell_quote(log.string());
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("compiling the generated kernels failed: " + command + "\n" + read_text(log));
  std::error_code ignored;
  std::filesystem::remove(log, ignored);
  return seconds;
}

std::filesystem::path make_temporary_folder(const std::filesystem::path& parent) {
  std::string pattern = (parent / "dyngen_kernels_XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a folder in " + parent.string());
  return pattern;
}

template <class... Leading>
EntryPoint<Leading...>::EntryPoint(std::string name, std::vector<engine::ArrayDoc> inputs,
                                   std::vector<engine::ArrayDoc> outputs, void* symbol)
    : name_(std::move(name)),
      inputs_(std::move(inputs)),
      outputs_(std::move(outputs)),
      symbol_(symbol),
      invoker_(Invokers<Leading...>::for_shape(inputs_.size(), outputs_.size(), name_)) {}

template class EntryPoint<>;
template class EntryPoint<int>;

KernelLibrary::KernelLibrary(const Model& model, const codegen::GeneratedKernels& kernels,
                             const codegen::EmitOptions& options, bool batch)
    : folder_(make_temporary_folder(std::filesystem::temp_directory_path())) {
  try {
    const auto files = codegen::emit_files(model, kernels, options);
    codegen::write_files(folder_, files);
    const std::string prefix = engine::mangle_identifier(model.name);
    std::vector<std::filesystem::path> sources = {folder_ / (prefix + "_kernels.cpp")};
    const std::vector<codegen::BatchKernel> batch_kernels = batch ? codegen::batch_kernels(kernels) : std::vector<codegen::BatchKernel>{};
    if (!batch_kernels.empty()) sources.push_back(folder_ / (prefix + "_batch.cpp"));
    const std::filesystem::path library = folder_ / ("lib" + prefix + "_kernels.so");
    compile_seconds_ = compile_shared_object(sources, library);
    handle_ = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle_ == nullptr) throw std::runtime_error(std::string("dlopen: ") + dlerror());
    const auto entry_point = [&](const std::string& name) {
      void* symbol = dlsym(handle_, (prefix + "_" + name).c_str());
      if (symbol == nullptr) throw std::runtime_error("the kernel library has no entry point " + prefix + "_" + name);
      return symbol;
    };
    const auto add = [&](const engine::Kernel& kernel, const std::string& name) {
      functions_.emplace_back(name, kernel.inputs, kernel.outputs, entry_point(name));
    };
    for (const auto& kernel : kernels.kernels) add(kernel, kernel.name);
    add(find_kernel(kernels, kernels.forward_dynamics), "forward_dynamics");
    for (const codegen::BatchKernel& b : batch_kernels) {
      batch_functions_.emplace_back(b.name, b.kernel->inputs, b.kernel->outputs, entry_point(b.name + "_batch"));
    }
    if (!batch_kernels.empty()) batch_width_ = reinterpret_cast<int (*)()>(entry_point("batch_width"))();
  } catch (...) {
    if (handle_ != nullptr) dlclose(handle_);
    std::error_code ignored;
    std::filesystem::remove_all(folder_, ignored);
    throw;
  }
}

KernelLibrary::~KernelLibrary() {
  dlclose(handle_);
  std::error_code ignored;
  std::filesystem::remove_all(folder_, ignored);
}

}  // namespace dyngen::cli
