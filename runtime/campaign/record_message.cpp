#include "campaign/record_message.hpp"

#include "campaign/campaign_error.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace dyngen::campaign {

namespace {

// The tag of a value is its alternative's index in Value.
static_assert(std::is_same_v<std::variant_alternative_t<0, Value>, std::monostate> &&
              std::is_same_v<std::variant_alternative_t<1, Value>, std::int64_t> &&
              std::is_same_v<std::variant_alternative_t<2, Value>, double> &&
              std::is_same_v<std::variant_alternative_t<3, Value>, std::string>);

template <typename T>
void put(std::vector<char>& out, T value) {
  const std::size_t at = out.size();
  out.resize(at + sizeof value);
  std::memcpy(out.data() + at, &value, sizeof value);
}

void put_text(std::vector<char>& out, const std::string& text) {
  put<std::uint64_t>(out, text.size());
  out.insert(out.end(), text.begin(), text.end());
}

class Reader {
 public:
  explicit Reader(std::span<const char> message) : rest_(message) {}

  template <typename T>
  T get() {
    T value;
    std::memcpy(&value, take(sizeof value).data(), sizeof value);
    return value;
  }

  std::string get_text() {
    const auto size = get<std::uint64_t>();
    const auto bytes = take(size);
    return std::string(bytes.begin(), bytes.end());
  }

  bool done() const { return rest_.empty(); }

 private:
  std::span<const char> take(std::uint64_t size) {
    if (size > rest_.size()) throw CampaignError("a case record message is truncated");
    const auto bytes = rest_.first(size);
    rest_ = rest_.subspan(size);
    return bytes;
  }
  std::span<const char> rest_;
};

}  // namespace

std::vector<char> encode_record(const CaseRecord& record) {
  std::vector<char> out;
  put<std::uint64_t>(out, record.case_index);
  put<std::uint8_t>(out, record.status == CaseStatus::ok ? 0 : 1);
  put<double>(out, record.wall_time_s);
  put_text(out, record.diagnostic);
  put<std::uint64_t>(out, record.values.size());
  for (const auto& value : record.values) {
    put<std::uint8_t>(out, static_cast<std::uint8_t>(value.index()));
    if (const auto* integer = std::get_if<std::int64_t>(&value)) put(out, *integer);
    if (const auto* real = std::get_if<double>(&value)) put(out, *real);
    if (const auto* text = std::get_if<std::string>(&value)) put_text(out, *text);
  }
  return out;
}

CaseRecord decode_record(std::span<const char> message) {
  Reader in(message);
  CaseRecord record;
  record.case_index = in.get<std::uint64_t>();
  const auto status = in.get<std::uint8_t>();
  if (status > 1) throw CampaignError("a case record message has an unknown status " + std::to_string(status));
  record.status = status == 0 ? CaseStatus::ok : CaseStatus::failed;
  record.wall_time_s = in.get<double>();
  record.diagnostic = in.get_text();
  const auto count = in.get<std::uint64_t>();
  for (std::uint64_t k = 0; k < count; ++k) {
    switch (in.get<std::uint8_t>()) {
      case 0:
        record.values.emplace_back(std::monostate{});
        break;
      case 1:
        record.values.emplace_back(in.get<std::int64_t>());
        break;
      case 2:
        record.values.emplace_back(in.get<double>());
        break;
      case 3:
        record.values.emplace_back(in.get_text());
        break;
      default:
        throw CampaignError("a case record message has a value of unknown type");
    }
  }
  if (!in.done()) throw CampaignError("a case record message has trailing bytes");
  return record;
}

}  // namespace dyngen::campaign
