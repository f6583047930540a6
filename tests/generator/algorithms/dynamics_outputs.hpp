// What a mechanism rewrite must keep, computed by the double instantiations at one state: joint
// forces (RNEA), mass matrix (CRBA), joint accelerations (ABA), the wrench on the base and the named
// points' positions and velocities; and the relative difference the rewrite tests bound.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/rnea.hpp"

namespace dyngen::test {

struct DynamicsOutputs {
  std::vector<double> tau, M, qdd, wrench, points;
};

inline DynamicsOutputs dynamics_outputs(const algorithms::Mechanism<double>& mech,
                                        const algorithms::State<double>& state) {
  DynamicsOutputs out;
  algorithms::RneaData<double> rnea_data(mech);
  algorithms::rnea(mech, state, rnea_data);
  out.tau = rnea_data.tau;
  algorithms::CrbaData<double> crba_data(mech);
  algorithms::crba(mech, state, crba_data);
  out.M = crba_data.H.data;
  algorithms::AbaData<double> aba_data(mech);
  algorithms::aba(mech, state, aba_data);
  out.qdd = aba_data.qdd;
  algorithms::BaseWrenchData<double> wrench_data(mech);
  algorithms::base_wrench(mech, state, wrench_data);
  for (int k = 0; k < 6; ++k) out.wrench.push_back(wrench_data.wrench[k]);
  algorithms::KinematicsData<double> kinematics_data(mech);
  algorithms::kinematics(mech, state, kinematics_data);
  for (std::size_t p = 0; p < mech.points.size(); ++p)
    for (int k = 0; k < 3; ++k) {
      out.points.push_back(kinematics_data.point_position[p][k]);
      out.points.push_back(kinematics_data.point_velocity[p][k]);
    }
  return out;
}

// max |a - b| relative to the largest magnitude in b (at least 1).
inline double relative(const std::vector<double>& a, const std::vector<double>& b) {
  double scale = 1.0, worst = 0.0;
  for (double x : b) scale = std::max(scale, std::abs(x));
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst / scale;
}

}  // namespace dyngen::test
