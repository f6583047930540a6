// The bytes an MPI worker sends for a case decode to the same record, for every kind of value, and
// a damaged message is refused rather than misread.
#include "campaign/record_message.hpp"

#include "campaign/campaign_error.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace dyngen::campaign {
namespace {

void expect_equal(const CaseRecord& a, const CaseRecord& b) {
  EXPECT_EQ(a.case_index, b.case_index);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.diagnostic, b.diagnostic);
  EXPECT_EQ(a.values, b.values);
  EXPECT_EQ(a.wall_time_s, b.wall_time_s);
}

TEST(RecordMessage, RoundTripsEveryKindOfValue) {
  CaseRecord record;
  record.case_index = (std::uint64_t{1} << 32) + 5;
  record.status = CaseStatus::failed;
  record.diagnostic = "penetration 0.031 m > 0.03 m at t = 1.25 s, pair \"probe/cone\"\nreduce the step";
  record.values = {std::monostate{}, std::int64_t{-7}, std::numeric_limits<double>::denorm_min(), std::string(),
                   std::string("captured, \xc3\xa9"), 1.0 / 3.0, std::numeric_limits<std::int64_t>::min()};
  record.wall_time_s = 0.125;
  expect_equal(decode_record(encode_record(record)), record);
  expect_equal(decode_record(encode_record(CaseRecord{})), CaseRecord{});
}

TEST(RecordMessage, DamagedMessagesAreRefused) {
  CaseRecord record;
  record.values = {std::string("text"), 2.5};
  auto message = encode_record(record);
  auto truncated = message;
  truncated.pop_back();
  EXPECT_THROW(decode_record(truncated), CampaignError);
  auto longer = message;
  longer.push_back('x');
  EXPECT_THROW(decode_record(longer), CampaignError);
  EXPECT_THROW(decode_record({}), CampaignError);
}

}  // namespace
}  // namespace dyngen::campaign
