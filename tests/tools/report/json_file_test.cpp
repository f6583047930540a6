// Positions of values in JSON text, for errors found after parsing.
#include <gtest/gtest.h>

#include "report/json_file.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

constexpr const char* kText = "{\n  \"a\": {\"b\": [10, {\"c\": \"x,]}\"}, [1, 2]]},\n  \"d\\\"e\": true\n}";

TEST(JsonFile, LocatesNestedValues) {
  EXPECT_EQ(locate_json_value(kText, {}).line, 1);
  const TextPosition a = locate_json_value(kText, {"a"});
  EXPECT_EQ(a.line, 2);
  EXPECT_EQ(a.column, 8);
  const TextPosition c = locate_json_value(kText, {"a", "b", std::size_t{1}, "c"});
  EXPECT_EQ(c.line, 2);
  EXPECT_EQ(c.column, 25);
  const TextPosition two = locate_json_value(kText, {"a", "b", std::size_t{2}, std::size_t{1}});
  EXPECT_EQ(two.column, 38);
  const TextPosition escaped = locate_json_value(kText, {"d\"e"});
  EXPECT_EQ(escaped.line, 3);
  EXPECT_EQ(escaped.column, 11);
}

TEST(JsonFile, APathToNothingStopsAtItsDeepestAncestor) {
  const TextPosition missing = locate_json_value(kText, {"a", "b", std::size_t{7}});
  EXPECT_EQ(missing.line, 2);
  EXPECT_EQ(missing.column, 14);
  EXPECT_EQ(locate_json_value(kText, {"zz"}).column, 1);
}

TEST(JsonFile, PathsPrintAsKeysAndIndices) {
  EXPECT_EQ(to_string({"frames", std::size_t{3}, "poses", "head", "rotation", std::size_t{0}}),
            "frames[3].poses.head.rotation[0]");
  EXPECT_EQ(to_string({}), "(root)");
}

TEST(JsonFile, ValueErrorsCarryThePosition) {
  try {
    throw_json_value_error(kText, "f.json", {"a", "b", std::size_t{0}}, "too small");
    FAIL();
  } catch (const RunFileError& error) {
    EXPECT_STREQ(error.what(), "f.json:2:15: error: a.b[0]: too small");
  }
}

}  // namespace
}  // namespace dyngen::report
