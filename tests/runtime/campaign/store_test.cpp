// The results store: the schema as documented (checked through the SQLite C API, not the store's
// own reader), identifiers quoted so any path or SQL keyword is a column, stores of another
// campaign or of something else refused with every difference named, one campaign at a time on a
// store, cases inserted, listed as missing, read back and exported to CSV exactly.
#include "campaign/store.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/csv_export.hpp"
#include "campaign/run_case.hpp"
#include "campaign/sampler.hpp"
#include "campaign/sha256.hpp"
#include "store_comparison.hpp"
#include "toy_docking.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>
#include <regex>
#include <sstream>

namespace dyngen::campaign {
namespace {

using testing::ScratchStore;
using testing::toy_campaign;

// Rows of a query as text, through the SQLite C API.
std::vector<std::vector<std::string>> query(const std::filesystem::path& path, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  std::vector<std::vector<std::string>> rows;
  while (sqlite3_step(statement) == SQLITE_ROW) {
    std::vector<std::string> row;
    for (int k = 0; k < sqlite3_column_count(statement); ++k) {
      const auto* text = sqlite3_column_text(statement, k);
      row.push_back(text ? reinterpret_cast<const char*>(text) : "NULL");
    }
    rows.push_back(row);
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return rows;
}

std::string refusal(const std::filesystem::path& path, const CampaignSpec& spec) {
  try {
    Store::open_for_campaign(path, spec);
  } catch (const CampaignError& error) {
    return error.what();
  }
  return "accepted";
}

TEST(Store, CreatesTheDocumentedSchema) {
  const ScratchStore path("schema");
  const CampaignSpec spec = toy_campaign(Design::latin_hypercube, 40);
  { const Store store = Store::open_for_campaign(path, spec); }
  EXPECT_EQ(query(path, "PRAGMA journal_mode")[0][0], "wal");
  EXPECT_EQ(query(path, "PRAGMA user_version")[0][0], "1");
  const auto columns = query(path, "SELECT name, type, \"notnull\", pk FROM pragma_table_info('cases')");
  const std::vector<std::vector<std::string>> expected = {
      {"case_index", "INTEGER", "0", "1"},      {"initial.lateral_miss", "REAL", "1", "0"},
      {"initial.lateral_rate", "REAL", "1", "0"}, {"mechanism.frequency", "REAL", "1", "0"},
      {"mechanism.damping_ratio", "REAL", "1", "0"}, {"status", "TEXT", "1", "0"},
      {"diagnostic", "TEXT", "1", "0"},          {"captured", "INTEGER", "0", "0"},
      {"capture_time", "REAL", "0", "0"},        {"peak_load", "REAL", "0", "0"},
      {"max_penetration", "REAL", "0", "0"},     {"outcome", "TEXT", "0", "0"},
      {"wall_time_s", "REAL", "1", "0"}};
  EXPECT_EQ(columns, expected);
  const auto campaign =
      query(path, "SELECT scenario, scenario_sha256, seed, case_count, design, inputs, result_columns, created FROM campaign");
  ASSERT_EQ(campaign.size(), 1u);
  EXPECT_EQ(campaign[0][0], spec.scenario);
  EXPECT_EQ(campaign[0][1], sha256_hex(spec.scenario));
  EXPECT_EQ(campaign[0][2], "20250131");
  EXPECT_EQ(campaign[0][3], "40");
  EXPECT_EQ(campaign[0][4], "latin_hypercube");
  EXPECT_EQ(campaign[0][5],
            "initial.lateral_miss = normal(0, 0.05, -0.15, 0.15)\ninitial.lateral_rate = uniform(-0.05, 0.05)\n"
            "mechanism.frequency = fixed(2)\nmechanism.damping_ratio = uniform(0.02, 0.3)\n");
  EXPECT_EQ(campaign[0][6],
            "captured INTEGER\ncapture_time REAL\npeak_load REAL\nmax_penetration REAL\noutcome TEXT\n");
  EXPECT_TRUE(std::regex_match(campaign[0][7], std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"))) << campaign[0][7];
  // The store reads its definition back as it was given.
  const Store reread = Store::open_for_reading(path);
  EXPECT_EQ(reread.campaign().inputs, spec.inputs);
  EXPECT_EQ(reread.campaign().result_columns, spec.result_columns);
  EXPECT_EQ(reread.missing_cases().size(), 40u);
}

TEST(Store, QuotesIdentifiersSoKeywordsAndQuotesAreColumns) {
  const ScratchStore path("quoting");
  CampaignSpec spec;
  spec.case_count = 2;
  spec.inputs = {parse_varied_input("select.from = uniform(0, 1)"), parse_varied_input("order = fixed(3)")};
  spec.result_columns = {{"group", ColumnType::real}, {"where.value", ColumnType::text}};
  Store store = Store::open_for_campaign(path, spec);
  const Sampler sampler(spec);
  store.insert(sampler.inputs(1), run_case([](const CaseInputs&) { return CaseResult().set("group", 1.5).set("where.value", "it's \"quoted\""); },
                                           sampler.inputs(1), spec.result_columns));
  const CaseTable table = store.read_cases();
  EXPECT_EQ(table.columns, (std::vector<std::string>{"case_index", "select.from", "order", "status", "diagnostic",
                                                     "group", "where.value", "wall_time_s"}));
  ASSERT_EQ(table.rows.size(), 1u);
  EXPECT_EQ(table.rows[0][2], Value(3.0));
  EXPECT_EQ(table.rows[0][6], Value(std::string("it's \"quoted\"")));
}

TEST(Store, RefusesAStoreOfAnotherCampaignNamingEachDifference) {
  const ScratchStore path("refuse");
  const CampaignSpec spec = toy_campaign(Design::sobol, 64);
  { const Store store = Store::open_for_campaign(path, spec); }
  EXPECT_EQ(refusal(path, spec), "accepted");

  auto other = spec;
  other.seed = 7;
  EXPECT_NE(refusal(path, other).find("seed: 20250131 in the store, 7 here"), std::string::npos) << refusal(path, other);
  other = spec;
  other.case_count = 128;
  EXPECT_NE(refusal(path, other).find("number of cases: 64 in the store, 128 here"), std::string::npos);
  other = spec;
  other.design = Design::random;
  EXPECT_NE(refusal(path, other).find("design: sobol in the store, random here"), std::string::npos);
  other = spec;
  other.scenario += "latch_stiffness: 2e5\n";
  EXPECT_NE(refusal(path, other).find("scenario: sha256 " + sha256_hex(spec.scenario) + " in the store, " +
                                      sha256_hex(other.scenario) + " here"),
            std::string::npos);
  other = spec;
  other.inputs[1].distribution = Distribution::uniform(-0.06, 0.05);
  EXPECT_NE(refusal(path, other).find("varied inputs"), std::string::npos);
  other = spec;
  other.result_columns.push_back({"latch_time", ColumnType::real});
  EXPECT_NE(refusal(path, other).find("result columns"), std::string::npos);
  other = spec;
  other.seed = 8;
  other.design = Design::latin_hypercube;
  const std::string both = refusal(path, other);
  EXPECT_NE(both.find("seed: 20250131 in the store, 8 here"), std::string::npos);
  EXPECT_NE(both.find("design: sobol in the store, latin_hypercube here"), std::string::npos);
  EXPECT_NE(both.find(path.path().string()), std::string::npos);
  // Refusing left the store as it was.
  EXPECT_EQ(Store::open_for_reading(path).campaign().seed, spec.seed);
}

TEST(Store, KeepsTheProvenanceOfTheFirstRunWithoutComparingIt) {
  const ScratchStore path("provenance");
  CampaignSpec spec = toy_campaign(Design::random, 4);
  spec.provenance = {{"command", "dyngen campaign s.yaml --cases 4"}, {"working_directory", "/home/engineer"}};
  { const Store store = Store::open_for_campaign(path, spec); }
  EXPECT_EQ(query(path, "SELECT name, value FROM provenance ORDER BY rowid"),
            (std::vector<std::vector<std::string>>{{"command", "dyngen campaign s.yaml --cases 4"},
                                                   {"working_directory", "/home/engineer"}}));
  // A resumed run started elsewhere is the same campaign; the store keeps how it began.
  CampaignSpec resumed = spec;
  resumed.provenance = {{"working_directory", "/tmp"}};
  EXPECT_EQ(refusal(path, resumed), "accepted");
  const StoredCampaign stored = Store::open_for_reading(path).campaign();
  EXPECT_EQ(stored.provenance, spec.provenance);
  EXPECT_EQ(stored.provenance_value("working_directory"), "/home/engineer");
  EXPECT_EQ(stored.provenance_value("host"), "");
  CampaignSpec repeated = spec;
  repeated.provenance.emplace_back("command", "again");
  EXPECT_THROW(validate(repeated), CampaignError);
}

TEST(Store, RefusesFilesThatAreNotCampaignStores) {
  const ScratchStore database("other_database");
  {
    sqlite3* db = nullptr;
    sqlite3_open(database.path().c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE measurements (x REAL)", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  EXPECT_NE(refusal(database, toy_campaign(Design::random, 4)).find("an SQLite database of something else"),
            std::string::npos);
  const ScratchStore text("text_file");
  std::ofstream(text.path()) << "scenario: not a database, long enough to fill a page header...........................\n"
                      << std::string(200, 'x');
  EXPECT_NE(refusal(text, toy_campaign(Design::random, 4)).find(text.path().string()), std::string::npos);
  EXPECT_THROW(Store::open_for_reading(ScratchStore("absent")), CampaignError);
}

TEST(Store, OneCampaignAtATimeOnAStore) {
  const ScratchStore path("lock");
  const CampaignSpec spec = toy_campaign(Design::random, 4);
  {
    const Store first = Store::open_for_campaign(path, spec);
    EXPECT_NE(refusal(path, spec).find("in use by another running campaign"), std::string::npos);
    // Reading while a campaign writes is fine.
    EXPECT_EQ(Store::open_for_reading(path).stored_case_count(), 0u);
  }
  EXPECT_EQ(refusal(path, spec), "accepted");
}

TEST(Store, InsertsListsMissingCasesReadsBackAndRefusesDuplicates) {
  const ScratchStore path("insert");
  const CampaignSpec spec = toy_campaign(Design::random, 6);
  const Sampler sampler(spec);
  Store store = Store::open_for_campaign(path, spec);
  for (const std::uint64_t i : {5u, 0u, 2u})
    store.insert(sampler.inputs(i), run_case(testing::toy_docking, sampler.inputs(i), spec.result_columns));
  EXPECT_EQ(store.missing_cases(), (std::vector<std::uint64_t>{1, 3, 4}));
  EXPECT_EQ(store.stored_case_count(), 3u);
  const CaseTable table = store.read_cases();
  ASSERT_EQ(table.rows.size(), 3u);
  EXPECT_EQ(table.case_index(0), 0u);
  EXPECT_EQ(table.case_index(2), 5u);
  EXPECT_EQ(table.number(1, "initial.lateral_miss"), sampler.inputs(2).at("initial.lateral_miss"));
  const CaseRecord again = run_case(testing::toy_docking, sampler.inputs(2), spec.result_columns);
  EXPECT_THROW(store.insert(sampler.inputs(2), again), CampaignError);
  CaseRecord short_record = again;
  short_record.values.pop_back();
  EXPECT_THROW(store.insert(sampler.inputs(3), short_record), CampaignError);
  EXPECT_EQ(store.stored_case_count(), 3u);
}

TEST(Store, ExportsCsvByCaseIndexWithQuotedText) {
  const ScratchStore path("csv");
  CampaignSpec spec;
  spec.case_count = 3;
  spec.inputs = {parse_varied_input("a = fixed(1.5)"), parse_varied_input("b.c = fixed(-2)")};
  spec.result_columns = {{"n", ColumnType::integer}, {"x", ColumnType::real}, {"note", ColumnType::text}};
  const Sampler sampler(spec);
  Store store = Store::open_for_campaign(path, spec);
  store.insert(sampler.inputs(2), {2, CaseStatus::failed, "diverged, \"badly\"", {std::monostate{}, std::monostate{}, std::string(" padded")}, 0.25});
  store.insert(sampler.inputs(0), {0, CaseStatus::ok, "", {std::int64_t{3}, 0.1, std::string("plain")}, 0.5});
  std::ostringstream csv;
  write_csv(store.read_cases(), csv);
  EXPECT_EQ(csv.str(),
            "case_index,a,b.c,status,diagnostic,n,x,note,wall_time_s\r\n"
            "0,1.5,-2,ok,,3,0.1,plain,0.5\r\n"
            "2,1.5,-2,failed,\"diverged, \"\"badly\"\"\",,,\" padded\",0.25\r\n");
}

}  // namespace
}  // namespace dyngen::campaign
