// A case record as bytes, the message an MPI worker rank sends to rank 0. All ranks run the same
// program on the same kind of machine, so numbers travel in native byte order.
#pragma once

#include "campaign/case_result.hpp"

#include <span>
#include <vector>

namespace dyngen::campaign {

// Layout: case index (u64), status (u8), wall time (f64), diagnostic (u64 length + bytes), value
// count (u64), then per value a tag (u8: 0 NULL, 1 integer, 2 real, 3 text) and its payload
// (i64, f64, or u64 length + bytes).
std::vector<char> encode_record(const CaseRecord& record);
// Throws CampaignError on a truncated or malformed message.
CaseRecord decode_record(std::span<const char> message);

}  // namespace dyngen::campaign
