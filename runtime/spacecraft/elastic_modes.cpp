// Elastic modes at a docking port (thesis ch. IV, 4.2-4.3).
#include "spacecraft/elastic_modes.hpp"

#include <stdexcept>
#include <string>

namespace dyngen::spacecraft {

ElasticModes::ElasticModes(const Eigen::VectorXd& frequencies, const Eigen::VectorXd& damping_ratios,
                           const Participation& participation)
    : participation_(participation) {
  const Eigen::Index n = participation.cols();
  if (frequencies.size() != n || damping_ratios.size() != n)
    throw std::invalid_argument("elastic modes: " + std::to_string(frequencies.size()) + " frequencies and " +
                                std::to_string(damping_ratios.size()) + " damping ratios for a participation matrix of " +
                                std::to_string(n) + " columns; give one of each per mode");
  if (!participation.allFinite())
    throw std::invalid_argument("elastic modes: the participation matrix has a non-finite entry");
  oscillators_.reserve(static_cast<std::size_t>(n));
  for (Eigen::Index k = 0; k < n; ++k) {
    try {
      oscillators_.emplace_back(frequencies(k), damping_ratios(k));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("elastic mode " + std::to_string(k) + ": " + e.what());
    }
  }
}

void ElasticModes::check_size(const char* what, Eigen::Index size) const {
  if (size != count())
    throw std::invalid_argument(std::string("elastic modes: ") + what + " has " + std::to_string(size) +
                                " entries for " + std::to_string(count()) + " modes");
}

ModalState ElasticModes::rest() const { return {Eigen::VectorXd::Zero(count()), Eigen::VectorXd::Zero(count())}; }

Eigen::VectorXd ElasticModes::modal_forces(const Wrench& port_wrench_in_body_axes) const {
  Vec6 wrench;
  wrench << port_wrench_in_body_axes.force, port_wrench_in_body_axes.moment;
  return participation_.transpose() * wrench;
}

Eigen::VectorXd ElasticModes::accelerations(const ModalState& state, const Eigen::VectorXd& modal_forces) const {
  check_size("coordinates", state.coordinates.size());
  check_size("rates", state.rates.size());
  check_size("modal forces", modal_forces.size());
  Eigen::VectorXd result(count());
  for (int k = 0; k < count(); ++k)
    result(k) = oscillators_[k].acceleration({state.coordinates(k), state.rates(k)}, modal_forces(k));
  return result;
}

ModalState ElasticModes::step(const ModalState& state, const Eigen::VectorXd& modal_forces, double h) const {
  check_size("coordinates", state.coordinates.size());
  check_size("rates", state.rates.size());
  check_size("modal forces", modal_forces.size());
  ModalState next = rest();
  for (int k = 0; k < count(); ++k) {
    const OscillatorState end = oscillators_[k].step({state.coordinates(k), state.rates(k)}, modal_forces(k), h);
    next.coordinates(k) = end.displacement;
    next.rates(k) = end.rate;
  }
  return next;
}

double ElasticModes::energy(const ModalState& state) const {
  check_size("coordinates", state.coordinates.size());
  check_size("rates", state.rates.size());
  double sum = 0.0;
  for (int k = 0; k < count(); ++k) sum += oscillators_[k].energy({state.coordinates(k), state.rates(k)});
  return sum;
}

PortDeflection ElasticModes::deflection(const ModalState& state, const Eigen::VectorXd& accelerations) const {
  check_size("coordinates", state.coordinates.size());
  check_size("rates", state.rates.size());
  check_size("accelerations", accelerations.size());
  const Vec6 pose = participation_ * state.coordinates;
  const Vec6 velocity = participation_ * state.rates;
  const Vec6 acceleration = participation_ * accelerations;
  PortDeflection d;
  d.displacement = pose.head<3>();
  d.rotation = pose.tail<3>();
  d.velocity = velocity.head<3>();
  d.angular_velocity = velocity.tail<3>();
  d.acceleration = acceleration.head<3>();
  d.angular_acceleration = acceleration.tail<3>();
  return d;
}

}  // namespace dyngen::spacecraft
