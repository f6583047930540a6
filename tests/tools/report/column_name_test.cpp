// History column names: group.item [unit].
#include <gtest/gtest.h>

#include "report/column_name.hpp"

namespace dyngen::report {
namespace {

TEST(ColumnName, SplitsGroupItemAndUnit) {
  const auto name = parse_column_name("contact.head_sphere-cone_1.normal [N]");
  ASSERT_TRUE(name);
  EXPECT_EQ(name->quantity, "contact.head_sphere-cone_1.normal");
  EXPECT_EQ(name->group, "contact");
  EXPECT_EQ(name->item, "head_sphere-cone_1.normal");
  EXPECT_EQ(name->unit, "N");
}

TEST(ColumnName, UnitsMayHoldBlanksAndNamesMayLackDotOrUnit) {
  EXPECT_EQ(parse_column_name("base_wrench.mz [N m]")->unit, "N m");
  const auto closing = parse_column_name("closing_velocity [m/s]");
  EXPECT_EQ(closing->group, "closing_velocity");
  EXPECT_EQ(closing->item, "");
  const auto bare = parse_column_name("misc.counter");
  EXPECT_EQ(bare->unit, "");
  EXPECT_EQ(bare->item, "counter");
}

TEST(ColumnName, RefusesMalformedNames) {
  for (const char* text : {"", "[m]", " [m]", "a.b [m", "a.b m]", "a.b[m]", "a.b []", ".x [m]", "a. [m]",
                           "a b [m]", "a.b [m] x"})
    EXPECT_FALSE(parse_column_name(text)) << text;
}

}  // namespace
}  // namespace dyngen::report
