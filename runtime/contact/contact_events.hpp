// The contact elements of a unit pair, named for records ("active primitive-passive primitive":
// the pair table's tasks, then each latch's back face with the surface it meets), and the discrete
// events a run logs after each accepted step, found by comparing the contact state with the last
// step's: the first contact, each element's contact beginning and ending, a sensor coming on, a
// latch triggering, capture; with what a run's summary tells of them (the passive surfaces in the
// order first touched, the deepest penetration and the largest normal force and their elements).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "contact/contact_set.hpp"

namespace dyngen::contact {

using Event = std::pair<std::string, std::string>;  // name, detail

class ContactEvents {
 public:
  explicit ContactEvents(const UnitGeometry& geometry);

  const std::vector<std::string>& elements() const { return elements_; }
  // Index into elements() of a contact record.
  int element_of(const ContactRecord& record) const;

  // Call after each accepted step, once evaluate_contacts and update_latches have run on its end:
  // appends to `events` first_contact (the first element touching), contact_begin and contact_end
  // (the element), sensor_on (the sensor), latch_triggered (the latch) and capture (the rule met).
  void after_step(const ContactData& data, std::vector<Event>& events);
  bool touched() const { return first_contact_; }
  // Passive primitives in the order they were first touched.
  const std::vector<std::string>& contact_sequence() const { return sequence_; }
  // The largest penetration (m) and normal force (N) of one contact point seen after a step, and
  // their elements (empty before any contact).
  double deepest_penetration() const { return deepest_; }
  const std::string& deepest_element() const { return deepest_element_; }
  double largest_normal_force() const { return largest_; }
  const std::string& largest_force_element() const { return largest_element_; }

 private:
  const UnitGeometry& geometry_;
  std::vector<std::string> elements_;
  std::vector<int> touching_;  // element indices in contact after the last step, sorted
  bool first_contact_ = false;
  std::vector<bool> sensors_on_, latched_;
  bool captured_ = false;
  std::vector<std::string> sequence_;
  double deepest_ = 0.0, largest_ = 0.0;
  std::string deepest_element_, largest_element_;
};

}  // namespace dyngen::contact
