#include "campaign/store.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/sha256.hpp"
#include "campaign/sqlite_connection.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <optional>

namespace dyngen::campaign {

namespace {

// The schema's version, kept in PRAGMA user_version: a store of another version is refused.
constexpr int kSchemaVersion = 1;

// An exclusive advisory lock on the store file for as long as a campaign writes to it. flock locks
// are separate from the POSIX record locks SQLite takes, and the descriptor stays open until after
// the connection is closed (closing any descriptor of a file drops its POSIX locks).
class FileLock {
 public:
  explicit FileLock(const std::filesystem::path& path) : descriptor_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (descriptor_ < 0)
      throw CampaignError("campaign store " + path.string() + ": cannot open to lock (" + std::strerror(errno) + ")");
    if (::flock(descriptor_, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      ::close(descriptor_);
      throw CampaignError("campaign store " + path.string() +
                          (error == EWOULDBLOCK ? std::string(" is in use by another running campaign")
                                                : ": cannot lock (" + std::string(std::strerror(error)) + ")"));
    }
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock() { ::close(descriptor_); }

 private:
  int descriptor_;
};

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::int64_t integer_of(const Value& value, const std::string& path, const char* what) {
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return *integer;
  throw CampaignError("campaign store " + path + ": " + what + " is not an integer");
}

std::string text_of(const Value& value, const std::string& path, const char* what) {
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  throw CampaignError("campaign store " + path + ": " + what + " is not text");
}

// One line per stored/defined difference, or empty when the store belongs to this campaign.
std::string differences(const StoredCampaign& stored, const CampaignSpec& spec) {
  std::string found;
  const auto note = [&](const std::string& difference) { found += "\n  " + difference; };
  if (const auto hash = sha256_hex(spec.scenario); hash != stored.scenario_sha256)
    note("scenario: sha256 " + stored.scenario_sha256 + " in the store, " + hash + " here");
  if (stored.seed != spec.seed)
    note("seed: " + std::to_string(stored.seed) + " in the store, " + std::to_string(spec.seed) + " here");
  if (stored.case_count != spec.case_count)
    note("number of cases: " + std::to_string(stored.case_count) + " in the store, " +
         std::to_string(spec.case_count) + " here");
  if (stored.design != spec.design)
    note("design: " + std::string(design_name(stored.design)) + " in the store, " +
         std::string(design_name(spec.design)) + " here");
  if (inputs_text(stored.inputs) != inputs_text(spec.inputs))
    note("varied inputs: in the store\n" + inputs_text(stored.inputs) + "  here\n" + inputs_text(spec.inputs));
  if (stored.result_columns != spec.result_columns)
    note("result columns: in the store\n" + result_columns_text(stored.result_columns) + "  here\n" +
         result_columns_text(spec.result_columns));
  return found;
}

std::string cases_table_sql(const CampaignSpec& spec) {
  std::string sql = "CREATE TABLE cases (\n  case_index INTEGER PRIMARY KEY CHECK (case_index BETWEEN 0 AND " +
                    std::to_string(spec.case_count - 1) + "),\n";
  for (const auto& input : spec.inputs) sql += "  " + quote_identifier(input.path) + " REAL NOT NULL,\n";
  sql += "  status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),\n  diagnostic TEXT NOT NULL,\n";
  for (const auto& column : spec.result_columns)
    sql += "  " + quote_identifier(column.name) + " " + std::string(column_type_name(column.type)) + ",\n";
  return sql + "  wall_time_s REAL NOT NULL\n)";
}

constexpr const char* kCampaignTableSql =
    "CREATE TABLE campaign (\n"
    "  scenario TEXT NOT NULL,\n"
    "  scenario_sha256 TEXT NOT NULL,\n"
    "  seed INTEGER NOT NULL,\n"
    "  case_count INTEGER NOT NULL,\n"
    "  design TEXT NOT NULL,\n"
    "  inputs TEXT NOT NULL,\n"
    "  result_columns TEXT NOT NULL,\n"
    "  created TEXT NOT NULL\n"
    ")";

constexpr const char* kProvenanceTableSql =
    "CREATE TABLE provenance (\n"
    "  name TEXT PRIMARY KEY,\n"
    "  value TEXT NOT NULL\n"
    ")";

}  // namespace

struct Store::Connection {
  // Destroyed in reverse order: statement, then connection, then the lock.
  std::optional<FileLock> lock;
  std::unique_ptr<SqliteConnection> database;
  std::optional<SqliteStatement> insert_case;
  StoredCampaign campaign;

