// A thin owner of an SQLite connection and its prepared statements: errors become CampaignError
// naming the file and what was being done. Not thread-safe: the store guards it with a mutex.
#pragma once

#include "campaign/case_result.hpp"

#include <filesystem>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace dyngen::campaign {

// "name" with inner quotes doubled: any text is a valid SQLite identifier this way
// (https://www.sqlite.org/lang_keywords.html).
std::string quote_identifier(std::string_view name);

class SqliteStatement {
 public:
  SqliteStatement(sqlite3* connection, sqlite3_stmt* statement, std::string path);
  SqliteStatement(SqliteStatement&& other) noexcept;
  SqliteStatement& operator=(SqliteStatement&&) = delete;
  ~SqliteStatement();

  // Binds parameter `position` (1-based) to a value: NULL, integer, real or text.
  void bind(int position, const Value& value);
  // Runs one step: true when a row is available, false when done.
  bool step();
  // Clears bindings and rewinds, ready to run again.
  void reset();

  int column_count() const;
  std::string column_name(int column) const;
  Value column(int column) const;

 private:
  [[noreturn]] void fail(const std::string& doing) const;
  sqlite3* connection_;
  sqlite3_stmt* statement_;
  std::string path_;
};

class SqliteConnection {
 public:
  enum class Mode { read_only, read_write_create };
  SqliteConnection(const std::filesystem::path& path, Mode mode);
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;
  ~SqliteConnection();

  // Runs statements that return nothing of interest.
  void execute(const std::string& sql);
  SqliteStatement prepare(const std::string& sql);
  const std::string& path() const { return path_; }

 private:
  sqlite3* connection_ = nullptr;
  std::string path_;
};

}  // namespace dyngen::campaign
