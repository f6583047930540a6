#include "mechanism/generated_mechanism.hpp"

#include <dlfcn.h>

#include <stdexcept>

namespace dyngen::mechanism {

namespace {

std::vector<std::string> names(const char* const* list, int count) {
  std::vector<std::string> out;
  for (int k = 0; k < count; ++k) out.emplace_back(list[k]);
  return out;
}

MechanismInfo describe(const dyngen_mechanism_v3* d) {
  if (d == nullptr) throw std::invalid_argument("mechanism descriptor is null");
  if (d->version != 3)
    throw std::runtime_error(std::string("mechanism ") + d->name + ": descriptor version " + std::to_string(d->version) +
                             ", this runtime reads version 3 (generate the kernels again)");
  MechanismInfo info;
  info.name = d->name;
  info.model_hash = d->model_hash;
  info.dof = d->dof;
  info.moving_base = d->moving_base != 0;
  info.coordinates = names(d->coordinate_names, d->dof);
  info.independent.assign(d->independent_coordinates, d->independent_coordinates + d->independent_dof);
  for (int i = 0; i < d->dof; ++i) info.actuated.push_back(d->actuated[i] != 0);
  info.reference_q.assign(d->reference_q, d->reference_q + d->dof);
  info.lower_limits.assign(d->lower_limits, d->lower_limits + d->dof);
  info.upper_limits.assign(d->upper_limits, d->upper_limits + d->dof);
  info.wrench_bodies = names(d->wrench_body_names, d->wrench_bodies);
  info.points = names(d->point_names, d->points);
  info.loops = names(d->loop_names, d->loops);
  info.parameters = names(d->parameter_names, d->parameters);
  return info;
}

}  // namespace

GeneratedMechanism::GeneratedMechanism(const dyngen_mechanism_v3* descriptor, std::shared_ptr<const void> keep_alive)
    : Mechanism(describe(descriptor)),
      d_(descriptor),
      keep_alive_(std::move(keep_alive)),
      parameters_(descriptor->parameter_values, descriptor->parameter_values + descriptor->parameters),
      cache_(static_cast<std::size_t>(descriptor->cache_size)) {}

void GeneratedMechanism::set_parameter(std::string_view name, double value) {
  const auto& list = info().parameters;
  for (std::size_t k = 0; k < list.size(); ++k)
    if (list[k] == name) {
      parameters_[k] = value;
      return;
    }
  std::string choices;
  for (const std::string& p : list) choices += (choices.empty() ? "" : ", ") + p;
  throw std::invalid_argument("mechanism " + info().name + " has no runtime parameter '" + std::string(name) + "'" +
                              (choices.empty() ? " (its kernels fold every parameter)" : "; runtime parameters: " + choices));
}

Closure GeneratedMechanism::close(double* q, double* qd) {
  int loop = -1;
  const int status = d_->close(q, qd, parameters_.data(), &loop);
  return {static_cast<ClosureStatus>(status), status == 0 ? -1 : loop};
}

bool GeneratedMechanism::forward_dynamics(const double* q, const double* qd, const double* tau, const double* base,
                                          const double* wrench, double* qdd, int* singular_loop) {
  const int status = d_->forward_dynamics(q, qd, tau, base, wrench, parameters_.data(), qdd);
  if (singular_loop != nullptr) *singular_loop = status - 1;
  return status == 0;
}

bool GeneratedMechanism::forward_dynamics_base_wrench(const double* q, const double* qd, const double* tau,
                                                      const double* base, const double* wrench, double* qdd,
                                                      double* wrench_on_base, int* singular_loop) {
  const int status = d_->forward_dynamics_base_wrench(q, qd, tau, base, wrench, parameters_.data(), qdd, wrench_on_base);
  if (singular_loop != nullptr) *singular_loop = status - 1;
  return status == 0;
}

bool GeneratedMechanism::forward_dynamics_base_wrench_prepare(const double* q, const double* qd, const double* tau,
                                                              const double* base, const double* wrench,
                                                              int* singular_loop) {
  if (d_->forward_dynamics_base_wrench_prepare == nullptr)
    return Mechanism::forward_dynamics_base_wrench_prepare(q, qd, tau, base, wrench, singular_loop);
  const int status = d_->forward_dynamics_base_wrench_prepare(q, qd, tau, base, wrench, parameters_.data(), cache_.data());
  if (singular_loop != nullptr) *singular_loop = status - 1;
  return status == 0;
}

bool GeneratedMechanism::forward_dynamics_base_wrench_finish(const double* base, double* qdd, double* wrench_on_base,
                                                             int* singular_loop) {
  if (d_->forward_dynamics_base_wrench_finish == nullptr)
    return Mechanism::forward_dynamics_base_wrench_finish(base, qdd, wrench_on_base, singular_loop);
  d_->forward_dynamics_base_wrench_finish(cache_.data(), base, qdd, wrench_on_base);
  return true;
}

void GeneratedMechanism::base_wrench(const double* q, const double* qd, const double* qdd, const double* base,
                                     const double* wrench, double* wrench_on_base) {
  d_->base_wrench(q, qd, qdd, base, wrench, parameters_.data(), wrench_on_base);
}

void GeneratedMechanism::point_kinematics(const double* q, const double* qd, double* position, double* velocity) {
  d_->point_kinematics(q, qd, parameters_.data(), position, velocity);
}

void GeneratedMechanism::body_kinematics(const double* q, const double* qd, double* rotation, double* origin,
                                         double* angular_velocity, double* velocity) {
  d_->body_kinematics(q, qd, parameters_.data(), rotation, origin, angular_velocity, velocity);
}

Energy GeneratedMechanism::energy(const double* q, const double* qd, const double* base, const double* v0) {
  double terms[3];
  Energy e;
  d_->energy(q, qd, base, v0, parameters_.data(), terms, e.momentum);
  e.kinetic = terms[0];
  e.potential = terms[1];
  e.damper_power = terms[2];
  return e;
}

double GeneratedMechanism::damper_power(const double* qd) {
  double power = 0.0;
  d_->damper_power(qd, parameters_.data(), &power);
  return power;
}

std::unique_ptr<Mechanism> GeneratedMechanism::clone() const { return std::make_unique<GeneratedMechanism>(*this); }

std::unique_ptr<GeneratedMechanism> load_generated_mechanism(const std::filesystem::path& library,
                                                             const std::string& model_name) {
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) throw std::runtime_error("cannot load kernels " + library.string() + ": " + dlerror());
  std::shared_ptr<const void> owner(handle, [](const void* h) { dlclose(const_cast<void*>(h)); });
  const std::string symbol = model_name + "_mechanism";
  dlerror();
  void* entry = dlsym(handle, symbol.c_str());
  if (entry == nullptr)
    throw std::runtime_error("kernels " + library.string() + " export no " + symbol + "(): " +
                             "not built from model '" + model_name + "' by this dyngen");
  const auto describe_entry = reinterpret_cast<const dyngen_mechanism_v3* (*)()>(entry);
  return std::make_unique<GeneratedMechanism>(describe_entry(), std::move(owner));
}

}  // namespace dyngen::mechanism
