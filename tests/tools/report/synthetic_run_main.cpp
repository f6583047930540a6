// synthetic_run DIR [--stop T]: writes the synthetic run directory of synthetic_run.hpp, for the
// browser test (report_browser_test.mjs) and for looking at a report by hand.
#include <cstdlib>
#include <iostream>
#include <string>

#include "synthetic_run.hpp"

int main(int argc, char** argv) {
  dyngen::testing::SyntheticRunOptions options;
  if (argc == 4 && std::string(argv[2]) == "--stop") {
    options.stop_time = std::atof(argv[3]);
  } else if (argc != 2) {
    std::cerr << "usage: synthetic_run DIR [--stop T]\n";
    return 2;
  }
  dyngen::testing::write_synthetic_run(argv[1], options);
  return 0;
}
