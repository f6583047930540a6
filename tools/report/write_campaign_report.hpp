// `dyngen report DB` on a campaign store: reads the campaign and its stored cases (also while the
// campaign still writes), draws the PNG figures into <html stem>_plots/ beside the page, and writes
// the HTML report (DB's folder/<DB stem>.html unless another path is given), each file complete or
// not at all.
#pragma once

#include <filesystem>
#include <optional>

#include "report/write_run_report.hpp"

namespace dyngen::report {

// True when `path` is an SQLite database file (its 16-byte header), i.e. what `dyngen report`
// reads as a campaign store rather than a run directory.
bool is_sqlite_file(const std::filesystem::path& path);

// campaign::CampaignError when the file is not a campaign store.
WrittenReport write_campaign_report(const std::filesystem::path& store,
                                    const std::optional<std::filesystem::path>& html_path = std::nullopt);

}  // namespace dyngen::report
