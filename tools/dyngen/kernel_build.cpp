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

#include "codegen/emit_files.hpp"
#include "engine/identifier.hpp"

namespace dyngen::cli {

namespace {

// Entry points take their inputs as const double*, then their outputs as double*; the call goes
// through a pointer of exactly that type.
template <std::size_t>
using In = const double*;
template <std::size_t>
using Out = double*;

template <std::size_t... I, std::size_t... O>
void invoke(void* symbol, const double* const* inputs, double* const* outputs,
            std::index_sequence<I...>, std::index_sequence<O...>) {
  using Entry = void (*)(In<I>..., Out<O>...);
  reinterpret_cast<Entry>(symbol)(inputs[I]..., outputs[O]...);
}

template <std::size_t inputs, std::size_t outputs>
void invoke_arity(void* symbol, const double* const* in, double* const* out) {
  invoke(symbol, in, out, std::make_index_sequence<inputs>{}, std::make_index_sequence<outputs>{});
}

constexpr std::size_t kMaxInputs = 8;
constexpr std::size_t kMaxOutputs = 4;

template <std::size_t... Inputs>
constexpr auto invoker_table(std::index_sequence<Inputs...>) {
  return std::array<std::array<KernelFunction::Invoker, kMaxOutputs>, sizeof...(Inputs)>{
      {{&invoke_arity<Inputs, 1>, &invoke_arity<Inputs, 2>, &invoke_arity<Inputs, 3>, &invoke_arity<Inputs, 4>}...}};
}

constexpr auto kInvokers = invoker_table(std::make_index_sequence<kMaxInputs + 1>{});

KernelFunction::Invoker invoker_for(std::size_t inputs, std::size_t outputs, const std::string& name) {
  if (inputs > kMaxInputs || outputs < 1 || outputs > kMaxOutputs) {
    throw std::logic_error("kernel " + name + ": no call shape for " + std::to_string(inputs) +
                           " inputs and " + std::to_string(outputs) + " outputs");
  }
  return kInvokers[inputs][outputs - 1];
}

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

double compile_shared_object(const std::filesystem::path& source, const std::filesystem::path& library) {
  const std::filesystem::path log = library.string() + ".log";
  const char* compiler = std::getenv("CXX");
  const std::string command = shell_quote(compiler != nullptr && *compiler ? compiler : "c++") +
                              " -std=c++17 -O2 -shared -fPIC -o " + shell_quote(library.string()) + " " +
                              shell_quote(source.string()) + " 2>" + shell_quote(log.string());
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

KernelFunction::KernelFunction(std::string name, std::vector<engine::ArrayDoc> inputs,
                               std::vector<engine::ArrayDoc> outputs, void* symbol)
    : name_(std::move(name)),
      inputs_(std::move(inputs)),
      outputs_(std::move(outputs)),
      symbol_(symbol),
      invoker_(invoker_for(inputs_.size(), outputs_.size(), name_)) {}

KernelLibrary::KernelLibrary(const Model& model, const codegen::GeneratedKernels& kernels)
    : folder_(make_temporary_folder(std::filesystem::temp_directory_path())) {
  try {
    const auto files = codegen::emit_files(model, kernels, {});
    codegen::write_files(folder_, files);
    const std::string prefix = engine::mangle_identifier(model.name);
    const std::filesystem::path source = folder_ / (prefix + "_kernels.cpp");
    const std::filesystem::path library = folder_ / ("lib" + prefix + "_kernels.so");
    compile_seconds_ = compile_shared_object(source, library);
    handle_ = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle_ == nullptr) throw std::runtime_error(std::string("dlopen: ") + dlerror());
    auto add = [&](const engine::Kernel& kernel, const std::string& name) {
      const std::string symbol_name = prefix + "_" + name;
      void* symbol = dlsym(handle_, symbol_name.c_str());
      if (symbol == nullptr) throw std::runtime_error("the kernel library has no entry point " + symbol_name);
      functions_.emplace_back(name, kernel.inputs, kernel.outputs, symbol);
    };
    for (const auto& kernel : kernels.kernels) add(kernel, kernel.name);
    add(find_kernel(kernels, kernels.forward_dynamics), "forward_dynamics");
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
