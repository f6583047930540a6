// dyngen export-mjcf MODEL [-o FILE]: the model as a MuJoCo MJCF document (loops closed by connect constraints).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "commands.hpp"
#include "generator/mjcf/mjcf_export.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::cli {

int run_export_mjcf(const Args& args) {
  std::string model_path;
  std::string output_path;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-o" && i + 1 < args.size()) {
      output_path = args[++i];
    } else if (args[i].starts_with("-") || !model_path.empty()) {
      std::cerr << "dyngen export-mjcf: unexpected argument '" << args[i]
                << "'\nusage: dyngen export-mjcf MODEL [-o FILE]\n";
      return 2;
    } else {
      model_path = args[i];
    }
  }
  if (model_path.empty()) {
    std::cerr << "usage: dyngen export-mjcf MODEL [-o FILE]\n";
    return 2;
  }
  const std::string document = export_mjcf(load_model(model_path));
  if (output_path.empty()) {
    std::cout << document;
    return 0;
  }
  std::ofstream out(output_path, std::ios::binary);
  out << document;
  out.close();
  if (!out) {
    std::filesystem::remove(output_path);
    throw std::runtime_error("cannot write " + output_path);
  }
  return 0;
}

}  // namespace dyngen::cli
