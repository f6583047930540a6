// Featherstone's formulas against the n = 6 column of his Table 10.1 (references.md), the LTDL
// closed forms against a count of the LTDL loops for a chain, and the crossover rule.
#include <gtest/gtest.h>

#include "compare/featherstone.hpp"
#include "generator/model/chain_family.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::compare {
namespace {

TEST(Featherstone, FormulasGiveTheBooksCountsAtSixJoints) {
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::rnea, 6).m, 450);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::rnea, 6).a, 386);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::crba, 6).m, 460);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::crba, 6).a, 395);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::ltdl, 6).m, 86);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::ltdl, 6).a, 65);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::aba, 6).m, 1085);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::aba, 6).a, 982);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::rnea_crba_ltdl, 6).m, 450 + 460 + 86);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::rnea_crba_ltdl, 6).a, 386 + 395 + 65);
}

// For a chain (dense H) Featherstone's LTDL (Table 6.3) does per k and i < k one division
// a = H_ki / H_kk and per j <= i one multiply-add; the solve (Table 6.4) does per off-diagonal
// entry two multiply-adds and per row one division by D_ii. Counting these loops gives the
// closed forms.
TEST(Featherstone, LtdlClosedFormsMatchALoopCount) {
  for (int n = 1; n <= 30; ++n) {
    long m = 0, a = 0;
    for (int k = 0; k < n; ++k) {
      for (int i = 0; i < k; ++i) {
        m += 1;
        for (int j = 0; j <= i; ++j) {
          m += 1;
          a += 1;
        }
      }
    }
    const long off_diagonal = static_cast<long>(n) * (n - 1) / 2;
    m += 2 * off_diagonal + n;
    a += 2 * off_diagonal;
    EXPECT_EQ(featherstone_count(PublishedAlgorithm::ltdl, n).m, m) << n;
    EXPECT_EQ(featherstone_count(PublishedAlgorithm::ltdl, n).a, a) << n;
  }
}

TEST(Featherstone, CrossoverOfTheFormulasIsNine) {
  // By hand: n = 8: RNEA+CRBA+LTDL 1596m + 1325a = 2921 < ABA 1533m + 1392a = 2925;
  // n = 9: 1942m + 1597a = 3539 > ABA 1757m + 1597a = 3354 ("cheaper than ABA up to n ≈ 8").
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::rnea_crba_ltdl, 8).total(), 2921);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::aba, 8).total(), 2925);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::rnea_crba_ltdl, 9).total(), 3539);
  EXPECT_EQ(featherstone_count(PublishedAlgorithm::aba, 9).total(), 3354);
  EXPECT_EQ(featherstone_crossover(30), 9);
  EXPECT_EQ(featherstone_crossover(8), std::nullopt);
}

TEST(Featherstone, CrossoverIsWhereAbaStaysCheaper) {
  EXPECT_EQ(crossover({{1, true}, {2, false}, {3, true}, {4, true}}), 3);
  EXPECT_EQ(crossover({{1, false}, {2, true}, {3, false}}), std::nullopt);
  EXPECT_EQ(crossover({{5, true}, {6, true}}), 5);
  EXPECT_EQ(crossover({}), std::nullopt);
}

TEST(Featherstone, FormulasApplyToRevoluteChainsOnly) {
  EXPECT_TRUE(is_revolute_chain(load_model_from_string(chain_model_yaml(4), "chain4.yaml")));
  EXPECT_TRUE(is_revolute_chain(load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/puma560.yaml")));
  EXPECT_FALSE(is_revolute_chain(load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/branched_tree.yaml")));
}

}  // namespace
}  // namespace dyngen::compare
