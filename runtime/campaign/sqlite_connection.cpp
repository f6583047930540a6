#include "campaign/sqlite_connection.hpp"

#include "campaign/campaign_error.hpp"

#include <sqlite3.h>

namespace dyngen::campaign {

std::string quote_identifier(std::string_view name) {
  std::string quoted = "\"";
  for (const char c : name) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

SqliteStatement::SqliteStatement(sqlite3* connection, sqlite3_stmt* statement, std::string path)
    : connection_(connection), statement_(statement), path_(std::move(path)) {}

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : connection_(other.connection_), statement_(other.statement_), path_(std::move(other.path_)) {
  other.statement_ = nullptr;
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(statement_); }

void SqliteStatement::fail(const std::string& doing) const {
  throw CampaignError("campaign store " + path_ + ": " + sqlite3_errmsg(connection_) + " (" + doing + ": " +
                      (statement_ ? sqlite3_sql(statement_) : "") + ")");
}

void SqliteStatement::bind(int position, const Value& value) {
  int code = SQLITE_OK;
  if (std::holds_alternative<std::monostate>(value))
    code = sqlite3_bind_null(statement_, position);
  else if (const auto* integer = std::get_if<std::int64_t>(&value))
    code = sqlite3_bind_int64(statement_, position, *integer);
  else if (const auto* real = std::get_if<double>(&value))
    code = sqlite3_bind_double(statement_, position, *real);
  else {
    const auto& text = std::get<std::string>(value);
    code = sqlite3_bind_text(statement_, position, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }
  if (code != SQLITE_OK) fail("binding parameter " + std::to_string(position));
}

bool SqliteStatement::step() {
  const int code = sqlite3_step(statement_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  fail("running");
}

void SqliteStatement::reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

int SqliteStatement::column_count() const { return sqlite3_column_count(statement_); }

std::string SqliteStatement::column_name(int column) const { return sqlite3_column_name(statement_, column); }

Value SqliteStatement::column(int column) const {
  switch (sqlite3_column_type(statement_, column)) {
    case SQLITE_INTEGER:
      return static_cast<std::int64_t>(sqlite3_column_int64(statement_, column));
    case SQLITE_FLOAT:
      return sqlite3_column_double(statement_, column);
    case SQLITE_NULL:
      return std::monostate{};
    default: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
      return std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
    }
  }
}

SqliteConnection::SqliteConnection(const std::filesystem::path& path, Mode mode) : path_(path.string()) {
  const int flags = mode == Mode::read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path_.c_str(), &connection_, flags, nullptr) != SQLITE_OK) {
    const std::string why = connection_ ? sqlite3_errmsg(connection_) : "out of memory";
    sqlite3_close(connection_);
    throw CampaignError("campaign store " + path_ + ": cannot open (" + why + ")");
  }
  // A reader may hold the database briefly while a campaign writes (and the reverse): wait, do not fail.
  sqlite3_busy_timeout(connection_, 10000);
}

SqliteConnection::~SqliteConnection() { sqlite3_close(connection_); }

void SqliteConnection::execute(const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(connection_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string why = message ? message : sqlite3_errmsg(connection_);
    sqlite3_free(message);
    throw CampaignError("campaign store " + path_ + ": " + why + " (running: " + sql + ")");
  }
}

SqliteStatement SqliteConnection::prepare(const std::string& sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(connection_, sql.c_str(), static_cast<int>(sql.size()), &statement, nullptr) != SQLITE_OK)
    throw CampaignError("campaign store " + path_ + ": " + sqlite3_errmsg(connection_) + " (preparing: " + sql + ")");
  return SqliteStatement(connection_, statement, path_);
}

}  // namespace dyngen::campaign
