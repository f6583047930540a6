// Typed runtime failure of the contact module (contact preprint sec. 1, item 6 and the penetration
// limit): it names the pair or element, the model time, the offending value and the limit.
#pragma once

#include <stdexcept>
#include <string>

namespace dyngen::contact {

enum class ContactErrorKind {
  penetration_limit,    // Delta_n above Delta_n,max: the integration step is too large
  outside_valid_range,  // a closed-form test left its admissible misalignment range
  latch_travel_limit,   // a latch or sensor was pushed beyond its travel
  not_finite,           // NaN or infinity in the inputs
};

// "penetration limit", "outside valid range", "latch travel limit", "non-finite state": a run's status.
std::string contact_error_kind_name(ContactErrorKind kind);

class ContactError : public std::runtime_error {
 public:
  ContactError(ContactErrorKind kind, std::string element, double time, double value, double limit);
  ContactErrorKind kind() const { return kind_; }
  const std::string& element() const { return element_; }
  double time() const { return time_; }
  double value() const { return value_; }
  double limit() const { return limit_; }

 private:
  ContactErrorKind kind_;
  std::string element_;
  double time_;
  double value_;
  double limit_;
};

}  // namespace dyngen::contact
