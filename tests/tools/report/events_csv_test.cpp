// events.csv: header, CSV-quoted details, time order, faults named by file:line:column.
#include <gtest/gtest.h>

#include "report/events.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_events_csv(text, "run/events.csv");
  } catch (const RunFileError& error) {
    return error.what();
  }
  return "no error";
}

TEST(EventsCsv, ReadsQuotedDetailsInTimeOrder) {
  const Events events = parse_events_csv(
      "time,event,detail\n"
      "1.25,latch_triggered,latch_py\n"
      "0.4,contact_begin,head_sphere-cone_1\n"
      "1.25,capture,\"all latches, \"\"all_latches\"\" rule\"\n"
      "3,end,\n",
      "e");
  ASSERT_EQ(events.events.size(), 4u);
  EXPECT_EQ(events.events[0].name, "contact_begin");
  EXPECT_EQ(events.events[1].name, "latch_triggered");  // equal times keep the file's order
  EXPECT_EQ(events.events[2].detail, "all latches, \"all_latches\" rule");
  EXPECT_EQ(events.events[3].detail, "");
  EXPECT_EQ(events.events[3].time, 3.0);
}

TEST(EventsCsv, LeavesOutTheLineARunStoppedWriting) {
  const Events events = parse_events_csv("time,event,detail\n0,start,\n1.5,diagn", "e");
  EXPECT_EQ(events.events.size(), 1u);
  EXPECT_EQ(events.incomplete_line, 3);
}

TEST(EventsCsv, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(error_of("t,event,detail\n"),
            "run/events.csv:1:1: error: the header must be 'time,event,detail', found 't,event,detail'");
  EXPECT_EQ(error_of("time,event,detail\n0,a,b,c\n"),
            "run/events.csv:2:7: error: expected 3 fields (time,event,detail), found 4; quote a detail that holds commas");
  EXPECT_EQ(error_of("time,event,detail\nsoon,a,b\n"), "run/events.csv:2:1: error: time: 'soon' is not a finite number");
  EXPECT_EQ(error_of("time,event,detail\n1,,b\n"), "run/events.csv:2:3: error: event: empty name");
  EXPECT_EQ(error_of("time,event,detail\n1,a,\"b\n"), "run/events.csv:2:5: error: the quote opened here is not closed");
}

}  // namespace
}  // namespace dyngen::report
