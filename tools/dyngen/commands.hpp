// Subcommands of the dyngen tool. Each takes the arguments after its name and returns the exit
// code; each lives in its own cmd_<name>.cpp.
#pragma once

#include <string>
#include <vector>

namespace dyngen::cli {

using Args = std::vector<std::string>;

struct Command {
  const char* name;
  const char* usage;    // argument synopsis
  const char* summary;  // one line for `dyngen --help`
  int (*run)(const Args&);
};

// The table of subcommands, in the order `dyngen --help` lists them.
const std::vector<Command>& commands();

}  // namespace dyngen::cli
