// dyngen campaign-export DB [--out FILE]: the cases of a campaign store as CSV (RFC 4180: a header
// row of column names, one row per stored case by index, reals in their shortest round-trip form,
// NULL as an empty field), to FILE (written whole or not at all) or to standard output. Works on a
// store a campaign is still writing.
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "campaign/campaign_error.hpp"
#include "campaign/csv_export.hpp"
#include "campaign/store.hpp"
#include "commands.hpp"
#include "report/atomic_file.hpp"

namespace dyngen::cli {
namespace {

constexpr const char* kUsage = "usage: dyngen campaign-export DB [--out FILE]\n";

}  // namespace

int run_campaign_export(const Args& args) {
  std::string db;
  std::optional<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--out" && i + 1 < args.size()) {
      out = args[++i];
    } else if (args[i].starts_with("-") || !db.empty()) {
      std::cerr << "dyngen campaign-export: unexpected argument '" << args[i] << "'\n" << kUsage;
      return 2;
    } else {
      db = args[i];
    }
  }
  if (db.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  try {
    const campaign::CaseTable cases = campaign::Store::open_for_reading(db).read_cases();
    if (!out) {
      campaign::write_csv(cases, std::cout);
      return 0;
    }
    std::ostringstream csv;
    campaign::write_csv(cases, csv);
    report::write_file_atomically(*out, csv.str());
    std::cerr << cases.rows.size() << " cases written to " << *out << "\n";
  } catch (const std::exception& e) {
    std::cerr << "dyngen campaign-export: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dyngen::cli