  bool has_table(const char* name) {
    auto query = database->prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?");
    query.bind(1, std::string(name));
    query.step();
    return std::get<std::int64_t>(query.column(0)) > 0;
  }
  bool has_campaign_table() { return has_table("campaign"); }

  // Switches the journal to WAL (kept in the file from then on); false when SQLite cannot use one.
  bool switch_to_write_ahead_log() {
    auto journal = database->prepare("PRAGMA journal_mode = WAL");
    return journal.step() && journal.column(0) == Value(std::string("wal"));
  }

  bool is_empty() {
    auto query = database->prepare("SELECT count(*) FROM sqlite_master");
    query.step();
    return std::get<std::int64_t>(query.column(0)) == 0;
  }

  void read_campaign() {
    const std::string& path = database->path();
    auto version = database->prepare("PRAGMA user_version");
    version.step();
    if (std::get<std::int64_t>(version.column(0)) != kSchemaVersion || !has_campaign_table())
      throw CampaignError("campaign store " + path + ": not a campaign store of schema version " +
                          std::to_string(kSchemaVersion));
    auto query = database->prepare(
        "SELECT scenario, scenario_sha256, seed, case_count, design, inputs, result_columns, created FROM campaign");
    if (!query.step()) throw CampaignError("campaign store " + path + ": the campaign table is empty");
    campaign.scenario = text_of(query.column(0), path, "scenario");
    campaign.scenario_sha256 = text_of(query.column(1), path, "scenario_sha256");
    campaign.seed = static_cast<std::uint64_t>(integer_of(query.column(2), path, "seed"));
    campaign.case_count = static_cast<std::uint64_t>(integer_of(query.column(3), path, "case_count"));
    campaign.design = parse_design(text_of(query.column(4), path, "design"));
    campaign.inputs = parse_inputs_text(text_of(query.column(5), path, "inputs"));
    campaign.result_columns = parse_result_columns_text(text_of(query.column(6), path, "result_columns"));
    campaign.created = text_of(query.column(7), path, "created");
    // stores written before the provenance table was added have none
    if (!has_table("provenance")) return;
    auto provenance = database->prepare("SELECT name, value FROM provenance ORDER BY rowid");
    while (provenance.step())
      campaign.provenance.emplace_back(text_of(provenance.column(0), path, "provenance name"),
                                       text_of(provenance.column(1), path, "provenance value"));
  }

