#include "mechanism/mechanism.hpp"

#include <stdexcept>

namespace dyngen::mechanism {

namespace {

int index_of(const std::vector<std::string>& list, std::string_view name, const char* what, const std::string& mechanism) {
  for (std::size_t k = 0; k < list.size(); ++k)
    if (list[k] == name) return static_cast<int>(k);
  std::string choices;
  for (const std::string& item : list) choices += (choices.empty() ? "" : ", ") + item;
  throw std::invalid_argument("mechanism " + mechanism + " has no " + what + " '" + std::string(name) + "'" +
                              (choices.empty() ? std::string(" (it has none)") : "; it has " + choices));
}

}  // namespace

std::string_view closure_status_name(ClosureStatus status) {
  switch (status) {
    case ClosureStatus::closed: return "closed";
    case ClosureStatus::unreachable: return "unreachable";
    case ClosureStatus::beyond_limits: return "beyond limits";
    case ClosureStatus::singular: return "singular";
    case ClosureStatus::not_converged: return "not converged";
    case ClosureStatus::not_finite: return "not finite";
  }
  return "unknown status";
}

int MechanismInfo::coordinate(std::string_view n) const { return index_of(coordinates, n, "coordinate", name); }
int MechanismInfo::wrench_body(std::string_view n) const { return index_of(wrench_bodies, n, "wrench body", name); }
int MechanismInfo::point(std::string_view n) const { return index_of(points, n, "point", name); }

}  // namespace dyngen::mechanism
