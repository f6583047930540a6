// Printing of comparisons and scaling series as aligned text, CSV (RFC 4180 quoting, one header
// line, one line per row) or GitHub markdown tables.
#pragma once

#include <string>

#include "compare/comparison.hpp"
#include "compare/scaling.hpp"

namespace dyngen::compare {

enum class Format { text, csv, markdown };

// "text", "csv", "markdown"; throws std::invalid_argument naming the valid ones otherwise.
Format parse_format(const std::string& name);

std::string format_comparison(const Comparison& comparison, Format format);
std::string format_scaling(const ScalingSeries& series, Format format);

}  // namespace dyngen::compare
