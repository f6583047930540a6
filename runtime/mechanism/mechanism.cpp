#include "mechanism/mechanism.hpp"

#include <algorithm>
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

bool Mechanism::forward_dynamics_base_wrench_prepare(const double* q, const double* qd, const double* tau,
                                                     const double* base, const double* wrench, int* /*singular_loop*/) {
  prepared_ = {q, qd, tau, wrench, {}};
  if (base != nullptr) std::copy(base, base + 3, prepared_.w0);
  return true;
}

bool Mechanism::forward_dynamics_base_wrench_finish(const double* base, double* qdd, double* wrench_on_base,
                                                    int* singular_loop) {
  double full[9];
  std::copy(prepared_.w0, prepared_.w0 + 3, full);
  if (base != nullptr) std::copy(base + 3, base + 9, full + 3);
  return forward_dynamics_base_wrench(prepared_.q, prepared_.qd, prepared_.tau, base != nullptr ? full : nullptr,
                                      prepared_.wrench, qdd, wrench_on_base, singular_loop);
}

}  // namespace dyngen::mechanism
