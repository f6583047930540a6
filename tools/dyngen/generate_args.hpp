// Arguments shared by the commands that generate kernels (generate, count, verify, bench):
//   MODEL [--params folded|runtime[:p1,p2,...]] [--algorithm auto|crba|aba]
#pragma once

#include <string>

#include "codegen/options.hpp"
#include "commands.hpp"

namespace dyngen::cli {

struct GenerateArgs {
  std::string model;
  codegen::GenerateOptions options;
  Args rest;  // arguments not consumed here, in order
};

// Throws std::invalid_argument with a usage message on bad arguments.
GenerateArgs parse_generate_args(const Args& args);

}  // namespace dyngen::cli
