// One interface through which the runtime drives any mechanism: its sizes and names, closure of
// looped models, forward dynamics with the transport motion of its base and external wrenches on
// listed bodies, the wrench it exerts on its base, kinematics of named points and wrench bodies
// (the contact module's inputs) and its energy. Generated kernels provide it (GeneratedMechanism,
// over the descriptor each set of kernels exports) and so do the numeric `double` algorithms
// (NumericMechanism), which need no compiler and are the reference in tests.
//
// Array layouts (runtime/mechanism/descriptor.h): q, qd, qdd, tau one entry per coordinate in
// info().coordinates order; base = w0, e0, a0 (base axes); wrench 6 per wrench body (force, moment
// about the body origin, body axes); kinematics relative to the base in base axes.
// An instance keeps scratch space: one instance per thread (clone() gives another).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dyngen::mechanism {

// The closure statuses of the kernels' close() (0 = closed).
enum class ClosureStatus { closed = 0, unreachable = 1, beyond_limits = 2, singular = 3, not_converged = 4, not_finite = 5 };

// "closed", "unreachable", "beyond limits", "singular", "not converged", "not finite".
std::string_view closure_status_name(ClosureStatus status);

struct Closure {
  ClosureStatus status = ClosureStatus::closed;
  int loop = -1;  // the loop that failed, index into MechanismInfo::loops
};

struct MechanismInfo {
  std::string name;
  std::string model_hash;  // FNV-1a 64 of the model file the kernels came from
  int dof = 0;
  bool moving_base = false;
  std::vector<std::string> coordinates;  // q order
  std::vector<int> independent;          // indices of the independent coordinates (all, for a tree)
  std::vector<bool> actuated;            // per coordinate: tau is read
  std::vector<double> reference_q;       // per coordinate: spring q0, loops closed from it
  std::vector<double> lower_limits, upper_limits;  // per coordinate, +-infinity where none
  std::vector<std::string> wrench_bodies;          // bodies taking an external wrench, wrench order
  std::vector<std::string> points;                 // named points, kinematics order
  std::vector<std::string> loops;
  std::vector<std::string> parameters;   // runtime parameters (empty when all are folded)

  // Index of the named coordinate / wrench body / point; std::invalid_argument naming the choices.
  int coordinate(std::string_view name) const;
  int wrench_body(std::string_view name) const;
  int point(std::string_view name) const;
};

struct Energy {
  double kinetic = 0.0;       // J, absolute (the base moving with w0, v0)
  double potential = 0.0;     // J, springs and gravity
  double damper_power = 0.0;  // W, -sum c qd^2
  double momentum[6] = {};    // linear (N s), angular about the base origin (N m s), base axes
};

class Mechanism {
 public:
  virtual ~Mechanism() = default;

  const MechanismInfo& info() const { return info_; }

  // Closes q and qd in place: the independent entries are given, the dependent ones are the
  // closure's initial guess (the branch nearest them is taken). A tree is always closed.
  virtual Closure close(double* q, double* qd) = 0;
  // qdd of every coordinate at a closed state; false when a loop's Phi_d is singular (`loop` set).
  virtual bool forward_dynamics(const double* q, const double* qd, const double* tau, const double* base,
                                const double* wrench, double* qdd, int* singular_loop) = 0;
  // [force; moment] the mechanism exerts on its base at the base origin, base axes.
  virtual void base_wrench(const double* q, const double* qd, const double* qdd, const double* base,
                           const double* wrench, double* wrench_on_base) = 0;
  // forward_dynamics, then base_wrench at its qdd; generated kernels do both in one pass.
  virtual bool forward_dynamics_base_wrench(const double* q, const double* qd, const double* tau, const double* base,
                                            const double* wrench, double* qdd, double* wrench_on_base,
                                            int* singular_loop) {
    if (!forward_dynamics(q, qd, tau, base, wrench, qdd, singular_loop)) return false;
    base_wrench(q, qd, qdd, base, wrench, wrench_on_base);
    return true;
  }
  // forward_dynamics_base_wrench at one state for several accelerations of the base, as a
  // spacecraft's coupling asks for it: _prepare once with the state, the external wrenches and
  // w0 = base[0..2], then _finish for each e0, a0 = base[3..8] (base[0..2] unread). Each returns
  // false when a loop's Phi_d is singular (`singular_loop` set). The arrays given to _prepare must
  // stay unchanged until its last _finish. Generated kernels stage their one pass at e0, a0, so
  // _finish computes only what depends on them; this default runs the whole pass in _finish.
  virtual bool forward_dynamics_base_wrench_prepare(const double* q, const double* qd, const double* tau,
                                                    const double* base, const double* wrench, int* singular_loop);
  virtual bool forward_dynamics_base_wrench_finish(const double* base, double* qdd, double* wrench_on_base,
                                                   int* singular_loop);
  // Positions and velocities of the named points (3 per point).
  virtual void point_kinematics(const double* q, const double* qd, double* position, double* velocity) = 0;
  // Per wrench body: rotation (9, row-major, p_base = R p_body), origin, angular velocity, origin velocity.
  virtual void body_kinematics(const double* q, const double* qd, double* rotation, double* origin,
                               double* angular_velocity, double* velocity) = 0;
  // base: w0 (the rest unread); v0: the base origin's velocity (both base axes).
  virtual Energy energy(const double* q, const double* qd, const double* base, const double* v0) = 0;
  // -sum c qd^2 of the joints' dampers (W).
  virtual double damper_power(const double* qd) = 0;

  // An independent instance (own scratch) of the same mechanism, for another thread.
  virtual std::unique_ptr<Mechanism> clone() const = 0;

 protected:
  explicit Mechanism(MechanismInfo info) : info_(std::move(info)) {}
  Mechanism(const Mechanism&) = default;

 private:
  MechanismInfo info_;
  struct Prepared {
    const double *q = nullptr, *qd = nullptr, *tau = nullptr, *wrench = nullptr;
    double w0[3] = {};
  } prepared_;  // the default _prepare's arguments
};

}  // namespace dyngen::mechanism
