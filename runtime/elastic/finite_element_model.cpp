#include "elastic/finite_element_model.hpp"

#include <array>
#include <cmath>
#include <stdexcept>

namespace dyngen::elastic {

namespace {

// 4-point Gauss-Legendre rule on [-1, 1]
constexpr std::array<double, 4> gauss_abscissae = {-0.8611363115940526, -0.3399810435848563, 0.3399810435848563,
                                                   0.8611363115940526};
constexpr std::array<double, 4> gauss_weights = {0.3478548451374538, 0.6521451548625461, 0.6521451548625461,
                                                 0.3478548451374538};

// Hermite cubics on an element of length L at the local coordinate s in [0, 1], for the local
// coordinates (w_a, w'_a, w_b, w'_b), with their first and second derivatives in xi.
struct Shape {
  Eigen::Vector4d value, slope, curvature;
};

Shape hermite(double s, double length) {
  const double s2 = s * s, s3 = s2 * s, l = length;
  Shape shape;
  shape.value << 1.0 - 3.0 * s2 + 2.0 * s3, l * (s - 2.0 * s2 + s3), 3.0 * s2 - 2.0 * s3, l * (s3 - s2);
  shape.slope << 6.0 * (s2 - s) / l, 1.0 - 4.0 * s + 3.0 * s2, 6.0 * (s - s2) / l, 3.0 * s2 - 2.0 * s;
  shape.curvature << (12.0 * s - 6.0) / (l * l), (6.0 * s - 4.0) / l, (6.0 - 12.0 * s) / (l * l), (6.0 * s - 2.0) / l;
  return shape;
}

}  // namespace

FiniteElementModel::FiniteElementModel(Manipulator manipulator, int elements, bool deflection_transport)
    : manipulator_(std::move(manipulator)), elements_(elements), deflection_transport_(deflection_transport) {
  validate(manipulator_);
  if (elements_ < 1) throw std::invalid_argument("FiniteElementModel: elements must be >= 1");
  dofs_ = manipulator_.links * (1 + 2 * static_cast<Eigen::Index>(elements_));
  stiffness_.setZero(dofs_, dofs_);
  const double length = 1.0 / elements_;
  for (int n = 0; n < manipulator_.links; ++n) {
    for (int e = 0; e < elements_; ++e) {
      const std::array<Eigen::Index, 4> index = {e == 0 ? -1 : nodal_index(n, e, 0), e == 0 ? -1 : nodal_index(n, e, 1),
                                                 nodal_index(n, e + 1, 0), nodal_index(n, e + 1, 1)};
      for (int p = 0; p < 4; ++p) {
        const Shape shape = hermite(0.5 * (1.0 + gauss_abscissae[p]), length);
        const double weight = 0.5 * length * gauss_weights[p];
        // K = int w'' dw''
        for (int i = 0; i < 4; ++i) {
          for (int j = 0; j < 4; ++j) {
            if (index[i] >= 0 && index[j] >= 0) {
              stiffness_(index[i], index[j]) += weight * shape.curvature[i] * shape.curvature[j];
            }
          }
        }
      }
    }
  }
}

Eigen::Index FiniteElementModel::nodal_index(int link, int node, int slope) const {
  return manipulator_.links + 2 * (static_cast<Eigen::Index>(link) * elements_ + (node - 1)) + slope;
}

Eigen::Vector3d FiniteElementModel::field(int link, double xi, const Eigen::VectorXd& values) const {
  const int e = std::min(static_cast<int>(xi * elements_), elements_ - 1);
  const double length = 1.0 / elements_;
  const Shape shape = hermite(xi * elements_ - e, length);
  Eigen::Vector4d local = Eigen::Vector4d::Zero();
  if (e > 0) local.head<2>() << values[nodal_index(link, e, 0)], values[nodal_index(link, e, 1)];
  local.tail<2>() << values[nodal_index(link, e + 1, 0)], values[nodal_index(link, e + 1, 1)];
  return {shape.value.dot(local), shape.slope.dot(local), shape.curvature.dot(local)};
}

Eigen::VectorXd FiniteElementModel::residual(double scaled_time, const Eigen::VectorXd& q, const Eigen::VectorXd& rates,
                                             const Eigen::VectorXd& accelerations) const {
  const int links = manipulator_.links;
  const double length = 1.0 / elements_;
  const Eigen::Vector2d g(0.0, -manipulator_.gradient_load);  // -q Z, eq. (2)
  const double transport = deflection_transport_ ? 1.0 : 0.0;
  // K q - Q: the hinge torques work on psi_n
  Eigen::VectorXd r = stiffness_ * q;
  for (int n = 0; n < links; ++n) r[n] -= manipulator_.torque(n, scaled_time * manipulator_.time_scale);

  // forward pass: each frame's angle, rate, acceleration and the acceleration of its origin
  struct Frame {
    double angle, rate, acceleration;
    Eigen::Vector2d origin_acceleration;
  };
  std::vector<Frame> frames;
  double angle = 0.0, rate = 0.0, acceleration = 0.0;
  Eigen::Vector2d origin_acceleration = Eigen::Vector2d::Zero();
  for (int n = 0; n < links; ++n) {
    angle += q[n];
    rate += rates[n];
    acceleration += accelerations[n];
    frames.push_back({angle, rate, acceleration, origin_acceleration});
    const Eigen::Index tip_w = nodal_index(n, elements_, 0), tip_slope = nodal_index(n, elements_, 1);
    // a_O,n+1 = a(1) = a_O + (w''(time)(1) - theta'') z + theta' (transport w'(time)(1) - theta') x
    origin_acceleration += (accelerations[tip_w] - acceleration) * link_axis_z(angle) +
                           rate * (transport * rates[tip_w] - rate) * link_axis_x(angle);
    // theta_n+1 = theta_n - w'_n(1) + psi_n+1
    angle -= q[tip_slope];
    rate -= rates[tip_slope];
    acceleration -= accelerations[tip_slope];
  }

  // backward pass: F = sum (a - g) dm and H = sum (a - g) . dv/dtheta'_n dm over everything beyond
  Eigen::Vector2d outer_force = manipulator_.tip_mass * (origin_acceleration - g);
  double outer_moment = 0.0, outer_axial_moment = 0.0;
  for (int n = links - 1; n >= 0; --n) {
    const Frame& frame = frames[n];
    const Eigen::Vector2d x = link_axis_x(frame.angle), z = link_axis_z(frame.angle);
    // the axial force: N(1) = -x . F (the outer part pulls on the tip), then the closed form
    const double tip_axial_force = -x.dot(outer_force);
    const double origin_acceleration_excess = x.dot(frame.origin_acceleration - g);
    Eigen::Vector2d link_force = Eigen::Vector2d::Zero();
    double link_moment = 0.0, link_axial_moment = 0.0;
    for (int e = 0; e < elements_; ++e) {
      const std::array<Eigen::Index, 4> index = {e == 0 ? -1 : nodal_index(n, e, 0), e == 0 ? -1 : nodal_index(n, e, 1),
                                                 nodal_index(n, e + 1, 0), nodal_index(n, e + 1, 1)};
      Eigen::Vector4d local_q = Eigen::Vector4d::Zero(), local_rates = Eigen::Vector4d::Zero(),
                      local_accelerations = Eigen::Vector4d::Zero();
      for (int i = 0; i < 4; ++i) {
        if (index[i] < 0) continue;
        local_q[i] = q[index[i]];
        local_rates[i] = rates[index[i]];
        local_accelerations[i] = accelerations[index[i]];
      }
      for (int p = 0; p < 4; ++p) {
        const double s = 0.5 * (1.0 + gauss_abscissae[p]);
        const double xi = (e + s) * length;
        const double weight = 0.5 * length * gauss_weights[p];
        const Shape shape = hermite(s, length);
        // a(xi) = a_O + (w''(time) - xi theta'') z + theta' (transport w'(time) - xi theta') x
        const Eigen::Vector2d a = frame.origin_acceleration +
                                  (shape.value.dot(local_accelerations) - xi * frame.acceleration) * z +
                                  frame.rate * (transport * shape.value.dot(local_rates) - xi * frame.rate) * x;
        const Eigen::Vector2d f = weight * (a - g);
        const double f_z = z.dot(f);
        link_force += f;
        link_moment -= xi * f_z;  // dv/dtheta'_n = -xi z on the link itself
        double axial_share = 0.0;
        if (manipulator_.axial_force_stiffening) {
          const double axial_force = tip_axial_force - origin_acceleration_excess * (1.0 - xi) +
                                     0.5 * frame.rate * frame.rate * (1.0 - xi * xi);
          axial_share = weight * axial_force * shape.slope.dot(local_q);  // N w' dxi
          link_axial_moment -= axial_share;  // a rotation of the link moves it by -xi z: (-xi)' = -1
        }
        for (int i = 0; i < 4; ++i) {
          // dv/de_i = Phi_i z; G_i = int N w' Phi_i'
          if (index[i] >= 0) r[index[i]] += shape.value[i] * f_z + axial_share * shape.slope[i];
        }
      }
    }
    // the tip nodal coordinates also carry the outer part: dv/dw(1) = z_n, dv/dw'(1) = -dv/dtheta'_n+1
    r[nodal_index(n, elements_, 0)] += z.dot(outer_force);
    r[nodal_index(n, elements_, 1)] -= outer_moment + outer_axial_moment;
    // H_n = sum_link -xi z . f - z . F_n+1 + H_n+1, F_n = sum_link f + F_n+1; psi_n moves everything beyond
    outer_moment += link_moment - z.dot(outer_force);
    outer_axial_moment += link_axial_moment;
    outer_force += link_force;
    r[n] += outer_moment + outer_axial_moment;
  }
  return r;
}

Eigen::MatrixXd FiniteElementModel::acceleration_jacobian(double scaled_time, const Eigen::VectorXd& q,
                                                          const Eigen::VectorXd& rates) const {
  Eigen::VectorXd unit = Eigen::VectorXd::Zero(dofs_);
  const Eigen::VectorXd at_zero = residual(scaled_time, q, rates, unit);
  Eigen::MatrixXd jacobian(dofs_, dofs_);
  for (Eigen::Index j = 0; j < dofs_; ++j) {
    unit[j] = 1.0;
    jacobian.col(j) = residual(scaled_time, q, rates, unit) - at_zero;
    unit[j] = 0.0;
  }
  return jacobian;
}

ManipulatorState FiniteElementModel::sample(double seconds, const Eigen::VectorXd& q, const Eigen::VectorXd& rates,
                                            int segments) const {
  ManipulatorState state;
  state.time = seconds;
  double angle = 0.0, rate = 0.0;
  for (int n = 0; n < manipulator_.links; ++n) {
    LinkState link;
    link.hinge_angle = q[n];
    link.hinge_rate = rates[n];
    angle += q[n];
    rate += rates[n];
    link.angle = angle;
    link.angular_rate = rate;
    for (Eigen::VectorXd* v : {&link.deflection, &link.slope, &link.curvature, &link.deflection_rate}) {
      v->resize(segments + 1);
    }
    for (int i = 0; i <= segments; ++i) {
      const double xi = static_cast<double>(i) / segments;
      const Eigen::Vector3d w = field(n, xi, q);
      link.deflection[i] = w[0];
      link.slope[i] = w[1];
      link.curvature[i] = w[2];
      link.deflection_rate[i] = field(n, xi, rates)[0];
    }
    angle -= q[nodal_index(n, elements_, 1)];
    rate -= rates[nodal_index(n, elements_, 1)];
    state.links.push_back(std::move(link));
  }
  return state;
}

}  // namespace dyngen::elastic
