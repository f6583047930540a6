#include "engine/identifier.hpp"

#include <gtest/gtest.h>

#include <set>

namespace dyngen::engine {
namespace {

TEST(Identifier, PlainNamesPassThrough) {
  EXPECT_EQ(mangle_identifier("probe_cone"), "probe_cone");
  EXPECT_EQ(mangle_identifier("q"), "q");
}

TEST(Identifier, KeywordsReservedAndInvalidNamesAreMangled) {
  for (const char* name : {"int", "class", "std", "_Hidden", "a__b", "x_", "9lives", "", "m_x",
                           "x; system(\"rm -rf /\");", "a b", "\xc3\xbcn\xc3\xaf"}) {
    const std::string m = mangle_identifier(name);
    EXPECT_FALSE(is_plain_identifier(name)) << name;
    EXPECT_TRUE(m.starts_with("m_")) << m;
    EXPECT_EQ(m.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
              std::string::npos)
        << m;
    EXPECT_EQ(m.find("__"), std::string::npos) << m;
  }
}

TEST(Identifier, ManglingIsInjective) {
  std::set<std::string> seen;
  for (const char* name : {"a b", "a_20b", "a_b", "m_a", "a;", "a_3b", "m_a_3b"}) {
    EXPECT_TRUE(seen.insert(mangle_identifier(name)).second) << name;
  }
}

TEST(Identifier, CommentTextCannotBreakOutOfAComment) {
  EXPECT_EQ(comment_text("ok text"), "ok text");
  EXPECT_EQ(comment_text("a\nb"), "a\\x0ab");
  EXPECT_EQ(comment_text("end\\"), "end\\x5c");
}

}  // namespace
}  // namespace dyngen::engine
