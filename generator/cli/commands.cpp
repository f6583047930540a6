#include "commands.hpp"

namespace dyngen::cli {

int run_demo(const Args&);

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"demo", "", "build a small kernel with the engine and print it with its op counts", run_demo},
  };
  return table;
}

}  // namespace dyngen::cli
