// dyngen: symbolic generator of minimal-operation dynamics kernels.
#include <iostream>
#include <string>

#include "commands.hpp"

// LeakSanitizer builds (DYNGEN_SANITIZE=ON): CLN, under GiNaC, keeps a few bytes from its static
// initialisation for the life of the process. This hook, read by LSan only, suppresses exactly
// that library.
extern "C" const char* __lsan_default_suppressions() { return "leak:libcln.so\n"; }

namespace {

void print_help(std::ostream& out) {
  out << "usage: dyngen <command> [arguments]\n"
         "       dyngen --help | --version\n\ncommands:\n";
  for (const auto& command : dyngen::cli::commands()) {
    out << "  " << command.name << " " << command.usage << "\n      " << command.summary << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  const dyngen::cli::Args args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    print_help(std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "dyngen " << DYNGEN_VERSION << "\n";
    return 0;
  }
  for (const auto& command : dyngen::cli::commands()) {
    if (args[0] == command.name) {
      try {
        return command.run(dyngen::cli::Args(args.begin() + 1, args.end()));
      } catch (const std::exception& error) {
        std::cerr << "dyngen " << command.name << ": " << error.what() << "\n";
        return 1;
      }
    }
  }
  std::cerr << "dyngen: unknown command '" << args[0] << "'\n";
  print_help(std::cerr);
  return 2;
}
