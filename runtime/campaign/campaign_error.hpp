// The one error type of the campaign engine: a bad campaign definition, a store that belongs to
// another campaign, a store that cannot be read or written. The message names what is wrong and
// where; a failing case is never one of these (it is recorded in the store and the campaign goes on).
#pragma once

#include <stdexcept>
#include <string>

namespace dyngen::campaign {

class CampaignError : public std::runtime_error {
 public:
  explicit CampaignError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace dyngen::campaign
