// Export of a campaign's cases to CSV (RFC 4180), one row per case by increasing index, for
// spreadsheets and plotting tools.
#pragma once

#include "campaign/case_table.hpp"

#include <ostream>

namespace dyngen::campaign {

// A header row of column names, then one row per case: integers as integers, reals with the
// fewest digits that read back to the same double, NULL as an empty field, text quoted when it
// holds a comma, a quote, a line break or edge spaces (quotes doubled). Lines end with CRLF.
void write_csv(const CaseTable& table, std::ostream& out);

}  // namespace dyngen::campaign
