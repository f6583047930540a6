#include "generate_args.hpp"

#include <sstream>
#include <stdexcept>

namespace dyngen::cli {

GenerateArgs parse_generate_args(const Args& args) {
  GenerateArgs parsed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw std::invalid_argument(a + " needs a value");
      return args[++i];
    };
    if (a == "--params") {
      const std::string v = value();
      if (v == "folded") {
        parsed.options.all_parameters = false;
      } else if (v == "runtime") {
        parsed.options.all_parameters = true;
      } else if (v.starts_with("runtime:")) {
        std::istringstream names(v.substr(8));
        for (std::string name; std::getline(names, name, ',');) {
          if (!name.empty()) parsed.options.runtime_parameters.push_back(name);
        }
      } else {
        throw std::invalid_argument("--params: expected folded, runtime or runtime:p1,p2,... (got '" +
                                    v + "')");
      }
    } else if (a == "--algorithm") {
      const std::string v = value();
      if (v == "auto") {
        parsed.options.forward = codegen::ForwardRoute::automatic;
      } else if (v == "crba") {
        parsed.options.forward = codegen::ForwardRoute::crba;
      } else if (v == "aba") {
        parsed.options.forward = codegen::ForwardRoute::aba;
      } else if (v == "combined") {
        parsed.options.forward = codegen::ForwardRoute::combined;
      } else {
        throw std::invalid_argument("--algorithm: expected auto, crba, aba or combined (got '" + v + "')");
      }
    } else if (parsed.model.empty() && !a.starts_with("--")) {
      parsed.model = a;
    } else {
      parsed.rest.push_back(a);
    }
  }
  if (parsed.model.empty()) throw std::invalid_argument("missing MODEL (a mechanism .yaml file)");
  return parsed;
}

}  // namespace dyngen::cli
