#include "contact/contact_events.hpp"

#include <algorithm>
#include <stdexcept>

namespace dyngen::contact {

ContactEvents::ContactEvents(const UnitGeometry& geometry)
    : geometry_(geometry),
      sensors_on_(geometry.sensors.size(), false),
      latched_(geometry.central_latches.size() + geometry.peripheral_latches.size(), false) {
  for (const PairTask& task : geometry.tasks) {
    const Link& link = geometry.links[static_cast<std::size_t>(task.link)];
    elements_.push_back(link.primitives[static_cast<std::size_t>(task.active)].name + "-" +
                        geometry.passive[static_cast<std::size_t>(task.passive)].name);
  }
  const auto passive_name = [&](int index, const char* none) {
    return index >= 0 ? geometry.passive[static_cast<std::size_t>(index)].name : std::string(none);
  };
  for (const CentralLatch& latch : geometry.central_latches) elements_.push_back(latch.name + "-" + passive_name(latch.slot, "slot"));
  for (const PeripheralLatch& latch : geometry.peripheral_latches)
    elements_.push_back(latch.name + "-" + passive_name(latch.back, "stop"));
}

int ContactEvents::element_of(const ContactRecord& record) const {
  if (record.task >= 0) return record.task;
  // a latch's back face: after the pair table, central latches before peripheral ones
  int index = static_cast<int>(geometry_.tasks.size());
  for (const CentralLatch& latch : geometry_.central_latches) {
    if (latch.name == record.element) return index;
    ++index;
  }
  for (const PeripheralLatch& latch : geometry_.peripheral_latches) {
    if (latch.name == record.element) return index;
    ++index;
  }
  throw std::logic_error(std::string("contact record of an unknown element ") + record.element);
}

void ContactEvents::after_step(const ContactData& data, std::vector<Event>& events) {
  std::vector<int> touching;
  for (const ContactRecord& record : data.contacts) {
    const int element = element_of(record);
    touching.push_back(element);
    const std::string& name = elements_[static_cast<std::size_t>(element)];
    if (record.geometry.penetration > deepest_) deepest_ = record.geometry.penetration, deepest_element_ = name;
    if (record.force.normal_force > largest_) largest_ = record.force.normal_force, largest_element_ = name;
  }
  std::sort(touching.begin(), touching.end());
  touching.erase(std::unique(touching.begin(), touching.end()), touching.end());
  if (!first_contact_ && !touching.empty()) {
    first_contact_ = true;
    events.emplace_back("first_contact", elements_[static_cast<std::size_t>(touching.front())]);
  }
  // what started and what ended since the last step
  std::vector<int> began, ended;
  std::set_difference(touching.begin(), touching.end(), touching_.begin(), touching_.end(), std::back_inserter(began));
  std::set_difference(touching_.begin(), touching_.end(), touching.begin(), touching.end(), std::back_inserter(ended));
  for (int e : began) {
    const std::string& name = elements_[static_cast<std::size_t>(e)];
    events.emplace_back("contact_begin", name);
    // the passive primitive: after the element's '-'
    const std::string passive = name.substr(name.find('-') + 1);
    if (std::find(sequence_.begin(), sequence_.end(), passive) == sequence_.end()) sequence_.push_back(passive);
  }
  for (int e : ended) events.emplace_back("contact_end", elements_[static_cast<std::size_t>(e)]);
  touching_ = std::move(touching);

  for (std::size_t k = 0; k < sensors_on_.size(); ++k) {
    if (data.sensors[k].on && !sensors_on_[k]) events.emplace_back("sensor_on", geometry_.sensors[k].name);
    sensors_on_[k] = data.sensors[k].on;
  }
  const std::size_t central = geometry_.central_latches.size();
  for (std::size_t k = 0; k < latched_.size(); ++k) {
    const bool triggered = k < central ? data.central_latches[k].triggered : data.peripheral_latches[k - central].triggered;
    if (triggered && !latched_[k])
      events.emplace_back("latch_triggered", k < central ? geometry_.central_latches[k].name
                                                         : geometry_.peripheral_latches[k - central].name);
    latched_[k] = triggered;
  }
  if (data.captured && !captured_)
    events.emplace_back("capture", geometry_.capture == CaptureRule::all_latches ? "all latches triggered"
                                                                                 : "a latch of every group triggered");
  captured_ = data.captured;
}

}  // namespace dyngen::contact