  void create(const CampaignSpec& spec) {
    database->execute("BEGIN IMMEDIATE");
    try {
      database->execute(kCampaignTableSql);
      database->execute(cases_table_sql(spec));
      auto insert = database->prepare(
          "INSERT INTO campaign (scenario, scenario_sha256, seed, case_count, design, inputs, result_columns, "
          "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
      const Value values[] = {spec.scenario,
                              sha256_hex(spec.scenario),
                              static_cast<std::int64_t>(spec.seed),
                              static_cast<std::int64_t>(spec.case_count),
                              std::string(design_name(spec.design)),
                              inputs_text(spec.inputs),
                              result_columns_text(spec.result_columns),
                              utc_now()};
      for (int k = 0; k < 8; ++k) insert.bind(k + 1, values[k]);
      insert.step();
      database->execute(kProvenanceTableSql);
      auto note = database->prepare("INSERT INTO provenance (name, value) VALUES (?, ?)");
      for (const auto& [name, value] : spec.provenance) {
        note.bind(1, name);
        note.bind(2, value);
        note.step();
        note.reset();
      }
      database->execute("PRAGMA user_version = " + std::to_string(kSchemaVersion));
      database->execute("COMMIT");
    } catch (...) {
      database->execute("ROLLBACK");
      throw;
    }
  }

  void prepare_insert() {
    std::string names = "case_index", parameters = "?";
    const auto add = [&](std::string_view name) {
      names += ", " + quote_identifier(name);
      parameters += ", ?";
    };
    for (const auto& input : campaign.inputs) add(input.path);
    add(kStatusColumn);
    add(kDiagnosticColumn);
    for (const auto& column : campaign.result_columns) add(column.name);
    add(kWallTimeColumn);
    insert_case.emplace(database->prepare("INSERT INTO cases (" + names + ") VALUES (" + parameters + ")"));
  }
};

Store::Store(std::unique_ptr<Connection> connection) : connection_(std::move(connection)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open_for_campaign(const std::filesystem::path& path, const CampaignSpec& spec) {
  validate(spec);
  auto connection = std::make_unique<Connection>();
  connection->database = std::make_unique<SqliteConnection>(path, SqliteConnection::Mode::read_write_create);
  connection->lock.emplace(path);
  // Write-ahead log, fsync at each commit: a committed case survives a crash or a power loss.
  if (!connection->switch_to_write_ahead_log())
    throw CampaignError("campaign store " + path.string() + ": the file system does not support a write-ahead log");
  connection->database->execute("PRAGMA synchronous = FULL");
  if (connection->is_empty())
    connection->create(spec);
  else if (!connection->has_campaign_table())
    throw CampaignError("campaign store " + path.string() + ": the file is an SQLite database of something else");
  connection->read_campaign();
  if (const auto found = differences(connection->campaign, spec); !found.empty())
    throw CampaignError("campaign store " + path.string() + " was made by another campaign definition; refusing to mix its cases:" +
                        found + "\nUse another store file, or the definition the store was made with.");
  connection->prepare_insert();
  return Store(std::move(connection));
}

Store Store::open_for_reading(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) throw CampaignError("campaign store " + path.string() + ": no such file");
  auto connection = std::make_unique<Connection>();
  connection->database = std::make_unique<SqliteConnection>(path, SqliteConnection::Mode::read_only);
  connection->read_campaign();
  return Store(std::move(connection));
}

std::string StoredCampaign::provenance_value(std::string_view name) const {
  for (const auto& [key, value] : provenance)
    if (key == name) return value;
  return {};
}

const StoredCampaign& Store::campaign() const { return connection_->campaign; }

std::vector<std::uint64_t> Store::missing_cases() const {
  auto query = connection_->database->prepare("SELECT case_index FROM cases ORDER BY case_index");
  std::vector<std::uint64_t> missing;
  std::uint64_t next = 0;
  while (query.step()) {
    const auto stored = static_cast<std::uint64_t>(std::get<std::int64_t>(query.column(0)));
    for (; next < stored; ++next) missing.push_back(next);
    next = stored + 1;
  }
  for (; next < connection_->campaign.case_count; ++next) missing.push_back(next);
  return missing;
}

std::uint64_t Store::stored_case_count() const {
  auto query = connection_->database->prepare("SELECT count(*) FROM cases");
  query.step();
  return static_cast<std::uint64_t>(std::get<std::int64_t>(query.column(0)));
}

std::uint64_t Store::failed_case_count() const {
  auto query = connection_->database->prepare("SELECT count(*) FROM cases WHERE status = 'failed'");
  query.step();
  return static_cast<std::uint64_t>(std::get<std::int64_t>(query.column(0)));
}

void Store::insert(const CaseInputs& inputs, const CaseRecord& record) {
  if (!connection_->insert_case)
    throw CampaignError("campaign store " + connection_->database->path() + " is open for reading only");
  const StoredCampaign& campaign = connection_->campaign;
  if (inputs.case_index != record.case_index || inputs.values.size() != campaign.inputs.size() ||
      record.values.size() != campaign.result_columns.size())
    throw CampaignError("case " + std::to_string(record.case_index) + " does not match the store's columns");
  SqliteStatement& insert = *connection_->insert_case;
  int position = 1;
  insert.bind(position++, static_cast<std::int64_t>(record.case_index));
  for (const auto& [path, value] : inputs.values) insert.bind(position++, value);
  insert.bind(position++, std::string(case_status_name(record.status)));
  insert.bind(position++, record.diagnostic);
  for (const auto& value : record.values) insert.bind(position++, value);
  insert.bind(position++, record.wall_time_s);
  // Autocommit: the single INSERT is its own transaction, committed (and fsynced) when step returns.
  try {
    insert.step();
  } catch (...) {
    insert.reset();
    throw;
  }
  insert.reset();
}

CaseTable Store::read_cases() const {
  auto query = connection_->database->prepare("SELECT * FROM cases ORDER BY case_index");
  CaseTable table;
  for (int k = 0; k < query.column_count(); ++k) table.columns.push_back(query.column_name(k));
  while (query.step()) {
    std::vector<Value> row;
    for (int k = 0; k < query.column_count(); ++k) row.push_back(query.column(k));
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace dyngen::campaign
