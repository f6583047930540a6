#include "contact/contact_error.hpp"

#include <sstream>

namespace dyngen::contact {

namespace {

std::string describe(ContactErrorKind kind, const std::string& element, double time, double value, double limit) {
  std::ostringstream s;
  s.precision(6);
  s << "contact error at t = " << time << " s, " << element << ": ";
  switch (kind) {
    case ContactErrorKind::penetration_limit:
      s << "penetration " << value << " m exceeds the limit " << limit
        << " m; reduce the integration step (or raise max_penetration of this pair class)";
      break;
    case ContactErrorKind::outside_valid_range:
      s << "configuration outside the valid range of the closed-form test (value " << value << ", limit " << limit
        << "); the relative misalignment is beyond what this pair models";
      break;
    case ContactErrorKind::latch_travel_limit:
      s << "travel " << value << " exceeds the limit " << limit << "; the element bottomed out";
      break;
    case ContactErrorKind::not_finite:
      s << "non-finite input (" << value << "); the integration has diverged";
      break;
  }
  return s.str();
}

}  // namespace

std::string contact_error_kind_name(ContactErrorKind kind) {
  switch (kind) {
    case ContactErrorKind::penetration_limit: return "penetration limit";
    case ContactErrorKind::outside_valid_range: return "outside valid range";
    case ContactErrorKind::latch_travel_limit: return "latch travel limit";
    case ContactErrorKind::not_finite: return "non-finite state";
  }
  return "contact error";
}

ContactError::ContactError(ContactErrorKind kind, std::string element, double time, double value, double limit)
    : std::runtime_error(describe(kind, element, time, value, limit)),
      kind_(kind),
      element_(std::move(element)),
      time_(time),
      value_(value),
      limit_(limit) {}

}  // namespace dyngen::contact
