// Runs one case and turns whatever happens into a record for the store: a thrown exception, a
// failure status, or values that do not fit the declared columns all become a failed case with its
// diagnostic, and the campaign goes on.
#pragma once

#include "campaign/case_result.hpp"

#include <vector>

namespace dyngen::campaign {

// Calls `run` on `inputs`, timing it with a steady clock. A value for a column not in `columns`, a
// column set twice, or a value of the wrong type (an integer is accepted for a REAL column) makes
// the case failed with a diagnostic naming the column; values that fit are kept either way.
CaseRecord run_case(const CaseFunction& run, const CaseInputs& inputs, const std::vector<Column>& columns);

}  // namespace dyngen::campaign
