// `dyngen compare MODEL [--format text|csv|markdown] [--cas-limit SECONDS] [--no-cas]`: operation
// counts of the routes, the ablation of the engine's optimizations and the general-CAS baseline.
// `dyngen compare --scaling chain:A..B [--format ...] [--csv FILE]`: the chain family's counts and
// generation times against n, with the crossover n where ABA becomes cheaper than the CRBA route.
#include <fstream>
#include <iostream>
#include <regex>
#include <stdexcept>

#include "commands.hpp"
#include "compare/comparison.hpp"
#include "compare/table_format.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::cli {

namespace {

struct CompareArgs {
  std::string model;
  std::string scaling;
  std::string csv_file;
  compare::Format format = compare::Format::text;
  compare::CompareOptions options;
};

const char* const kUsage =
    "usage: dyngen compare MODEL [--format text|csv|markdown] [--cas-limit SECONDS] [--no-cas]\n"
    "         (--cas-limit: wall-clock limit of each GiNaC baseline kernel, default 20)\n"
    "       dyngen compare --scaling chain:A..B [--format text|csv|markdown] [--csv FILE]";

CompareArgs parse(const Args& args) {
  CompareArgs parsed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw std::invalid_argument(arg + " needs a value\n" + kUsage);
      return args[++i];
    };
    if (arg == "--format") {
      parsed.format = compare::parse_format(value());
    } else if (arg == "--cas-limit") {
      const std::string& text = value();
      std::size_t used = 0;
      double seconds = 0.0;
      try {
        seconds = std::stod(text, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != text.size() || !(seconds > 0.0))
        throw std::invalid_argument("--cas-limit " + text + ": a positive number of seconds");
      parsed.options.cas_limit_seconds = seconds;
    } else if (arg == "--no-cas") {
      parsed.options.cas = false;
    } else if (arg == "--scaling") {
      parsed.scaling = value();
    } else if (arg == "--csv") {
      parsed.csv_file = value();
    } else if (!arg.empty() && arg[0] != '-' && parsed.model.empty()) {
      parsed.model = arg;
    } else {
      throw std::invalid_argument("unknown argument '" + arg + "'\n" + kUsage);
    }
  }
  if (parsed.model.empty() == parsed.scaling.empty())
    throw std::invalid_argument(std::string("give either a MODEL or --scaling chain:A..B\n") + kUsage);
  if (!parsed.csv_file.empty() && parsed.scaling.empty())
    throw std::invalid_argument("--csv goes with --scaling");
  return parsed;
}

int run_scaling(const CompareArgs& args) {
  static const std::regex range(R"(chain:(\d{1,3})\.\.(\d{1,3}))");
  std::smatch match;
  if (!std::regex_match(args.scaling, match, range))
    throw std::invalid_argument("--scaling " + args.scaling + ": expected chain:A..B with 1 <= A <= B, e.g. chain:1..30");
  const int from = std::stoi(match[1]);
  const int to = std::stoi(match[2]);
  if (from < 1 || to < from)
    throw std::invalid_argument("--scaling " + args.scaling + ": expected 1 <= A <= B");
  const compare::ScalingSeries series = compare::chain_scaling(from, to);
  if (!args.csv_file.empty()) {
    std::ofstream file(args.csv_file, std::ios::binary);
    file << compare::format_scaling(series, compare::Format::csv);
    if (!file) throw std::runtime_error("cannot write " + args.csv_file);
  }
  std::cout << compare::format_scaling(series, args.format);
  return 0;
}

}  // namespace

int run_compare(const Args& args) {
  const CompareArgs parsed = parse(args);
  if (!parsed.scaling.empty()) return run_scaling(parsed);
  const Model model = load_model(parsed.model);
  std::cout << compare::format_comparison(compare::compare_model(model, parsed.options), parsed.format);
  return 0;
}

}  // namespace dyngen::cli
