// Contact evaluation of a pair of docking units for one instant (contact preprint sec. 1):
// every pair of the table is tested, each contact point gets the force law, and forces and moments
// are summed per buffer link (in its axes, about its origin) and on the passive unit (PU axes,
// about the PU origin). Latch and sensor resistances are added from their current state.
#pragma once

#include "contact/contact_error.hpp"
#include "contact/unit_geometry.hpp"

#include <vector>

namespace dyngen::contact {

// Pose and absolute velocity of buffer link j relative to PU, all in PU axes (preprint eq. 1.1-1.2):
// position r_PUB,j, rotation A_PUB,j (x_Bj = A_PUB,j x_PU), velocity v_B,j of its origin and
// angular velocity omega_B,j.
struct LinkState {
  Vec3 position = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();

  Vec3 to_passive(const Vec3& p_link) const { return position + rotation.transpose() * p_link; }  // eq. (2.1)
  Vec3 velocity_at(const Vec3& p) const { return velocity + angular_velocity.cross(p - position); }
};

// Inputs of one evaluation: model time, the passive unit's absolute velocity (at the PU origin) and
// angular velocity in PU axes, and one LinkState per buffer link of the geometry.
struct UnitState {
  double time = 0.0;
  Vec3 passive_velocity = Vec3::Zero();
  Vec3 passive_angular_velocity = Vec3::Zero();
  std::vector<LinkState> links;
};

struct Wrench {
  Vec3 force = Vec3::Zero();
  Vec3 moment = Vec3::Zero();

  bool operator==(const Wrench&) const = default;
};

// One contact point found in an evaluation.
struct ContactRecord {
  int task = -1;          // index into UnitGeometry::tasks, or -1 for latch back contacts
  int link = -1;
  const char* element = "";  // latch name for latch contacts
  PairContact geometry;   // PU axes
  Vec3 point;             // application point of both forces (midway between the surface points)
  ContactForce force;     // PU axes, on the passive unit
};

struct CentralLatchState {
  double deflection = 0.0;  // phi, rad
  bool triggered = false;
  bool touching = false;
  Wrench on_link;     // link axes, about the link origin
  Wrench on_passive;  // PU axes, about the PU origin

  bool operator==(const CentralLatchState&) const = default;
};

struct PeripheralLatchState {
  double deflection = 0.0;  // x_L, m
  double rate = 0.0;        // v_L,x, m/s
  bool triggered = false;
  Wrench on_link;
  Wrench on_passive;

  bool operator==(const PeripheralLatchState&) const = default;
};

struct SensorState {
  double travel = 0.0;
  bool on = false;
};

// Results and state of the contact model (everything mutable lives here).
struct ContactData {
  std::vector<ContactRecord> contacts;
  std::vector<Wrench> link_wrenches;  // per buffer link: its axes, about its origin
  Wrench passive_wrench;              // PU axes, about the PU origin
  std::vector<CentralLatchState> central_latches;
  std::vector<PeripheralLatchState> peripheral_latches;
  std::vector<SensorState> sensors;
  bool captured = false;
  int generatrices_evaluated = 0;  // by approximated-cone searches in the last evaluation
  // scratch: active primitives in PU (sphere centre, segment origin/vector and midpoint, circle
  // centre/axis), numbered by UnitGeometry::active_offset
  std::vector<Vec3> active_point;
  std::vector<Vec3> active_vector;
  std::vector<Vec3> active_midpoint;
  std::vector<char> link_near;  // per link: its box meets the passive box (UnitGeometry's broad phase)
};

ContactData make_contact_data(const UnitGeometry& geometry);

// Evaluates all contacts at state.time (inputs: geometry, state; outputs: data.contacts, wrenches,
// sensor states). Latch resistances come from the state left by update_latches. Throws
// ContactError on a penetration above a pair class's limit, a test outside its valid range, a
// sensor over its travel or non-finite inputs.
void evaluate_contacts(const UnitGeometry& geometry, const UnitState& state, ContactData& data);

// Between integration steps (preprint sec. 2 and 3): finds central latches' deflections
// iteratively, advances peripheral latches by one implicit-Euler step of length `step`, detects
// triggering and updates the capture state. Throws ContactError when a latch bottoms out.
void update_latches(const UnitGeometry& geometry, const UnitState& state, double step, ContactData& data);

// Applies the force law of a pair class to one contact of link j (PU axes): checks the penetration
// limit, appends the record and adds the wrenches. `element` names latch contacts (task < 0).
void apply_contact(const UnitGeometry& geometry, int pair_class, int task, const char* element, int link,
                   const PairContact& contact, const UnitState& state, ContactData& data);

// Applies a force acting at point p (PU) on the passive unit and its opposite on link j.
void add_contact_wrench(const LinkState& link, const Vec3& p, const Vec3& force_on_passive, Wrench& on_link,
                        Wrench& on_passive);

}  // namespace dyngen::contact
